#include "Session.h"

#include "Attention.h"
#include "InputError.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace attn {

namespace {

[[noreturn]] void fail(const QString &path, const QString &message) {
    throw InputError((path + ": " + message).toStdString());
}

QString describe(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    case QJsonValue::Double:
        return QString::number(v.toDouble());
    case QJsonValue::String: {
        QString s = v.toString();
        if (s.size() > 20)
            s = s.left(20) + "\u2026";
        return "the text \"" + s + "\"";
    }
    case QJsonValue::Array:
        return "an array";
    case QJsonValue::Object:
        return "an object";
    case QJsonValue::Undefined:
        break;
    }
    return "nothing";
}

QString index(const QString &path, qsizetype i) {
    return path + "[" + QString::number(i) + "]";
}

// Reads a rectangular matrix. Element parsing is passed in so the mask can accept booleans.
template <typename Out, typename Element>
Out readRectangular(const QJsonValue &value, const QString &path, Element element) {
    if (!value.isArray())
        fail(path, "expected an array of rows, got " + describe(value));
    const QJsonArray rows = value.toArray();
    if (rows.isEmpty())
        fail(path, "has no rows");
    qsizetype cols = -1;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!rows[i].isArray())
            fail(index(path, i), "expected a row (an array of numbers), got " + describe(rows[i]));
        const qsizetype c = rows[i].toArray().size();
        if (cols < 0) {
            cols = c;
            if (cols == 0)
                fail(path, "row 0 is empty");
        } else if (c != cols) {
            fail(path, QString("row %1 has %2 numbers, expected %3").arg(i).arg(c).arg(cols));
        }
    }
    Out out(rows.size(), cols);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows[i].toArray();
        for (qsizetype j = 0; j < cols; ++j)
            out(i, j) = element(row[j], index(index(path, i), j));
    }
    return out;
}

Matrix readMatrix(const QJsonValue &value, const QString &path) {
    return readRectangular<Matrix>(value, path, [](const QJsonValue &v, const QString &where) {
        if (!v.isDouble())
            fail(where, "expected a number, got " + describe(v));
        return v.toDouble();
    });
}

Mask readMask(const QJsonValue &value, const QString &path) {
    return readRectangular<Mask>(value, path, [](const QJsonValue &v, const QString &where) {
        if (v.isBool())
            return v.toBool();
        if (v.isDouble() && (v.toDouble() == 0 || v.toDouble() == 1))
            return v.toDouble() == 1;
        fail(where, "expected true/false (or 1/0), got " + describe(v));
    });
}

std::vector<std::string> readTokens(const QJsonValue &value, const QString &path,
                                    Eigen::Index expected, const char *prefix) {
    if (value.isNull() || value.isUndefined())
        return defaultTokens(expected, prefix);
    if (!value.isArray())
        fail(path, "expected an array of token labels, got " + describe(value));
    const QJsonArray array = value.toArray();
    if (array.size() != expected)
        fail(path,
             QString("has %1 labels but there are %2 tokens").arg(array.size()).arg(expected));
    std::vector<std::string> out;
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isString())
            fail(index(path, i), "expected a text label, got " + describe(array[i]));
        out.push_back(array[i].toString().toStdString());
    }
    return out;
}

QJsonObject requireObject(const QJsonValue &value, const QString &path) {
    if (!value.isObject())
        fail(path, "expected an object, got " + describe(value));
    return value.toObject();
}

bool readBool(const QJsonObject &o, const char *key, const QString &path, bool fallback) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool())
        fail(path + "." + key, "expected true or false, got " + describe(v));
    return v.toBool();
}

// "kv_group": a whole number from 0, or absent/null (the head's own keys and values).
int readKvGroup(const QJsonObject &head, const QString &path) {
    const QJsonValue v = head.value("kv_group");
    if (v.isUndefined() || v.isNull())
        return -1;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0 ||
        v.toDouble() > 1e6)
        fail(path + ".kv_group", "expected a group number from 0, got " + describe(v));
    return v.toInt();
}

int readCount(const QJsonObject &o, const char *key, const QString &path) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return 0;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0 ||
        v.toDouble() > 1e9)
        fail(path + "." + key, "expected a whole number from 0, got " + describe(v));
    return v.toInt();
}

// The sliding window and ALiBi: "window", "window_self", "global_tokens", "alibi",
// "alibi_slopes" (docs/session-format.md); absent = off.
void readKernelOptions(const QJsonObject &options, const QString &op, AttentionOptions &out) {
    out.window = readCount(options, "window", op);
    out.windowSelf = readBool(options, "window_self", op, true);
    out.globalTokens = readCount(options, "global_tokens", op);
    out.alibi = readBool(options, "alibi", op, false);
    const QJsonValue slopes = options.value("alibi_slopes");
    if (slopes.isUndefined() || slopes.isNull())
        return;
    if (!slopes.isArray())
        fail(op + ".alibi_slopes", "expected an array of numbers, got " + describe(slopes));
    const QJsonArray array = slopes.toArray();
    for (qsizetype h = 0; h < array.size(); ++h) {
        if (!array[h].isDouble())
            fail(index(op + ".alibi_slopes", h), "expected a number, got " + describe(array[h]));
        out.alibiSlopes.push_back(array[h].toDouble());
    }
}

// Written only when used, so sessions without them stay as they were.
void writeKernelOptions(const AttentionOptions &in, QJsonObject &options) {
    if (in.window > 0) {
        options["window"] = in.window;
        options["window_self"] = in.windowSelf;
        options["global_tokens"] = in.globalTokens;
    }
    if (in.alibi)
        options["alibi"] = true;
    if (!in.alibiSlopes.empty()) {
        QJsonArray slopes;
        for (double slope : in.alibiSlopes)
            slopes.append(slope);
        options["alibi_slopes"] = slopes;
    }
}

QJsonArray matrixToJson(const Matrix &m) {
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            row.append(m(i, j));
        rows.append(row);
    }
    return rows;
}

QJsonArray tokensToJson(const std::vector<std::string> &tokens) {
    QJsonArray out;
    for (const std::string &t : tokens)
        out.append(QString::fromStdString(t));
    return out;
}

} // namespace

AttentionInputs inputsFromJson(const QJsonObject &o, const QString &path) {
    AttentionInputs in;
    in.X = readMatrix(o.value("X"), path + ".X");
    in.tokens = readTokens(o.value("tokens"), path + ".tokens", in.X.rows(), "t");
    const QJsonValue context = o.value("context");
    in.hasContext = !(context.isNull() || context.isUndefined());
    if (in.hasContext) {
        in.context = readMatrix(context, path + ".context");
        in.contextTokens =
            readTokens(o.value("context_tokens"), path + ".context_tokens", in.context.rows(), "c");
    } else if (const QJsonValue ct = o.value("context_tokens");
               !(ct.isNull() || ct.isUndefined())) {
        fail(path + ".context_tokens", "there are context tokens but no context matrix");
    }

    const QJsonValue heads = o.value("heads");
    if (!heads.isArray())
        fail(path + ".heads", "expected an array of heads, got " + describe(heads));
    const QJsonArray headArray = heads.toArray();
    if (headArray.isEmpty())
        fail(path + ".heads", "there must be at least one head");
    for (qsizetype h = 0; h < headArray.size(); ++h) {
        const QString hp = index(path + ".heads", h);
        const QJsonObject head = requireObject(headArray[h], hp);
        HeadWeights w;
        w.Wq = readMatrix(head.value("Wq"), hp + ".Wq");
        w.kvGroup = readKvGroup(head, hp);
        // A later head of a key/value group may leave out Wk and Wv: it shares the group's.
        const HeadWeights *shared = nullptr;
        for (const HeadWeights &earlier : in.heads)
            if (w.kvGroup >= 0 && earlier.kvGroup == w.kvGroup && !shared)
                shared = &earlier;
        const bool hasWk = !(head.value("Wk").isUndefined() || head.value("Wk").isNull());
        const bool hasWv = !(head.value("Wv").isUndefined() || head.value("Wv").isNull());
        w.Wk = shared && !hasWk ? shared->Wk : readMatrix(head.value("Wk"), hp + ".Wk");
        w.Wv = shared && !hasWv ? shared->Wv : readMatrix(head.value("Wv"), hp + ".Wv");
        in.heads.push_back(std::move(w));
    }
    if (const QJsonValue wo = o.value("Wo"); !(wo.isNull() || wo.isUndefined()))
        in.Wo = readMatrix(wo, path + ".Wo");

    if (const QJsonValue opt = o.value("options"); !(opt.isNull() || opt.isUndefined())) {
        const QString op = path + ".options";
        const QJsonObject options = requireObject(opt, op);
        in.options.scale = readBool(options, "scale", op, true);
        in.options.causal = readBool(options, "causal", op, false);
        const QJsonValue t = options.value("temperature");
        if (!(t.isUndefined() || t.isNull())) {
            if (!t.isDouble())
                fail(op + ".temperature", "expected a number, got " + describe(t));
            in.options.temperature = t.toDouble();
        }
        readKernelOptions(options, op, in.options);
    }
    if (const QJsonValue mask = o.value("mask"); !(mask.isNull() || mask.isUndefined()))
        in.mask = readMask(mask, path + ".mask");

    try {
        validate(in);
    } catch (const InputError &e) {
        fail(path, QString::fromStdString(e.what()));
    }
    return in;
}

QJsonObject inputsToJson(const AttentionInputs &in) {
    QJsonObject o;
    o["tokens"] = tokensToJson(in.tokens);
    o["X"] = matrixToJson(in.X);
    o["context_tokens"] = in.hasContext ? QJsonValue(tokensToJson(in.contextTokens)) : QJsonValue();
    o["context"] = in.hasContext ? QJsonValue(matrixToJson(in.context)) : QJsonValue();
    QJsonArray heads;
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const HeadWeights &w = in.heads[h];
        QJsonObject head;
        head["Wq"] = matrixToJson(w.Wq);
        // A key/value group's Wk and Wv are written once, with its first head.
        if (kvSource(in, h) == h) {
            head["Wk"] = matrixToJson(w.Wk);
            head["Wv"] = matrixToJson(w.Wv);
        }
        if (w.kvGroup >= 0)
            head["kv_group"] = w.kvGroup;
        heads.append(head);
    }
    o["heads"] = heads;
    o["Wo"] = in.hasWo() ? QJsonValue(matrixToJson(in.Wo)) : QJsonValue();
    QJsonObject options;
    options["scale"] = in.options.scale;
    options["temperature"] = in.options.temperature;
    options["causal"] = in.options.causal;
    writeKernelOptions(in.options, options);
    o["options"] = options;
    if (in.mask.size() != 0 && in.mask.any()) {
        QJsonArray rows;
        for (Eigen::Index i = 0; i < in.mask.rows(); ++i) {
            QJsonArray row;
            for (Eigen::Index j = 0; j < in.mask.cols(); ++j)
                row.append(in.mask(i, j) ? 1 : 0);
            rows.append(row);
        }
        o["mask"] = rows;
    } else {
        o["mask"] = QJsonValue();
    }
    return o;
}

Session sessionFromJson(const QByteArray &bytes) {
    if (bytes.trimmed().isEmpty()) // clearer than the parser's "illegal value at byte 0"
        throw InputError("not valid JSON: the input is empty");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        throw InputError(
            ("not valid JSON: " + error.errorString() + " at byte " + QString::number(error.offset))
                .toStdString());
    if (!doc.isObject())
        throw InputError("expected a JSON object at the top level");
    const QJsonObject root = doc.object();
    if (root.contains("format")) {
        const QJsonValue format = root.value("format");
        if (format.toString() != kSessionFormat)
            throw InputError(("not an attnviz session: its format is " + describe(format) +
                              ", expected \"attnviz-session\"")
                                 .toStdString());
        const QJsonValue version = root.value("version");
        if (!version.isDouble() || version.toDouble() != double(version.toInt()) ||
            version.toInt() < 1)
            throw InputError(
                ("version: expected a whole number, got " + describe(version)).toStdString());
        if (version.toInt() > kSessionVersion)
            throw InputError("the file was written by a newer attnviz (session format version " +
                             std::to_string(version.toInt()) + "); this program reads version " +
                             std::to_string(kSessionVersion));
    }
    if (!root.value("inputs").isObject())
        throw InputError("no \"inputs\" object: this is not an attnviz session");
    Session session;
    session.inputs = inputsFromJson(root.value("inputs").toObject());
    if (root.value("view").isObject())
        session.view = root.value("view").toObject();
    return session;
}

namespace {

bool isFlat(const QJsonArray &array) {
    for (const QJsonValue &v : array)
        if (v.isArray() || v.isObject())
            return false;
    return true;
}

// Indented JSON with every array of plain values (a matrix row, the tokens) on one line: a
// matrix reads as rows, and a 1024×512 X takes 1024 lines, not half a million. Leaves are
// written by QJsonDocument itself, so numbers keep its exact round-trip form.
void writeJson(QByteArray &out, const QJsonValue &value, int indent) {
    const QByteArray pad(indent, ' '), inner(indent + 2, ' ');
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        for (auto it = object.begin(); it != object.end(); ++it) {
            out += inner;
            out += QJsonDocument(QJsonArray{it.key()})
                       .toJson(QJsonDocument::Compact)
                       .mid(1)
                       .chopped(1);
            out += ": ";
            writeJson(out, it.value(), indent + 2);
            out += std::next(it) == object.end() ? "\n" : ",\n";
        }
        out += pad + "}";
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        if (isFlat(array)) {
            out += QJsonDocument(array).toJson(QJsonDocument::Compact);
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            out += inner;
            writeJson(out, array[i], indent + 2);
            out += i + 1 == array.size() ? "\n" : ",\n";
        }
        out += pad + "]";
    } else {
        out += QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    }
}

} // namespace

QByteArray sessionToJson(const Session &session) {
    // Written in this order (a QJsonObject would sort the keys): what the file is, then the data.
    QByteArray out = "{\n  \"format\": \"";
    out += kSessionFormat;
    out += "\",\n  \"version\": " + QByteArray::number(kSessionVersion) + ",\n  \"inputs\": ";
    writeJson(out, inputsToJson(session.inputs), 2);
    if (!session.view.isEmpty()) {
        out += ",\n  \"view\": ";
        writeJson(out, session.view, 2);
    }
    out += "\n}\n";
    return out;
}

Session loadSessionFile(const QString &fileName) {
    const std::string name = fileName.toStdString();
    QFile file(fileName);
    const QFileInfo info(fileName);
    if (info.isDir())
        throw InputError(name + ": is a directory, not a session file");
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(name + ": cannot open: " + file.errorString().toStdString());
    if (file.size() > kMaxSessionBytes)
        throw InputError(name + ": the file is too large (" + std::to_string(file.size()) +
                         " bytes; at most 512 MiB)");
    const QByteArray bytes = file.read(kMaxSessionBytes + 1);
    if (bytes.size() > kMaxSessionBytes)
        throw InputError(name + ": the file is too large (at most 512 MiB)");
    try {
        return sessionFromJson(bytes);
    } catch (const InputError &e) {
        throw InputError(name + ": " + e.what());
    }
}

} // namespace attn
