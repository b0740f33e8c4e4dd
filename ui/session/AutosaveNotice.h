// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace attn::ui {

// A notice in the status bar that autosaving failed (a full disk, a folder that went away): it
// stays until the user dismisses it or an autosave succeeds again, unlike a status message
// that fades. The Autosaver keeps trying meanwhile; the notice is shown once per run of
// failures, so a failing disk does not flash it at every attempt.
class AutosaveNotice : public QFrame {
    Q_OBJECT
public:
    explicit AutosaveNotice(QWidget *parent = nullptr);

    // A failure: shown unless this run of failures was already told (or dismissed).
    // Returns whether it was shown now.
    bool report(const QString &reason);
    // An autosave worked: hides the notice, and the next failure is told again.
    void recovered();
    void dismiss();

    QString message() const; // while shown; "" otherwise
    QToolButton *dismissButton() const { return m_dismiss; }

private:
    QLabel *m_text;
    QToolButton *m_dismiss;
    bool m_told = false;
};

} // namespace attn::ui
