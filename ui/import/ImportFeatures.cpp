// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImportFeatures.h"

#include "HeadWeightsDialog.h"
#include "ImportDialog.h"
#include "document/Document.h"
#include "document/MenuMatrices.h"
#include "shell/Shell.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>

namespace attn::ui {

namespace {

void fillImportMenu(QMenu *menu, Document *doc, QWidget *window) {
    menu->clear();
    for (MatrixId id : menuMatrices(*doc))
        menu->addAction(QStringLiteral("&") + menuMatrixLabel(*doc, id) + QStringLiteral("\u2026"),
                        window, [doc, id, window] { importMatrixInteractively(doc, id, window); });
    menu->addSeparator();
    menu->addAction(QCoreApplication::translate(
                        "ImportFeatures", "Wq, Wk, Wv of &every head from a checkpoint\u2026"),
                    window, [doc, window] { importHeadWeightsInteractively(doc, window); });
}

} // namespace

void installImportFeatures(Shell &shell, Document &document, InputsPanel &inputs) {
    QMenu *file = shell.menu(MenuId::File);
    QWidget *window = &shell.window();
    Document *doc = &document;
    QAction *before = shell.placeAfter(MenuId::File); // Quit stays last
    auto *importMenu =
        new QMenu(QCoreApplication::translate("ImportFeatures", "&Import matrix"), file);
    importMenu->setObjectName(QStringLiteral("importMatrixMenu"));
    QObject::connect(importMenu, &QMenu::aboutToShow, importMenu,
                     [importMenu, doc, window] { fillImportMenu(importMenu, doc, window); });
    file->insertMenu(before, importMenu);

    for (MatrixEditor *editor : {inputs.xEditor(), inputs.contextEditor(), inputs.wqEditor(),
                                 inputs.wkEditor(), inputs.wvEditor(), inputs.woEditor()}) {
        QObject::connect(
            editor, &MatrixEditor::contextMenuAboutToShow, editor,
            [doc, editor](QMenu *menu, MatrixId id) {
                menu->addSeparator();
                menu->addAction(
                    QCoreApplication::translate("ImportFeatures", "&Import %1 from a file\u2026")
                        .arg(matrixDisplayName(id, doc->headCount())),
                    editor, [doc, id, editor] { importMatrixInteractively(doc, id, editor); });
            });
    }
}

} // namespace attn::ui
