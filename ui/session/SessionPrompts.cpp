// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionPrompts.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>

namespace attn::ui {

namespace {

// Sessions are ".attnviz" files (JSON inside, a MIME type of their own once installed); the
// ".json" of older sessions and reference cases still opens, and can still be chosen to save.
QString openFilter() {
    return QCoreApplication::translate("SessionPrompts",
                                       "attnviz sessions (*.attnviz *.json);;All files (*)");
}

QString saveFilter() {
    return QCoreApplication::translate(
        "SessionPrompts", "attnviz session (*.attnviz);;attnviz session as JSON (*.json)");
}

} // namespace

SessionPrompts SessionPrompts::dialogs(QWidget *parent) {
    QPointer<QWidget> owner(parent);
    SessionPrompts p;
    p.unsavedChanges = [owner](const QString &name) {
        QMessageBox box(
            QMessageBox::Warning, QStringLiteral("attnviz"),
            QCoreApplication::translate("SessionPrompts", "Save the changes to \u201c%1\u201d?")
                .arg(name),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, owner);
        box.setObjectName("unsavedChangesBox");
        box.setInformativeText(QCoreApplication::translate(
            "SessionPrompts", "Your changes are lost if you don't save them."));
        box.setDefaultButton(QMessageBox::Save);
        switch (box.exec()) {
        case QMessageBox::Save:
            return Choice::Save;
        case QMessageBox::Discard:
            return Choice::Discard;
        default:
            return Choice::Cancel;
        }
    };
    p.restoreRecovery = [owner](const QString &question) {
        QMessageBox box(QMessageBox::Question, QStringLiteral("attnviz"), question,
                        QMessageBox::NoButton, owner);
        box.setObjectName("restoreBox");
        QPushButton *restore = box.addButton(
            QCoreApplication::translate("SessionPrompts", "&Restore"), QMessageBox::AcceptRole);
        box.addButton(QCoreApplication::translate("SessionPrompts", "&Discard"),
                      QMessageBox::DestructiveRole);
        box.setDefaultButton(restore);
        box.exec();
        return box.clickedButton() == restore;
    };
    p.warning = [owner](const QString &message) {
        QMessageBox::warning(owner, QStringLiteral("attnviz"), message);
    };
    p.openFileName = [owner](const QString &directory) {
        return QFileDialog::getOpenFileName(
            owner, QCoreApplication::translate("SessionPrompts", "Open session"), directory,
            openFilter());
    };
    p.saveFileName = [owner](const QString &suggested) {
        QFileDialog dialog(owner, QCoreApplication::translate("SessionPrompts", "Save session"),
                           suggested, saveFilter());
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        // The suffix of the chosen filter is added to a bare name, before the overwrite question.
        const bool json = suggested.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive);
        dialog.selectNameFilter(saveFilter().split(QStringLiteral(";;")).value(json ? 1 : 0));
        dialog.setDefaultSuffix(json ? QStringLiteral("json") : QStringLiteral("attnviz"));
        QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog,
                         [&dialog](const QString &filter) {
                             dialog.setDefaultSuffix(filter.contains(QStringLiteral("*.json"))
                                                         ? QStringLiteral("json")
                                                         : QStringLiteral("attnviz"));
                         });
        if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
            return QString();
        return dialog.selectedFiles().constFirst();
    };
    return p;
}

} // namespace attn::ui
