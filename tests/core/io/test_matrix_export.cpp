// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix export (CSV, .npy, LaTeX, NumPy literal), export → import round trips bit for bit,
// and the named stages attnviz-cli export takes.

#include "InputError.h"
#include "Stage.h"
#include "io/MatrixExport.h"
#include "io/MatrixImport.h"
#include "io/Npy.h"
#include "io/Session.h"
#include "support/IoSupport.h"
#include "support/TestSupport.h"

#include <QTemporaryDir>

#include <cfloat>
#include <cstring>
#include <limits>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;
using attn::Matrix;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// make_fixtures.py's export_reference.npy.
Matrix exportReference() {
    return matrix(2, 3, {1.5, -kInf, 0.1, -0.0, 1e-300, 1152921504606846976.0});
}

} // namespace

class TestMatrixExport : public QObject {
    Q_OBJECT

private slots:
    void csvText();
    void npyEqualsNumPy_data();
    void npyEqualsNumPy();
    void latexText_data();
    void latexText();
    void numpyLiteral();
    void formatNames();
    void roundTrip_data();
    void roundTrip();
    void nonFiniteExportsAreRefusedOnImport();
    void writeAtomically();
    void stages_data();
    void stages();
    void stageErrors();
};

void TestMatrixExport::csvText() {
    QCOMPARE(attn::matrixToCsv(exportReference()),
             QString("1.5,-inf,0.1\n-0,1e-300,1152921504606846976\n"));
    QCOMPARE(attn::matrixToCsv(matrix(1, 3, {kInf, std::nan(""), -std::nan("")})),
             QString("inf,nan,nan\n"));
    QCOMPARE(attn::matrixToCsv(Matrix(0, 3)), QString());
}

void TestMatrixExport::npyEqualsNumPy_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<Matrix>("m");
    QTest::newRow("2x3 with -inf and -0") << "export_reference.npy" << exportReference();
    Matrix big(12, 10);
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 10; ++j)
            big(i, j) = i - 0.5 * j;
    QTest::newRow("12x10") << "export_reference_12x10.npy" << big;
}

void TestMatrixExport::npyEqualsNumPy() {
    QFETCH(QString, file);
    QFETCH(Matrix, m);
    const QByteArray expected = readFixture(file);
    QVERIFY(!expected.isEmpty());
    const QByteArray bytes = attn::npyFromMatrix(m);
    QCOMPARE(bytes.size() % 64, qsizetype(m.size() * 8 % 64)); // data starts 64-aligned
    QCOMPARE(bytes, expected);
    QCOMPARE(attn::exportMatrix(m, attn::ExportFormat::Npy), expected);
}

void TestMatrixExport::latexText_data() {
    QTest::addColumn<Matrix>("m");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("expected");
    QTest::newRow("4 decimals, -inf, no -0")
        << matrix(2, 3, {1.5, -kInf, -0.00001, -12.25, 0.12345, 1.0 / 3.0}) << 4
        << "\\begin{bmatrix}\n"
           "    1.5000 & -\\infty & 0.0000 \\\\\n"
           "  -12.2500 &  0.1235 & 0.3333\n"
           "\\end{bmatrix}\n";
    QTest::newRow("2 decimals, large") << matrix(1, 3, {1.2345e10, -9.999e9, 999999999.0}) << 2
                                       << "\\begin{bmatrix}\n"
                                          "  1.23 \\times 10^{10} & -1.00 \\times 10^{10} & "
                                          "999999999.00\n"
                                          "\\end{bmatrix}\n";
    QTest::newRow("0 decimals, +inf and NaN")
        << matrix(1, 3, {2.75, kInf, std::nan("")}) << 0
        << "\\begin{bmatrix}\n  3 & \\infty & \\mathrm{NaN}\n\\end{bmatrix}\n";
}

void TestMatrixExport::latexText() {
    QFETCH(Matrix, m);
    QFETCH(int, decimals);
    QFETCH(QString, expected);
    QCOMPARE(attn::matrixToLatex(m, decimals), expected);
}

void TestMatrixExport::numpyLiteral() {
    QCOMPARE(attn::matrixToNumpyLiteral(exportReference()),
             QString("np.array([[1.5, -np.inf, 0.1],\n"
                     "          [-0.0, 1e-300, 1152921504606846976.0]])\n"));
    QCOMPARE(attn::matrixToNumpyLiteral(matrix(1, 2, {kInf, std::nan("")})),
             QString("np.array([[np.inf, np.nan]])\n"));
    QCOMPARE(attn::matrixToNumpyLiteral(Matrix(0, 3)), QString("np.zeros((0, 3))\n"));
}

void TestMatrixExport::formatNames() {
    for (const auto &[name, format] :
         {std::pair{"csv", attn::ExportFormat::Csv}, std::pair{"npy", attn::ExportFormat::Npy},
          std::pair{"latex", attn::ExportFormat::Latex},
          std::pair{"numpy", attn::ExportFormat::NumpyLiteral}}) {
        QCOMPARE(attn::exportFormatFromName(name), std::optional(format));
        QCOMPARE(attn::exportFormatName(format), QString(name));
        QCOMPARE(attn::isTextExport(format), format != attn::ExportFormat::Npy);
    }
    QVERIFY(!attn::exportFormatFromName("CSV"));
    QVERIFY(!attn::exportFormatFromName("tex"));
    QCOMPARE(attn::exportFileSuffix(attn::ExportFormat::Latex), QString("tex"));
}

void TestMatrixExport::roundTrip_data() {
    QTest::addColumn<Matrix>("m");
    std::mt19937_64 rng(7);
    // Random bit patterns: every exponent and mantissa, kept when finite and within ±1e15.
    auto randomBits = [&](Eigen::Index rows, Eigen::Index cols) {
        Matrix m(rows, cols);
        for (Eigen::Index k = 0; k < m.size(); ++k) {
            double v = 0;
            do {
                const std::uint64_t bits = rng();
                std::memcpy(&v, &bits, sizeof v);
            } while (!std::isfinite(v) || std::abs(v) > 1e15);
            m.data()[k] = v;
        }
        return m;
    };
    QTest::newRow("1x1") << randomBits(1, 1);
    QTest::newRow("1x7") << randomBits(1, 7);
    QTest::newRow("7x1") << randomBits(7, 1);
    QTest::newRow("13x17") << randomBits(13, 17);
    QTest::newRow("64x3") << randomBits(64, 3);
    std::mt19937 normal(3);
    QTest::newRow("normal 20x20") << testsupport::randomMatrix(normal, 20, 20);
    QTest::newRow("special values")
        << matrix(2, 5, {-0.0, 5e-324, DBL_MIN, 1e15, -1e15, 0.1, 1.0 / 3.0, M_PI, 0.0, -1e-300});
}

void TestMatrixExport::roundTrip() {
    QFETCH(Matrix, m);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const attn::ExportFormat format : {attn::ExportFormat::Csv, attn::ExportFormat::Npy}) {
        const QString name = "m." + attn::exportFileSuffix(format);
        const QByteArray bytes = attn::exportMatrix(m, format);
        const attn::ImportResult fromBytes = attn::importMatrixData(bytes, name);
        QVERIFY2(fromBytes.ok(), qPrintable(fromBytes.error));
        COMPARE_BITS(fromBytes.matrix, m);

        const QString path = dir.filePath(name);
        QCOMPARE(attn::writeFileAtomically(path, bytes), QString());
        const attn::ImportResult fromFile = attn::importMatrix(path);
        QVERIFY2(fromFile.ok(), qPrintable(fromFile.error));
        COMPARE_BITS(fromFile.matrix, m);
    }
}

void TestMatrixExport::nonFiniteExportsAreRefusedOnImport() {
    // Masked logits export as -inf; they are no valid input, and the importer says where.
    const Matrix logits = matrix(2, 2, {0.5, -kInf, 0.25, 1.0});
    const attn::ImportResult csv =
        attn::importMatrixData(attn::exportMatrix(logits, attn::ExportFormat::Csv), "l.csv");
    QVERIFY(!csv.ok());
    QVERIFY2(csv.error.contains("line 1, column 2: \"-inf\" is not a finite number (-inf)"),
             qPrintable(csv.error));
    const attn::ImportResult npy =
        attn::importMatrixData(attn::exportMatrix(logits, attn::ExportFormat::Npy), "l.npy");
    QVERIFY(!npy.ok());
    QVERIFY2(npy.error.contains("element [0, 1] is not a finite number (-inf)"),
             qPrintable(npy.error));
}

void TestMatrixExport::writeAtomically() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("out.csv");
    QCOMPARE(attn::writeFileAtomically(path, "first\n"), QString());
    QCOMPARE(attn::writeFileAtomically(path, "second\n"), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("second\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"out.csv"}); // no temporaries

    const QString missing = dir.filePath("nosuch/out.csv");
    const QString error = attn::writeFileAtomically(missing, "x");
    QVERIFY2(error.startsWith(missing + ": cannot write"), qPrintable(error));
    QVERIFY(QDir(dir.path()).mkdir("adir"));
    QVERIFY(!attn::writeFileAtomically(dir.filePath("adir"), "x").isEmpty());
}

void TestMatrixExport::stages_data() {
    QTest::addColumn<QString>("file");
    for (const QString &file : testsupport::referenceFiles())
        QTest::newRow(qPrintable(QFileInfo(file).baseName())) << file;
}

void TestMatrixExport::stages() {
    QFETCH(QString, file);
    const attn::Session session =
        attn::sessionFromJson(QJsonDocument(testsupport::readJsonObject(file)).toJson());
    const attn::AttentionInputs &in = session.inputs;
    const attn::AttentionResult r = attn::compute(in);
    auto stage = [&](const char *name, Eigen::Index head = 0) {
        const attn::StageInfo *info = attn::findStage(name);
        Q_ASSERT(info);
        return attn::stageMatrix(in, r, {info->stage, int(head)});
    };
    COMPARE_BITS(stage("X"), in.X);
    COMPARE_BITS(stage("concat"), r.concat());
    COMPARE_BITS(stage("final"), r.output());
    if (in.hasContext)
        COMPARE_BITS(stage("context"), in.context);
    if (in.hasWo())
        COMPARE_BITS(stage("Wo"), in.Wo);
    for (Eigen::Index h = 0; h < Eigen::Index(in.heads.size()); ++h) {
        const attn::HeadResult &head = r.heads[std::size_t(h)];
        const attn::HeadWeights &w = in.heads[std::size_t(h)];
        COMPARE_BITS(stage("Wq", h), w.Wq);
        COMPARE_BITS(stage("Wk", h), w.Wk);
        COMPARE_BITS(stage("Wv", h), w.Wv);
        COMPARE_BITS(stage("Q", h), head.Q);
        COMPARE_BITS(stage("K", h), head.K);
        COMPARE_BITS(stage("V", h), head.V);
        COMPARE_BITS(stage("scores", h), head.scores());
        COMPARE_BITS(stage("logits", h), head.logits());
        COMPARE_BITS(stage("weights", h), head.weights());
        COMPARE_BITS(stage("output", h), head.output);
    }
    QCOMPARE(attn::stageInfos().size(), std::size_t(16));
    QVERIFY(!attn::findStage("q"));
    QVERIFY(!attn::findStage("Final"));
}

void TestMatrixExport::stageErrors() {
    const attn::AttentionInputs in = attn::workedExample();
    const attn::AttentionResult r = attn::compute(in);
    auto message = [&](const char *name, Eigen::Index head) -> QString {
        try {
            attn::stageMatrix(in, r, {attn::findStage(name)->stage, int(head)});
        } catch (const attn::InputError &e) {
            return e.what();
        }
        return {};
    };
    QVERIFY(message("context", 0).contains("no context"));
    QVERIFY(message("Wo", 0).contains("no output projection"));
    QCOMPARE(message("Q", 1), QString("head 1 is out of range: there is 1 head (0..0)"));
    QVERIFY(message("Wq", -1).contains("head -1 is out of range"));
    QVERIFY(message("X", 5).isEmpty()); // the head does not matter for X
}

QTEST_GUILESS_MAIN(TestMatrixExport)
#include "test_matrix_export.moc"
