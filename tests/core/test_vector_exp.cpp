// SPDX-License-Identifier: GPL-3.0-or-later
// The vectorized exponential of the softmax (core/VectorExp.h), every path this CPU can run,
// against std::exp: within 1 or 2 ulp over the whole range a shifted logit can take, exactly 0
// below the floor (−∞ included), exactly 1 at 0, and a sum that adds what it stored. And the
// vectorized row maximum and finite extrema.

#include "VectorExp.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

Q_DECLARE_METATYPE(attn::ExpPath)

namespace {

// How many units in the last place a is from b (b > 0, normal).
double ulps(double a, double b) {
    return std::abs(a - b) / (std::nextafter(b, INFINITY) - b);
}

} // namespace

class TestVectorExp : public QObject {
    Q_OBJECT
private slots:
    void matchesStdExp_data() {
        QTest::addColumn<ExpPath>("path");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        const std::pair<const char *, ExpPath> paths[] = {
            {"portable", ExpPath::Portable}, {"AVX2", ExpPath::Avx2}, {"AVX-512", ExpPath::Avx512}};
        for (const auto &[name, path] : paths) {
            QTest::addRow("%s, softmax range [-40, 0]", name) << path << -40.0 << 0.0;
            QTest::addRow("%s, [-1, 1]", name) << path << -1.0 << 1.0;
            QTest::addRow("%s, down to the floor [-708, 0]", name) << path << -708.0 << 0.0;
            QTest::addRow("%s, positive [0, 700]", name) << path << 0.0 << 700.0;
        }
    }
    void matchesStdExp() {
        QFETCH(ExpPath, path);
        QFETCH(double, low);
        QFETCH(double, high);
        if (!expPathAvailable(path))
            QSKIP("this CPU cannot run the path");
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> uniform(low, high);
        // 100,003 values (not a whole number of vectors: the tail is checked too) around a
        // shift, so the subtraction is exact and the expected values are std::exp's.
        const double shift = 3.0;
        std::vector<double> x(100003), values(x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            x[i] = uniform(rng);
            values[i] = x[i] + shift;
            x[i] = values[i] - shift;
        }
        const double sum = expShiftedSum(path, values.data(), Eigen::Index(values.size()), shift);
        double worst = 0.0, expectedSum = 0.0;
        for (size_t i = 0; i < x.size(); ++i) {
            const double expected = std::exp(x[i]);
            worst = std::max(worst, ulps(values[i], expected));
            expectedSum += values[i];
        }
        // The AVX-512 polynomial is within 1 ulp; Eigen's Cephes approximation (AVX2, portable)
        // within 2.
        const double allowed = path == ExpPath::Avx512 ? 1.0 : 2.0;
        QVERIFY2(worst <= allowed, qPrintable(QString("%1 ulp").arg(worst)));
        QVERIFY(std::abs(sum - expectedSum) <= 1e-13 * expectedSum);
    }

    void edgesAreExact_data() {
        QTest::addColumn<ExpPath>("path");
        QTest::newRow("portable") << ExpPath::Portable;
        QTest::newRow("AVX2") << ExpPath::Avx2;
        QTest::newRow("AVX-512") << ExpPath::Avx512;
    }
    void edgesAreExact() {
        QFETCH(ExpPath, path);
        if (!expPathAvailable(path))
            QSKIP("this CPU cannot run the path");
        const double inf = std::numeric_limits<double>::infinity();
        // Shift 5: 5 → exp(0), −∞ and anything more than 708 below → 0.
        std::vector<double> values = {5.0,  -inf, 5.0 - 708.5, -1e300, 5.0, 5.0 - 708.0,
                                      -inf, 5.0,  5.0,         -800.0, 5.0};
        const double sum = expShiftedSum(path, values.data(), Eigen::Index(values.size()), 5.0);
        const std::vector<double> expected = {1, 0, 0, 0, 1, std::exp(-708.0), 0, 1, 1, 0, 1};
        for (size_t i = 0; i < values.size(); ++i) {
            if (expected[i] == 0.0 || expected[i] == 1.0)
                QCOMPARE(values[i], expected[i]);
            else
                QVERIFY(ulps(values[i], expected[i]) <= 2.0);
        }
        QVERIFY(std::abs(sum - 5.0) < 1e-15);
    }

    // Past the largest double: +∞ or the largest finite value (Eigen's paths clamp), never NaN
    // or a wrapped exponent; just below it within the path's ulps.
    void overflowIsHuge_data() { edgesAreExact_data(); }
    void overflowIsHuge() {
        QFETCH(ExpPath, path);
        if (!expPathAvailable(path))
            QSKIP("this CPU cannot run the path");
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<double> values = {709.5, 709.78, 709.7827, 709.79, 710.0,
                                      750.0, 1e4,    inf,      0.0,    709.0};
        const std::vector<double> x = values;
        expShiftedSum(path, values.data(), Eigen::Index(values.size()), 0.0);
        for (size_t i = 0; i < values.size(); ++i) {
            const double expected = std::exp(x[i]);
            if (std::isinf(expected))
                QVERIFY2(values[i] >= std::numeric_limits<double>::max(),
                         qPrintable(QString("exp(%1) gave %2").arg(x[i]).arg(values[i])));
            else
                QVERIFY2(ulps(values[i], expected) <= 2.0,
                         qPrintable(QString("exp(%1) gave %2").arg(x[i]).arg(values[i])));
        }
    }

    void maxOfEveryLength() {
        std::mt19937 rng(3);
        std::normal_distribution<double> normal;
        for (int count = 0; count <= 40; ++count) {
            std::vector<double> values(size_t(count) + 1);
            for (double &v : values)
                v = normal(rng) - 10.0;
            values[size_t(count)] = 1e9; // past the end: never read
            double expected = -std::numeric_limits<double>::infinity();
            for (int i = 0; i < count; ++i)
                expected = std::max(expected, values[size_t(i)]);
            QCOMPARE(maxOf(values.data(), count), expected);
        }
    }

    // The colour range's pass: every length (the vector loop's masked tail), NaN and ±∞ at
    // every position skipped, 1e308 and the largest magnitude kept, values past the end unread.
    void finiteExtremaEveryLength() {
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        std::mt19937 rng(5);
        std::normal_distribution<double> normal;
        for (int count = 0; count <= 41; ++count) {
            std::vector<double> values(size_t(count) + 1);
            for (double &v : values)
                v = normal(rng);
            for (int i = 0; i < count; ++i) {
                const int kind = int(rng() % 7);
                values[size_t(i)] = kind == 0   ? nan
                                    : kind == 1 ? inf
                                    : kind == 2 ? -inf
                                    : kind == 3 ? -1e308
                                                : values[size_t(i)];
            }
            values[size_t(count)] = 1e300; // past the end: never read
            const FiniteExtrema got = finiteExtrema(values.data(), count);
            const FiniteExtrema want = finiteExtremaPortable(values.data(), count);
            Eigen::Index finite = 0;
            for (int i = 0; i < count; ++i)
                finite += std::isfinite(values[size_t(i)]) ? 1 : 0;
            QCOMPARE(want.finite, finite);
            QCOMPARE(got.finite, want.finite);
            QCOMPARE(got.lo, want.lo);
            QCOMPARE(got.hi, want.hi);
            QCOMPARE(got.maxAbs, want.maxAbs);
            if (finite == 0) {
                QCOMPARE(got.lo, inf);
                QCOMPARE(got.hi, -inf);
                QCOMPARE(got.maxAbs, 0.0);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestVectorExp)
#include "test_vector_exp.moc"
