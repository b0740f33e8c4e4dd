// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TestSupport.h"

// Helpers for the tests that run attnviz-cli as a separate process (test_cli, test_cli_explain):
// starting it, comparing its JSON with the reference cases, reading its explain tables.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

namespace testsupport {

inline const QString kCli = QStringLiteral(ATTNVIZ_CLI_PATH);
inline const char *const kMatrices[] = {"Q", "K", "V", "scores", "logits", "weights", "output"};

struct Run {
    bool finished = false; // started, exited normally (no crash, no timeout)
    int exitCode = -1;
    QByteArray out, err;
};

// Runs the CLI to completion; `environment` replaces the inherited one when given.
inline Run runCli(const QStringList &arguments, const QByteArray &input = {},
                  const QProcessEnvironment &environment = {}) {
    QProcess process;
    if (!environment.isEmpty())
        process.setProcessEnvironment(environment);
    process.start(kCli, arguments);
    Run run;
    if (!process.waitForStarted(30000))
        return run;
    process.write(input);
    process.closeWriteChannel();
    const bool done = process.waitForFinished(120000);
    run.finished = done && process.exitStatus() == QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline void writeFile(const QString &fileName, const QByteArray &bytes) {
    QFile file(fileName);
    QVERIFY2(file.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(fileName));
    QCOMPARE(file.write(bytes), bytes.size());
}

inline double at(const QJsonValue &matrix, int i, int j) {
    return matrix.toArray()[i].toArray()[j].toDouble();
}

// Empty when `actual` equals `expected` (transposed first if asked) to 1e-9, relative for large
// magnitudes, with null exactly where expected is null; otherwise where they differ.
inline QString compareMatrix(const QJsonValue &actual, const QJsonValue &expected, bool transposed,
                             const QString &where) {
    if (!actual.isArray())
        return where + ": missing or not an array";
    const QJsonArray e = expected.toArray(), a = actual.toArray();
    const qsizetype rows = e.size(), cols = rows ? e[0].toArray().size() : 0;
    const qsizetype aRows = transposed ? cols : rows, aCols = transposed ? rows : cols;
    if (a.size() != aRows)
        return where + QString(": %1 rows, expected %2").arg(a.size()).arg(aRows);
    for (qsizetype i = 0; i < aRows; ++i) {
        const QJsonArray row = a[i].toArray();
        if (row.size() != aCols)
            return where + QString(": row %1 has %2 entries, expected %3")
                               .arg(i)
                               .arg(row.size())
                               .arg(aCols);
        for (qsizetype j = 0; j < aCols; ++j) {
            const QJsonValue want = transposed ? e[j].toArray()[i] : e[i].toArray()[j];
            const QJsonValue got = row[j];
            const QString cell = where + QString("[%1][%2]").arg(i).arg(j);
            if (want.isNull()) {
                if (!got.isNull())
                    return cell + ": expected null (masked), got " +
                           QString::number(got.toDouble());
                continue;
            }
            if (!got.isDouble())
                return cell + ": expected a number";
            const double b = want.toDouble(), v = got.toDouble();
            if (!(std::abs(v - b) <= 1e-9 * std::max(1.0, std::abs(b))))
                return cell + QString(": %1, expected %2").arg(v, 0, 'g', 17).arg(b, 0, 'g', 17);
        }
    }
    return {};
}

// Every matrix of the reference layout: heads[].Q … output, concat, output.
inline QString compareResult(const QJsonObject &actual, const QJsonObject &expected,
                             bool transposed) {
    const QJsonArray heads = expected["heads"].toArray(), got = actual["heads"].toArray();
    if (got.size() != heads.size())
        return QString("%1 heads, expected %2").arg(got.size()).arg(heads.size());
    for (qsizetype h = 0; h < heads.size(); ++h) {
        for (const char *name : kMatrices) {
            const QString error =
                compareMatrix(got[h].toObject()[name], heads[h].toObject()[name], transposed,
                              QString("heads[%1].%2").arg(h).arg(name));
            if (!error.isEmpty())
                return error;
        }
    }
    for (const char *name : {"concat", "output"}) {
        const QString error = compareMatrix(actual[name], expected[name], transposed, name);
        if (!error.isEmpty())
            return error;
    }
    return {};
}

// The numbers with a decimal point on a line of an explain table, in order (so token labels
// such as "t1" and indices such as "[0,k]" are not picked up).
inline QList<double> numbersIn(const QString &line) {
    static const QRegularExpression number(QStringLiteral("-?\\d+\\.\\d+"));
    QList<double> out;
    for (const QRegularExpressionMatch &m : number.globalMatch(line))
        out << m.captured().toDouble();
    return out;
}

// The table line that starts with `first` followed by the label (e.g. "0.9596  t1"), or the
// line whose first word is `label` when firstIsNumber is false.
inline QString tableLine(const QStringList &lines, const QString &label, bool firstIsNumber) {
    const QRegularExpression pattern(
        firstIsNumber ? "^\\s*-?\\d+\\.\\d+\\s+" + QRegularExpression::escape(label) + "\\s"
                      : "^\\s*" + QRegularExpression::escape(label) + "\\s");
    for (const QString &line : lines)
        if (pattern.match(line).hasMatch())
            return line;
    return {};
}

// Empty when `line` holds exactly `expected` as printed with 4 decimals.
inline QString compareNumbers(const QString &line, const QList<double> &expected) {
    const QList<double> got = numbersIn(line);
    if (got.size() != expected.size())
        return QString("%1 numbers, expected %2 in: %3")
            .arg(got.size())
            .arg(expected.size())
            .arg(line);
    for (qsizetype i = 0; i < got.size(); ++i)
        if (std::abs(got[i] - expected[i]) > 0.5e-4 + 1e-12)
            return QString("number %1 is %2, expected %3 in: %4")
                .arg(i)
                .arg(got[i])
                .arg(expected[i], 0, 'f', 6)
                .arg(line);
    return {};
}

inline QList<double> rowOf(const QJsonValue &matrix, int i) {
    QList<double> out;
    for (const QJsonValue v : matrix.toArray()[i].toArray())
        out << v.toDouble();
    return out;
}

inline QList<double> columnOf(const QJsonValue &matrix, int j) {
    QList<double> out;
    for (const QJsonValue row : matrix.toArray())
        out << row.toArray()[j].toDouble();
    return out;
}

inline QList<double> scaled(QList<double> v, double factor) {
    for (double &x : v)
        x *= factor;
    return v;
}

inline QString workedExampleFile() {
    return referenceDir() + "/worked_example_4x4.json";
}

// The worked example's inputs with a mask: query t2 sees no key at all, t0 sees all but t3.
inline QByteArray maskedWorkedExample(QJsonObject inputs) {
    inputs["mask"] = QJsonArray{QJsonArray{0, 0, 0, 1}, QJsonArray{0, 0, 0, 0},
                                QJsonArray{1, 1, 1, 1}, QJsonArray{0, 0, 0, 0}};
    return QJsonDocument(QJsonObject{{"inputs", inputs}}).toJson();
}

} // namespace testsupport
