// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationsFeatures.h"

#include "Formula.h"
#include "InterpretationsView.h"
#include "shell/Shell.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace attn::ui {

InterpretationsView *installInterpretationsFeatures(Shell &shell, Document &document,
                                                    Recomputer &recomputer, StagesView &stages) {
    auto *view = new InterpretationsView(&document, &recomputer, &stages);
    view->setColorMaps(shell.sequentialMap(), shell.divergingMap());
    QObject::connect(&shell, &Shell::colorMapsChanged, view, &InterpretationsView::setColorMaps);

    // On the right, where the eye goes after the heatmaps it outlines; tabbed with the other
    // right-hand panels (if any) so the heatmaps keep their width.
    const QList<QDockWidget *> right = shell.panels(Qt::RightDockWidgetArea);
    QDockWidget *dock =
        shell.addPanel(QCoreApplication::translate("InterpretationsFeatures", "Interpretations"),
                       "interpretationsDock", view, Qt::RightDockWidgetArea);
    if (!right.isEmpty())
        shell.window().tabifyDockWidget(right.first(), dock);
    dock->raise();
    shell.window().resizeDocks({dock}, {660}, Qt::Horizontal);

    QAction *show = shell.menu(MenuId::View)
                        ->addAction(QCoreApplication::translate("InterpretationsFeatures",
                                                                "&Interpretations of A·B"),
                                    view, [dock, view] {
                                        dock->show();
                                        dock->raise();
                                        view->setFocus(Qt::ShortcutFocusReason);
                                    });
    show->setObjectName("showInterpretations");
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    show->setStatusTip(
        QCoreApplication::translate(
            "InterpretationsFeatures",
            "Show the dot, row, column and outer-product readings of %1 and %2 "
            "(Space plays, \u2190/\u2192 step)")
            .arg(attn::scoresProduct(attn::Layout::Rows),
                 attn::productExpression(attn::Product::Output, attn::Layout::Rows)));
    return view;
}

} // namespace attn::ui
