// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

class Document;

// The message under an editor that says why an entry was refused and that nothing changed.
// It is about the entry just made, so any later change of the document (an edit elsewhere, an
// undo, a preset) hides it. Hidden until refuse() is called.
class RefusalLabel : public QLabel {
    Q_OBJECT
public:
    RefusalLabel(Document *document, QWidget *parent);

    void refuse(const QString &message);
    void dismiss();
    // The message while it is shown, "" otherwise.
    QString shown() const;
};
