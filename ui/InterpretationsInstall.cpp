// installInterpretations: the Interpretations view as a dock of the main window.

#include "InterpretationsView.h"

#include "MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

void installInterpretations(MainWindow &window) {
    // Installed once per window, whoever calls first (the window itself, or a test).
    if (window.property("installInterpretations").toBool())
        return;
    window.setProperty("installInterpretations", true);
    auto *view =
        new InterpretationsView(window.document(), window.recomputer(), window.stagesView());
    view->setColorMaps(window.sequentialMap(), window.divergingMap());
    QObject::connect(&window, &MainWindow::colorMapsChanged, view,
                     &InterpretationsView::setColorMaps);

    // On the right, where the eye goes after the heatmaps it outlines; tabbed with the other
    // right-hand panels (if any) so the heatmaps keep their width.
    QList<QDockWidget *> right;
    for (QDockWidget *d : window.findChildren<QDockWidget *>())
        if (window.dockWidgetArea(d) == Qt::RightDockWidgetArea && !d->isFloating())
            right << d;
    QDockWidget *dock =
        window.addPanel("Interpretations", "interpretationsDock", view, Qt::RightDockWidgetArea);
    if (!right.isEmpty())
        window.tabifyDockWidget(right.first(), dock);
    dock->raise();
    window.resizeDocks({dock}, {660}, Qt::Horizontal);

    QAction *show =
        window.menu("view")->addAction("&Interpretations of A\u00b7B", view, [dock, view] {
            dock->show();
            dock->raise();
            view->setFocus(Qt::ShortcutFocusReason);
        });
    show->setObjectName("showInterpretations");
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    show->setStatusTip(
        "Show the dot, row, column and outer-product readings of QK\u1d40 and A\u00b7V "
        "(Space plays, \u2190/\u2192 step)");
}
