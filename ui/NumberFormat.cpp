#include "NumberFormat.h"

#include "Matrix.h"

#include <QLocale>

#include <cmath>

QString compactNumber(double value) {
    if (!std::isfinite(value))
        return QLocale::c().toString(value);
    const double magnitude = std::abs(value);
    if (value != 0 && (magnitude < 5e-5 || magnitude >= 1e7))
        return QLocale::c().toString(value, 'g', 4);
    QString text = QLocale::c().toString(value, 'f', 4);
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

QString exactNumber(double value) {
    return QLocale::c().toString(value, 'g', QLocale::FloatingPointShortest);
}

std::optional<double> parseNumber(const QString &text) {
    QString t = text.trimmed();
    t.replace(QChar(0x2212), u'-');
    if (t.isEmpty())
        return std::nullopt;
    bool ok = false;
    double v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        v = QLocale().toDouble(t, &ok);
    if (!ok)
        return std::nullopt;
    return v;
}

QString valueProblem(double value) {
    if (!std::isfinite(value))
        return QStringLiteral("is not a finite number");
    if (std::abs(value) > attn::kMaxAbsInput)
        return QStringLiteral("is too large (values must lie within \u00b11e15)");
    return {};
}
