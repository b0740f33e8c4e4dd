// SPDX-License-Identifier: GPL-3.0-or-later
// The core reproduces every reference case (tests/data/reference, computed with PyTorch in
// float64; see tests/data/README.md) to 1e-9, in both layouts.

#include "Attention.h"
#include "io/Session.h"
#include "support/TestSupport.h"

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;
using testsupport::jsonMatrix;

class TestReference : public QObject {
    Q_OBJECT

private slots:
    void everyCaseIsThere() {
        // The seven shipped cases; more may be dropped in and are picked up below.
        QVERIFY(testsupport::referenceFiles().size() >= 7);
        QVERIFY(QFile::exists(testsupport::referenceDir() + "/worked_example_4x4.json"));
    }

    void reproduces_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("layout");
        for (const QString &file : testsupport::referenceFiles()) {
            const QString name = QFileInfo(file).baseName();
            QTest::newRow(qPrintable(name + " rows")) << file << int(Layout::Rows);
            QTest::newRow(qPrintable(name + " columns")) << file << int(Layout::Columns);
        }
    }

    void reproduces() {
        QFETCH(QString, file);
        QFETCH(int, layout);
        const QJsonObject root = testsupport::readJsonObject(file);
        QVERIFY2(root.contains("expected"), qPrintable(file));
        const Session session = loadSessionFile(file); // a reference case opens as a session
        const AttentionResult r = compute(session.inputs, Layout(layout));
        const bool rows = Layout(layout) == Layout::Rows;
        auto oriented = [rows](const Matrix &m) { return rows ? m : Matrix(m.transpose()); };

        const QJsonObject expected = root.value("expected").toObject();
        const QJsonArray heads = expected.value("heads").toArray();
        QCOMPARE(qsizetype(r.heads.size()), heads.size());
        for (qsizetype h = 0; h < heads.size(); ++h) {
            const QJsonObject e = heads[h].toObject();
            const HeadResult &head = r.heads[size_t(h)];
            COMPARE_MATRIX(oriented(head.Q), jsonMatrix(e.value("Q")));
            COMPARE_MATRIX(oriented(head.K), jsonMatrix(e.value("K")));
            COMPARE_MATRIX(oriented(head.V), jsonMatrix(e.value("V")));
            COMPARE_MATRIX(oriented(head.scores()), jsonMatrix(e.value("scores")));
            COMPARE_MATRIX(oriented(head.logits()), jsonMatrix(e.value("logits")));
            COMPARE_MATRIX(oriented(head.weights()), jsonMatrix(e.value("weights")));
            COMPARE_MATRIX(oriented(head.output), jsonMatrix(e.value("output")));
            QVERIFY(head.weights().allFinite());
        }
        COMPARE_MATRIX(oriented(r.concat()), jsonMatrix(expected.value("concat")));
        COMPARE_MATRIX(oriented(r.output()), jsonMatrix(expected.value("output")));
    }

    void workedExampleMatchesTheArticle() {
        // The article prints the output rounded to 4 decimals.
        const AttentionResult r = compute(workedExample());
        Matrix article(4, 3);
        article << 3.9492, 7.8588, 3.9577, //
            3.9924, 7.9784, 3.9934,        //
            3.8407, 7.5669, 3.8595,        //
            3.7902, 7.4482, 3.8228;
        COMPARE_MATRIX_TOL(r.output(), article, 5e-5);
        // The built-in example is the reference case's input.
        const Session fromFile =
            loadSessionFile(testsupport::referenceDir() + "/worked_example_4x4.json");
        QVERIFY(fromFile.inputs == workedExample());
    }

    void largeLogitsAreExactAndFinite() {
        const QString file = testsupport::referenceDir() + "/large_logits.json";
        const AttentionResult r = compute(loadSessionFile(file).inputs);
        QVERIFY(r.heads[0].logits().cwiseAbs().maxCoeff() > 1e3);
        QVERIFY(r.heads[0].weights().allFinite());
        QVERIFY(r.output().allFinite());
    }
};

QTEST_GUILESS_MAIN(TestReference)
#include "test_reference.moc"
