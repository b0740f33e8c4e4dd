// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpinBoxUndoFilter.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSpinBox>

#include <cmath>

namespace attn::ui {

namespace {

// The spin box a watched object belongs to: the box itself or the line edit inside it.
QAbstractSpinBox *spinBoxOf(QObject *watched) {
    if (auto *box = qobject_cast<QAbstractSpinBox *>(watched))
        return box;
    if (qobject_cast<QLineEdit *>(watched))
        return qobject_cast<QAbstractSpinBox *>(watched->parent());
    return nullptr;
}

// Whether the box shows text that is not its value yet (typed, Enter not pressed): then Ctrl+Z
// is the text's own undo.
bool hasUnappliedText(const QAbstractSpinBox *box) {
    if (!box->specialValueText().isEmpty() && box->text() == box->specialValueText())
        return false;
    const QLocale locale = box->locale();
    QString typed = box->text();
    if (auto *spin = qobject_cast<const QSpinBox *>(box)) {
        typed = spin->cleanText().remove(locale.groupSeparator());
        bool ok = false;
        const int value = locale.toInt(typed, &ok);
        return !ok || value != spin->value();
    }
    if (auto *spin = qobject_cast<const QDoubleSpinBox *>(box)) {
        typed = spin->cleanText().remove(locale.groupSeparator());
        bool ok = false;
        const double value = locale.toDouble(typed, &ok);
        return !ok || std::abs(value - spin->value()) > 0.5 * std::pow(10.0, -spin->decimals());
    }
    return false; // other kinds apply as they are edited
}

} // namespace

SpinBoxUndoFilter::SpinBoxUndoFilter(QWidget *window) : QObject(window), m_window(window) {
    qApp->installEventFilter(this);
}

bool SpinBoxUndoFilter::isUndoOrRedo(const QKeyEvent *event) {
    const QKeyCombination key = event->keyCombination();
    const QKeySequence pressed(
        QKeyCombination(key.keyboardModifiers() & ~Qt::KeypadModifier, key.key()));
    return event->matches(QKeySequence::Undo) || event->matches(QKeySequence::Redo) ||
           pressed == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
}

bool SpinBoxUndoFilter::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() != QEvent::ShortcutOverride)
        return false;
    QAbstractSpinBox *box = spinBoxOf(watched);
    if (!box || box->window() != m_window || box->isReadOnly())
        return false;
    if (!isUndoOrRedo(static_cast<QKeyEvent *>(event)) || hasUnappliedText(box))
        return false;
    // Not overridden: the key goes on to the window's shortcut (Edit › Undo / Redo).
    event->ignore();
    return true;
}

} // namespace attn::ui
