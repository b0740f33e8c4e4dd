// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QByteArray>
#include <QJsonValue>

// The pieces of the session writer (Session.cpp): indented JSON with every array of plain values
// (a matrix row, the token labels) on one line, so a matrix reads as rows and a 4096 × 768 X
// takes 4096 lines. Matrices are written straight into the bytes: building a QJsonArray of
// QJsonValues first made a save of 4096 tokens × 768 features take about a second of CPU
// (every number became a QCborValue before it was formatted), and the autosave did it every 20
// edits.
namespace attn::json {

// A double exactly as QJsonDocument writes it, so files stay byte for byte what they were: a
// whole number of magnitude ≤ 2⁵³ as an integer ("3", "-0" as "0"), otherwise the shortest text
// that reads back to the same double, in fixed or exponent notation, whichever is shorter (fixed
// on a tie: "0.0001234", "1e-05", "1e+16", "123456789012345680"); NaN and ±infinity (which
// JSON cannot hold) as null.
void appendNumber(QByteArray &out, double v);

// A matrix as an array of rows, each on its own line indented by indent + 2 ("[]" without rows);
// `indent` is the indentation of the line the matrix starts on.
void appendMatrix(QByteArray &out, const Matrix &m, int indent);
// A mask the same way, a cell as 1 or 0.
void appendMask(QByteArray &out, const Mask &mask, int indent);

// Any JSON value in the same layout (the view state, the options).
void appendValue(QByteArray &out, const QJsonValue &value, int indent);

// An object or array written member by member: its opening bracket, each member on a line of
// its own at indent + 2 (the value written by the caller, at inner()), then the closing bracket
// on a line at `indent` ("{}" or "[]" with no member).
class Block {
public:
    enum Kind { Object, Array };
    Block(QByteArray &out, int indent, Kind kind);
    // Starts an object's member: `"name": `; a name in plain ASCII needing no escapes (the
    // session's own keys).
    void key(const char *name) { writeKey(name); }
    // The same for any text as a name, escaped as QJsonDocument escapes it.
    void key(const QString &name);
    // Starts an array's element.
    void item();
    int inner() const { return m_indent + 2; }
    void close();

private:
    void next();
    void writeKey(QByteArrayView escaped);

    QByteArray &m_out;
    int m_indent;
    Kind m_kind;
    bool m_empty = true;
};

} // namespace attn::json
