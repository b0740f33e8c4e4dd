// SPDX-License-Identifier: GPL-3.0-or-later
#include "Session.h"

#include "Attention.h"
#include "InputError.h"
#include "JsonRead.h"
#include "JsonWrite.h"
#include "KernelOptionsJson.h"
#include "Limits.h"
#include "NumberText.h"
#include "Translate.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace attn {

using json::describe;
using json::fail;
using json::index;
using json::readBool;

namespace {

// Rows of a matrix are tokens (X, the context) or a dimension (the weights); the mask is checked
// against the attention-map limit by validate() and its rows and columns are tokens.
enum class RowsAre { Tokens, Dimension };

// Refuses a matrix larger than the limits from its declared shape, before it is allocated.
void checkSides(const QString &path, qsizetype rows, qsizetype cols, RowsAre rowsAre) {
    try {
        if (rowsAre == RowsAre::Tokens)
            checkTokenCount(rows, translate("attn::io", "it").toStdString());
        else if (rows > kMaxDimension)
            checkDimensionSize(rows, translate("attn::io", "its number of rows").toStdString());
        if (cols > kMaxDimension)
            checkDimensionSize(cols, translate("attn::io", "its number of columns").toStdString());
    } catch (const InputError &e) {
        fail(path, translate("attn::io", "%1 is too large: %2")
                       .arg(qs(shapeString(rows, cols)), qs(e.what())));
    }
}

// Reads a rectangular matrix. Element parsing is passed in so the mask can accept booleans.
template <typename Out, typename Element>
Out readRectangular(const QJsonValue &value, const QString &path, RowsAre rowsAre,
                    Element element) {
    if (!value.isArray())
        fail(path, translate("attn::io", "expected an array of rows, got %1").arg(describe(value)));
    const QJsonArray rows = value.toArray();
    if (rows.isEmpty())
        fail(path, translate("attn::io", "has no rows"));
    qsizetype cols = -1;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!rows[i].isArray())
            fail(index(path, i),
                 translate("attn::io", "expected a row (an array of numbers), got %1")
                     .arg(describe(rows[i])));
        const qsizetype c = rows[i].toArray().size();
        if (cols < 0) {
            cols = c;
            if (cols == 0)
                fail(path, translate("attn::io", "row 0 is empty"));
        } else if (c != cols) {
            fail(path, translate("attn::io", "row %1 has %2 numbers, expected %3")
                           .arg(qs(i), qs(c), qs(cols)));
        }
    }
    checkSides(path, rows.size(), cols, rowsAre);
    Out out(rows.size(), cols);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows[i].toArray();
        for (qsizetype j = 0; j < cols; ++j)
            out(i, j) = element(row[j], index(index(path, i), j));
    }
    return out;
}

Matrix readMatrix(const QJsonValue &value, const QString &path,
                  RowsAre rowsAre = RowsAre::Dimension) {
    return readRectangular<Matrix>(
        value, path, rowsAre, [](const QJsonValue &v, const QString &where) {
            if (!v.isDouble())
                fail(where, translate("attn::io", "expected a number, got %1").arg(describe(v)));
            return v.toDouble();
        });
}

Mask readMask(const QJsonValue &value, const QString &path) {
    return readRectangular<Mask>(
        value, path, RowsAre::Tokens, [](const QJsonValue &v, const QString &where) {
            if (v.isBool())
                return v.toBool();
            if (v.isDouble() && (v.toDouble() == 0 || v.toDouble() == 1))
                return v.toDouble() == 1;
            fail(where,
                 translate("attn::io", "expected true/false (or 1/0), got %1").arg(describe(v)));
        });
}

std::vector<std::string> readTokens(const QJsonValue &value, const QString &path,
                                    Eigen::Index expected, const char *prefix) {
    if (value.isNull() || value.isUndefined())
        return defaultTokens(expected, prefix);
    if (!value.isArray())
        fail(path, translate("attn::io", "expected an array of token labels, got %1")
                       .arg(describe(value)));
    const QJsonArray array = value.toArray();
    if (array.size() != expected)
        fail(path, translate("attn::io", "has %1 labels but there are %2 tokens")
                       .arg(qs(array.size()), qs(expected)));
    std::vector<std::string> out;
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array[i].isString())
            fail(index(path, i),
                 translate("attn::io", "expected a text label, got %1").arg(describe(array[i])));
        std::string label = array[i].toString().toStdString();
        try {
            checkLabelLength(label, translate("attn::io", "the label").toStdString());
        } catch (const InputError &e) {
            fail(index(path, i), QString::fromStdString(e.what()));
        }
        out.push_back(std::move(label));
    }
    return out;
}

QJsonObject requireObject(const QJsonValue &value, const QString &path) {
    if (!value.isObject())
        fail(path, translate("attn::io", "expected an object, got %1").arg(describe(value)));
    return value.toObject();
}

QJsonArray tokensToJson(const std::vector<std::string> &tokens) {
    QJsonArray out;
    for (const std::string &t : tokens)
        out.append(QString::fromStdString(t));
    return out;
}

// Rows × columns a JSON matrix declares (0 when it is not an array of arrays): what reading it
// would allocate.
std::int64_t declaredSize(const QJsonValue &value) {
    const QJsonArray rows = value.toArray();
    return rows.isEmpty() ? 0 : saturatingProduct(rows.size(), rows.first().toArray().size());
}

qsizetype declaredRows(const QJsonValue &value) {
    return value.toArray().size();
}

// The limits on the whole (number of heads, all numbers together, the attention maps) from
// the sizes the JSON declares, before any matrix is read.
void checkDeclaredTotals(const QJsonObject &o, const QString &path) {
    const QJsonArray heads = o.value("heads").toArray();
    std::int64_t values =
        declaredSize(o.value("X")) + declaredSize(o.value("Wo")) + declaredSize(o.value("bo"));
    const QJsonValue context = o.value("context");
    const bool hasContext = context.isArray();
    values += declaredSize(context);
    // X and the context first: their message names the matrix, as reading it would.
    for (const char *key : {"X", "context"}) {
        const QJsonArray rows = o.value(key).toArray();
        if (!rows.isEmpty())
            checkSides(path + "." + key, rows.size(), rows.first().toArray().size(),
                       RowsAre::Tokens);
    }
    try {
        checkHeadCount(heads.size());
        for (const QJsonValue &head : heads)
            for (const char *key : {"Wq", "Wk", "Wv", "bq", "bk", "bv", "gq", "gk"})
                values = std::min(values + declaredSize(head.toObject().value(key)),
                                  kMaxInputValues + 1);
        checkInputValues(values);
        checkAttentionCells(declaredRows(o.value("X")),
                            declaredRows(hasContext ? context : o.value("X")),
                            std::max<qsizetype>(heads.size(), 1));
    } catch (const InputError &e) {
        fail(path, QString::fromStdString(e.what()));
    }
}

} // namespace

AttentionInputs inputsFromJson(const QJsonObject &o, const QString &path) {
    checkDeclaredTotals(o, path);
    AttentionInputs in;
    in.X = readMatrix(o.value("X"), path + ".X", RowsAre::Tokens);
    in.tokens = readTokens(o.value("tokens"), path + ".tokens", in.X.rows(), "t");
    const QJsonValue context = o.value("context");
    in.hasContext = !(context.isNull() || context.isUndefined());
    if (in.hasContext) {
        in.context = readMatrix(context, path + ".context", RowsAre::Tokens);
        in.contextTokens =
            readTokens(o.value("context_tokens"), path + ".context_tokens", in.context.rows(), "c");
    } else if (const QJsonValue ct = o.value("context_tokens");
               !(ct.isNull() || ct.isUndefined())) {
        fail(path + ".context_tokens",
             translate("attn::io", "there are context tokens but no context matrix"));
    }

    const QJsonValue heads = o.value("heads");
    if (!heads.isArray())
        fail(path + ".heads",
             translate("attn::io", "expected an array of heads, got %1").arg(describe(heads)));
    const QJsonArray headArray = heads.toArray();
    if (headArray.isEmpty())
        fail(path + ".heads", translate("attn::io", "there must be at least one head"));
    for (qsizetype h = 0; h < headArray.size(); ++h) {
        const QString hp = index(path + ".heads", h);
        const QJsonObject head = requireObject(headArray[h], hp);
        HeadWeights w;
        w.Wq = readMatrix(head.value("Wq"), hp + ".Wq");
        w.kvGroup = kvGroupFromJson(head, hp);
        // A later head of a key/value group may leave out Wk and Wv: it shares the group's.
        const HeadWeights *shared = nullptr;
        for (const HeadWeights &earlier : in.heads)
            if (w.kvGroup >= 0 && earlier.kvGroup == w.kvGroup && !shared)
                shared = &earlier;
        const bool hasWk = !(head.value("Wk").isUndefined() || head.value("Wk").isNull());
        const bool hasWv = !(head.value("Wv").isUndefined() || head.value("Wv").isNull());
        w.Wk = shared && !hasWk ? shared->Wk : readMatrix(head.value("Wk"), hp + ".Wk");
        w.Wv = shared && !hasWv ? shared->Wv : readMatrix(head.value("Wv"), hp + ".Wv");
        // Biases are optional: absent or null = none. A group's later heads share its first's.
        const auto present = [&head](const char *key) {
            return !(head.value(key).isUndefined() || head.value(key).isNull());
        };
        w.bq = present("bq") ? readMatrix(head.value("bq"), hp + ".bq") : Matrix();
        w.bk = present("bk")      ? readMatrix(head.value("bk"), hp + ".bk")
               : shared && !hasWk ? shared->bk
                                  : Matrix();
        w.bv = present("bv")      ? readMatrix(head.value("bv"), hp + ".bv")
               : shared && !hasWv ? shared->bv
                                  : Matrix();
        // The QK norm's gains, optional like the biases: absent = 1.
        w.gq = present("gq") ? readMatrix(head.value("gq"), hp + ".gq") : Matrix();
        w.gk = present("gk")      ? readMatrix(head.value("gk"), hp + ".gk")
               : shared && !hasWk ? shared->gk
                                  : Matrix();
        in.heads.push_back(std::move(w));
    }
    if (const QJsonValue wo = o.value("Wo"); !(wo.isNull() || wo.isUndefined()))
        in.Wo = readMatrix(wo, path + ".Wo");
    if (const QJsonValue bo = o.value("bo"); !(bo.isNull() || bo.isUndefined()))
        in.bo = readMatrix(bo, path + ".bo");

    if (const QJsonValue opt = o.value("options"); !(opt.isNull() || opt.isUndefined())) {
        const QString op = path + ".options";
        const QJsonObject options = requireObject(opt, op);
        in.options.scale = readBool(options, "scale", op, true);
        in.options.causal = readBool(options, "causal", op, false);
        const QJsonValue t = options.value("temperature");
        if (!(t.isUndefined() || t.isNull())) {
            if (!t.isDouble())
                fail(op + ".temperature",
                     translate("attn::io", "expected a number, got %1").arg(describe(t)));
            in.options.temperature = t.toDouble();
        }
        kernelOptionsFromJson(options, op, in.options);
        const QJsonValue positional = options.value("positional");
        if (!(positional.isUndefined() || positional.isNull())) {
            const auto value = positionalFromName(positional.toString().toStdString());
            if (!positional.isString() || !value)
                fail(op + ".positional",
                     translate("attn::io", "expected \"none\", \"sinusoidal\" or \"rope\", got %1")
                         .arg(describe(positional)));
            in.options.positional = *value;
        }
        const QJsonValue style = options.value("rope_style");
        if (!(style.isUndefined() || style.isNull())) {
            const auto value = ropeStyleFromName(style.toString().toStdString());
            if (!style.isString() || !value)
                fail(op + ".rope_style",
                     translate("attn::io", "expected \"interleaved\" or \"half\", got %1")
                         .arg(describe(style)));
            in.options.rope.style = *value;
        }
        const QJsonValue theta = options.value("rope_theta");
        if (!(theta.isUndefined() || theta.isNull())) {
            if (!theta.isDouble())
                fail(op + ".rope_theta",
                     translate("attn::io", "expected a number, got %1").arg(describe(theta)));
            in.options.rope.theta = theta.toDouble();
        }
        // What the newer model families need (Gemma, Qwen3, Llama 3, Phi-3): each optional.
        const auto number = [&](const char *key, double &target) {
            const QJsonValue v = options.value(key);
            if (v.isUndefined() || v.isNull())
                return;
            if (!v.isDouble())
                fail(op + "." + key,
                     translate("attn::io", "expected a number, got %1").arg(describe(v)));
            target = v.toDouble();
        };
        double rotaryDims = in.options.rope.rotaryDims;
        number("rope_rotary_dims", rotaryDims);
        if (rotaryDims != std::floor(rotaryDims) || rotaryDims < 0 || rotaryDims > kMaxDimension)
            fail(op + ".rope_rotary_dims",
                 translate("attn::io", "expected a whole number from 0 to %1, got %2")
                     .arg(qs(kMaxDimension), qs(shortestNumber(rotaryDims))));
        in.options.rope.rotaryDims = int(rotaryDims);
        const QJsonValue scaling = options.value("rope_scaling");
        if (!(scaling.isUndefined() || scaling.isNull())) {
            const auto value = ropeScalingFromName(scaling.toString().toStdString());
            if (!scaling.isString() || !value)
                fail(op + ".rope_scaling",
                     translate("attn::io", "expected \"none\", \"linear\" or \"llama3\", got %1")
                         .arg(describe(scaling)));
            in.options.rope.scaling = *value;
        }
        number("rope_factor", in.options.rope.factor);
        number("rope_low_freq_factor", in.options.rope.lowFreqFactor);
        number("rope_high_freq_factor", in.options.rope.highFreqFactor);
        number("rope_original_positions", in.options.rope.originalPositions);
        if (const QJsonValue factors = options.value("rope_frequency_factors");
            !(factors.isUndefined() || factors.isNull())) {
            const QString key = op + ".rope_frequency_factors";
            if (!factors.isArray() || factors.toArray().size() > kMaxDimension)
                fail(key, translate("attn::io", "expected an array of at most %1 numbers, got %2")
                              .arg(qs(kMaxDimension), describe(factors)));
            in.options.rope.frequencyFactors.clear();
            for (const QJsonValue v : factors.toArray()) {
                if (!v.isDouble())
                    fail(key, translate("attn::io", "expected a number, got %1").arg(describe(v)));
                in.options.rope.frequencyFactors.push_back(v.toDouble());
            }
        }
        number("scale_dim", in.options.scaleDim);
        number("softcap", in.options.softcap);
        in.options.qkNorm = readBool(options, "qk_norm", op, false);
        number("qk_norm_eps", in.options.qkNormEpsilon);
    }
    if (const QJsonValue mask = o.value("mask"); !(mask.isNull() || mask.isUndefined()))
        in.mask = readMask(mask, path + ".mask");
    if (const QJsonValue target = o.value("target"); !(target.isNull() || target.isUndefined()))
        in.target = readMatrix(target, path + ".target");

    try {
        validate(in);
    } catch (const InputError &e) {
        fail(path, QString::fromStdString(e.what()));
    }
    return in;
}

namespace {

// The parsed document costs some 16 bytes per JSON value whatever its text: a file of "0,0,0…"
// would take 4 GB to parse. The values a session within the limits can hold (the inputs, a
// mask (n × m, at most kMaxTokens²), the labels, the view state) are counted from the separators
// first.
constexpr std::int64_t kMaxJsonValues =
    kMaxInputValues + kMaxTokens * kMaxTokens + 2 * kMaxTokens + std::int64_t(1) * 1024 * 1024;

void checkValueCount(const QByteArray &bytes) {
    std::int64_t separators = 0;
    bool inString = false, escaped = false;
    for (const char c : bytes) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == ',' && ++separators > kMaxJsonValues) {
            throw InputError(translate("attn::io", "the file holds more than %1 values: at most %2 "
                                                   "input numbers are supported")
                                 .arg(qs(kMaxJsonValues), qs(kMaxInputValues)));
        }
    }
}

} // namespace

Session sessionFromJson(const QByteArray &bytes) {
    if (bytes.trimmed().isEmpty()) // clearer than the parser's "illegal value at byte 0"
        throw InputError(translate("attn::io", "not valid JSON: the input is empty"));
    checkValueCount(bytes);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        throw InputError(translate("attn::io", "not valid JSON: %1 at byte %2")
                             .arg(error.errorString(), qs(error.offset)));
    if (!doc.isObject())
        throw InputError(translate("attn::io", "expected a JSON object at the top level"));
    const QJsonObject root = doc.object();
    if (root.contains("format")) {
        const QJsonValue format = root.value("format");
        if (format.toString() != kSessionFormat)
            throw InputError(translate("attn::io",
                                       "not an attnviz session: its format is %1, expected "
                                       "\"attnviz-session\"")
                                 .arg(describe(format)));
        const QJsonValue version = root.value("version");
        if (!version.isDouble() || version.toDouble() != double(version.toInt()) ||
            version.toInt() < 1)
            throw InputError(translate("attn::io", "version: expected a whole number, got %1")
                                 .arg(describe(version)));
        if (version.toInt() > kSessionVersion)
            throw InputError(translate("attn::io",
                                       "the file was written by a newer attnviz (session format "
                                       "version %1); this program reads version %2")
                                 .arg(qs(version.toInt()), qs(kSessionVersion)));
    }
    if (!root.value("inputs").isObject())
        throw InputError(
            translate("attn::io", "no \"inputs\" object: this is not an attnviz session"));
    Session session;
    session.inputs = inputsFromJson(root.value("inputs").toObject());
    if (root.value("view").isObject())
        session.view = root.value("view").toObject();
    if (root.value("model").isObject())
        session.model = root.value("model").toObject();
    return session;
}

namespace {

void appendMatrixOrNull(QByteArray &out, bool present, const Matrix &m, int indent) {
    if (present)
        json::appendMatrix(out, m, indent);
    else
        out += "null";
}

void appendTokens(QByteArray &out, const std::vector<std::string> &tokens) {
    out += QJsonDocument(tokensToJson(tokens)).toJson(QJsonDocument::Compact);
}

// The "inputs" object. Its keys come in alphabetical order, the order of the QJsonObject this
// writer used to build: a file saved again differs from an older save only where its data does.
void appendInputs(QByteArray &out, const AttentionInputs &in, int indent) {
    json::Block o(out, indent, json::Block::Object);
    o.key("Wo");
    appendMatrixOrNull(out, in.hasWo(), in.Wo, o.inner());
    o.key("X");
    json::appendMatrix(out, in.X, o.inner());
    if (in.bo.size() > 0) {
        o.key("bo");
        json::appendMatrix(out, in.bo, o.inner());
    }
    o.key("context");
    appendMatrixOrNull(out, in.hasContext, in.context, o.inner());
    o.key("context_tokens");
    if (in.hasContext)
        appendTokens(out, in.contextTokens);
    else
        out += "null";
    o.key("heads");
    json::Block heads(out, o.inner(), json::Block::Array);
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const HeadWeights &w = in.heads[h];
        heads.item();
        json::Block head(out, heads.inner(), json::Block::Object);
        // A key/value group's Wk and Wv are written once, with its first head.
        const bool ownsKv = kvSource(in, h) == h;
        if (ownsKv) {
            head.key("Wk");
            json::appendMatrix(out, w.Wk, head.inner());
        }
        head.key("Wq");
        json::appendMatrix(out, w.Wq, head.inner());
        if (ownsKv) {
            head.key("Wv");
            json::appendMatrix(out, w.Wv, head.inner());
        }
        // Written only when present, so sessions without biases read as before.
        for (const auto &[key, bias, owned] :
             {std::tuple{"bk", &w.bk, ownsKv}, std::tuple{"bq", &w.bq, true},
              std::tuple{"bv", &w.bv, ownsKv}, std::tuple{"gk", &w.gk, ownsKv},
              std::tuple{"gq", &w.gq, true}}) {
            if (owned && bias->size() > 0) {
                head.key(key);
                json::appendMatrix(out, *bias, head.inner());
            }
        }
        if (w.kvGroup >= 0) {
            head.key("kv_group");
            json::appendNumber(out, w.kvGroup);
        }
        head.close();
    }
    heads.close();
    o.key("mask");
    if (in.mask.size() != 0 && in.mask.any())
        json::appendMask(out, in.mask, o.inner());
    else
        out += "null";
    QJsonObject options;
    options["scale"] = in.options.scale;
    options["temperature"] = in.options.temperature;
    options["causal"] = in.options.causal;
    kernelOptionsToJson(in.options, options);
    // Written only when set, so sessions without positions read as before.
    if (in.options.positional != Positional::None)
        options["positional"] = positionalName(in.options.positional);
    if (in.options.rope.style != RopeStyle::Interleaved)
        options["rope_style"] = ropeStyleName(in.options.rope.style);
    if (in.options.rope.theta != Rope{}.theta)
        options["rope_theta"] = in.options.rope.theta;
    const Rope &rope = in.options.rope;
    if (rope.rotaryDims != 0)
        options["rope_rotary_dims"] = rope.rotaryDims;
    if (rope.scaling != RopeScaling::None) {
        options["rope_scaling"] = ropeScalingName(rope.scaling);
        options["rope_factor"] = rope.factor;
    }
    if (rope.scaling == RopeScaling::Llama3) {
        options["rope_low_freq_factor"] = rope.lowFreqFactor;
        options["rope_high_freq_factor"] = rope.highFreqFactor;
        options["rope_original_positions"] = rope.originalPositions;
    }
    if (!rope.frequencyFactors.empty()) {
        QJsonArray factors;
        for (const double f : rope.frequencyFactors)
            factors.append(f);
        options["rope_frequency_factors"] = factors;
    }
    if (in.options.scaleDim != 0)
        options["scale_dim"] = in.options.scaleDim;
    if (in.options.softcap != 0)
        options["softcap"] = in.options.softcap;
    if (in.options.qkNorm) {
        options["qk_norm"] = true;
        options["qk_norm_eps"] = in.options.qkNormEpsilon;
    }
    o.key("options");
    json::appendValue(out, options, o.inner());
    if (in.hasTarget()) {
        o.key("target");
        json::appendMatrix(out, in.target, o.inner());
    }
    o.key("tokens");
    appendTokens(out, in.tokens);
    o.close();
}

} // namespace

QByteArray sessionToJson(const AttentionInputs &inputs, const QJsonObject &view,
                         const QJsonObject &more) {
    // Written in this order (a QJsonObject would sort the keys): what the file is, then the data.
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("format");
    out += '"';
    out += kSessionFormat;
    out += '"';
    root.key("version");
    json::appendNumber(out, kSessionVersion);
    root.key("inputs");
    appendInputs(out, inputs, root.inner());
    if (!view.isEmpty()) {
        root.key("view");
        json::appendValue(out, view, root.inner());
    }
    for (auto it = more.begin(); it != more.end(); ++it) {
        root.key(it.key());
        json::appendValue(out, it.value(), root.inner());
    }
    root.close();
    out += '\n';
    return out;
}

Session loadSessionFile(const QString &fileName) {
    const std::string name = fileName.toStdString();
    QFile file(fileName);
    const QFileInfo info(fileName);
    if (info.isDir())
        throw InputError(
            translate("attn::io", "%1: is a directory, not a session file").arg(fileName));
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(
            translate("attn::io", "%1: cannot open: %2").arg(fileName, file.errorString()));
    if (file.size() > kMaxSessionBytes)
        throw InputError(
            translate("attn::io", "%1: the file is too large (%2 bytes; at most 512 MiB)")
                .arg(fileName, qs(file.size())));
    const QByteArray bytes = file.read(kMaxSessionBytes + 1);
    if (bytes.size() > kMaxSessionBytes)
        throw InputError(
            translate("attn::io", "%1: the file is too large (at most 512 MiB)").arg(fileName));
    try {
        return sessionFromJson(bytes);
    } catch (const InputError &e) {
        throw InputError(name + ": " + e.what());
    }
}

} // namespace attn
