#include "InsightSupport.h"

#include "Document.h"

#include <QColor>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>

namespace insight {

int headOf(const Document &doc, const attn::AttentionResult &result) {
    if (result.heads.empty())
        return -1;
    return std::clamp(doc.currentHead(), 0, int(result.heads.size()) - 1);
}

QString num(double value, int digits) {
    if (std::isinf(value))
        return value < 0 ? "\u2212\u221e" : "\u221e";
    if (value == 0)
        return "0"; // never "-0"
    QString s = QString::number(value, 'g', digits);
    if (s.startsWith('-'))
        s.replace(0, 1, QChar(0x2212));
    // "2.09882e+07" → "2.09882e7", "1.1e-16" → "1.1e−16"
    static const QRegularExpression exponent("e([+-])0*(\\d)");
    s.replace(exponent, "e\\1\\2");
    return s.replace("e+", "e").replace("e-", "e\u2212");
}

QString vectorText(const attn::RowVector &v, int digits, int maxEntries) {
    QStringList parts;
    const int n = int(v.size());
    for (int k = 0; k < n && k < maxEntries; ++k)
        parts << num(v(k), digits);
    if (n > maxEntries)
        parts << QString("\u2026 %1 entries").arg(n);
    return "(" + parts.join(", ") + ")";
}

QColor categoryColor(int index) {
    // Okabe & Ito (2008): blue, orange, bluish green, reddish purple, vermillion, sky blue, black.
    static const std::array<QRgb, 7> colors = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7,
                                               0xD55E00, 0x56B4E9, 0x000000};
    return QColor::fromRgb(colors[size_t(index) % colors.size()]);
}

} // namespace insight
