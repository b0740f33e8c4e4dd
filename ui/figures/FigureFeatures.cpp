// SPDX-License-Identifier: GPL-3.0-or-later
#include "FigureFeatures.h"

#include "ExportNotices.h"
#include "FigureMenu.h"
#include "MatrixExportMenu.h"
#include "document/Document.h"
#include "document/MenuMatrices.h"
#include "heatmap/HeatmapView.h"
#include "shell/Shell.h"
#include "workbench/CombinationView.h"
#include "workbench/InputsPanel.h"
#include "workbench/MatrixEditor.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace attn::ui {

namespace {

// The stages view's heatmaps: the computed stages, in the table's order.
constexpr attn::Stage kStages[] = {
    attn::Stage::Q,      attn::Stage::K,      attn::Stage::V,       attn::Stage::Scores,
    attn::Stage::Capped, attn::Stage::Logits, attn::Stage::Weights, attn::Stage::HeadOutput,
    attn::Stage::Concat, attn::Stage::Final};

// The heatmap's title without its shape suffix: "softmax(QKᵀ/√3)".
QString shortTitle(const HeatmapView *view) {
    return view->title().section(QStringLiteral(" \u2014 "), 0, 0);
}

QString inputFileName(const Document &doc, MatrixId id) {
    QString name = matrixName(id);
    if (id.isPerHead() && doc.headCount() > 1)
        name += QStringLiteral("_head%1").arg(id.head);
    return name;
}

void addInputExportMenu(QMenu *menu, Document *doc, MatrixId id, QWidget *parent,
                        const QString &title) {
    addMatrixExportMenu(
        menu, title, [doc, id] { return doc->matrix(id); }, inputFileName(*doc, id), parent);
}

void installHeatmapMenus(Document *doc, StagesView &stages) {
    for (attn::Stage stage : kStages) {
        HeatmapView *view = stages.view(stage);
        if (!view)
            continue;
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        QObject::connect(view, &QWidget::customContextMenuRequested, view,
                         [view, doc, stage](const QPoint &pos) {
                             QMenu menu(view);
                             menu.addAction(view->resetZoomAction());
                             menu.addSeparator();
                             addHeatmapExportEntries(&menu, view, stageFileName(stage), *doc);
                             menu.exec(view->mapToGlobal(pos));
                         });
    }
}

void installEditorMenus(Document *doc, InputsPanel *inputs) {
    for (MatrixEditor *editor : {inputs->xEditor(), inputs->contextEditor(), inputs->wqEditor(),
                                 inputs->wkEditor(), inputs->wvEditor(), inputs->woEditor()}) {
        QObject::connect(
            editor, &MatrixEditor::contextMenuAboutToShow, editor,
            [doc, editor](QMenu *menu, MatrixId id) {
                const QString name = matrixDisplayName(id, doc->headCount());
                addInputExportMenu(
                    menu, doc, id, editor,
                    QCoreApplication::translate("FigureFeatures", "&Export %1").arg(name));
            });
    }
}

void fillExportMenu(QMenu *menu, Document *doc, StagesView *stages, QWidget *window) {
    menu->clear();
    for (MatrixId id : menuMatrices(*doc))
        addInputExportMenu(menu, doc, id, window, menuMatrixLabel(*doc, id));
    menu->addSeparator();
    menu->addSection(
        QCoreApplication::translate("FigureFeatures", "Results %1").arg(layoutNote(*doc)));
    for (attn::Stage stage : kStages) {
        HeatmapView *view = stages->view(stage);
        if (!view || view->isHidden() || view->values().size() == 0)
            continue;
        addMatrixExportMenu(
            menu, QStringLiteral("%1 \u2014 %2").arg(shortTitle(view), shapeText(view->values())),
            [view] { return view->values(); }, stageFileName(stage), window);
    }
}

void fillFigureMenu(QMenu *menu, Shell *shell, StagesView *stages, CombinationView *combination) {
    menu->clear();
    addFigureExportAction(menu, stages, QStringLiteral("stages"),
                          QCoreApplication::translate("FigureFeatures", "&All the stages\u2026"));
    menu->addSeparator();
    for (attn::Stage stage : kStages) {
        HeatmapView *view = stages->view(stage);
        if (view && !view->isHidden())
            addFigureExportAction(menu, view, stageFileName(stage), shortTitle(view) + "\u2026");
    }
    menu->addSeparator();
    addFigureExportAction(
        menu, combination, QStringLiteral("combination"),
        QCoreApplication::translate("FigureFeatures", "The &combination panel\u2026"));
    // Every panel, also those other features add: any widget can be a figure.
    for (QDockWidget *dock : shell->panels()) {
        if (dock->isHidden() || !dock->widget())
            continue;
        const QString name =
            dock->objectName().isEmpty() ? QStringLiteral("panel") : dock->objectName();
        addFigureExportAction(
            menu, dock->widget(), name,
            QCoreApplication::translate("FigureFeatures", "Panel \u201c%1\u201d\u2026")
                .arg(dock->windowTitle()));
    }
    menu->addSeparator();
    QAction *outline = menu->addAction(
        QCoreApplication::translate("FigureFeatures", "Include selection &outlines"));
    outline->setObjectName(QStringLiteral("figuresIncludeSelectionOutline"));
    outline->setCheckable(true);
    outline->setChecked(figuresIncludeSelectionOutline());
    outline->setStatusTip(QCoreApplication::translate(
        "FigureFeatures", "Draw the selected row's outline (and highlighted columns) "
                          "in exported figures"));
    QObject::connect(outline, &QAction::toggled,
                     [](bool on) { figuresIncludeSelectionOutline() = on; });
    QAction *pen =
        menu->addAction(QCoreApplication::translate("FigureFeatures", "Include &pen strokes"));
    pen->setObjectName(QStringLiteral("figuresIncludePenStrokes"));
    pen->setCheckable(true);
    pen->setChecked(figuresIncludePenStrokes());
    pen->setStatusTip(QCoreApplication::translate(
        "FigureFeatures",
        "Draw the pen's strokes (presentation mode, P) in figures of the window"));
    QObject::connect(pen, &QAction::toggled, [](bool on) { figuresIncludePenStrokes() = on; });
}

} // namespace

QString stageFileName(attn::Stage stage) {
    return QString::fromLatin1(attn::stageInfo(stage).fileName);
}

QString layoutNote(const Document &doc) {
    return doc.selection().layout() == attn::Layout::Rows
               ? QCoreApplication::translate("FigureFeatures", "as shown, row layout")
               : QCoreApplication::translate("FigureFeatures",
                                             "as shown, column layout: transposed");
}

void addHeatmapExportEntries(QMenu *menu, HeatmapView *view, const QString &name,
                             const Document &doc) {
    addFigureExportAction(
        menu, view, name,
        QCoreApplication::translate("FigureFeatures", "Export &figure of %1\u2026")
            .arg(shortTitle(view)));
    if (view->values().size() == 0)
        return;
    addMatrixExportMenu(
        menu,
        QCoreApplication::translate("FigureFeatures", "Export the &matrix %1 (%2)")
            .arg(shapeText(view->values()), layoutNote(doc)),
        [view] { return view->values(); }, name, view);
}

void installFigureFeatures(Shell &shell, Document &document, StagesView &stages,
                           InputsPanel &inputs, CombinationView &combination) {
    QMenu *file = shell.menu(MenuId::File);
    QWidget *window = &shell.window();
    Document *doc = &document;
    QAction *before = shell.placeAfter(MenuId::File); // Quit stays last

    auto *exportMenu =
        new QMenu(QCoreApplication::translate("FigureFeatures", "E&xport matrix"), file);
    exportMenu->setObjectName(QStringLiteral("exportMatrixMenu"));
    QObject::connect(
        exportMenu, &QMenu::aboutToShow, exportMenu,
        [exportMenu, doc, s = &stages, window] { fillExportMenu(exportMenu, doc, s, window); });
    auto *figureMenu =
        new QMenu(QCoreApplication::translate("FigureFeatures", "Export &figure of"), file);
    figureMenu->setObjectName(QStringLiteral("exportFigureMenu"));
    QObject::connect(figureMenu, &QMenu::aboutToShow, figureMenu,
                     [figureMenu, sh = &shell, s = &stages, c = &combination] {
                         fillFigureMenu(figureMenu, sh, s, c);
                     });
    auto *windowFigure = new QAction(
        QCoreApplication::translate("FigureFeatures", "Export figure of &window\u2026"), file);
    windowFigure->setObjectName(QStringLiteral("exportWindowFigure"));
    windowFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QObject::connect(windowFigure, &QAction::triggered, window, [window] {
        exportFigureInteractively(window, QStringLiteral("attnviz"), window);
    });

    file->insertMenu(before, exportMenu);
    file->insertSeparator(before);
    file->insertAction(before, windowFigure);
    file->insertMenu(before, figureMenu);
    file->insertSeparator(before);

    // Every export says in the status bar which file it wrote (or why it wrote none).
    QObject::connect(&ExportNotices::instance(), &ExportNotices::message, &shell,
                     [s = &shell](const QString &text) { s->showMessage(text, 15000); });
    installHeatmapMenus(doc, stages);
    installEditorMenus(doc, &inputs);
    enableFigureContextMenu(&combination, QStringLiteral("combination"));
}

} // namespace attn::ui
