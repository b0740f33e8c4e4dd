// SPDX-License-Identifier: GPL-3.0-or-later
#include "StagesView.h"

#include "DerivedStageSource.h"
#include "Formula.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"
#include "heatmap/HeatmapZoom.h"
#include "heatmap/ReadableSize.h"

#include <qcustomplot.h>

#include <QBoxLayout>
#include <QEvent>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>

namespace attn::ui {

using attn::Stage;

namespace {

QString shape(const attn::Matrix &m) {
    return QString("%1×%2").arg(m.rows()).arg(m.cols());
}

constexpr int kSpacing = 6;
constexpr int kCombination = -1; // the combination panel's place in an arrangement
// The order the stages are computed in: the order they follow the weights in.
// X leads it, shown only while a lesson step talks about it ("Tokens are rows of X"): the
// inputs are otherwise the inputs panel's, which presentation mode hides.
constexpr Stage kPipeline[] = {Stage::X,          Stage::Q,      Stage::K,      Stage::V,
                               Stage::Scores,     Stage::Capped, Stage::Logits, Stage::Weights,
                               Stage::HeadOutput, Stage::Concat, Stage::Final};
// An enlarged heatmap has names and numbers for up to this many cells a side.
constexpr int kMaxEnlargedCells = 64;
// Below this viewport width or height (a window being built or minimised) heatmaps keep their
// size.
constexpr int kMinFittedWidth = 240;
constexpr int kMinFittedHeight = 240;

} // namespace

StagesView::StagesView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer),
      m_bands(new QVBoxLayout(this)) {
    m_bands->setContentsMargins(4, 4, 4, 4);
    m_bands->setSpacing(kSpacing);
    for (const Stage stage : kPipeline) {
        auto *view = new HeatmapView(this);
        view->setObjectName(QString("heatmap") + attn::stageInfo(stage).title);
        view->setTooltipProvider([this, stage](int row, int col) {
            QString text = tooltip(stage, row, col);
            if (stage == Stage::Weights && m_weightsNote) {
                if (!queriesAreRows())
                    std::swap(row, col);
                if (const QString note = m_weightsNote(row, col); !note.isEmpty())
                    text += QStringLiteral("\n\n") + note;
            }
            return text;
        });
        connect(view, &HeatmapView::cellClicked, this,
                [this, stage](int row, int col, Qt::KeyboardModifiers modifiers) {
                    onCellClicked(stage, row, col, modifiers);
                });
        connect(view, &HeatmapView::rowClicked, this, [this, stage](int row) {
            // Up/Down in a focused heatmap move the selected query (rows are queries only in
            // the row layout; clicks are handled by onCellClicked).
            if (isPerQuery(stage) && queriesAreRows())
                m_document->selection().setSelectedRow(row);
        });
        connect(view, &HeatmapView::enlargeRequested, this, [this, stage] {
            // The weights lead anyway, but enlarged they too take the window's height, with
            // names and numbers for up to 64 cells a side (what their caption promises).
            setEnlargedStage(m_enlarged == stage ? std::nullopt : std::optional<Stage>(stage));
            showStage(stage);
        });
        m_views.insert(stage, view);
        // Zoomed in or out, a heatmap fits the window's height or not (updateMinimumSizes).
        connect(view->zoom(), &HeatmapZoom::changed, this, &StagesView::scheduleRelayout);
        // A lesson step's heatmaps are kept in view as the layout moves them (revealEmphasis).
        view->installEventFilter(this);
    }
    m_views.value(Stage::X)->hide();
    for (Stage stage : {Stage::Scores, Stage::Capped, Stage::Logits, Stage::Weights})
        m_tables.insert(stage,
                        std::make_shared<StageTables>(
                            stage == Stage::Scores   ? attn::StageExtrema::Quantity::Scores
                            : stage == Stage::Capped ? attn::StageExtrema::Quantity::Capped
                                                     : attn::StageExtrema::Quantity::Logits));

    connect(recomputer, &Recomputer::resultReady, this, &StagesView::showResult);
    ViewSelection *selection = &document->selection();
    connect(selection, &ViewSelection::selectedRowChanged, this, &StagesView::updateSelection);
    // The head and the layout are view state: the same snapshot, drawn again.
    connect(selection, &ViewSelection::currentHeadChanged, this,
            [this] { showResult(m_snapshot, 0); });
    connect(selection, &ViewSelection::layoutChanged, this, [this] { showResult(m_snapshot, 0); });
    showResult(recomputer->snapshot(), 0);
    relayout();
}

void StagesView::setEmphasis(const QList<Stage> &stages) {
    const bool showX = stages.contains(Stage::X);
    const bool arranged = m_emphasis == stages && m_views.value(Stage::X)->isVisible() == showX;
    m_emphasis = stages;
    m_revealCells.reset();
    m_views.value(Stage::X)->setVisible(showX);
    // The step's heatmaps lead the layout: arranged again.
    if (!arranged) {
        m_arrangement.clear();
        scheduleRelayout();
    }
    // Each heatmap fades itself: a QGraphicsOpacityEffect here left the earlier layout's
    // drawing under the new one on screen (its plot repaints alone, opaquely).
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it)
        it.value()->setDimmed(!stages.isEmpty() && !stages.contains(it.key()));
    update();
    // A lesson step brings up the matrices it talks about, once they have their places (the
    // step may also switch the layout, which arranges the heatmaps again).
    scheduleReveal();
}

void StagesView::revealEmphasis() {
    if (m_relayoutPending) { // arranged first, then scrolled to
        scheduleReveal();
        return;
    }
    QScrollArea *scroll = scrollArea();
    if (!scroll || !scroll->widget())
        return;
    QRect shown; // in the scrolled widget's coordinates
    for (Stage stage : std::as_const(m_emphasis))
        if (HeatmapView *v = m_views.value(stage); v && !v->isHidden() && v->parentWidget() == this)
            shown |= QRect(v->mapTo(scroll->widget(), QPoint()), v->size()).adjusted(-6, -6, 6, 6);
    if (shown.isEmpty())
        return;
    // All of them when they fit the viewport's height; otherwise the first from its title.
    const int height = scroll->viewport()->height();
    const int centreY = shown.height() <= height ? shown.center().y() : shown.top() + height / 2;
    scroll->ensureVisible(shown.center().x(), centreY, shown.width() / 2,
                          std::min(shown.height(), height) / 2);
}

void StagesView::scheduleReveal() {
    // Moves and resizes come in bursts (a dock, the presentation's font, a new document's
    // shapes): scrolled once they are over, to what was last asked for.
    if (m_revealPending || m_emphasis.isEmpty())
        return;
    m_revealPending = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_revealPending = false;
            if (m_revealCells)
                revealCells(m_revealCells->first, m_revealCells->second);
            else
                revealEmphasis();
        },
        Qt::QueuedConnection);
}

void StagesView::revealCells(Stage stage, const QRect &cells) {
    m_revealCells = std::pair{stage, cells};
    if (m_relayoutPending) { // arranged first, then scrolled to
        scheduleReveal();
        return;
    }
    revealEmphasis();
    HeatmapView *v = m_views.value(stage);
    QScrollArea *scroll = scrollArea();
    if (!v || v->isHidden() || !scroll || !scroll->widget() || cells.isEmpty())
        return;
    const QRectF first = v->cellRect(cells.top(), cells.left()),
                 last = v->cellRect(cells.bottom(), cells.right());
    if (first.isEmpty() || last.isEmpty())
        return;
    const QRect shown =
        first.united(last).toAlignedRect().translated(v->plot()->mapTo(scroll->widget(), QPoint()));
    // Already in sight with the heatmap's title: nothing to scroll (a margin would push the
    // title out of a heatmap taller than the window for nothing).
    const QRect seen(-scroll->widget()->pos(), scroll->viewport()->size());
    if (seen.contains(shown))
        return;
    scroll->ensureVisible(shown.center().x(), shown.center().y(), shown.width() / 2 + 8,
                          shown.height() / 2 + 8);
}

bool StagesView::showStage(Stage stage) {
    HeatmapView *v = m_views.value(stage);
    if (!v || v->isHidden())
        return false;
    if (QScrollArea *scroll = scrollArea())
        scroll->ensureWidgetVisible(v, 0, 0);
    v->setFocus(Qt::OtherFocusReason);
    return true;
}

void StagesView::updateMinimumSizes() {
    // Heatmaps keep their readable size at any zoom and data: when the font grows
    // (presentation mode) or the matrix does, the view scrolls instead of squeezing the cells
    // to a strip. An enlarged heatmap also fills the window's height.
    const QScrollArea *scroll = scrollArea();
    const QSize viewport = scroll ? scroll->viewport()->size() : QSize();
    const int viewportHeight = viewport.height();
    // A class cannot scroll sideways: a heatmap wider than the window fits its width. Its cells
    // shrink first (the names and the colour bar keep their room); when the numbers no longer fit
    // the cells, they give way to the hover (HeatmapCellLayer). Only height may scroll.
    auto fitWidth = [&](int width) {
        const int available = viewport.width() - 2 * kSpacing;
        return available > kMinFittedWidth ? std::min(width, available) : width;
    };
    // Nor is a heatmap of more rows than names can be given (kMaxReadableCells) taller than the
    // window: scrolling down one of 48 tokens took its title and colour bar out of view while its
    // lower rows were read, and its key names off the bottom. The view scrolls between heatmaps
    // instead; the rows shrink, and the wheel or a double-click enlarges them. Up to 24 rows
    // keep their names on both axes, and the view scrolls when they need it.
    auto fitHeight = [&](int height) {
        const int available = viewportHeight - 2 * kSpacing;
        return available > kMinFittedHeight ? std::min(height, available) : height;
    };
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        if (it.value()->parentWidget() != this)
            continue; // taken out for a figure, at the figure's size
        const bool enlarged = m_enlarged == it.key();
        QSize size = it.value()->readableSize(true, enlarged ? kMaxEnlargedCells
                                                             : HeatmapView::kMaxReadableCells);
        // A zoomed heatmap (a lesson's cells around the one it quotes, 7 of 24 a side) shows
        // its few cells large: it need not be taller than the window, which cut its key names
        // off at the bottom.
        if (enlarged)
            size.setHeight(std::max(size.height(), viewportHeight - 8));
        else if (it.value()->rows() > HeatmapView::kMaxReadableCells ||
                 it.value()->zoom()->isZoomed())
            size.setHeight(fitHeight(size.height()));
        size.setWidth(fitWidth(size.width()));
        it.value()->setMinimumSize(size);
    }
}

void StagesView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    // The room heatmaps fit is the scroll area's viewport, not this widget (which is at least as
    // wide as its heatmaps): a dock opening beside it narrows the viewport while this widget
    // keeps its width, so it would never hear of it.
    QScrollArea *scroll = scrollArea();
    if (scroll && m_viewport != scroll->viewport()) {
        if (m_viewport)
            m_viewport->removeEventFilter(this);
        m_viewport = scroll->viewport();
        m_viewport->installEventFilter(this);
    }
    scheduleRelayout();
}

bool StagesView::eventFilter(QObject *watched, QEvent *event) {
    const QEvent::Type type = event->type();
    if (watched == m_viewport && type == QEvent::Resize) {
        scheduleRelayout();
        scheduleReveal();
    }
    // A lesson step's heatmap moved by the layout (presentation off, a head taken apart, a file
    // opened, training's task: each arranges the heatmaps anew, after the step scrolled to them)
    // is brought back into view. Scrolling moves this widget, not the heatmaps in it.
    if (watched != m_viewport &&
        (type == QEvent::Move || type == QEvent::Resize || type == QEvent::Show))
        scheduleReveal();
    return QWidget::eventFilter(watched, event);
}

void StagesView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        scheduleRelayout();
}

void StagesView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    scheduleRelayout();
}

void StagesView::scheduleRelayout() {
    // Resizes and font changes come in bursts (and from within layouts): arrange once after.
    if (m_relayoutPending)
        return;
    m_relayoutPending = true;
    QMetaObject::invokeMethod(
        this, [this] { relayout(); }, Qt::QueuedConnection);
}

int StagesView::availableWidth() const {
    const QMargins m = m_bands->contentsMargins();
    const QScrollArea *scroll = scrollArea();
    return (scroll ? scroll->viewport()->width() : width()) - m.left() - m.right();
}

QScrollArea *StagesView::scrollArea() const {
    for (QWidget *w = parentWidget(); w; w = w->parentWidget())
        if (auto *scroll = qobject_cast<QScrollArea *>(w))
            return scroll;
    return nullptr;
}

void StagesView::setEnlargedStage(std::optional<Stage> stage) {
    if (stage && !m_views.contains(*stage))
        return;
    m_enlarged = stage;
    relayout();
}

void StagesView::setDecimals(int decimals) {
    decimals = std::clamp(decimals, -1, 6);
    if (decimals == m_decimals)
        return;
    m_decimals = decimals;
    for (HeatmapView *v : std::as_const(m_views))
        v->setDecimals(m_decimals);
    relayout(); // wider numbers, wider cells
    emit decimalsChanged(m_decimals);
}

void StagesView::relayout() {
    m_relayoutPending = false;
    updateMinimumSizes();
    const int available = availableWidth();
    // The lead (the weights, or the enlarged stage) and the combination panel first: beside
    // each other when both fit the width, else the panel under the lead.
    Stage lead = m_enlarged.value_or(Stage::Weights);
    if (m_views.value(lead)->isHidden())
        lead = Stage::Weights;
    if (m_views.value(lead)->parentWidget() != this)
        return; // the weights were taken out for a figure: nothing left to arrange
    // A lesson step's heatmaps come first (Q, K and V of step 2 above the weights), unless the
    // step is about the lead itself or a heatmap was enlarged; the rest in pipeline order.
    QList<Stage> emphasised, others;
    for (const Stage stage : kPipeline) {
        HeatmapView *v = m_views.value(stage);
        if (stage == lead || v->isHidden() || v->parentWidget() != this)
            continue;
        (m_emphasis.contains(stage) && !m_enlarged ? emphasised : others) << stage;
    }
    const bool leadFirst = emphasised.isEmpty() || m_emphasis.contains(lead);
    QList<QList<int>> arrangement;
    // As many on a row as fit.
    const auto pack = [&](const QList<Stage> &stages) {
        QList<int> row;
        int used = 0;
        for (const Stage stage : stages) {
            const int w = m_views.value(stage)->minimumWidth();
            if (!row.isEmpty() && used + kSpacing + w > available) {
                arrangement << row;
                row.clear();
                used = 0;
            }
            used += (row.isEmpty() ? 0 : kSpacing) + w;
            row << int(stage);
        }
        if (!row.isEmpty())
            arrangement << row;
    };
    if (!leadFirst)
        pack(emphasised);
    arrangement << QList<int>{int(lead)};
    if (m_combination) {
        const int need = m_views.value(lead)->minimumWidth() + kSpacing +
                         m_combination->minimumSizeHint().width();
        if (need <= available)
            arrangement.back() << kCombination;
        else
            arrangement << QList<int>{kCombination};
    }
    if (leadFirst)
        pack(emphasised);
    pack(others);
    if (arrangement == m_arrangement)
        return;
    m_arrangement = arrangement;

    // Rebuild the rows (the widgets stay; only the boxes holding them are new).
    while (QLayoutItem *item = m_bands->takeAt(0)) {
        if (QLayout *box = item->layout())
            while (QLayoutItem *inner = box->takeAt(0))
                delete inner;
        delete item;
    }
    for (int r = 0; r < arrangement.size(); ++r) {
        auto *box = new QHBoxLayout;
        box->setSpacing(kSpacing);
        for (int id : arrangement[r]) {
            QWidget *w = id == kCombination ? m_combination : m_views.value(Stage(id));
            // Spare width is shared evenly: the panel beside the weights needs it most.
            box->addWidget(w, 1);
        }
        // The first row takes the spare height: the weights (or the enlarged stage) grow first.
        m_bands->addLayout(box, r == 0 ? 3 : 1);
    }
}

void StagesView::paintEvent(QPaintEvent *event) {
    QWidget::paintEvent(event);
    if (m_emphasis.isEmpty())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(0xe6, 0x9f, 0x00), 4)); // Okabe–Ito orange: visible on any colour map
    for (Stage stage : m_emphasis) {
        const HeatmapView *v = m_views.value(stage);
        if (v && v->isVisible())
            p.drawRoundedRect(QRectF(v->geometry()).adjusted(-3, -3, 3, 3), 6, 6);
    }
}

void StagesView::setCombinationView(QWidget *widget) {
    widget->setParent(this);
    m_combination = widget;
    m_arrangement.clear();
    relayout();
}

QList<HeatmapView *> StagesView::visibleViews() const {
    QList<HeatmapView *> out;
    for (HeatmapView *v : m_views)
        if (!v->isHidden())
            out << v;
    return out;
}

void StagesView::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    for (HeatmapView *v : m_views)
        v->setColorMaps(sequential, diverging);
}

bool StagesView::isPerQuery(Stage stage) const {
    return stage != Stage::K && stage != Stage::V;
}

void StagesView::showResult(const ResultSnapshot &snapshot, double computeMs) {
    if (!snapshot.isValid() || snapshot.result->heads.empty())
        return;
    QElapsedTimer timer;
    timer.start();
    // A document of another shape (a preset, an opened file, a training task's sentence) starts
    // from the default arrangement: nothing of the last one's layout (an enlarged stage, the
    // rows as arranged) survives it.
    const std::array<qsizetype, 4> drawnShape{
        snapshot.inputs->queryCount(), snapshot.inputs->keyCount(),
        qsizetype(snapshot.result->heads.size()), snapshot.result->heads.front().Q.cols()};
    if (drawnShape != m_shape) {
        m_shape = drawnShape;
        m_enlarged.reset();
        m_arrangement.clear();
        // A lesson step under way (a file opened, training's task) keeps what it talks about in
        // view: the new arrangement moves the heatmaps.
        scheduleReveal();
    }
    m_snapshot = snapshot;
    // The snapshot's inputs are the ones its result was computed from: labels always fit.
    const attn::AttentionInputs &inputs = *snapshot.inputs;
    const attn::AttentionResult &result = *snapshot.result;
    const bool rows = queriesAreRows();
    const int head =
        std::clamp(m_document->selection().currentHead(), 0, int(result.heads.size()) - 1);
    const attn::HeadResult &h = result.heads[size_t(head)];
    m_queries = m_queryLabels.labels(inputs.tokens);
    m_keys = m_keyLabels.labels(inputs.sourceTokens());

    const bool several = result.heads.size() > 1;
    const bool projected = inputs.hasWo();
    const QString hs = several ? tr(" (head %1)").arg(head) : QString();
    // The titles are the stage table's formulas, with the result's own d_k and head count.
    const attn::Layout layout = rows ? attn::Layout::Rows : attn::Layout::Columns;
    attn::FormulaContext fc = attn::formulaContext(inputs);
    fc.dk = h.Q.cols();
    fc.heads = result.heads.size();
    const auto formula = [&](Stage stage) { return attn::stageFormula(stage, layout, fc); };
    auto shownShape = [rows](const attn::Matrix &m) {
        return rows ? shape(m) : QString("%1\u00d7%2").arg(m.cols()).arg(m.rows());
    };

    // One call per stage: the row layout's title and axes, or the column layout's, where every
    // matrix is transposed (tokens are columns) and the formulas are the article's second form.
    // Shared, not copied: a matrix stored in the snapshot's immutable result is kept alive by
    // the heatmap through the result.
    const auto inResult = [&](const attn::Matrix &m) {
        return std::shared_ptr<const attn::Matrix>(snapshot.result, &m);
    };
    auto set = [&](Stage stage, std::shared_ptr<const attn::Matrix> m, const QString &title,
                   const QStringList &tokens, const QStringList &other, const QString &tokenAxis,
                   const QString &otherAxis, ScaleKind kind, const attn::Mask *masked = nullptr,
                   const QString &suffix = QString()) {
        HeatmapView *v = m_views.value(stage);
        v->setTitle(title + suffix + " \u2014 " + shownShape(*m));
        if (rows) {
            v->setAxisTitles(tokenAxis, otherAxis);
            v->setData(std::move(m), tokens, other, kind, masked);
        } else {
            v->setAxisTitles(otherAxis, tokenAxis);
            v->setTransposedData(*m, other, tokens, kind, masked);
        }
    };
    // The inputs' own X, kept alive by the snapshot's inputs.
    set(Stage::X, std::shared_ptr<const attn::Matrix>(snapshot.inputs, &inputs.X),
        formula(Stage::X), m_queries, {}, tr("query"), "p", ScaleKind::Diverging);
    for (Stage stage : {Stage::Q, Stage::K, Stage::V})
        set(stage,
            inResult(stage == Stage::Q   ? h.Q
                     : stage == Stage::K ? h.K
                                         : h.V),
            formula(stage), stage == Stage::Q ? m_queries : m_keys, {},
            stage == Stage::Q ? tr("query") : tr("key"), stage == Stage::V ? "d_v" : "d_k",
            ScaleKind::Diverging, nullptr, hs);
    // Scores, logits and weights are never derived whole (134 MB each at n = 4096): each
    // heatmap asks its source for the cells in view at the pixels it draws them at. Scores are
    // defined unmasked (the mask applies from the logits on): every score is worth reading.
    // The column layout shows them keys × queries: the key axis runs down, queries across.
    const QString sizeText = rows ? QString("%1\u00d7%2").arg(h.Q.rows()).arg(h.K.rows())
                                  : QString("%1\u00d7%2").arg(h.K.rows()).arg(h.Q.rows());
    // The capped scores only with a soft cap (Gemma 2): between the scores and the logits.
    const bool capped = attn::hasStage(*snapshot.inputs, Stage::Capped);
    m_views.value(Stage::Capped)->setVisible(capped);
    for (Stage stage : {Stage::Scores, Stage::Capped, Stage::Logits, Stage::Weights}) {
        using D = attn::HeadResult::Derived;
        const D derived = stage == Stage::Scores   ? D::Scores
                          : stage == Stage::Capped ? D::Capped
                          : stage == Stage::Logits ? D::Logits
                                                   : D::Weights;
        HeatmapView *v = m_views.value(stage);
        if (stage == Stage::Capped && !capped)
            continue;
        v->setTitle(formula(stage) + hs + " \u2014 " + sizeText);
        const QString key = stage == Stage::Logits             ? tr("key \u2014 click to mask")
                            : stage == Stage::Weights && !rows ? tr("key \u2193")
                                                               : tr("key");
        const QString query =
            stage == Stage::Logits && !rows ? tr("query \u2014 click to mask") : tr("query");
        const QString keyAxis = stage == Stage::Logits && !rows ? tr("key") : key;
        if (rows)
            v->setAxisTitles(query, keyAxis);
        else
            v->setAxisTitles(keyAxis, query);
        v->setSource(std::make_shared<DerivedStageSource>(snapshot.result, head, derived, !rows,
                                                          m_tables.value(stage)),
                     rows ? m_queries : m_keys, rows ? m_keys : m_queries,
                     stage == Stage::Weights ? ScaleKind::Unit : ScaleKind::Diverging);
    }
    // The formula alone does not say what a class calls the matrix: its colour bar does.
    m_views.value(Stage::Weights)->setColorScaleLabel(tr("attention weights"));
    // A picture in the weights' place (a model head's value-weighted attention, its rollout).
    m_weightsNote = {};
    if (m_weightsPicture)
        if (std::optional<HeatmapPicture> picture = m_weightsPicture(snapshot, head)) {
            m_weightsNote = picture->note;
            const attn::Matrix &values = picture->values;
            if (values.rows() == h.Q.rows() && values.cols() == h.K.rows()) {
                HeatmapView *v = m_views.value(Stage::Weights);
                v->setTitle(picture->title + hs + " \u2014 " + sizeText);
                v->setColorScaleLabel({});
                if (rows)
                    v->setData(values, m_queries, m_keys, picture->kind);
                else
                    v->setTransposedData(values, m_keys, m_queries, picture->kind);
            }
        }
    set(Stage::HeadOutput, inResult(h.output), formula(Stage::HeadOutput), m_queries, {},
        tr("query"), "d_v", ScaleKind::Diverging, nullptr, hs);
    m_views.value(Stage::Concat)->setVisible(several);
    m_views.value(Stage::Final)->setVisible(several || projected);
    if (several)
        set(Stage::Concat, inResult(result.concat()), formula(Stage::Concat), m_queries, {},
            tr("query"), "H·d_v", ScaleKind::Diverging);
    if (several || projected) // the final output does not depend on the current head: no suffix
        set(Stage::Final, inResult(result.output()), formula(Stage::Final), m_queries, {},
            tr("query"), "p_out", ScaleKind::Diverging);
    updateSelection();
    // New shapes, names or numbers: new readable sizes (arranged after this draw).
    scheduleRelayout();
    m_drawNs = timer.nsecsElapsed();
    emit drawn(computeMs, double(m_drawNs) / 1e6);
}

void StagesView::setWeightsPicture(WeightsPicture provider) {
    m_weightsPicture = std::move(provider);
    redraw();
}

void StagesView::redraw() {
    if (m_snapshot.isValid())
        showResult(m_snapshot, 0);
}

bool StagesView::queriesAreRows() const {
    return m_document->selection().layout() == attn::Layout::Rows;
}

void StagesView::updateSelection() {
    const int query = m_document->selection().selectedRow();
    const bool rows = queriesAreRows();
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        HeatmapView *v = it.value();
        const bool queries = isPerQuery(it.key());
        // The selected query is a row in the row layout and a column in the column layout.
        // Column highlights are also used by other views (interpretations), so they are only
        // cleared here when this view put them there: on leaving the column layout.
        v->setSelectedRow(rows && queries ? query : -1);
        if (!rows)
            v->setHighlightedColumns(queries && query >= 0 ? QList<int>{query} : QList<int>{});
        else if (m_columnsShown)
            v->setHighlightedColumns({});
    }
    m_columnsShown = !rows;
}

void StagesView::onCellClicked(Stage stage, int row, int col, Qt::KeyboardModifiers) {
    const bool rows = queriesAreRows();
    // In the column layout a query is a column, and the scores-shaped stages are keys × queries.
    const int query = rows ? row : col;
    const int other = rows ? col : row;
    if (stage == Stage::Logits) {
        QString error;
        m_document->toggleMask(query, other, &error);
    }
    if (isPerQuery(stage))
        m_document->selection().setSelectedRow(query);
    m_document->selection().setSelectedColumn(other);
    emit cellActivated(stage, row, col);
}

QString StagesView::tooltip(Stage stage, int row, int col) const {
    if (!queriesAreRows())
        std::swap(row, col); // explain with the row layout's (query, key/feature) indices
    if (!m_snapshot.isValid())
        return {};
    // The drawn snapshot's own inputs and row-layout result: indices always agree.
    const derivation::Context c{m_snapshot.inputs.get(),
                                m_snapshot.result.get(),
                                std::clamp(m_document->selection().currentHead(), 0,
                                           int(m_snapshot.result->heads.size()) - 1),
                                m_queries,
                                m_keys,
                                m_document->selection().layout()};
    return derivation::ofStage(c, stage, row, col);
}

} // namespace attn::ui
