// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

class QCPPainter;
class QWidget;

namespace attn::ui {

// Figures of any view for slides, handouts and papers: PNG at a chosen scale (2× or 3× for a
// projector or print), SVG and PDF. Any QWidget can be exported, so views written later (token
// links, interpretations) need nothing of their own.
//
// The widget and its visible children are painted as they are on screen, except that every
// QCustomPlot among them (each heatmap, with its title and colour scale) is drawn by
// QCustomPlot itself onto the figure's device: sharp at any scale, and vector in SVG and PDF
// (axes, text and, for matrices of up to HeatmapCellLayer::kMaxVectorCells cells, the cells).
enum class FigureFormat { Png, Svg, Pdf };

// By the file's suffix (.png, .svg, .pdf; any case); nullopt for anything else.
std::optional<FigureFormat> figureFormatFromPath(const QString &path);
QString figureFormatName(FigureFormat format); // "PNG", "SVG", "PDF"
QString figureFileSuffix(FigureFormat format); // "png", "svg", "pdf"

inline constexpr double kMinFigureScale = 0.25;
inline constexpr double kMaxFigureScale = 8.0;
// A PNG side beyond this is refused rather than allocating gigabytes.
inline constexpr int kMaxFigurePixels = 16384;

struct FigureOptions {
    FigureFormat format = FigureFormat::Png;
    double scale = 1.0; // PNG only: device pixels per widget pixel
    // The widget's size in the figure; empty = its current size. Only a top-level widget (not
    // one placed by a layout) can be resized for a figure.
    QSize size;
    QString title; // SVG/PDF document title (metadata); empty = the window title
    // The heatmaps' outlines (the selected row, highlighted columns, the hovered and focused
    // cell) belong to the screen: a figure leaves them out unless asked (attnviz-cli render
    // --row outlines the row it names).
    bool selectionOutline = false;
    // The pen's strokes over the window (a child named "penOverlay", presentation mode's P):
    // left out unless asked.
    bool penStrokes = false;
};

// Paints `widget` and its visible children onto `painter` with the widget's top-left corner at
// the painter's origin, in widget pixels. The painter's device decides the resolution.
void paintWidgetFigure(QWidget *widget, QCPPainter &painter, bool vector);

// The widget as an image of size × scale device pixels (devicePixelRatio = scale).
QImage renderWidgetImage(QWidget *widget, double scale = 1.0, QSize size = {});

// The bytes of the figure file; on failure empty, with *error set (one line for the user).
QByteArray widgetFigureBytes(QWidget *widget, const FigureOptions &options, QString *error);

// Writes the figure to `path` atomically (the old file stays unless the new one is complete).
// Returns "" on success, otherwise a one-line message ("PATH: cannot write: …").
QString exportWidgetFigure(QWidget *widget, const QString &path, FigureFormat format,
                           double scale = 1.0);
QString exportWidgetFigure(QWidget *widget, const QString &path, const FigureOptions &options);

} // namespace attn::ui
