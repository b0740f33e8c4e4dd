// SPDX-License-Identifier: GPL-3.0-or-later
#include "RefusalLabel.h"

#include "model/Document.h"

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

void RefusalLabel::refuse(const QString &message) {
    setText(message);
    show();
}

void RefusalLabel::dismiss() {
    if (isHidden() && text().isEmpty())
        return; // nothing shown: clearing would still ask for a new layout (every edit)
    hide();
    clear();
}

QString RefusalLabel::shown() const {
    return isHidden() ? QString() : text();
}
