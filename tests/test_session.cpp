// The session file: round trip, reference cases as sessions, and every error naming its JSON path.

#include "InputError.h"
#include "Session.h"
#include "TestSupport.h"

#include <QTemporaryDir>

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
#include "test_session.moc"
