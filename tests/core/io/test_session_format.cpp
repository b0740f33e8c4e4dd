// SPDX-License-Identifier: GPL-3.0-or-later
// The session file: round trip, reference cases as sessions, and every error naming its JSON path.

#include "InputError.h"
#include "io/JsonWrite.h"
#include "io/Session.h"
#include "support/TestSupport.h"

#include <QDir>
#include <QTemporaryDir>

#include <bit>
#include <cmath>
#include <limits>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

QString errorOf(const QByteArray &json) {
    try {
        sessionFromJson(json);
    } catch (const InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

// The worked example as a session document, with one substitution applied to its text.
QByteArray workedWith(const QByteArray &from, const QByteArray &to) {
    Session s;
    s.inputs = workedExample();
    QByteArray json = QJsonDocument::fromJson(sessionToJson(s)).toJson(QJsonDocument::Compact);
    if (!from.isEmpty()) {
        const qsizetype at = json.indexOf(from);
        if (at < 0)
            qFatal("pattern %s not in %s", from.constData(), json.constData());
        json.replace(at, from.size(), to);
    }
    return json;
}

// A number as QJsonDocument writes it: what the session writer wrote before it formatted numbers
// itself, and what every session saved so far holds.
QByteArray qtNumber(double v) {
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

QByteArray written(double v) {
    QByteArray out;
    json::appendNumber(out, v);
    return out;
}

// The double the session reader (QJsonDocument) reads from a number's text.
double readBack(const QByteArray &text) {
    return QJsonDocument::fromJson("[" + text + "]").array().at(0).toDouble(-1.0);
}

bool sameBits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// A matrix as the writer before wrote one: rows of QJsonValues, laid out by appendValue.
QByteArray qtLayout(const Matrix &m, int indent) {
    QJsonArray rows;
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            row.append(m(i, j));
        rows.append(row);
    }
    QByteArray out;
    json::appendValue(out, rows, indent);
    return out;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void roundTrip() {
        std::mt19937 rng(7);
        Session s;
        s.inputs = workedExample();
        s.inputs.X = testsupport::randomMatrix(rng, 4, 4);
        s.inputs.X(0, 0) = 0.1; // not exactly representable: must read back bit-identical
        s.inputs.X(1, 1) = 1.0 / 3.0;
        s.inputs.X(2, 2) = -1e15;
        s.inputs.tokens = {"The", "\"quoted\"", "ünïcødé", "tab\there"};
        s.inputs.hasContext = true;
        s.inputs.context = testsupport::randomMatrix(rng, 2, 4);
        s.inputs.contextTokens = {"c0", "c1"};
        s.inputs.heads.push_back({testsupport::randomMatrix(rng, 4, 3),
                                  testsupport::randomMatrix(rng, 4, 3),
                                  testsupport::randomMatrix(rng, 4, 2)});
        s.inputs.Wo = testsupport::randomMatrix(rng, 5, 3);
        s.inputs.options = {false, 0.25, true};
        s.inputs.mask = Mask::Constant(4, 2, false);
        s.inputs.mask(3, 1) = true;
        s.view["layout"] = "columns";
        s.view["selectedRow"] = 2;

        const QByteArray json = sessionToJson(s);
        QVERIFY(json.contains("\"format\": \"attnviz-session\""));
        QVERIFY(json.contains("\"version\": 1"));
        const Session back = sessionFromJson(json);
        QVERIFY(back.inputs == s.inputs);
        QCOMPARE(back.view, s.view);
        QCOMPARE(back.inputs.X(0, 0), 0.1);
        QCOMPARE(back.inputs.X(1, 1), 1.0 / 3.0);
    }

    void matricesAreWrittenRowByRow() {
        Session s;
        s.inputs = workedExample();
        const QByteArray json = sessionToJson(s);
        QVERIFY2(json.contains("\"X\": [\n      [1,1,1,0],\n      [1,2,1,0],"), json.constData());
        QVERIFY(json.contains("\"tokens\": [\"t0\",\"t1\",\"t2\",\"t3\"]"));
        QVERIFY(json.startsWith("{\n  \"format\": \"attnviz-session\",\n  \"version\": 1,"));
        QVERIFY(sessionFromJson(json).inputs == s.inputs);
    }

    void numbersAreWrittenAsBefore_data() {
        QTest::addColumn<double>("value");
        constexpr double inf = std::numeric_limits<double>::infinity();
        const std::pair<const char *, double> rows[] = {
            {"zero", 0.0},
            {"negative zero", -0.0},
            {"integer", -42.0},
            {"1e15", 1e15},
            {"2^53", 9007199254740992.0},
            {"2^53 + 2", 9007199254740994.0},
            {"1e16", 1e16},
            {"18 digits", 123456789012345678.0},
            {"1e21", 1e21},
            {"-2^63", -9223372036854775808.0},
            {"1e308", 1e308},
            {"-1e308", -1e308},
            {"largest", std::numeric_limits<double>::max()},
            {"smallest normal", std::numeric_limits<double>::min()},
            {"largest subnormal", std::nextafter(std::numeric_limits<double>::min(), 0.0)},
            {"smallest subnormal", std::numeric_limits<double>::denorm_min()},
            {"-smallest subnormal", -std::numeric_limits<double>::denorm_min()},
            {"0.1", 0.1},
            {"1/3", 1.0 / 3.0},
            {"1e-5", 1e-5},
            {"0.0001234 (a tie: fixed)", 0.0001234},
            {"1e-4", 1e-4},
            {"123456.789", 123456.789},
            {"NaN", std::numeric_limits<double>::quiet_NaN()},
            {"infinity", inf},
            {"-infinity", -inf},
        };
        for (const auto &[name, value] : rows)
            QTest::newRow(name) << value;
    }

    // Byte for byte what QJsonDocument wrote, and read back to the same double — except that
    // the reader (QJsonDocument) reads -0 as 0, as it always did: it was written "0" before too.
    // NaN and infinity, which JSON cannot hold, are null (and refused when read: see below).
    void numbersAreWrittenAsBefore() {
        QFETCH(double, value);
        const QByteArray text = written(value);
        QCOMPARE(text, qtNumber(value));
        if (!std::isfinite(value))
            QCOMPARE(text, QByteArray("null"));
        else if (value == 0)
            QCOMPARE(readBack(text), 0.0);
        else
            QVERIFY2(sameBits(readBack(text), value), text.constData());
    }

    void randomNumbersAreWrittenAsBefore() {
        // Random bit patterns (every exponent, subnormals, NaNs with payloads), whole numbers of
        // every size and moderate values, as X holds them.
        std::mt19937_64 rng(11);
        std::normal_distribution<double> normal;
        for (int trial = 0; trial < 300'000; ++trial) {
            const double v = trial % 3 == 0   ? std::bit_cast<double>(rng())
                             : trial % 3 == 1 ? double(std::int64_t(rng()) >> (rng() % 64))
                                              : normal(rng);
            const QByteArray text = written(v);
            if (text != qtNumber(v) || (std::isfinite(v) && v != 0 && !sameBits(readBack(text), v)))
                QFAIL(qPrintable(QString("%1 written as %2, QJsonDocument wrote %3")
                                     .arg(v, 0, 'g', 17)
                                     .arg(text, qtNumber(v))));
        }
    }

    void matricesKeepTheirLayout_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::newRow("empty") << 0 << 0;
        QTest::newRow("no columns") << 3 << 0;
        QTest::newRow("one cell") << 1 << 1;
        QTest::newRow("rows") << 5 << 7;
    }

    void matricesKeepTheirLayout() {
        QFETCH(int, rows);
        QFETCH(int, cols);
        std::mt19937 rng(3);
        Matrix m = testsupport::randomMatrix(rng, rows, cols);
        if (m.size() > 2) {
            m(0, 1) = -0.0;
            m(1, 0) = 1e300;
        }
        for (int indent : {0, 4}) {
            QByteArray out;
            json::appendMatrix(out, m, indent);
            QCOMPARE(out, qtLayout(m, indent));
            Mask mask = Mask::Constant(rows, cols, false);
            if (m.size() != 0)
                mask(rows - 1, 0) = true;
            out.clear();
            json::appendMask(out, mask, indent);
            QCOMPARE(out, qtLayout(mask.cast<double>(), indent));
        }
    }

    // Extreme values the inputs accept, labels that need escaping: the same inputs read back.
    void extremeInputsReadBackTheSame() {
        Session s;
        s.inputs = workedExample();
        s.inputs.X.row(0) << 1e15, -1e15, std::numeric_limits<double>::denorm_min(), -0.0;
        s.inputs.X.row(1) << std::numeric_limits<double>::min(), 1e-300, 0.1, 1.0 / 3.0;
        s.inputs.tokens = {"\"quoted\" \\ back", "日本語 ünï 😀", "tab\tnew\nline\x01", ""};
        const Session back = sessionFromJson(sessionToJson(s));
        QVERIFY(back.inputs == s.inputs);
        s.inputs.X(0, 3) = 0.0; // read back as +0: compared bit for bit below
        COMPARE_BITS(back.inputs.X, s.inputs.X);
        QCOMPARE(back.inputs.tokens, s.inputs.tokens);
    }

    void nonFiniteNumbersAreNull() {
        Session s;
        s.inputs = workedExample();
        s.inputs.X(1, 2) = std::numeric_limits<double>::quiet_NaN();
        const QByteArray json = sessionToJson(s);
        QVERIFY(json.contains("[1,2,null,0]"));
        QCOMPARE(errorOf(json), QString("inputs.X[1][2]: expected a number, got null"));
    }

    // The presets were saved by the writer before this one: saved again, not a byte changes.
    void presetsAreWrittenAgainByteForByte_data() {
        QTest::addColumn<QString>("file");
        const QDir presets(ATTNVIZ_SOURCE_DIR "/resources/presets");
        for (const QString &name : presets.entryList({"*.json"}))
            if (name != "index.json")
                QTest::newRow(qPrintable(name)) << presets.filePath(name);
    }

    void presetsAreWrittenAgainByteForByte() {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(sessionToJson(loadSessionFile(file)), f.readAll());
    }

    void referenceCasesOpenAsSessions_data() {
        QTest::addColumn<QString>("file");
        for (const QString &file : testsupport::referenceFiles())
            QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
    }

    void referenceCasesOpenAsSessions() {
        QFETCH(QString, file);
        const Session s = loadSessionFile(file);
        const QJsonObject inputs = testsupport::readJsonObject(file).value("inputs").toObject();
        COMPARE_MATRIX(s.inputs.X, testsupport::jsonMatrix(inputs.value("X")));
        QCOMPARE(qsizetype(s.inputs.heads.size()), inputs.value("heads").toArray().size());
        QCOMPARE(s.inputs.hasContext, !inputs.value("context").isNull());
        QCOMPARE(s.inputs.hasWo(), !inputs.value("Wo").isNull());
        // Saved and read again, it is the same.
        QVERIFY(sessionFromJson(sessionToJson(s)).inputs == s.inputs);
    }

    void errors_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"inputs\": [1, 2") << "not valid JSON:";
        QTest::newRow("empty") << QByteArray() << "not valid JSON:";
        QTest::newRow("array") << QByteArray("[1, 2]") << "expected a JSON object at the top level";
        QTest::newRow("no inputs")
            << QByteArray("{\"a\": 1}") << "no \"inputs\" object: this is not an attnviz session";
        QTest::newRow("other program")
            << QByteArray(R"({"format": "bertviz", "version": 1, "inputs": {}})")
            << "not an attnviz session: its format is the text \"bertviz\"";
        QTest::newRow("newer")
            << QByteArray(R"({"format": "attnviz-session", "version": 2, "inputs": {}})")
            << "the file was written by a newer attnviz (session format version 2); this program "
               "reads version 1";
        QTest::newRow("bad version")
            << QByteArray(R"({"format": "attnviz-session", "version": "one", "inputs": {}})")
            << "version: expected a whole number";
        QTest::newRow("ragged Wq")
            << workedWith("\"Wq\":[[1,0,1],[1,1,1],[0,0,1]", "\"Wq\":[[1,0,1],[1,1,1],[0,0]")
            << "inputs.heads[0].Wq: row 2 has 2 numbers, expected 3";
        QTest::newRow("string cell") << workedWith("\"X\":[[1,1,1,0]", "\"X\":[[1,\"x\",1,0]")
                                     << "inputs.X[0][1]: expected a number, got the text \"x\"";
        QTest::newRow("X not array") << workedWith("\"X\":[[1,1,1,0]", "\"X\":5,\"Y\":[[1,1,1,0]")
                                     << "inputs.X: expected an array of rows, got 5";
        QTest::newRow("empty X") << workedWith("\"X\":[[1,1,1,0],[1,2,1,0],[0,1,0,1],[0,1,1,0]]",
                                               "\"X\":[]")
                                 << "inputs.X: has no rows";
        QTest::newRow("shape") << workedWith("\"Wk\":[[1,0,0],", "\"Wk\":[[1,0,0],[1,0,0],")
                               << "inputs: Wk has 5 rows but X has 4 columns";
        QTest::newRow("temperature") << workedWith("\"temperature\":1", "\"temperature\":0")
                                     << "inputs: the temperature must be a positive number, got 0";
        QTest::newRow("temperature text")
            << workedWith("\"temperature\":1", "\"temperature\":\"hot\"")
            << "inputs.options.temperature: expected a number, got the text \"hot\"";
        QTest::newRow("scale") << workedWith("\"scale\":true", "\"scale\":2")
                               << "inputs.options.scale: expected true or false, got 2";
        QTest::newRow("tokens") << workedWith("\"tokens\":[\"t0\",", "\"tokens\":[")
                                << "inputs.tokens: has 3 labels but there are 4 tokens";
        QTest::newRow("token type") << workedWith("\"tokens\":[\"t0\",", "\"tokens\":[7,")
                                    << "inputs.tokens[0]: expected a text label, got 7";
        QTest::newRow("mask") << workedWith("\"mask\":null", "\"mask\":[[1,0],[0,1]]")
                              << "inputs: the mask is 2×2 but the logits are 4×4";
        QTest::newRow("mask value") << workedWith("\"mask\":null", "\"mask\":[[1,2]]")
                                    << "inputs.mask[0][1]: expected true/false (or 1/0), got 2";
        QTest::newRow("heads") << workedWith("\"heads\":[{", "\"heads\":7,\"h\":[{")
                               << "inputs.heads: expected an array of heads, got 7";
        QTest::newRow("no heads") << workedWith("\"heads\":[{", "\"heads\":[],\"h\":[{")
                                  << "inputs.heads: there must be at least one head";
        QTest::newRow("huge number")
            << workedWith("\"X\":[[1,", "\"X\":[[1e999,") << "not valid JSON: illegal number";
        QTest::newRow("context tokens only")
            << workedWith("\"context_tokens\":null", "\"context_tokens\":[\"a\"]")
            << "inputs.context_tokens: there are context tokens but no context matrix";
    }

    void errors() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const QString error = errorOf(json);
        QVERIFY2(error.startsWith(message), qPrintable("got: " + error));
    }

    void hostileBytesNeverCrash() {
        // Truncations of a good file and random bytes: always a clean InputError.
        const QByteArray good = workedWith({}, {});
        QVERIFY(errorOf(good).isEmpty());
        for (qsizetype cut = 0; cut < good.size(); cut += 7)
            QVERIFY(!errorOf(good.left(cut)).isEmpty());
        std::mt19937 rng(1);
        for (int trial = 0; trial < 200; ++trial) {
            QByteArray bytes = good;
            for (int k = 0; k < 5; ++k)
                bytes[qsizetype(rng() % quint32(bytes.size()))] = char(rng() % 256);
            errorOf(bytes); // may or may not parse; must not crash
        }
        QByteArray deep(100000, '[');
        QVERIFY(!errorOf("{\"inputs\": " + deep).isEmpty());
    }

    void fileErrorsNameTheFile() {
        QTemporaryDir dir;
        const QString missing = dir.filePath("missing.json");
        try {
            loadSessionFile(missing);
            QFAIL("no error");
        } catch (const InputError &e) {
            QVERIFY(QString(e.what()).startsWith(missing + ": cannot open"));
        }
        const QString bad = dir.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"inputs\": {\"X\": [[1, 2], [3]]}}");
        f.close();
        try {
            loadSessionFile(bad);
            QFAIL("no error");
        } catch (const InputError &e) {
            QCOMPARE(QString(e.what()), bad + ": inputs.X: row 1 has 1 numbers, expected 2");
        }
        try {
            loadSessionFile(dir.path());
            QFAIL("no error");
        } catch (const InputError &e) {
            QVERIFY(QString(e.what()).contains("is a directory"));
        }
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "test_session_format.moc"
