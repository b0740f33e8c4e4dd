// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace attn::ui {

class Document;

// The message under an editor that says why an entry was refused and that nothing changed.
// It is about the entry just made, so any later change of the document (an edit elsewhere, an
// undo, a preset) hides it. Hidden until refuse() is called. The editor may sit below the part
// of its panel in view: refuse() also shows the whole message in a bubble at the cell that was
// edited, and says it with refused() (the window puts it in the status bar).
class RefusalLabel : public QLabel {
    Q_OBJECT
public:
    RefusalLabel(Document *document, QWidget *parent);

    // `at` and `cell` (in `at`'s coordinates): where the bubble points; none, no bubble.
    void refuse(const QString &message, QWidget *at = nullptr, const QRect &cell = {});
    void dismiss();
    // The message while it is shown, "" otherwise.
    QString shown() const;

signals:
    void refused(const QString &message);

private:
    QString m_bubble; // the message of the bubble this label showed, until dismissed
};

} // namespace attn::ui
