// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The text handling that byte-level BPE's encoding (ByteLevelBpe) and its training (BpeTrainer)
// must share exactly, or a trained tokenizer would not encode its own corpus as it was trained.

#include <QRegularExpression>
#include <QString>
#include <QStringView>

namespace attn {

// Unpaired surrogates (possible in a QString, never in UTF-8) become U+FFFD, so the regular
// expressions, which need valid UTF-16, see the text UTF-8 would give.
QString validUtf16(const QString &text);

// The matches of `re` in `s` and the text between them, in order (a Split pre-tokenizer's
// "Isolated" behaviour; GPT-2's pattern leaves nothing between): `visit(QStringView)` for each.
template <typename Visit>
void forEachIsolated(const QRegularExpression &re, const QString &s, Visit &&visit) {
    qsizetype last = 0;
    QRegularExpressionMatchIterator it = re.globalMatch(s);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype start = m.capturedStart(), length = m.capturedLength();
        if (length == 0)
            continue;
        if (start > last)
            visit(QStringView(s).mid(last, start - last));
        visit(QStringView(s).mid(start, length));
        last = start + length;
    }
    if (last < s.size())
        visit(QStringView(s).mid(last));
}

} // namespace attn
