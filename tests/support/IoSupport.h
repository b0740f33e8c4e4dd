// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the import/export tests: the fixtures of tests/data/import (written by
// make_fixtures.py there) and the matrices they hold.

#include "TestSupport.h"

#include <QFile>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <cmath>

Q_DECLARE_METATYPE(attn::Matrix)

namespace testsupport {

inline QString fixture(const QString &name) {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/import/") + name;
}

inline QByteArray readFixture(const QString &name) {
    QFile file(fixture(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

inline attn::Matrix matrix(Eigen::Index rows, Eigen::Index cols, std::initializer_list<double> v) {
    attn::Matrix m(rows, cols);
    Q_ASSERT(Eigen::Index(v.size()) == rows * cols);
    std::copy(v.begin(), v.end(), m.data());
    return m;
}

// make_fixtures.py's M: (i*4 + j) * 0.25 - 1.375, exact in float16/32/64.
inline attn::Matrix fixtureM(double factor = 1.0) {
    attn::Matrix m(3, 4);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j)
            m(i, j) = ((i * 4 + j) * 0.25 - 1.375) * factor;
    return m;
}

// make_fixtures.py's P: numbers that need all 17 digits (and a subnormal).
inline attn::Matrix fixtureP() {
    return matrix(2, 3, {0.1, 1.0 / 3.0, M_PI, -2.5e-308, 5e-324, -1e15});
}

inline attn::Matrix fixtureVector() {
    return matrix(1, 4, {1.5, -2.5, 3.5, 0.0});
}

} // namespace testsupport

// A failed import: the message is one line naming the source and holding every one of
// `parts`; there is no matrix.
#define VERIFY_REFUSED(result, source, parts)                                                      \
    do {                                                                                           \
        QVERIFY2(!(result).ok(), "imported a bad file");                                           \
        QCOMPARE((result).matrix.size(), Eigen::Index(0));                                         \
        QVERIFY2((result).error.startsWith((source) + ": "), qPrintable((result).error));          \
        QVERIFY2(!(result).error.contains('\n'), qPrintable((result).error));                      \
        for (const QString &part_ : (parts))                                                       \
            QVERIFY2((result).error.contains(part_),                                               \
                     qPrintable((result).error + " lacks " + part_));                              \
    } while (false)
