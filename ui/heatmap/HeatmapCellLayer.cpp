// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapCellLayer.h"

#include "CellText.h"
#include "HeatmapPlot.h"
#include "Notation.h"
#include "WorkerPool.h"

#include <QFutureWatcher>
#include <QPointer>
#include <QPromise>
#include <QThreadPool>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

// A diagonal line texture; as a brush its lines run on across neighbouring masked cells.
QBrush hatchBrush(qreal ratio) {
    const int size = qRound(10 * ratio);
    QImage tile(size, size, QImage::Format_ARGB32_Premultiplied);
    tile.fill(Qt::transparent);
    QPainter p(&tile);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(HeatmapCellLayer::hatchColor(), 1.6 * ratio));
    // The line and its wrapped copies at the corners make the tile seamless.
    p.drawLine(QPointF(0, size), QPointF(size, 0));
    p.drawLine(QPointF(-size, size), QPointF(size, -size));
    p.drawLine(QPointF(0, 2 * size), QPointF(2 * size, 0));
    p.end();
    return QBrush(tile);
}

} // namespace

HeatmapCellLayer::HeatmapCellLayer(QCPAxisRect *axisRect, const HeatmapData *data)
    : QCPLayerable(axisRect->parentPlot(), QString(), axisRect), m_axisRect(axisRect),
      m_data(data) {}

void HeatmapCellLayer::applyDefaultAntialiasingHint(QCPPainter *painter) const {
    painter->setAntialiasing(false);
}

QRect HeatmapCellLayer::clipRect() const {
    return m_axisRect->rect();
}

const QImage &HeatmapCellLayer::scaledCells(const QRect &cells, QSize devicePixels, qreal ratio) {
    if (m_scaledGeneration == m_data->generation && m_scaled.size() == devicePixels &&
        m_scaledCells == cells && qFuzzyCompare(m_scaled.devicePixelRatio(), ratio))
        return m_scaled;
    if (m_data->cells)
        return sourceCells(cells, devicePixels, ratio);
    const bool large = qint64(cells.width()) * cells.height() > kAsyncCells;
    if (large && m_data->shared) {
        startColoring(cells, devicePixels, ratio);
        // Until the new image is ready: the last one of the same cells (an edit, a resize)
        // drawn stretched, never an image of other cells or another matrix.
        static const QImage none;
        return m_scaledCells == cells && m_scaledShape == QSize(m_data->cols(), m_data->rows())
                   ? m_scaled
                   : none;
    }
    const_cast<HeatmapData *>(m_data)->ensureRange();
    adopt(renderCells(m_data->source().block(cells), devicePixels), cells, devicePixels, ratio,
          m_data->generation);
    return m_scaled;
}

const QImage &HeatmapCellLayer::sourceCells(const QRect &cells, QSize devicePixels, qreal ratio) {
    auto *data = const_cast<HeatmapData *>(m_data); // its range is a cache, filled when known
    if (!data->rangeKnown)
        if (const std::optional<ValueRange> range = data->cells->range(data->kind)) {
            data->range = *range;
            // Still unknown while the view takes it (HeatmapView::onColored ignores a range it
            // knows): its colour bar follows.
            emit colored(data->generation, *range);
            data->rangeKnown = true;
        }
    CellSource style = data->source();
    const QPointer<HeatmapCellLayer> self(this);
    std::optional<CellImages> images = data->cells->render(cells, devicePixels, style, [self] {
        if (self)
            self->replotCells();
    });
    if (!images || !data->rangeKnown) {
        // Being prepared: the last image of the same cells meanwhile, as for a worker's colouring.
        m_waitingForSource = true;
        static const QImage none;
        return m_scaledCells == cells && m_scaledShape == QSize(data->cols(), data->rows())
                   ? m_scaled
                   : none;
    }
    m_waitingForSource = false;
    adopt(std::move(*images), cells, devicePixels, ratio, data->generation);
    return m_scaled;
}

void HeatmapCellLayer::startColoring(const QRect &cells, QSize devicePixels, qreal ratio) {
    const Key key{m_data->generation, cells, devicePixels};
    if (m_pending == key)
        return;
    m_pending = key;
    // The worker holds what it reads: the shared matrix (immutable), a copy of the mask and
    // of the colour table. An outdated result is dropped when it arrives.
    struct Job {
        std::shared_ptr<const attn::Matrix> values;
        HeatmapData::RowMajorMask masked;
        ColorLut lut;
        ValueRange range;
        bool rangeKnown;
        ScaleKind kind;
        CellImages images;
    };
    auto job = std::make_shared<Job>(Job{m_data->shared,
                                         m_data->masked,
                                         m_data->lut,
                                         m_data->range,
                                         m_data->rangeKnown,
                                         m_data->kind,
                                         {}});
    auto promise = std::make_shared<QPromise<void>>();
    auto *watcher = new QFutureWatcher<void>(this);
    watcher->setFuture(promise->future());
    connect(watcher, &QFutureWatcherBase::finished, this, [=, this] {
        watcher->deleteLater();
        if (!(m_pending == key))
            return; // a newer request is running
        m_pending.reset();
        if (m_data->generation != key.generation)
            return; // the data changed meanwhile: its next draw asks again
        adopt(std::move(job->images), cells, devicePixels, ratio, key.generation);
        emit colored(key.generation, job->range);
        replotCells(); // the new image, at last
    });
    attn::workerPool().start([job, promise, cells, devicePixels] {
        promise->start();
        const bool *mask = job->masked.size() > 0 ? job->masked.data() : nullptr;
        if (!job->rangeKnown)
            job->range = displayRange(job->values->data(), job->values->size(), mask, job->kind);
        CellSource source{job->values->data(),
                          int(job->values->rows()),
                          int(job->values->cols()),
                          mask,
                          job->range,
                          &job->lut,
                          HeatmapData::kExcludedColor,
                          0,
                          job->kind == ScaleKind::Diverging ? CellReduction::LargestMagnitude
                                                            : CellReduction::Max};
        job->images = renderCells(source.block(cells), devicePixels);
        promise->finish();
    });
}

void HeatmapCellLayer::replotCells() {
    if (auto *plot = qobject_cast<HeatmapPlot *>(parentPlot()))
        plot->requestReplot(HeatmapPlot::Scope::Cells);
    else
        parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapCellLayer::adopt(CellImages images, const QRect &cells, QSize devicePixels, qreal ratio,
                             quint64 generation) {
    m_scaled = std::move(images.colors);
    if (!images.excluded.isNull()) {
        // The hatch (grey with lines) over the whole area, kept while the size stays; excluded
        // pixels are replaced by it, one select per pixel.
        if (m_hatch.size() != devicePixels || !qFuzzyCompare(m_hatchRatio, ratio)) {
            m_hatch = QImage(devicePixels, QImage::Format_RGB32);
            m_hatch.fill(excludedColor());
            QPainter p(&m_hatch);
            p.fillRect(m_hatch.rect(), hatchBrush(ratio));
            m_hatchRatio = ratio;
        }
        const int width = m_scaled.width();
        const int height = m_scaled.height();
        for (int y = 0; y < height; ++y) {
            auto *line = reinterpret_cast<QRgb *>(m_scaled.scanLine(y));
            const auto *hatch = reinterpret_cast<const QRgb *>(m_hatch.constScanLine(y));
            const uchar *excluded = images.excluded.constScanLine(y);
            for (int x = 0; x < width; ++x)
                line[x] = excluded[x] ? hatch[x] : line[x];
        }
    }
    m_scaled.setDevicePixelRatio(ratio);
    m_scaledGeneration = generation;
    m_scaledCells = cells;
    m_scaledShape = QSize(m_data->cols(), m_data->rows());
}

void HeatmapCellLayer::draw(QCPPainter *painter) {
    // A large matrix nobody sees is drawn when it is painted again; a small one at once (it
    // costs little, and a widget moved into view may show its old pixels without a paint).
    if (auto *plot = qobject_cast<HeatmapPlot *>(parentPlot());
        plot && qint64(m_data->rows()) * m_data->cols() > kUnseenCells && plot->replotsUnseen()) {
        plot->markStale();
        return;
    }
    m_numbersShown = false;
    if (m_data->isEmpty()) {
        painter->setPen(excludedTextColor());
        painter->drawText(m_axisRect->rect(), Qt::AlignCenter, tr("(no data)"));
        return;
    }
    const HeatmapGeometry g = geometry();
    // Only the cells in view are coloured: zoomed in, the image is the size of the axis rect
    // (plus the cut cells at its edges), not of the whole enlarged matrix.
    const QRect cells = g.visibleCells();
    if (cells.isEmpty())
        return;
    const QRectF shown = g.blockRect(cells);
    const qreal ratio = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const QSize devicePixels(qMax(1, qRound(shown.width() * ratio)),
                             qMax(1, qRound(shown.height() * ratio)));
    if (painter->modes().testFlag(QCPPainter::pmVectorized) &&
        qint64(cells.width()) * cells.height() <= kMaxVectorCells)
        drawVectorCells(painter, g, cells);
    else if (const QImage &image = scaledCells(cells, devicePixels, ratio);
             image.size() == devicePixels)
        painter->drawImage(shown.topLeft(), image);
    else if (!image.isNull()) // the last image while the new one is coloured
        painter->drawImage(shown, image);
    else // nothing to show yet: the background of excluded cells, not a wrong picture
        painter->fillRect(shown, excludedColor());
    drawSeparators(painter, g, cells);
    if (g.cellWidth >= 28 && g.cellHeight >= 14) // few cells, large: their numbers
        const_cast<HeatmapData *>(m_data)->ensureRange();
    drawNumbers(painter, g, cells);
}

void HeatmapCellLayer::drawVectorCells(QCPPainter *painter, const HeatmapGeometry &g,
                                       const QRect &cells) const {
    const double cw = g.cellWidth;
    const double ch = g.cellHeight;
    painter->setPen(Qt::NoPen);
    for (int r = cells.top(); r <= cells.bottom(); ++r) {
        for (int c = cells.left(); c <= cells.right(); ++c) {
            // Each rectangle reaches a little into its right and lower neighbours, which are
            // drawn over it: viewers that antialias edges show no hairline seams between cells.
            const double w = c < cells.right() ? cw + std::min(0.5, cw / 4) : cw;
            const double h = r < cells.bottom() ? ch + std::min(0.5, ch / 4) : ch;
            const QRectF cell(g.area.left() + c * cw, g.area.top() + r * ch, w, h);
            painter->fillRect(cell, QColor::fromRgb(m_data->colorOf(r, c)));
        }
    }
    // The hatch of excluded cells as line segments cut to each cell by hand: SVG has neither
    // a hatch brush nor (in QSvgGenerator) clipping.
    painter->setPen(QPen(hatchColor(), 1.6));
    const double step = 10;
    for (int r = cells.top(); r <= cells.bottom(); ++r) {
        for (int c = cells.left(); c <= cells.right(); ++c) {
            const double v = m_data->value(r, c);
            if (!m_data->isMasked(r, c) && std::isfinite(v))
                continue;
            const double left = g.area.left() + c * cw, top = g.area.top() + r * ch;
            const double right = left + cw, bottom = top + ch;
            // Lines x + y = k, continuous across neighbouring cells as on screen; each one
            // enters the cell at x = max(left, k − bottom) and leaves at x = min(right, k − top).
            for (double k = std::ceil((left + top) / step) * step; k < right + bottom; k += step) {
                const double x1 = std::max(left, k - bottom), x2 = std::min(right, k - top);
                if (x2 > x1)
                    painter->drawLine(QPointF(x1, k - x1), QPointF(x2, k - x2));
            }
        }
    }
}

void HeatmapCellLayer::drawSeparators(QCPPainter *painter, const HeatmapGeometry &g,
                                      const QRect &cells) const {
    if (g.cellWidth < 16 || g.cellHeight < 16)
        return;
    // Thin gaps in the background colour make a small matrix read as a grid of entries.
    const QRectF shown = g.visiblePart(g.blockRect(cells));
    painter->setPen(QPen(Qt::white, 1.0));
    for (int c = std::max(1, cells.left()); c <= cells.right(); ++c) {
        const double x = std::round(g.area.left() + c * g.cellWidth);
        painter->drawLine(QPointF(x, shown.top()), QPointF(x, shown.bottom()));
    }
    for (int r = std::max(1, cells.top()); r <= cells.bottom(); ++r) {
        const double y = std::round(g.area.top() + r * g.cellHeight);
        painter->drawLine(QPointF(shown.left(), y), QPointF(shown.right(), y));
    }
}

QString HeatmapCellLayer::cellText(int row, int col) const {
    const double v = m_data->value(row, col);
    if (m_data->isMasked(row, col) && std::isfinite(v))
        return tr("masked");
    if (m_format && std::isfinite(v))
        return m_format(v);
    // Weights lie in [0, 1]: a class reads them with fixed decimals ("0.000"), not "3.9e−15";
    // the exponent stays in the tooltip.
    if (m_data->kind == ScaleKind::Unit)
        return attn::notation::weight(v, m_decimals);
    return attn::notation::cell(v, m_decimals);
}

void HeatmapCellLayer::drawNumbers(QCPPainter *painter, const HeatmapGeometry &g,
                                   const QRect &cells) {
    const double cw = g.cellWidth;
    const double ch = g.cellHeight;
    if (cw < 28 || ch < 14)
        return; // implies at most a few hundred visible cells: per-cell text is affordable

    QStringList texts;
    texts.reserve(qsizetype(cells.width()) * cells.height());
    QFont font = m_numberFont;
    QFontMetricsF fm(font);
    double widest = 0;
    for (int r = cells.top(); r <= cells.bottom(); ++r) {
        for (int c = cells.left(); c <= cells.right(); ++c) {
            const double v = m_data->value(r, c);
            const bool excluded = m_data->isMasked(r, c) || !std::isfinite(v);
            QString text = cellText(r, c);
            if (!excluded)
                widest = std::max(widest, fm.horizontalAdvance(text));
            texts.append(text);
        }
    }
    // Shrink the font until the widest number fits, but never below legible.
    auto fittingSize = [&](double widestText) {
        const double scaleDown =
            std::min((cw - 6) / std::max(widestText, 1.0), (ch - 2) / fm.height());
        return scaleDown < 1.0 ? std::floor(font.pointSizeF() * scaleDown * 2) / 2
                               : font.pointSizeF();
    };
    double size = fittingSize(widest);
    // Too narrow for three significant digits (11 tokens on a projector's 1024 pixels): two
    // read better than none ("−7.2", "0.81"), and at 12 tokens one decimal ("−7.2", "0.8",
    // "29"); the tooltip has the rest.
    using Format = QString (*)(double);
    const Format shorter[] = {&attn::notation::compactCell, &attn::notation::tightCell};
    for (Format format : shorter) {
        if (size >= kMinNumberPointSize || m_format)
            break;
        widest = 0;
        qsizetype k = 0;
        for (int r = cells.top(); r <= cells.bottom(); ++r) {
            for (int c = cells.left(); c <= cells.right(); ++c, ++k) {
                const double v = m_data->value(r, c);
                if (m_data->isMasked(r, c) || !std::isfinite(v))
                    continue;
                texts[k] =
                    m_data->kind == ScaleKind::Unit ? attn::notation::weight(v, 2) : format(v);
                widest = std::max(widest, fm.horizontalAdvance(texts[k]));
            }
        }
        size = fittingSize(widest);
    }
    if (size < kMinNumberPointSize)
        return;
    if (size < font.pointSizeF()) {
        font.setPointSizeF(size);
        fm = QFontMetricsF(font);
    }
    painter->setFont(font);
    m_drawnPointSize = font.pointSizeF();
    qsizetype i = 0;
    for (int r = cells.top(); r <= cells.bottom(); ++r) {
        for (int c = cells.left(); c <= cells.right(); ++c) {
            const QString &text = texts[i++];
            const QRectF cell = g.cellRect(r, c);
            const double v = m_data->value(r, c);
            const bool excluded = m_data->isMasked(r, c) || !std::isfinite(v);
            if (excluded && fm.horizontalAdvance(text) > cw - 4)
                continue; // "masked" does not fit: the hatch alone says it
            painter->setPen(excluded ? excludedTextColor()
                                     : contrastingTextColor(QColor(m_data->colorOf(r, c))));
            painter->drawText(cell, Qt::AlignCenter, text);
        }
    }
    m_numbersShown = true;
}

} // namespace attn::ui
