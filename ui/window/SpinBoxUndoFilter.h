// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QKeyEvent;
class QWidget;

namespace attn::ui {

// Lets the window's Undo and Redo win over a focused spin box. A spin box's line edit accepts
// Ctrl+Z as its own text undo, so after typing "6" + Enter into "tokens n" the shortcut did
// nothing although Edit › Undo was enabled. Once the typed value is applied the typing is part
// of the document's history, so the shortcut goes to the window; while a number is still being
// typed (not yet applied), Ctrl+Z stays the line edit's text undo.
class SpinBoxUndoFilter : public QObject {
    Q_OBJECT
public:
    // Filters the application's events for spin boxes inside `window`.
    explicit SpinBoxUndoFilter(QWidget *window);

    static bool isUndoOrRedo(const QKeyEvent *event);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window;
};

} // namespace attn::ui
