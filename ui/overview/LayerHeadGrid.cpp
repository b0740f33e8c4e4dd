// SPDX-License-Identifier: GPL-3.0-or-later
#include "LayerHeadGrid.h"

#include <QContextMenuEvent>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

constexpr int kGap = 6; // between thumbnails: enough to see where one head ends

const attn::Matrix &emptyMatrix() {
    static const attn::Matrix empty;
    return empty;
}

} // namespace

LayerHeadGrid::LayerHeadGrid(QWidget *parent) : QWidget(parent) {
    setObjectName("layerHeadGrid");
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LayerHeadGrid::setRun(attn::RunPtr run, bool causal) {
    const bool reshaped = !m_run || !run || m_run->layers.size() != run->layers.size() ||
                          heads() != (run->layers.empty() ? 0 : int(run->layers[0].heads.size()));
    m_run = std::move(run);
    m_causal = causal;
    if (m_layer >= layers() || m_head >= heads())
        m_layer = m_head = -1;
    m_scores.clear(); // read again when shown: every keystroke's run passes here
    m_overviews.assign(std::size_t(layers()), nullptr);
    m_found.clear();
    m_reused = m_added = 0;
    updateOrder();
    buildImages();
    if (reshaped) {
        m_cell = cellFor(width());
        updateGeometry();
    }
    update();
}

int LayerHeadGrid::layers() const {
    return m_run ? int(m_run->layers.size()) : 0;
}

int LayerHeadGrid::heads() const {
    return m_run && !m_run->layers.empty() ? int(m_run->layers[0].heads.size()) : 0;
}

const attn::Matrix &LayerHeadGrid::weights(int layer, int head) const {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads())
        return emptyMatrix();
    return m_run->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
}

void LayerHeadGrid::setLayerOverview(int layer, std::shared_ptr<const RunOverview::Layer> heads) {
    if (layer < 0 || layer >= layers() || (heads && int(heads->size()) != this->heads()))
        return;
    m_overviews[std::size_t(layer)] = std::move(heads);
    if (!m_run->compact)
        return; // drawn from the weights, scored from them
    const ColorLut lut(m_map);
    const QRgb masked = palette().color(QPalette::Window).darker(104).rgb();
    if (m_picture == Picture::Weights && m_images.size() == std::size_t(headCount()))
        for (int h = 0; h < this->heads(); ++h)
            m_images[std::size_t(layer * this->heads() + h)] = imageOf(layer, h, lut, masked);
    if (m_score != Score::None) {
        m_scores.clear();
        updateOrder();
    }
    update();
}

const attn::HeadOverview *LayerHeadGrid::overviewOf(int layer, int head) const {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads() ||
        std::size_t(layer) >= m_overviews.size() || !m_overviews[std::size_t(layer)])
        return nullptr;
    return &(*m_overviews[std::size_t(layer)])[std::size_t(head)];
}

void LayerHeadGrid::setFoundPositions(std::vector<std::int64_t> positions) {
    if (positions == m_found)
        return;
    m_found = std::move(positions);
    update();
}

void LayerHeadGrid::setPicture(Picture picture, std::shared_ptr<const Norms> norms,
                               std::shared_ptr<const std::vector<attn::Matrix>> rollouts) {
    m_picture = picture;
    m_norms = std::move(norms);
    m_rollouts = std::move(rollouts);
    buildImages();
    update();
}

const attn::Matrix &LayerHeadGrid::shown(int layer, int head) const {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads())
        return emptyMatrix();
    switch (m_picture) {
    case Picture::Weights:
        if (m_run->compact) {
            const attn::HeadOverview *o = overviewOf(layer, head);
            return o ? o->maxima : emptyMatrix();
        }
        return weights(layer, head);
    case Picture::ValueWeighted:
        if (m_norms && std::size_t(layer) < m_norms->size() &&
            std::size_t(head) < (*m_norms)[std::size_t(layer)].size())
            return (*m_norms)[std::size_t(layer)][std::size_t(head)].norms;
        return emptyMatrix();
    case Picture::Rollout:
        if (head == 0 && m_rollouts && std::size_t(layer) < m_rollouts->size())
            return (*m_rollouts)[std::size_t(layer)];
        return emptyMatrix();
    }
    return emptyMatrix();
}

void LayerHeadGrid::buildImages() {
    m_images.clear();
    const ColorLut lut(m_map);
    // Value-weighted norms share one scale, so a head that writes little looks faint beside one
    // that writes much: that difference is what the picture is for.
    m_scaleTop = 1;
    if (m_picture == Picture::ValueWeighted && m_norms) {
        double top = 0;
        for (const auto &layer : *m_norms)
            for (const attn::ValueWeightedHead &head : layer)
                if (head.norms.size() > 0) // a long text's block maxima are NaN where masked
                    top =
                        std::max(top, head.norms.array().isNaN().select(0, head.norms).maxCoeff());
        m_scaleTop = top > 0 ? top : 1;
    }
    const QRgb masked = palette().color(QPalette::Window).darker(104).rgb();
    for (int l = 0; l < layers(); ++l)
        for (int h = 0; h < heads(); ++h)
            m_images.push_back(imageOf(l, h, lut, masked));
}

QImage LayerHeadGrid::imageOf(int layer, int head, const ColorLut &lut, QRgb masked) const {
    const ValueRange unit{0.0, m_scaleTop};
    const LutScale scale(unit);
    const attn::Matrix &w = shown(layer, head);
    const int n = int(w.rows()), m = int(w.cols());
    // More cells than kMaxImageCells: a pixel shows the largest weight of its block, so a sharp
    // peak never disappears between two samples. A compact run's maxima are those blocks
    // already (RunOverview::kCells of them a side).
    const int rows = std::min(n, kMaxImageCells), cols = std::min(m, kMaxImageCells);
    QImage image(std::max(cols, 1), std::max(rows, 1), QImage::Format_RGB32);
    image.fill(masked);
    for (int i = 0; i < rows; ++i) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(i));
        const int r0 = int(qint64(i) * n / rows), r1 = int(qint64(i + 1) * n / rows);
        for (int j = 0; j < cols; ++j) {
            const int c0 = int(qint64(j) * m / cols), c1 = int(qint64(j + 1) * m / cols);
            if (m_causal && c0 > r1 - 1)
                continue; // every key of the block is after every query: masked
            double v = 0;
            for (int r = r0; r < r1; ++r)
                for (int c = c0; c < c1; ++c)
                    v = std::max(v, w(r, c));
            line[j] = lut.at(scale.index(v));
        }
    }
    return image;
}

QRgb LayerHeadGrid::imageColor(int layer, int head, int row, int col) const {
    const std::size_t k = std::size_t(layer * heads() + head);
    return k < m_images.size() && m_images[k].valid(col, row) ? m_images[k].pixel(col, row) : 0;
}

void LayerHeadGrid::choose(int layer, int head) {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads())
        layer = head = -1;
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    update();
    emit chosen(layer, head);
}

void LayerHeadGrid::setScore(Score score, bool sorted) {
    if (score == m_score && sorted == m_sorted)
        return;
    const bool resized = (score == Score::None) != (m_score == Score::None);
    m_score = score;
    m_sorted = sorted;
    updateOrder();
    if (resized) {
        m_cell = cellFor(width());
        updateGeometry();
    }
    update();
}

double LayerHeadGrid::pick(const attn::HeadScores &scores, Score score) {
    switch (score) {
    case Score::PreviousToken:
        return scores.previousToken;
    case Score::FirstToken:
        return scores.firstToken;
    case Score::Induction:
        return scores.induction;
    case Score::DuplicateToken:
        return scores.duplicateToken;
    case Score::None:
        break;
    }
    return std::nan("");
}

double LayerHeadGrid::scoreOf(int layer, int head) const {
    const std::size_t k = std::size_t(layer * heads() + head);
    if (m_score == Score::None || layer < 0 || head < 0 || head >= heads() || k >= m_scores.size())
        return std::nan("");
    return pick(m_scores[k], m_score);
}

QString LayerHeadGrid::scoreName(Score score) {
    switch (score) {
    case Score::PreviousToken:
        return tr("previous token");
    case Score::FirstToken:
        return tr("first token");
    case Score::Induction:
        return tr("induction");
    case Score::DuplicateToken:
        return tr("duplicate token");
    case Score::None:
        break;
    }
    return tr("none");
}

void LayerHeadGrid::updateOrder() {
    // The scores of the run, read once it is scored (none while no score is shown).
    if (m_score != Score::None && m_scores.empty() && m_run)
        for (int l = 0; l < layers(); ++l)
            for (int h = 0; h < heads(); ++h) {
                // A compact run's from its overview (NaN until its layer is read).
                const attn::HeadOverview *o = m_run->compact ? overviewOf(l, h) : nullptr;
                m_scores.push_back(o ? o->summary.scores
                                     : attn::headScores(weights(l, h), m_run->ids));
            }
    m_order.assign(std::size_t(layers() * heads()), 0);
    for (int l = 0; l < layers(); ++l) {
        const auto row = m_order.begin() + l * heads();
        std::iota(row, row + heads(), 0);
        if (!m_sorted || m_score == Score::None)
            continue;
        // Highest first; a head without a score (NaN) after every scored one; ties in order.
        std::stable_sort(row, row + heads(), [&](int a, int b) {
            const double x = scoreOf(l, a), y = scoreOf(l, b);
            if (std::isnan(y))
                return !std::isnan(x);
            return !std::isnan(x) && x > y;
        });
    }
}

int LayerHeadGrid::columnOf(int layer, int head) const {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads())
        return -1;
    const auto row = m_order.begin() + layer * heads();
    return int(std::find(row, row + heads(), head) - row);
}

int LayerHeadGrid::scoreHeight() const {
    return m_score == Score::None ? 0 : fontMetrics().height() + 2;
}

int LayerHeadGrid::rowPitch() const {
    return m_cell + kGap + scoreHeight();
}

void LayerHeadGrid::setMarks(const QHash<QPair<int, int>, QString> &marks) {
    if (marks == m_marks)
        return;
    m_marks = marks;
    update();
}

void LayerHeadGrid::setColorMap(ColorMapId map) {
    m_map = map;
    buildImages();
    update();
}

int LayerHeadGrid::labelWidth() const {
    return fontMetrics().horizontalAdvance(QStringLiteral("L00")) + kGap * 2;
}

int LayerHeadGrid::left() const {
    // Centred when the heads are held to the height and leave room beside them.
    const int content = labelWidth() + heads() * (m_cell + kGap) + kGap;
    return std::max(0, (width() - content) / 2);
}

int LayerHeadGrid::headerHeight() const {
    return fontMetrics().height() + kGap;
}

int LayerHeadGrid::cellFor(int width) const {
    const int h = std::max(heads(), 1);
    int cell = std::clamp((width - labelWidth() - kGap) / h - kGap, m_minCell, kMaxCell);
    if (m_fitHeight > 0 && layers() > 0) {
        const int fit = (m_fitHeight - headerHeight() - kGap) / layers() - kGap - scoreHeight();
        // Held to the height no smaller than a little above the least cell (kComfortCell
        // for the default).
        const int comfort = m_minCell + (kComfortCell - kMinCell);
        cell = std::min(cell, std::max(fit, comfort));
    }
    return std::max(cell, m_minCell);
}

void LayerHeadGrid::setFitHeight(int height) {
    if (height == m_fitHeight)
        return;
    m_fitHeight = height;
    const int cell = cellFor(width());
    if (cell != m_cell) {
        m_cell = cell;
        updateGeometry();
        update();
    }
}

void LayerHeadGrid::setMinimumCell(int pixels) {
    m_minCell = std::clamp(pixels, 8, kMaxCell);
    m_cell = cellFor(width());
    updateGeometry();
    update();
}

int LayerHeadGrid::heightForWidth(int width) const {
    const int cell = cellFor(width);
    return headerHeight() + layers() * (cell + kGap + scoreHeight()) + kGap;
}

QSize LayerHeadGrid::sizeHint() const {
    const int w = labelWidth() + heads() * (64 + kGap) + kGap;
    return {w, heightForWidth(w)};
}

QSize LayerHeadGrid::minimumSizeHint() const {
    const int w = labelWidth() + heads() * (m_minCell + kGap) + kGap;
    return {w, heightForWidth(w)};
}

QRect LayerHeadGrid::headRect(int layer, int head) const {
    if (layer < 0 || layer >= layers() || head < 0 || head >= heads())
        return {};
    return {left() + labelWidth() + columnOf(layer, head) * (m_cell + kGap),
            headerHeight() + layer * rowPitch(), m_cell, m_cell};
}

std::pair<int, int> LayerHeadGrid::headAt(QPoint pos) const {
    const int x = pos.x() - left() - labelWidth(), y = pos.y() - headerHeight();
    if (x < 0 || y < 0)
        return {-1, -1};
    const int column = x / (m_cell + kGap), layer = y / rowPitch();
    if (column >= heads() || layer >= layers())
        return {-1, -1};
    const int head = m_order[std::size_t(layer * heads() + column)];
    if (!headRect(layer, head).contains(pos))
        return {-1, -1};
    return {layer, head};
}

void LayerHeadGrid::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    const int cell = cellFor(width());
    if (cell != m_cell) {
        m_cell = cell;
        updateGeometry(); // the height follows the width
    }
}

void LayerHeadGrid::setCacheRows(std::int64_t reused, std::int64_t added) {
    const std::int64_t n = m_run ? std::int64_t(m_run->ids.size()) : 0;
    if (reused < 0 || added < 0 || reused + added != n)
        reused = added = 0; // not this run's
    if (reused == m_reused && added == m_added)
        return;
    m_reused = reused;
    m_added = added;
    update();
}

void LayerHeadGrid::paintCacheRows(QPainter &p, const QRect &cell) const {
    // As the KV-cache lesson draws a step: the rows from before veiled (their keys and values
    // come from the cache), the new query's row outlined in Okabe–Ito reddish purple.
    if (m_added <= 0 || m_picture == Picture::Rollout)
        return;
    const double n = double(m_reused + m_added);
    const int split = cell.top() + int(std::lround(double(m_reused) / n * cell.height()));
    p.save();
    p.fillRect(QRect(cell.left(), cell.top(), cell.width(), split - cell.top()),
               QColor(255, 255, 255, 70));
    p.setPen(QPen(QColor(0xcc, 0x79, 0xa7), 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRect(cell.left(), split, cell.width(), std::max(cell.bottom() - split, 2))
                   .adjusted(1, 0, -1, 0));
    p.restore();
}

void LayerHeadGrid::paintEvent(QPaintEvent *event) {
    QPainter p(this);
    const QRect dirty = event->rect();
    const QColor text = palette().color(QPalette::WindowText);
    p.setPen(text);
    // Head numbers above the columns (sorted, each head's number is under it instead), layer
    // numbers left of the rows.
    const bool sorted = m_sorted && m_score != Score::None;
    if (m_picture == Picture::Rollout && layers() > 0)
        p.drawText(QRect(left() + labelWidth(), 0, width(), headerHeight()),
                   Qt::AlignLeft | Qt::AlignVCenter, tr("rollout through each layer"));
    else if (sorted && layers() > 0)
        p.drawText(QRect(left() + labelWidth(), 0, width(), headerHeight()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   tr("each layer's heads by %1 score, highest first").arg(scoreName(m_score)));
    for (int h = 0; h < heads() && !sorted && m_picture != Picture::Rollout; ++h) {
        const QRect r = headRect(0, h);
        p.drawText(QRect(r.left(), 0, r.width(), headerHeight()), Qt::AlignCenter,
                   QString::number(h));
    }
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (int l = 0; l < layers(); ++l) {
        const QRect r = headRect(l, 0);
        if (r.bottom() < dirty.top() || r.top() > dirty.bottom())
            continue;
        p.drawText(QRect(left(), r.top(), labelWidth() - kGap, r.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("L%1").arg(l));
        for (int h = 0; h < heads(); ++h) {
            const QRect cell = headRect(l, h);
            if (!cell.intersects(dirty))
                continue;
            if (shown(l, h).size() == 0)
                continue; // rollout: one picture per layer; a reading on its way: blank
            p.drawImage(cell, m_images[std::size_t(l * heads() + h)]);
            paintCacheRows(p, cell);
            paintFound(p, cell);
            if (const auto mark = m_marks.constFind({l, h}); mark != m_marks.constEnd())
                paintMark(p, cell, *mark);
            if (m_score != Score::None && m_picture != Picture::Rollout)
                paintScore(p, l, h, small);
        }
    }
    // The chosen head and the hovered one outlined, the chosen one the stronger.
    const QColor highlight = palette().color(QPalette::Highlight);
    if (m_hoverLayer >= 0) {
        p.setPen(QPen(highlight.lighter(130), 2));
        p.drawRect(headRect(m_hoverLayer, m_hoverHead).adjusted(-2, -2, 1, 1));
    }
    if (m_layer >= 0) {
        p.setPen(QPen(highlight, 3));
        p.drawRect(headRect(m_layer, m_head).adjusted(-3, -3, 2, 2));
    }
}

void LayerHeadGrid::paintScore(QPainter &p, int layer, int head, const QFont &small) const {
    // A bar as long as the score (of the thumbnail's width) and the number, in Okabe–Ito
    // orange, visible on any colour map beside it; the head's own number first when sorted.
    const QRect cell = headRect(layer, head);
    const QRect under(cell.left(), cell.bottom() + 2, cell.width(), scoreHeight() - 2);
    const double value = scoreOf(layer, head);
    const QColor orange(0xe6, 0x9f, 0x00);
    p.fillRect(QRect(under.left(), under.top(), under.width(), 3), orange.lighter(170));
    if (!std::isnan(value))
        p.fillRect(QRect(under.left(), under.top(),
                         int(std::lround(std::clamp(value, 0.0, 1.0) * under.width())), 3),
                   orange);
    p.save();
    p.setFont(small);
    p.setPen(palette().color(QPalette::WindowText));
    QString text = std::isnan(value) ? QStringLiteral("\u2013") : QString::number(value, 'f', 2);
    if (m_sorted)
        text = tr("h%1 %2").arg(head).arg(text);
    const QFontMetrics metrics(small);
    if (metrics.horizontalAdvance(text) > under.width())
        text = metrics.elidedText(text, Qt::ElideRight, under.width());
    p.drawText(under.adjusted(0, 3, 0, 0), Qt::AlignHCenter | Qt::AlignTop, text);
    p.restore();
}

void LayerHeadGrid::paintFound(QPainter &p, const QRect &cell) const {
    // A found position's query row and key column, in Okabe–Ito sky blue, thin enough to leave
    // the picture readable under them.
    const qint64 n = m_run ? qint64(m_run->ids.size()) : 0;
    if (m_found.empty() || n == 0 || m_picture == Picture::Rollout)
        return;
    p.save();
    p.setPen(QPen(QColor(0x56, 0xb4, 0xe9, 200), 1));
    for (std::size_t k = 0; k < m_found.size() && k < std::size_t(kMaxFound); ++k) {
        const double at = (double(m_found[k]) + 0.5) / double(n);
        const int y = cell.top() + int(at * cell.height()),
                  x = cell.left() + int(at * cell.width());
        p.drawLine(cell.left(), y, cell.right(), y);
        p.drawLine(x, cell.top(), x, cell.bottom());
    }
    p.restore();
}

void LayerHeadGrid::paintMark(QPainter &p, const QRect &cell, const QString &mark) const {
    // Ablated: the picture stays (it is what the head computed; its output is what changed),
    // veiled and crossed out in Okabe–Ito vermilion, with the edit written on it.
    p.save();
    p.fillRect(cell, QColor(255, 255, 255, 120));
    const QColor vermilion(0xd5, 0x5e, 0x00);
    p.setPen(QPen(vermilion, 2));
    p.drawLine(cell.topLeft(), cell.bottomRight());
    p.drawLine(cell.topRight(), cell.bottomLeft());
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QRect box = QFontMetrics(bold).boundingRect(mark).adjusted(-3, -1, 3, 1);
    const QRect label(cell.center() - box.center(), box.size());
    p.fillRect(label, QColor(255, 255, 255, 230));
    p.drawText(label, Qt::AlignCenter, mark);
    p.restore();
}

void LayerHeadGrid::hover(int layer, int head) {
    if (layer == m_hoverLayer && head == m_hoverHead)
        return;
    m_hoverLayer = layer;
    m_hoverHead = head;
    update();
    const QRect r = headRect(layer, head);
    emit headHovered(layer, head,
                     r.isEmpty() ? QRect() : QRect(mapToGlobal(r.topLeft()), r.size()));
}

void LayerHeadGrid::mouseMoveEvent(QMouseEvent *event) {
    const auto [layer, head] = headAt(event->position().toPoint());
    hover(layer, head);
}

void LayerHeadGrid::leaveEvent(QEvent *event) {
    QWidget::leaveEvent(event);
    hover(-1, -1);
}

void LayerHeadGrid::mousePressEvent(QMouseEvent *event) {
    const auto [layer, head] = headAt(event->position().toPoint());
    if (event->button() != Qt::LeftButton || layer < 0)
        return QWidget::mousePressEvent(event);
    choose(layer, head);
    if (m_patchMenu)
        return;
    hover(-1, -1); // the popup goes: the head is about to become the workbench's document
    emit takeHeadApart(layer, head);
}

void LayerHeadGrid::keyPressEvent(QKeyEvent *event) {
    if (layers() == 0)
        return QWidget::keyPressEvent(event);
    const int layer = std::max(m_layer, 0), head = std::max(m_head, 0);
    switch (event->key()) {
    case Qt::Key_Left: // along the row as drawn (sorted: by score)
        choose(layer,
               m_order[std::size_t(layer * heads() + std::max(columnOf(layer, head) - 1, 0))]);
        break;
    case Qt::Key_Right:
        choose(layer, m_order[std::size_t(layer * heads() +
                                          std::min(columnOf(layer, head) + 1, heads() - 1))]);
        break;
    case Qt::Key_Up:
        choose(std::max(layer - 1, 0), head);
        break;
    case Qt::Key_Down:
        choose(std::min(layer + 1, layers() - 1), head);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_layer >= 0 && m_patchMenu)
            emit patchRequested(m_layer, m_head);
        else if (m_layer >= 0)
            emit takeHeadApart(m_layer, m_head);
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
}

void LayerHeadGrid::contextMenuEvent(QContextMenuEvent *event) {
    const auto [layer, head] = headAt(event->pos());
    if (layer < 0)
        return;
    choose(layer, head);
    QMenu menu(this);
    if (m_patchMenu) {
        menu.addAction(tr("Patch head %1 of layer %2 from B").arg(head).arg(layer), this,
                       [this, layer, head] { emit patchRequested(layer, head); });
        menu.addAction(tr("Patch at each position and layer (the residual stream)"), this,
                       [this] { emit patchPositionsRequested(); });
        menu.exec(event->globalPos());
        return;
    }
    menu.addAction(tr("Take head %1 of layer %2 apart").arg(head).arg(layer), this,
                   [this, layer, head] { emit takeHeadApart(layer, head); });
    menu.addAction(tr("Take layer %1 apart (all heads)").arg(layer), this,
                   [this, layer] { emit takeLayerApart(layer); });
    menu.addAction(tr("Circuits of head %1 (W_QK, W_OV)").arg(head), this,
                   [this, layer, head] { emit circuitsRequested(layer, head); });
    // What happens without the head: every later layer and the predictions show it.
    menu.addSeparator();
    using Kind = attn::Intervention::Kind;
    menu.addAction(tr("Ablate the head (zero its output)"), this,
                   [this, layer, head] { emit ablateRequested(layer, head, Kind::Zero, 0); });
    menu.addAction(tr("Ablate the head (its mean over the positions)"), this,
                   [this, layer, head] { emit ablateRequested(layer, head, Kind::Mean, 0); });
    menu.addAction(tr("Scale the head's output…"), this, [this, layer, head] {
        bool ok = false;
        const double factor = QInputDialog::getDouble(
            this, tr("Scale the head's output"),
            tr("Multiply the output of head %1 of layer %2 by:").arg(head).arg(layer), 0.5, -100,
            100, 3, &ok);
        if (ok)
            emit ablateRequested(layer, head, Kind::Scale, factor);
    });
    menu.addAction(tr("Steer the residual after layer %1…").arg(layer), this,
                   [this, layer] { emit steerRequested(layer); });
    if (m_marks.contains({layer, head}))
        menu.addAction(tr("Restore the head"), this,
                       [this, layer, head] { emit restoreRequested(layer, head); });
    if (!m_marks.isEmpty())
        menu.addAction(tr("Restore every head"), this, [this] { emit restoreAllRequested(); });
    menu.exec(event->globalPos());
}

void LayerHeadGrid::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        buildImages();
    if (event->type() == QEvent::FontChange) {
        m_cell = cellFor(width());
        updateGeometry();
    }
}

} // namespace attn::ui
