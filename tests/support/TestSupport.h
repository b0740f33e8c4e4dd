// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers every test may use: the reference cases of tests/data/reference (copied from
// shared/reference, computed with PyTorch), JSON files, and matrix comparisons.

#include "Matrix.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace testsupport {

inline QString referenceDir() {
    return QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference");
}

// Every reference case in tests/data/reference, found at run time so new cases are run too.
inline QStringList referenceFiles() {
    QStringList files;
    const QDir dir(referenceDir());
    for (const QString &name : dir.entryList({"*.json"}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

inline QJsonObject readJsonObject(const QString &fileName) {
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// A JSON matrix (null = −∞, as the reference stores masked logits).
inline attn::Matrix jsonMatrix(const QJsonValue &value) {
    const QJsonArray rows = value.toArray();
    const qsizetype cols = rows.isEmpty() ? 0 : rows[0].toArray().size();
    attn::Matrix m(rows.size(), cols);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows[i].toArray();
        for (qsizetype j = 0; j < cols; ++j)
            m(i, j) =
                row[j].isNull() ? -std::numeric_limits<double>::infinity() : row[j].toDouble();
    }
    return m;
}

// Agreement to 1e-9, relative for large magnitudes; −∞ must match −∞ exactly.
inline bool close(double actual, double expected, double tolerance = 1e-9) {
    if (std::isinf(expected) || std::isinf(actual))
        return actual == expected;
    return std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

// Empty when every entry satisfies `equal`; otherwise where and how they first differ.
template <typename Equal>
QString firstDifference(const attn::Matrix &actual, const attn::Matrix &expected, Equal equal) {
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols())
        return QString("shape %1×%2, expected %3×%4")
            .arg(actual.rows())
            .arg(actual.cols())
            .arg(expected.rows())
            .arg(expected.cols());
    for (Eigen::Index i = 0; i < actual.rows(); ++i)
        for (Eigen::Index j = 0; j < actual.cols(); ++j)
            if (!equal(actual(i, j), expected(i, j)))
                return QString("[%1][%2] = %3, expected %4")
                    .arg(i)
                    .arg(j)
                    .arg(actual(i, j), 0, 'g', 17)
                    .arg(expected(i, j), 0, 'g', 17);
    return {};
}

// Empty string when equal to `tolerance`; otherwise where and how they differ (for QVERIFY2).
inline QString compareMatrices(const attn::Matrix &actual, const attn::Matrix &expected,
                               double tolerance = 1e-9) {
    return firstDifference(actual, expected,
                           [tolerance](double a, double e) { return close(a, e, tolerance); });
}

// Empty when equal bit for bit (so -0.0 differs from 0.0, and -inf equals -inf).
inline QString bitDifference(const attn::Matrix &actual, const attn::Matrix &expected) {
    return firstDifference(actual, expected,
                           [](double a, double e) { return std::memcmp(&a, &e, sizeof a) == 0; });
}

inline bool sameBits(const attn::Matrix &a, const attn::Matrix &b) {
    return bitDifference(a, b).isEmpty();
}

#define COMPARE_MATRIX(actual, expected)                                                           \
    do {                                                                                           \
        const QString diff_ = testsupport::compareMatrices((actual), (expected));                  \
        QVERIFY2(diff_.isEmpty(), qPrintable(QStringLiteral(#actual ": ") + diff_));               \
    } while (false)

#define COMPARE_BITS(actual, expected)                                                             \
    do {                                                                                           \
        const QString diff_ = testsupport::bitDifference((actual), (expected));                    \
        QVERIFY2(diff_.isEmpty(), qPrintable(QStringLiteral(#actual ": ") + diff_));               \
    } while (false)

#define COMPARE_MATRIX_TOL(actual, expected, tol)                                                  \
    do {                                                                                           \
        const QString diff_ = testsupport::compareMatrices((actual), (expected), (tol));           \
        QVERIFY2(diff_.isEmpty(), qPrintable(QStringLiteral(#actual ": ") + diff_));               \
    } while (false)

inline attn::Matrix randomMatrix(std::mt19937 &rng, Eigen::Index rows, Eigen::Index cols,
                                 double sigma = 1.0) {
    std::normal_distribution<double> normal(0.0, sigma);
    attn::Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            m(i, j) = normal(rng);
    return m;
}

// A custom mask: each cell masked with probability `masked`, and row `fullRow` masked whole
// (a query with no key left, whose weights must be all zero).
inline attn::Mask randomMask(std::mt19937 &rng, Eigen::Index rows, Eigen::Index cols, double masked,
                             Eigen::Index fullRow) {
    std::bernoulli_distribution off(masked);
    attn::Mask mask = attn::Mask::Constant(rows, cols, false);
    for (Eigen::Index i = 0; i < mask.size(); ++i)
        mask.data()[i] = off(rng);
    mask.row(fullRow).setConstant(true);
    return mask;
}

} // namespace testsupport
