// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenStrip.h"

#include <QPalette>

namespace attn::ui {

TokenStrip::TokenStrip(QWidget *parent) : QLabel(parent) {
    setObjectName("tokenStrip");
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::NoTextInteraction);
}

void TokenStrip::setTokens(const std::vector<attn::Token> &tokens) {
    m_pieces = attn::displayLabels(tokens);
    // Rich text: a word's pieces touch (no space between them, so a line never breaks inside a
    // word), their backgrounds alternate so each piece shows; words are separated by a space.
    const QPalette pal = palette();
    const QString shades[2] = {pal.color(QPalette::Base).darker(112).name(),
                               pal.color(QPalette::Base).darker(128).name()};
    const QString special = pal.color(QPalette::PlaceholderText).name();
    QString html;
    const std::size_t n = tokens.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (n > 2 * kEnds && i == kEnds) { // the middle of a long text, counted
            html += QLatin1Char(' ') +
                    tr("<i>… %1 more tokens …</i>").arg(qlonglong(n - 2 * kEnds)) +
                    QLatin1Char(' ');
            i = n - kEnds - 1;
            continue;
        }
        const attn::Token &t = tokens[i];
        if (i > 0 && (t.wordStart || t.special || tokens[i - 1].special))
            html += QLatin1Char(' ');
        else if (i > 0)
            html += QChar(0x200b); // a line may break between the pieces of a long word (ids)
        html += QStringLiteral("<span style=\"background-color:%1;%2\">&nbsp;%3&nbsp;</span>")
                    .arg(shades[i % 2],
                         t.special ? QStringLiteral("color:%1;font-style:italic").arg(special)
                                   : QString(),
                         m_pieces[qsizetype(i)].toHtmlEscaped());
    }
    setText(html);
}

} // namespace attn::ui
