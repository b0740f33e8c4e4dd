// SPDX-License-Identifier: GPL-3.0-or-later
#include "InsightSupport.h"

#include "Notation.h"
#include "document/Document.h"

#include <QColor>
#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace attn::ui {

namespace insight {

int headOf(const Document &doc, const attn::AttentionResult &result) {
    if (result.heads.empty())
        return -1;
    return std::clamp(doc.selection().currentHead(), 0, int(result.heads.size()) - 1);
}

QString vectorText(const attn::RowVector &v, int digits, int maxEntries) {
    QStringList parts;
    const int n = int(v.size());
    for (int k = 0; k < n && k < maxEntries; ++k)
        parts << attn::notation::number(v(k), digits);
    if (n > maxEntries)
        parts << QCoreApplication::translate("InsightSupport", "\u2026 %1 entries").arg(n);
    return "(" + parts.join(", ") + ")";
}

QColor categoryColor(int index) {
    // Okabe & Ito (2008): blue, orange, bluish green, reddish purple, vermillion, sky blue, black.
    static const std::array<QRgb, 7> colors = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7,
                                               0xD55E00, 0x56B4E9, 0x000000};
    return QColor::fromRgb(colors[size_t(index) % colors.size()]);
}

bool isLarge(const attn::AttentionResult &result) {
    double cells = 0;
    for (const attn::HeadResult &h : result.heads)
        cells += double(h.queryCount()) * double(h.keyCount());
    return cells > 256.0 * 1024.0;
}

} // namespace insight

} // namespace attn::ui
