// SPDX-License-Identifier: GPL-3.0-or-later
#include "FigureMenu.h"

#include "ExportNotices.h"

#include "document/ExportDirectory.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace attn::ui {

namespace {

// The last choice, proposed again: a teacher exporting several figures for slides wants the
// same scale every time.
int &lastChoice() {
    static int index = 1; // PNG 2×
    return index;
}

} // namespace

bool &figuresIncludeSelectionOutline() {
    static bool include = false;
    return include;
}

bool &figuresIncludePenStrokes() {
    static bool include = false;
    return include;
}

const QList<FigureChoice> &figureChoices() {
    static const QList<FigureChoice> choices = {
        {FigureFormat::Png, 1.0,
         QCoreApplication::translate("FigureMenu", "PNG 1\u00d7 \u2014 screen (*.png)")},
        {FigureFormat::Png, 2.0,
         QCoreApplication::translate("FigureMenu", "PNG 2\u00d7 \u2014 projector, slides (*.png)")},
        {FigureFormat::Png, 3.0,
         QCoreApplication::translate("FigureMenu", "PNG 3\u00d7 \u2014 print (*.png)")},
        {FigureFormat::Svg, 1.0,
         QCoreApplication::translate("FigureMenu", "SVG \u2014 vector (*.svg)")},
        {FigureFormat::Pdf, 1.0,
         QCoreApplication::translate("FigureMenu", "PDF \u2014 vector (*.pdf)")},
    };
    return choices;
}

FigureChoice figureChoiceFor(const QString &selectedFilter, QString *path) {
    FigureChoice choice = figureChoices().value(lastChoice());
    for (int i = 0; i < figureChoices().size(); ++i)
        if (figureChoices()[i].filter == selectedFilter)
            choice = figureChoices()[i];
    if (const auto format = figureFormatFromPath(*path)) {
        if (*format != choice.format) {
            choice.format = *format;
            choice.scale = 1.0;
        }
    } else {
        *path += "." + figureFileSuffix(choice.format);
    }
    return choice;
}

bool exportFigureInteractively(QWidget *figure, const QString &name, QWidget *dialogParent) {
    QStringList filters;
    for (const FigureChoice &c : figureChoices())
        filters << c.filter;
    QString selected = filters.value(lastChoice());
    const FigureChoice proposed = figureChoices().value(lastChoice());
    QString path = QFileDialog::getSaveFileName(
        dialogParent, QCoreApplication::translate("FigureMenu", "Export figure of %1").arg(name),
        QDir(exportDirectory()).filePath(name + "." + figureFileSuffix(proposed.format)),
        filters.join(";;"), &selected);
    if (path.isEmpty())
        return false;
    lastChoice() = std::max<int>(0, int(filters.indexOf(selected)));
    const FigureChoice choice = figureChoiceFor(selected, &path);
    setExportDirectory(QFileInfo(path).absolutePath());
    FigureOptions options;
    options.format = choice.format;
    options.scale = choice.scale;
    options.selectionOutline = figuresIncludeSelectionOutline();
    options.penStrokes = figuresIncludePenStrokes();
    const QString error = exportWidgetFigure(figure, path, options);
    if (!error.isEmpty()) {
        ExportNotices::instance().failed(error);
        QMessageBox::warning(dialogParent,
                             QCoreApplication::translate("FigureMenu", "Export failed"), error);
        return false;
    }
    ExportNotices::instance().written(name, path); // the dialog closed: say where it went
    return true;
}

QAction *addFigureExportAction(QMenu *menu, QWidget *figure, const QString &name,
                               const QString &text) {
    return menu->addAction(text, figure,
                           [figure, name] { exportFigureInteractively(figure, name, figure); });
}

void enableFigureContextMenu(QWidget *widget, const QString &name,
                             std::function<void(QMenu *)> addMore) {
    widget->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(widget, &QWidget::customContextMenuRequested, widget,
                     [widget, name, addMore](const QPoint &pos) {
                         QMenu menu(widget);
                         if (addMore) {
                             addMore(&menu);
                             if (!menu.isEmpty())
                                 menu.addSeparator();
                         }
                         addFigureExportAction(
                             &menu, widget, name,
                             QCoreApplication::translate("FigureMenu", "Export &figure\u2026"));
                         menu.exec(widget->mapToGlobal(pos));
                     });
}

} // namespace attn::ui
