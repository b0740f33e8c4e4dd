// SPDX-License-Identifier: GPL-3.0-or-later
#include "Notation.h"

#include "NumberText.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace attn::notation {

namespace {

const QChar kMinus(0x2212);
const QChar kInfinity(0x221E);

// "−∞", "∞", "NaN": the display styles' non-finite values.
QString nonFinite(double value) {
    if (std::isnan(value))
        return QStringLiteral("NaN");
    return value < 0 ? QString(kMinus) + kInfinity : QString(kInfinity);
}

// Below half of 0.0001 a value rounds to "0.0000": the classroom styles write what it is
// bounded by, never an exponent. `space`: running text ("≤ 0.0001"), not a cell ("≤0.0001").
// "≤" and "≥", not "<" and ">": these texts go into rich text (lessons, derivations, exercises),
// where Qt reads a "<" as the start of a tag and drops the text after it.
QString belowSmallest(double value, bool space, int decimals = 4) {
    const QString bound = QString::number(std::pow(10.0, -decimals), 'f', decimals);
    const QString gap = space ? QStringLiteral(" ") : QString();
    return value > 0 ? QString(QChar(0x2264)) + gap + bound
                     : QString(QChar(0x2265)) + gap + kMinus + bound;
}

// Fixed decimals with trailing zeros dropped ("0.5", "120000", "0.3333"): 'g' without its
// exponent.
QString withoutTrailingZeros(double value, int decimals) {
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    return typographic(text);
}

// Beyond it even fixed digits no longer help (a number of 16 digits); only then an exponent.
constexpr double kLargestFixed = 1e15;

} // namespace

QString typographic(const QString &ascii) {
    if (ascii == QLatin1String("nan") || ascii == QLatin1String("-nan"))
        return QStringLiteral("NaN");
    QString out;
    out.reserve(ascii.size());
    for (qsizetype i = 0; i < ascii.size(); ++i) {
        const QChar c = ascii[i];
        if (c == u'-') {
            out += kMinus;
        } else if (c == u'e' && i + 1 < ascii.size() &&
                   (ascii[i + 1] == u'+' || ascii[i + 1] == u'-' || ascii[i + 1].isDigit())) {
            // An exponent: its sign only when negative, no leading zeros ("e+07" → "e7").
            out += u'e';
            ++i;
            if (ascii[i] == u'-')
                out += kMinus;
            if (!ascii[i].isDigit())
                ++i;
            while (i + 1 < ascii.size() && ascii[i] == u'0' && ascii[i + 1].isDigit())
                ++i;
            --i; // the loop's ++i moves on to the exponent's first digit
        } else if (c == u'i' && ascii.mid(i, 3) == QLatin1String("inf")) {
            out += kInfinity;
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

QString cell(double value) {
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    if (magnitude < 5e-5)
        return belowSmallest(value, false);
    if (magnitude >= kLargestFixed)
        return typographic(QString::number(value, 'e', 1));
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    const int decimals = std::clamp(2 - exponent, 0, 4);
    return typographic(QString::number(value, 'f', decimals));
}

QString compactCell(double value) {
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    if (magnitude < 0.005)
        return QStringLiteral("0.00"); // as a weight reads: "≥−0.01" would not fit either
    if (magnitude >= kLargestFixed)
        return typographic(QString::number(value, 'e', 0));
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    return withoutTrailingZeros(value, std::clamp(1 - exponent, 0, 2));
}

QString tightCell(double value) {
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0.0)
        return QStringLiteral("0");
    QString text = QString::number(value, 'f', std::abs(value) < 9.95 ? 1 : 0);
    // "−0.0": a value that rounds to zero reads as zero.
    if (text.startsWith('-') && text.toDouble() == 0.0)
        text.remove(0, 1);
    return typographic(text);
}

QString weight(double value, int decimals) {
    if (!std::isfinite(value))
        return nonFinite(value);
    decimals = std::clamp(decimals < 0 ? 3 : decimals, 0, 6);
    QString text = QString::number(value, 'f', decimals);
    // "−0.000": any value that rounds to zero reads as zero.
    if (text.startsWith('-') && text.toDouble() == 0.0)
        text.remove(0, 1);
    return typographic(text);
}

QString weightBeside(double value, int decimals) {
    decimals = std::clamp(decimals < 0 ? 3 : decimals, 0, 6);
    const double smallest = std::pow(10.0, -decimals);
    if (value > 0 && value < 0.5 * smallest)
        return QString(QChar(0x2264)) + weight(smallest, decimals);
    return weight(value, decimals);
}

QString cell(double value, int decimals) {
    if (decimals < 0)
        return cell(value);
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0.0)
        return QStringLiteral("0");
    decimals = std::min(decimals, 6);
    const double magnitude = std::abs(value);
    // A value that would round to 0 reads as what it is bounded by ("<0.01"), not "0.00".
    if (magnitude < 0.5 * std::pow(10.0, -decimals))
        return belowSmallest(value, false, decimals);
    if (magnitude >= kLargestFixed)
        return typographic(QString::number(value, 'e', std::max(1, decimals)));
    return typographic(QString::number(value, 'f', decimals));
}

QString sum(const QStringList &terms) {
    QString text;
    for (qsizetype k = 0; k < terms.size(); ++k) {
        const QString &term = terms[k];
        if (k == 0)
            text += term;
        else if (term.startsWith(kMinus))
            text += QStringLiteral(" ") + kMinus + QStringLiteral(" ") + term.mid(1);
        else
            text += QStringLiteral(" + ") + term;
    }
    return text;
}

QString precise(double value) {
    return number(value, 6);
}

QString number(double value, int digits) {
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0)
        return QStringLiteral("0"); // never "−0": the sign of a zero only confuses
    const double magnitude = std::abs(value);
    if (magnitude < 5e-5)
        return belowSmallest(value, true);
    if (magnitude >= kLargestFixed)
        return typographic(QString::number(value, 'g', digits));
    // `digits` significant digits as fixed decimals, at most two more than digits (0.000123
    // stays readable, 0.0000512 is the smallest written out).
    digits = std::max(digits, 1);
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    const int decimals = std::clamp(digits - 1 - exponent, 0, digits + 2);
    return withoutTrailingZeros(value, decimals);
}

QString editor(double value) {
    if (!std::isfinite(value))
        return exact(value);
    const double magnitude = std::abs(value);
    if (value != 0 && (magnitude < 5e-5 || magnitude >= 1e7))
        return QString::number(value, 'g', 4);
    QString text = QString::number(value, 'f', 4);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    if (text == QStringLiteral("-0"))
        text = QStringLiteral("0"); // -0.00001 rounds to "-0": the sign would only confuse
    return text;
}

QString exact(double value) {
    return QString::fromStdString(shortestNumber(value));
}

std::string fixed(double value, int decimals) {
    if (!std::isfinite(value))
        return shortestNumber(value);
    char buffer[400]; // 1e308 in fixed form needs 309 digits; the scientific branch avoids that
    const auto format =
        std::abs(value) >= 1e9 ? std::chars_format::scientific : std::chars_format::fixed;
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, format, decimals);
    std::string text(buffer, result.ptr);
    // A tiny negative value rounds to "-0.0000", which reads as a sign error in a table.
    if (text.front() == '-' && text.find_first_not_of("-0.") == std::string::npos)
        text.erase(0, 1);
    return text;
}

} // namespace attn::notation
