// SPDX-License-Identifier: GPL-3.0-or-later
// The thread helpers of the forward pass (core/Parallel.h): every index covered exactly once,
// in blocks of the asked size, whatever the thread count; the caller returns only when every
// block is done (a helper that starts late finds nothing left rather than being waited for).

#include "Initializer.h"
#include "Parallel.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>
#include <vector>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { setThreadCount(0); }

    void blocksCoverEveryIndexOnce_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("block");
        QTest::addColumn<int>("threads");
        QTest::newRow("one block") << 10 << 64 << 2;
        QTest::newRow("whole blocks, two threads") << 4096 << 64 << 2;
        QTest::newRow("a short last block, four threads") << 1000 << 96 << 4;
        QTest::newRow("one thread") << 300 << 7 << 1;
        QTest::newRow("more threads than blocks") << 130 << 64 << 8;
    }
    void blocksCoverEveryIndexOnce() {
        QFETCH(int, count);
        QFETCH(int, block);
        QFETCH(int, threads);
        setThreadCount(threads);
        std::vector<std::atomic<int>> seen(static_cast<size_t>(count));
        std::mutex mutex;
        std::vector<std::pair<Eigen::Index, Eigen::Index>> ranges;
        parallelBlocks(count, block, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index i = first; i < last; ++i)
                ++seen[static_cast<size_t>(i)];
            std::this_thread::yield();
            const std::lock_guard<std::mutex> lock(mutex);
            ranges.emplace_back(first, last);
        });
        // Every block done when the call returns.
        for (const std::atomic<int> &s : seen)
            QCOMPARE(s.load(), 1);
        QCOMPARE(int(ranges.size()), (count + block - 1) / block);
        for (const auto &[first, last] : ranges) {
            QCOMPARE(first % block, 0);
            QCOMPARE(last, std::min<Eigen::Index>(first + block, count));
        }
    }

    // Random fills take their transforms apart over the threads: the numbers stay those of
    // drawing cell by cell (a seed means the same matrices everywhere).
    void randomFillsAreTheSequentialNumbers_data() {
        QTest::addColumn<int>("threads");
        QTest::newRow("one thread") << 1;
        QTest::newRow("two threads") << 2;
        QTest::newRow("five threads") << 5;
    }
    void randomFillsAreTheSequentialNumbers() {
        QFETCH(int, threads);
        setThreadCount(threads);
        const int rows = 301, cols = 257; // several blocks, the last one short
        QVERIFY(qint64(rows) * cols > 3 * kNormalBlock);
        std::mt19937 parallel(11), sequential(11);
        const Matrix m = initialMatrix(rows, cols, Initializer::RandomNormal, parallel);
        int different = 0; // bit for bit (QCOMPARE of doubles is fuzzy)
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                different += m(i, j) != std::round(standardNormal(sequential) * 100.0) / 100.0;
        QCOMPARE(different, 0);
        QCOMPARE(parallel(), sequential()); // as many draws taken
    }

    void nothingToDo() {
        bool called = false;
        parallelBlocks(0, 64, [&](Eigen::Index, Eigen::Index) { called = true; });
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "test_parallel.moc"
