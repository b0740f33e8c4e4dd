// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorksheetFeatures.h"

#include "ExportNotices.h"
#include "InputError.h"
#include "document/Document.h"
#include "document/ExportDirectory.h"
#include "document/Recomputer.h"
#include "io/AtomicFile.h"
#include "shell/Shell.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>

namespace attn::ui {

namespace {

// How many exercises and which sheet; false when cancelled.
bool askOptions(QWidget *parent, WorksheetOptions &options) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QCoreApplication::translate("WorksheetFeatures", "Worksheet"));
    auto *count = new QSpinBox;
    count->setRange(1, attn::kMaxExercises);
    count->setValue(options.count);
    auto *seed = new QSpinBox;
    seed->setRange(1, 999999);
    seed->setValue(int(options.seed));
    seed->setToolTip(QCoreApplication::translate(
        "WorksheetFeatures", "The same sheet number gives the same exercises: print it again, or "
                             "pick another number for another sheet"));
    auto *form = new QFormLayout(&dialog);
    form->addRow(QCoreApplication::translate("WorksheetFeatures", "Exercises:"), count);
    form->addRow(QCoreApplication::translate("WorksheetFeatures", "Sheet number:"), seed);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    options.count = count->value();
    options.seed = std::uint64_t(seed->value());
    return true;
}

} // namespace

QString exportWorksheet(const ResultSnapshot &snapshot, const QString &path,
                        const WorksheetOptions &options) {
    if (!snapshot.isValid())
        return path + ": " +
               QCoreApplication::translate("WorksheetFeatures", "nothing is computed yet");
    try {
        const Worksheet sheet = makeWorksheet(*snapshot.inputs, *snapshot.result, options);
        return attn::writeFileAtomically(path, sheet.pdf);
    } catch (const attn::InputError &e) {
        return path + ": " + QString::fromStdString(e.what());
    }
}

void installWorksheetFeatures(Shell &shell, Document &document, Recomputer &recomputer) {
    QMenu *file = shell.menu(MenuId::File);
    QMainWindow *window = &shell.window();
    auto *action = new QAction(
        QCoreApplication::translate("WorksheetFeatures", "Export &worksheet (PDF)\u2026"), file);
    action->setObjectName(QStringLiteral("exportWorksheet"));
    action->setStatusTip(QCoreApplication::translate(
        "WorksheetFeatures", "Exercises on the numbers shown, with room to write and the answer "
                             "key on a page of its own"));
    // Just after the window's figure (or before Quit, which stays last).
    file->insertAction(shell.placeAfter(MenuId::File, QStringLiteral("exportWindowFigure")),
                       action);
    QObject::connect(action, &QAction::triggered, window, [window, &document, &recomputer] {
        static WorksheetOptions last; // the sheet number and count asked for last
        WorksheetOptions options = last;
        options.head = document.selection().currentHead();
        if (!askOptions(window, options))
            return;
        QString path = QFileDialog::getSaveFileName(
            window, QCoreApplication::translate("WorksheetFeatures", "Export worksheet"),
            QDir(exportDirectory()).filePath("worksheet.pdf"),
            QCoreApplication::translate("WorksheetFeatures", "PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += ".pdf";
        setExportDirectory(QFileInfo(path).absolutePath());
        last = options;
        if (!window->windowFilePath().isEmpty())
            options.source = QFileInfo(window->windowFilePath()).fileName();
        recomputer.recomputeNow();
        const QString error = exportWorksheet(recomputer.snapshot(), path, options);
        if (!error.isEmpty()) {
            ExportNotices::instance().failed(error);
            QMessageBox::warning(
                window, QCoreApplication::translate("WorksheetFeatures", "Export failed"), error);
            return;
        }
        ExportNotices::instance().written(
            QCoreApplication::translate("WorksheetFeatures", "worksheet"), path);
    });
}

} // namespace attn::ui
