// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadOverview.h"

#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QLabel>
#include <QMouseEvent>
#include <QScopedValueRollback>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr int kSpacing = 6;
// A head's frame: its outline (3 px, HeadOverview::outline) and margin around the heatmap.
constexpr int kFrameMargin = 3;
constexpr int kFrameOverhead = 2 * (3 + kFrameMargin);
// A head given at least this share of what its names and numbers need (ReadableSize's 24-pixel
// rows are generous: numbers are drawn down to 14-pixel rows) keeps its axis titles; below it,
// heads are small multiples, read in their tooltips.
constexpr double kDetailedShare = 0.7;

// "head 1 · group 0" for a head that shares its keys and values (the caption says what).
QString groupedTitle(const attn::AttentionInputs &in, int head) {
    if (attn::kvGroupMembers(in, size_t(head)).size() < 2)
        return QCoreApplication::translate("HeadOverview", "head %1").arg(head);
    return QCoreApplication::translate("HeadOverview", "head %1 \u00b7 group %2")
        .arg(head)
        .arg(in.heads[size_t(head)].kvGroup);
}

// " Heads 0, 1 share one Wk and Wv (group 0)." for every group of two heads or more.
QString groupsText(const attn::AttentionInputs &in) {
    QString text;
    for (size_t h = 0; h < in.heads.size(); ++h) {
        const std::vector<size_t> members = attn::kvGroupMembers(in, h);
        if (members.size() < 2 || members.front() != h)
            continue;
        QStringList names;
        for (size_t m : members)
            names << QString::number(m);
        text += QCoreApplication::translate(
                    "HeadOverview", " Heads %1 share one Wk and Wv (group %2): the same K and V.")
                    .arg(names.join(", "))
                    .arg(in.heads[h].kvGroup);
    }
    return text;
}

// A weight as a class reads it: fixed decimals ("0.25", "0.000"), never an exponent; the
// tooltip has the precise value.
QString weightText(double value, int decimals) {
    return attn::notation::typographic(
        QString::fromStdString(attn::notation::fixed(value, decimals)));
}

} // namespace

HeadOverview::HeadOverview(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_caption(new QLabel), m_board(new QWidget) {
    setObjectName("headOverview");
    auto *layout = new QVBoxLayout(this);
    m_caption->setObjectName("headOverviewCaption");
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    m_board->setObjectName("headBoard");
    m_board->installEventFilter(this);
    layout->addWidget(m_board, 1);
}

HeatmapView *HeadOverview::heatmap(int head) const {
    return head >= 0 && head < m_views.size() ? m_views[head] : nullptr;
}

void HeadOverview::setColorMap(ColorMapId sequential) {
    m_map = sequential;
    for (HeatmapView *v : m_views)
        v->setColorMaps(sequential, v->divergingMap());
}

QSize HeadOverview::smallestHead() const {
    // A title, a few pixels a cell and the colour bar: in lines of the panel's font, so a
    // presentation's larger type gets larger small multiples.
    const int line = fontMetrics().height();
    return {11 * line, 9 * line};
}

void HeadOverview::rebuild(int heads) {
    for (QFrame *f : m_frames)
        delete f;
    m_frames.clear();
    m_views.clear();
    m_outlined = -1;
    for (int h = 0; h < heads; ++h) {
        auto *frame = new QFrame(m_board);
        frame->setObjectName(QString("headFrame%1").arg(h));
        auto *inner = new QVBoxLayout(frame);
        inner->setContentsMargins(kFrameMargin, kFrameMargin, kFrameMargin, kFrameMargin);
        auto *view = new HeatmapView;
        view->setObjectName(QString("headHeatmap%1").arg(h));
        view->setColorMaps(m_map, view->divergingMap());
        view->setMinimumSize(40, 40); // the grid gives each head its share (arrange)
        // Heads compared by eye: square cells, never the flat strips of a wide, short share.
        view->setSquareCells(true);
        view->setNumberFormat([this](double v) { return weightText(v, m_decimals); });
        view->setTooltipProvider([this, h](int row, int col) { return tooltip(h, row, col); });
        view->setToolTip(tr("Click to make head %1 the current head").arg(h));
        inner->addWidget(view);
        connect(view, &HeatmapView::cellClicked, this,
                [this, h](int row, int col, Qt::KeyboardModifiers) {
                    document()->selection().setCurrentHead(h);
                    // The query of the cell: its row, or in the column layout its column.
                    const bool rows = document()->selection().layout() == attn::Layout::Rows;
                    selectQuery(rows ? row : col);
                });
        connect(view, &HeatmapView::rowClicked, this, [this](int row) {
            // Up/Down in a focused head (rows are queries only in the row layout).
            if (document()->selection().layout() == attn::Layout::Rows)
                selectQuery(row);
            else
                showSelection();
        });
        // Clicks outside the cells (title, colour bar, frame) select the head too.
        frame->installEventFilter(this);
        view->plot()->installEventFilter(this);
        frame->show();
        m_frames << frame;
        m_views << view;
    }
}

void HeadOverview::selectQuery(int query) {
    document()->selection().setSelectedRow(query);
    // The clicked heatmap outlined the row it was clicked in; the document's selection is what
    // every head (and every other view) shows.
    showSelection();
}

void HeadOverview::showSelection() {
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    const int query = document()->selection().selectedRow();
    for (HeatmapView *v : std::as_const(m_views)) {
        v->setSelectedRow(rows ? query : -1);
        v->setHighlightedColumns(!rows && query >= 0 ? QList<int>{query} : QList<int>{});
    }
}

void HeadOverview::selectedRowChanged() {
    showSelection(); // only outlines: the weights stay as drawn
}

QString HeadOverview::tooltip(int head, int row, int col) const {
    const HeatmapView *v = heatmap(head);
    if (!v || row < 0 || col < 0 || row >= v->rows() || col >= v->cols())
        return {};
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    const QString query = rows ? v->rowLabels().value(row) : v->colLabels().value(col);
    const QString key = rows ? v->colLabels().value(col) : v->rowLabels().value(row);
    if (v->isCellMasked(row, col))
        return tr("Head %1: query \u201c%2\u201d, key \u201c%3\u201d: masked")
            .arg(head)
            .arg(query, key);
    return tr("Head %1: query \u201c%2\u201d gives key \u201c%3\u201d the weight %4")
        .arg(head)
        .arg(query, key, attn::notation::precise(v->value(row, col)));
}

bool HeadOverview::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::MouseButtonPress) {
        for (int h = 0; h < m_frames.size(); ++h)
            if (watched == m_frames[h] || watched == m_views[h]->plot()) {
                document()->selection().setCurrentHead(h);
                break;
            }
    } else if (event->type() == QEvent::Resize && (watched == m_viewport || watched == m_board)) {
        arrange();
    }
    return InsightView::eventFilter(watched, event);
}

void HeadOverview::changeEvent(QEvent *event) {
    InsightView::changeEvent(event);
    if (event->type() == QEvent::ParentChange) {
        // In a scroll area (a dock), the room is its viewport's: the panel itself is as tall as
        // the heads it last placed.
        if (m_viewport)
            m_viewport->removeEventFilter(this);
        QWidget *viewport = parentWidget();
        m_viewport = viewport && qobject_cast<QAbstractScrollArea *>(viewport->parentWidget())
                         ? viewport
                         : nullptr;
        if (m_viewport)
            m_viewport->installEventFilter(this);
    } else if (event->type() == QEvent::FontChange) {
        arrange();
    }
}

QSize HeadOverview::room() const {
    return m_viewport ? m_viewport->size() : size();
}

void HeadOverview::arrange() {
    if (m_arranging)
        return;
    const QScopedValueRollback guard(m_arranging, true);
    const int n = int(m_views.size());
    const QMargins margins = layout()->contentsMargins();
    const QSize space = room();
    const int width = std::max(1, space.width() - margins.left() - margins.right());
    const int height = std::max(1, space.height() - margins.top() - margins.bottom() -
                                       m_caption->heightForWidth(width) - layout()->spacing());
    if (n == 0) {
        m_board->setMinimumHeight(0);
        return;
    }
    // What a head needs for its token names and numbers, measured on its own data.
    const auto need = [this](int decimals) {
        m_decimals = decimals;
        QSize size(1, 1);
        for (const HeatmapView *v : std::as_const(m_views))
            size = size.expandedTo(v->readableSize(true));
        return size + QSize(kFrameOverhead, kFrameOverhead);
    };
    const QSize need3 = need(3), need2 = need(2);
    const auto headSize = [&](int columns, int boardHeight) {
        const int rows = (n + columns - 1) / columns;
        return QSizeF((width - (columns - 1) * kSpacing) / double(columns),
                      (boardHeight - (rows - 1) * kSpacing) / double(rows));
    };
    const auto share = [](QSizeF head, QSize needed) {
        return std::min(head.width() / needed.width(), head.height() / needed.height());
    };
    // The columns that give each head the largest share of what it needs: 4 heads of a
    // sentence 2 × 2 in a window, 1 × 4 in a wide strip; 12 heads 4 × 3.
    int columns = 1;
    for (int c = 2; c <= n; ++c)
        if (share(headSize(c, height), need2) > share(headSize(columns, height), need2) + 1e-9)
            columns = c;
    QSizeF head = headSize(columns, height);
    m_small = share(head, need2) < kDetailedShare;
    const QSize smallest = smallestHead();
    int boardHeight = 0; // the room, whatever it is
    if (head.width() < smallest.width() || head.height() < smallest.height()) {
        // Not even small multiples fit: as many of them side by side as the width holds, and
        // the panel scrolls down.
        columns = std::clamp((width + kSpacing) / (smallest.width() + kSpacing), 1, n);
        const int rows = (n + columns - 1) / columns;
        boardHeight = std::max(height, rows * smallest.height() + (rows - 1) * kSpacing);
        head = headSize(columns, boardHeight);
    }
    m_columns = columns;
    // Three decimals where they fit ("0.250", as the combination panel writes a weight), else two.
    // (Cells are square, HeatmapView::setSquareCells: the width of a head is not theirs.)
    m_decimals =
        !m_small && head.width() >= 0.95 * need3.width() && head.height() >= 0.95 * need3.height()
            ? 3
            : 2;
    // need() tried both: the heads draw, and size their cells for, the numbers chosen now.
    if (m_decimals != m_drawnDecimals) {
        m_drawnDecimals = m_decimals;
        for (HeatmapView *v : std::as_const(m_views))
            v->setNumberFormat([this](double x) { return weightText(x, m_decimals); });
    }
    m_board->setMinimumHeight(boardHeight);
    for (HeatmapView *v : std::as_const(m_views)) {
        // Small multiples leave out the axis titles (the caption and tooltips say which is which).
        const bool rowsLayout = document()->selection().layout() == attn::Layout::Rows;
        if (m_small)
            v->setAxisTitles({}, {});
        else
            v->setAxisTitles(rowsLayout ? tr("query") : tr("key"),
                             rowsLayout ? tr("key") : tr("query"));
    }
    // Placed in the board's own size (the layout may still be giving it the room computed here).
    const QSizeF placed = headSize(columns, std::max(m_board->height(), boardHeight));
    for (int h = 0; h < n; ++h) {
        const int r = h / columns, c = h % columns;
        const QPointF at(c * (placed.width() + kSpacing), r * (placed.height() + kSpacing));
        m_frames[h]->setGeometry(QRectF(at, placed).toAlignedRect().adjusted(0, 0, -1, -1));
    }
}

void HeadOverview::outline(int head) {
    m_outlined = head;
    for (int h = 0; h < m_frames.size(); ++h)
        // Orange (Okabe–Ito) reads against every sequential map's blues, greens and purples.
        m_frames[h]->setStyleSheet(h == head ? QString("QFrame#headFrame%1 { border: 3px solid "
                                                       "#E69F00; border-radius: 4px; }")
                                                   .arg(h)
                                             : QString("QFrame#headFrame%1 { border: 3px solid "
                                                       "transparent; }")
                                                   .arg(h));
}

QString HeadOverview::caption(int heads, int current) const {
    if (heads == 1)
        return tr("One head. Add heads under \u201cSizes and options\u201d to compare them here.");
    return tr("%1 heads, weights on the same 0–1 scale. Click a head to make it current "
              "(outlined: head %2).")
               .arg(heads)
               .arg(current) +
           tr(" Click a row to select its query; hover a cell for its tokens and weight.");
}

void HeadOverview::refresh() {
    const ResultSnapshot &snap = snapshot();
    const auto &result = snap.result;
    const int heads = snap.isValid() ? int(result->heads.size()) : 0;
    if (heads != m_views.size())
        rebuild(heads);
    if (heads == 0) {
        m_caption->setText(tr("No result yet."));
        return;
    }
    // Drawn like the stages: the column layout shows the row result's weights transposed.
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    const attn::AttentionInputs &in = *snap.inputs;
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    // Each head's weights (and, in the column layout, their transposes) are derived off the
    // GUI thread when large: 134 MB a head at 4096 tokens.
    struct Shown {
        std::vector<std::shared_ptr<const attn::Matrix>> weights;
        attn::Mask maskT;
    };
    runOffThread(insight::isLarge(*result), [this, result, rows, queries, keys]() -> Present {
        auto shown = std::make_shared<Shown>();
        if (!rows)
            shown->maskT = result->masked.transpose();
        for (const attn::HeadResult &h : result->heads) {
            attn::Matrix w = h.weights();
            shown->weights.push_back(std::make_shared<const attn::Matrix>(
                rows ? std::move(w) : attn::Matrix(w.transpose())));
        }
        return [this, result, rows, queries, keys, shown] {
            const int count = std::min(int(shown->weights.size()), int(m_views.size()));
            for (int h = 0; h < count; ++h)
                m_views[h]->setData(shown->weights[size_t(h)], rows ? queries : keys,
                                    rows ? keys : queries, ScaleKind::Unit,
                                    rows ? &result->masked : &shown->maskT);
            // The names and numbers the heads need are those of the data just set.
            arrange();
        };
    });
    for (int h = 0; h < heads; ++h)
        m_views[h]->setTitle(groupedTitle(in, h));
    showSelection();
    const int current = insight::headOf(*document(), *result);
    outline(current);
    m_caption->setText(caption(heads, current) + groupsText(in));
}

} // namespace attn::ui
