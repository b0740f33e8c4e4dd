#include "CellText.h"

#include <algorithm>
#include <cmath>

namespace {

const QChar kMinus(0x2212);

QString typographic(QString text) {
    text.replace(QLatin1Char('-'), kMinus);
    return text;
}

QString nonFinite(double value) {
    if (std::isnan(value))
        return QStringLiteral("NaN");
    return value < 0 ? QString(kMinus) + QChar(0x221E) : QString(QChar(0x221E));
}

// "1.23e+05" -> "1.23e5", "4.5e-05" -> "4.5e−5".
QString compactScientific(double value, int decimals) {
    QString text = QString::number(value, 'e', decimals);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e < 0)
        return typographic(text);
    QString mantissa = text.left(e);
    QString exponent = text.mid(e + 1);
    const bool negative = exponent.startsWith(QLatin1Char('-'));
    exponent.remove(0, 1); // sign
    while (exponent.size() > 1 && exponent.startsWith(QLatin1Char('0')))
        exponent.remove(0, 1);
    return typographic(mantissa + QLatin1Char('e') + (negative ? QStringLiteral("-") : QString()) +
                       exponent);
}

double channel(int c) {
    const double s = c / 255.0;
    return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}

} // namespace

QString formatCellValue(double value) {
    if (!std::isfinite(value))
        return nonFinite(value);
    if (value == 0.0)
        return QStringLiteral("0");
    const double magnitude = std::abs(value);
    if (magnitude < 5e-5 || magnitude >= 1e5)
        return compactScientific(value, 1);
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    const int decimals = std::clamp(2 - exponent, 0, 4);
    return typographic(QString::number(value, 'f', decimals));
}

QString formatPreciseValue(double value) {
    if (!std::isfinite(value))
        return nonFinite(value);
    return typographic(QString::number(value, 'g', 6));
}

QColor contrastingTextColor(QColor background) {
    const double luminance = 0.2126 * channel(background.red()) +
                             0.7152 * channel(background.green()) +
                             0.0722 * channel(background.blue());
    // Contrast ratios against black (L = 0) and white (L = 1); pick the larger.
    const double withBlack = (luminance + 0.05) / 0.05;
    const double withWhite = 1.05 / (luminance + 0.05);
    return withBlack >= withWhite ? QColor(Qt::black) : QColor(Qt::white);
}
