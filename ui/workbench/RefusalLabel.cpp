// SPDX-License-Identifier: GPL-3.0-or-later
#include "RefusalLabel.h"

#include "document/Document.h"

#include <QPointer>
#include <QTimer>
#include <QToolTip>

namespace attn::ui {

RefusalLabel::RefusalLabel(Document *document, QWidget *parent) : QLabel(parent) {
    setWordWrap(true);
    setStyleSheet(
        QStringLiteral("QLabel { color: #8a1010; background: #fdeaea; border: 1px solid #e4a9a9;"
                       " border-radius: 3px; padding: 2px 4px; }"));
    // Keep the editor as wide as its contents: a long message wraps instead of widening it.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    hide();
    connect(document, &Document::changed, this, &RefusalLabel::dismiss);
}

void RefusalLabel::refuse(const QString &message, QWidget *at, const QRect &cell) {
    setText(message);
    show();
    if (at && at->isVisible()) {
        // Just below the cell, whole (the label under the table may be scrolled out of view
        // or cut off by its panel's width). On the next turn of the event loop: the cell's
        // editor closes after its entry was refused, and the focus going back to the table
        // would take a bubble shown now away at once.
        m_bubble = message;
        const QPoint below = at->mapToGlobal((cell.isValid() ? cell : at->rect()).bottomLeft());
        QTimer::singleShot(0, this, [this, at = QPointer<QWidget>(at), below, message] {
            if (at && m_bubble == message)
                QToolTip::showText(below, message, at);
        });
    }
    emit refused(message);
}

void RefusalLabel::dismiss() {
    if (!m_bubble.isEmpty() && QToolTip::isVisible() && QToolTip::text() == m_bubble)
        QToolTip::hideText();
    m_bubble.clear();
    if (isHidden() && text().isEmpty())
        return; // nothing shown: clearing would still ask for a new layout (every edit)
    hide();
    clear();
}

QString RefusalLabel::shown() const {
    return isHidden() ? QString() : text();
}

} // namespace attn::ui
