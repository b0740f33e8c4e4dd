// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace attn::ui {

// Every question the session features ask the user, as replaceable functions: the defaults
// show message boxes and file dialogs; tests (and --screenshot runs) put in their own answers.
struct SessionPrompts {
    enum class Choice { Save, Discard, Cancel };

    // "Save the changes to <documentName>?"
    std::function<Choice(const QString &documentName)> unsavedChanges;
    // A previous run left unsaved work; true = restore it. `question` says what and when.
    std::function<bool(const QString &question)> restoreRecovery;
    // A refused file, a failed save.
    std::function<void(const QString &message)> warning;
    // The file to open / to save to; empty = cancelled.
    std::function<QString(const QString &directory)> openFileName;
    std::function<QString(const QString &suggestedPath)> saveFileName;

    // Message boxes and file dialogs parented to `parent`.
    static SessionPrompts dialogs(QWidget *parent);
};

} // namespace attn::ui
