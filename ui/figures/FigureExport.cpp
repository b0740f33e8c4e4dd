// SPDX-License-Identifier: GPL-3.0-or-later
#include "FigureExport.h"

#include "document/OptionalError.h"
#include "io/MatrixExport.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QLayout>
#include <QMenuBar>
#include <QPageSize>
#include <QPdfWriter>
#include <QPointer>
#include <QSvgGenerator>
#include <QWidget>
#include <qcustomplot.h>

#include <cmath>
#include <utility>

namespace attn::ui {

namespace {

// Lays the widget out at the figure's size. A widget whose window was never shown (the command
// line's views) is shown off screen first: layouts and resize events only run for shown
// widgets, and without them it would paint at its default geometry.
void prepare(QWidget *widget, QSize size) {
    QWidget *top = widget->window();
    if (!top->isVisible()) {
        top->setAttribute(Qt::WA_DontShowOnScreen);
        top->show();
    }
    if (!size.isEmpty() && size != widget->size())
        widget->resize(size);
    QApplication::sendPostedEvents();
    if (QLayout *layout = widget->layout())
        layout->activate();
}

// Qt's font aliases ("Sans Serif", the usual default on Linux) mean nothing to a browser or
// Inkscape, which then fall back to a serif font: the SVG names the CSS generic family instead.
void useCssGenericFonts(QByteArray &svg) {
    static const std::pair<const char *, const char *> kGeneric[] = {
        {"font-family=\"Sans Serif\"", "font-family=\"sans-serif\""},
        {"font-family=\"Serif\"", "font-family=\"serif\""},
        {"font-family=\"Monospace\"", "font-family=\"monospace\""}};
    for (const auto &[qt, css] : kGeneric)
        svg.replace(qt, css);
}

void paintTree(QWidget *widget, QCPPainter &painter, const QRect &visible, bool vector) {
    if (auto *plot = qobject_cast<QCustomPlot *>(widget)) {
        // The plot draws itself onto the figure's device: no screen buffer in between, so it
        // is sharp at any device pixel ratio and vector on SVG/PDF devices.
        painter.save();
        painter.setClipRect(visible, Qt::IntersectClip);
        painter.setMode(QCPPainter::pmVectorized, vector);
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
        return;
    }
    if (vector && qobject_cast<QMenuBar *>(widget)) {
        // QMenuBar clips each item with a replacing clip region, which the SVG engine cannot
        // follow (the items' text vanishes): the menu bar goes in as a sharp image instead.
        QImage image(widget->size() * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(Qt::transparent);
        widget->render(&image, QPoint(), QRegion(), QWidget::DrawWindowBackground);
        painter.drawImage(QPoint(), image);
        return;
    }
    // The widget alone (its own paintEvent), then its children on top in stacking order.
    widget->render(&painter, QPoint(), QRegion(visible),
                   widget->isWindow() || widget->autoFillBackground()
                       ? QWidget::DrawWindowBackground
                       : QWidget::RenderFlags());
    for (QObject *object : widget->children()) {
        auto *child = qobject_cast<QWidget *>(object);
        if (!child || child->isWindow() || !child->isVisibleTo(widget))
            continue;
        const QRect area = visible.intersected(child->geometry());
        if (area.isEmpty())
            continue;
        painter.save();
        painter.translate(child->pos());
        painter.setClipRect(area.translated(-child->pos()), Qt::IntersectClip);
        paintTree(child, painter, area.translated(-child->pos()), vector);
        painter.restore();
    }
}

// Hides the outline layer of every heatmap in the figure while it lives (HeatmapView draws its
// outlines on the plot's "overlay" layer).
class OutlinesHidden {
public:
    OutlinesHidden(QWidget *widget, bool hide) {
        if (!hide)
            return;
        QList<QCustomPlot *> plots = widget->findChildren<QCustomPlot *>();
        if (auto *plot = qobject_cast<QCustomPlot *>(widget))
            plots << plot;
        for (QCustomPlot *plot : plots)
            if (QCPLayer *layer = plot->layer(QStringLiteral("overlay"));
                layer && layer->visible()) {
                layer->setVisible(false);
                m_layers << layer;
            }
    }
    ~OutlinesHidden() {
        for (QCPLayer *layer : m_layers)
            layer->setVisible(true);
    }
    OutlinesHidden(const OutlinesHidden &) = delete;
    OutlinesHidden &operator=(const OutlinesHidden &) = delete;

private:
    QList<QCPLayer *> m_layers;
};

// Hides the pen's strokes (the window's child "penOverlay") while it lives.
class PenHidden {
public:
    PenHidden(QWidget *widget, bool hide) {
        if (!hide)
            return;
        for (QWidget *pen : widget->findChildren<QWidget *>(QStringLiteral("penOverlay")))
            if (pen->isVisible()) {
                pen->setVisible(false);
                m_hidden << pen;
            }
    }
    ~PenHidden() {
        for (QWidget *pen : std::as_const(m_hidden))
            if (pen)
                pen->setVisible(true);
    }
    PenHidden(const PenHidden &) = delete;
    PenHidden &operator=(const PenHidden &) = delete;

private:
    QList<QPointer<QWidget>> m_hidden;
};

void afterExport(QWidget *widget) {
    // toPainter left each plot laid out for the figure: lay it out for the screen again.
    for (QCustomPlot *plot : widget->findChildren<QCustomPlot *>())
        plot->replot(QCustomPlot::rpQueuedReplot);
    if (auto *plot = qobject_cast<QCustomPlot *>(widget))
        plot->replot(QCustomPlot::rpQueuedReplot);
}

QString documentTitle(QWidget *widget, const FigureOptions &options) {
    if (!options.title.isEmpty())
        return options.title;
    if (!widget->accessibleName().isEmpty())
        return widget->accessibleName();
    return widget->window()->windowTitle();
}

} // namespace

std::optional<FigureFormat> figureFormatFromPath(const QString &path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "png")
        return FigureFormat::Png;
    if (suffix == "svg")
        return FigureFormat::Svg;
    if (suffix == "pdf")
        return FigureFormat::Pdf;
    return std::nullopt;
}

QString figureFormatName(FigureFormat format) {
    switch (format) {
    case FigureFormat::Png:
        return QStringLiteral("PNG");
    case FigureFormat::Svg:
        return QStringLiteral("SVG");
    case FigureFormat::Pdf:
        return QStringLiteral("PDF");
    }
    return {};
}

QString figureFileSuffix(FigureFormat format) {
    return figureFormatName(format).toLower();
}

void paintWidgetFigure(QWidget *widget, QCPPainter &painter, bool vector) {
    paintTree(widget, painter, widget->rect(), vector);
}

QImage renderWidgetImage(QWidget *widget, double scale, QSize size) {
    prepare(widget, size);
    const QSize pixels(qRound(widget->width() * scale), qRound(widget->height() * scale));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paintWidgetFigure(widget, painter, false);
    }
    afterExport(widget);
    return image;
}

QByteArray widgetFigureBytes(QWidget *widget, const FigureOptions &options, QString *error) {
    if (!widget) {
        fail(error, QCoreApplication::translate("FigureExport", "there is nothing to export"));
        return {};
    }
    if (!std::isfinite(options.scale) || options.scale < kMinFigureScale ||
        options.scale > kMaxFigureScale) {
        fail(error, QCoreApplication::translate("FigureExport",
                                                "the scale must lie between %1 and %2, not %3")
                        .arg(kMinFigureScale)
                        .arg(kMaxFigureScale)
                        .arg(options.scale));
        return {};
    }
    const QSize size = options.size.isEmpty() ? widget->size() : options.size;
    if (size.width() < 1 || size.height() < 1 || size.width() > kMaxFigurePixels ||
        size.height() > kMaxFigurePixels) {
        fail(error,
             QCoreApplication::translate(
                 "FigureExport", "a figure of %1×%2 pixels cannot be exported (each side must "
                                 "lie between 1 and %3)")
                 .arg(size.width())
                 .arg(size.height())
                 .arg(kMaxFigurePixels));
        return {};
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const OutlinesHidden outlines(widget, !options.selectionOutline);
    const PenHidden pen(widget, !options.penStrokes);
    switch (options.format) {
    case FigureFormat::Png: {
        if (size.width() * options.scale > kMaxFigurePixels ||
            size.height() * options.scale > kMaxFigurePixels) {
            fail(error,
                 QCoreApplication::translate(
                     "FigureExport", "%1×%2 pixels at %3× is too large for a PNG (at most %4 "
                                     "pixels a side)")
                     .arg(size.width())
                     .arg(size.height())
                     .arg(options.scale)
                     .arg(kMaxFigurePixels));
            return {};
        }
        QImage image = renderWidgetImage(widget, options.scale, size);
        if (!image.save(&buffer, "PNG")) {
            fail(error,
                 QCoreApplication::translate("FigureExport", "the PNG could not be encoded"));
            return {};
        }
        break;
    }
    case FigureFormat::Svg: {
        prepare(widget, size);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        // The widget's DPI keeps point-sized fonts as large, relative to the layout, as on
        // screen.
        svg.setResolution(widget->logicalDpiY());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(), size));
        svg.setTitle(documentTitle(widget, options));
        svg.setDescription(QStringLiteral("attnviz figure"));
        QCPPainter painter;
        if (!painter.begin(&svg)) {
            fail(error,
                 QCoreApplication::translate("FigureExport", "the SVG could not be started"));
            return {};
        }
        paintWidgetFigure(widget, painter, true);
        painter.end();
        afterExport(widget);
        break;
    }
    case FigureFormat::Pdf: {
        prepare(widget, size);
        QPdfWriter pdf(&buffer);
        const int dpi = widget->logicalDpiY();
        pdf.setResolution(dpi);
        pdf.setCreator(QStringLiteral("attnviz"));
        pdf.setTitle(documentTitle(widget, options));
        // One page exactly the figure's size, so it drops into a document without margins.
        const QSizeF points(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi);
        pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        QCPPainter painter;
        if (!painter.begin(&pdf)) {
            fail(error,
                 QCoreApplication::translate("FigureExport", "the PDF could not be started"));
            return {};
        }
        paintWidgetFigure(widget, painter, true);
        painter.end();
        afterExport(widget);
        break;
    }
    }
    buffer.close();
    if (options.format == FigureFormat::Svg)
        useCssGenericFonts(bytes);
    return bytes;
}

QString exportWidgetFigure(QWidget *widget, const QString &path, FigureFormat format,
                           double scale) {
    FigureOptions options;
    options.format = format;
    options.scale = scale;
    return exportWidgetFigure(widget, path, options);
}

QString exportWidgetFigure(QWidget *widget, const QString &path, const FigureOptions &options) {
    QString error;
    const QByteArray bytes = widgetFigureBytes(widget, options, &error);
    if (bytes.isEmpty())
        return path + ": " +
               (error.isEmpty() ? QCoreApplication::translate("FigureExport", "nothing was drawn")
                                : error);
    return attn::writeFileAtomically(path, bytes);
}

} // namespace attn::ui
