// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the session, preset and presentation tests: settings and recovery files kept out of
// the user's own, and a window whose questions are answered by the test.

#include "document/Document.h"
#include "session/SessionController.h"
#include "window/WindowAssembler.h"

#include <QCoreApplication>
#include <QDir>
#include <QMainWindow>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace testsupport {

// Before the QApplication: QSettings and QStandardPaths go to ~/.qttest, under a name of this
// test's own, and recovery files to a fresh temporary folder (inherited by child processes).
inline void isolate(const char *applicationName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("attnviz-tests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(applicationName));
    if (qEnvironmentVariableIsEmpty("ATTNVIZ_RECOVERY_DIR")) {
        static QTemporaryDir recovery;
        qputenv("ATTNVIZ_RECOVERY_DIR", recovery.path().toLocal8Bit());
    }
}

inline QString recoveryDir() {
    return qEnvironmentVariable("ATTNVIZ_RECOVERY_DIR");
}

// Empties the settings and the recovery folder (call in init()).
inline void resetState() {
    // Without isolate() the recovery folder would be the working directory, emptied below.
    if (recoveryDir().isEmpty())
        qFatal("testsupport::resetState: call testsupport::isolate() before the QApplication");
    QSettings().clear();
    QSettings().sync();
    QDir dir(recoveryDir());
    for (const QString &f : dir.entryList(QDir::Files | QDir::Hidden))
        dir.remove(f);
}

inline QStringList recoveryFiles() {
    return QDir(recoveryDir()).entryList({QStringLiteral("session-*.json")}, QDir::Files);
}

// The whole program, its session questions answered and counted by the test.
struct Harness {
    WindowAssembler workbench;
    QMainWindow &window = workbench.window();
    SessionController *session = &workbench.session();
    QStringList warnings;
    QStringList unsavedQuestions;
    SessionPrompts::Choice answer = SessionPrompts::Choice::Cancel;
    QStringList restoreQuestions;
    bool restore = true;
    QString openPath, savePath;
    QString suggestedSavePath; // what Save As proposed

    Harness() {
        SessionPrompts &p = session->prompts();
        p.warning = [this](const QString &m) { warnings << m; };
        p.unsavedChanges = [this](const QString &name) {
            unsavedQuestions << name;
            return answer;
        };
        p.restoreRecovery = [this](const QString &q) {
            restoreQuestions << q;
            return restore;
        };
        p.openFileName = [this](const QString &) { return openPath; };
        p.saveFileName = [this](const QString &suggested) {
            suggestedSavePath = suggested;
            return savePath;
        };
    }
    Document *doc() { return &workbench.document(); }
};

} // namespace testsupport
