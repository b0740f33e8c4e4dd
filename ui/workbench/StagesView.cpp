#include "StagesView.h"

#include "Document.h"
#include "HeatmapView.h"
#include "Recomputer.h"

#include <QEvent>
#include <QGraphicsOpacityEffect>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>

using attn::Stage;

namespace {

QStringList toQStringList(const std::vector<std::string> &tokens) {
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

QString shape(const attn::Matrix &m) {
    return QString("%1×%2").arg(m.rows()).arg(m.cols());
}

} // namespace

StagesView::StagesView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer),
      m_grid(new QGridLayout(this)) {
    m_grid->setContentsMargins(4, 4, 4, 4);
    m_grid->setSpacing(6);
    const Stage order[] = {Stage::Q,          Stage::K,      Stage::V,
                           Stage::Scores,     Stage::Logits, Stage::Weights,
                           Stage::HeadOutput, Stage::Concat, Stage::Final};
    for (int k = 0; k < 9; ++k) {
        const Stage stage = order[k];
        auto *view = new HeatmapView(this);
        view->setObjectName(QString("heatmap") + attn::stageInfo(stage).title);
        view->setTooltipProvider(
            [this, stage](int row, int col) { return tooltip(stage, row, col); });
        connect(view, &HeatmapView::cellClicked, this,
                [this, stage](int row, int col, Qt::KeyboardModifiers modifiers) {
                    onCellClicked(stage, row, col, modifiers);
                });
        connect(view, &HeatmapView::rowClicked, this, [this, stage](int row) {
            // Up/Down in a focused heatmap move the selected query (rows are queries only in
            // the row layout; clicks are handled by onCellClicked).
            if (isPerQuery(stage) && queriesAreRows())
                m_document->setSelectedRow(row);
        });
        m_views.insert(stage, view);
        // Row 2 holds the head output and, beside it, the combination panel (see
        // setCombinationView); concat and the final output go on a row of their own.
        const int row = k / 3 + (k >= 7 ? 1 : 0), col = k >= 7 ? k - 7 : k % 3;
        m_grid->addWidget(view, row, col);
    }
    for (int c = 0; c < 3; ++c)
        m_grid->setColumnStretch(c, 1);
    updateMinimumSizes();

    connect(recomputer, &Recomputer::resultReady, this, &StagesView::showResult);
    connect(document, &Document::selectedRowChanged, this, &StagesView::updateSelection);
    connect(document, &Document::currentHeadChanged, this, [this] {
        if (m_result)
            showResult(m_result, 0);
    });
    if (recomputer->result())
        showResult(recomputer->result(), 0);
}

void StagesView::setEmphasis(const QList<Stage> &stages) {
    m_emphasis = stages;
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        const bool dim = !stages.isEmpty() && !stages.contains(it.key());
        if (dim) {
            auto *effect = new QGraphicsOpacityEffect(it.value());
            effect->setOpacity(0.3);
            it.value()->setGraphicsEffect(effect);
        } else {
            it.value()->setGraphicsEffect(nullptr);
        }
    }
    update();
}

void StagesView::updateMinimumSizes() {
    // Heatmaps keep room for their labels at any zoom: when the font grows (presentation
    // mode), the grid scrolls instead of squeezing the cells to a strip.
    const int line = fontMetrics().height();
    for (HeatmapView *v : std::as_const(m_views))
        v->setMinimumSize(12 * line, 11 * line);
}

void StagesView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateMinimumSizes();
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
    m_grid->addWidget(widget, 2, 1, 1, 2);
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

void StagesView::showResult(const std::shared_ptr<const attn::AttentionResult> &result,
                            double computeMs) {
    if (!result || result->heads.empty())
        return;
    QElapsedTimer timer;
    timer.start();
    m_result = result;
    m_rowResult.reset();
    // Read, not copied: a copy of X and the weights (5 MB at n = 1024) on every edit bought
    // nothing, since the labels are checked against the result's shape below and the tooltips
    // check every index they read.
    const attn::AttentionInputs &inputs = m_document->inputs();
    const bool rows = result->layout == attn::Layout::Rows;
    const int head = std::clamp(m_document->currentHead(), 0, int(result->heads.size()) - 1);
    const attn::HeadResult &h = result->heads[size_t(head)];
    m_queries = toQStringList(inputs.tokens);
    m_keys = toQStringList(inputs.sourceTokens());
    // Labels must match the result's shape; a result computed before a resize falls back to
    // indices until the fresh one arrives.
    if (m_queries.size() != (rows ? h.Q.rows() : h.Q.cols()))
        m_queries.clear();
    if (m_keys.size() != (rows ? h.K.rows() : h.K.cols()))
        m_keys.clear();

    const bool several = result->heads.size() > 1;
    const bool projected = inputs.hasWo();
    const QString hs = several ? QString(" (head %1)").arg(head) : QString();
    // The titles are the stage table's formulas, with the result's own d_k and head count.
    attn::FormulaContext fc = attn::formulaContext(inputs);
    fc.dk = rows ? h.Q.cols() : h.Q.rows();
    fc.heads = result->heads.size();
    const auto formula = [&](Stage stage) { return attn::stageFormula(stage, result->layout, fc); };
    const attn::Mask *mask = &result->masked;

    // One call per stage: the row layout's title and axes, or the column layout's, where every
    // matrix is transposed (tokens are columns) and the formulas are the article's second form.
    auto set = [&](Stage stage, const attn::Matrix &m, const QString &title,
                   const QStringList &tokens, const QStringList &other, const QString &tokenAxis,
                   const QString &otherAxis, ScaleKind kind, const attn::Mask *masked = nullptr,
                   const QString &suffix = QString()) {
        HeatmapView *v = m_views.value(stage);
        v->setTitle(title + suffix + " \u2014 " + shape(m));
        if (rows) {
            v->setAxisTitles(tokenAxis, otherAxis);
            v->setData(m, tokens, other, kind, masked);
        } else {
            v->setAxisTitles(otherAxis, tokenAxis);
            v->setData(m, other, tokens, kind, masked);
        }
    };
    for (Stage stage : {Stage::Q, Stage::K, Stage::V})
        set(stage,
            stage == Stage::Q   ? h.Q
            : stage == Stage::K ? h.K
                                : h.V,
            formula(stage), stage == Stage::Q ? m_queries : m_keys, {},
            stage == Stage::Q ? "query" : "key", stage == Stage::V ? "d_v" : "d_k",
            ScaleKind::Diverging, nullptr, hs);
    if (rows) {
        set(Stage::Scores, h.scores, formula(Stage::Scores), m_queries, m_keys, "query", "key",
            ScaleKind::Diverging, mask, hs);
        set(Stage::Logits, h.logits, formula(Stage::Logits), m_queries, m_keys, "query",
            "key \u2014 click to mask", ScaleKind::Diverging, mask, hs);
        set(Stage::Weights, h.weights, formula(Stage::Weights), m_queries, m_keys, "query", "key",
            ScaleKind::Unit, mask, hs);
    } else {
        // Scores and weights are keys × queries here: the key axis runs down, queries across.
        m_views.value(Stage::Scores)
            ->setTitle(formula(Stage::Scores) + hs + " \u2014 " + shape(h.scores));
        m_views.value(Stage::Scores)->setAxisTitles("key", "query");
        m_views.value(Stage::Scores)
            ->setData(h.scores, m_keys, m_queries, ScaleKind::Diverging, mask);
        m_views.value(Stage::Logits)
            ->setTitle(formula(Stage::Logits) + hs + " \u2014 " + shape(h.logits));
        m_views.value(Stage::Logits)->setAxisTitles("key", "query \u2014 click to mask");
        m_views.value(Stage::Logits)
            ->setData(h.logits, m_keys, m_queries, ScaleKind::Diverging, mask);
        m_views.value(Stage::Weights)
            ->setTitle(formula(Stage::Weights) + hs + " \u2014 " + shape(h.weights));
        m_views.value(Stage::Weights)->setAxisTitles("key \u2193", "query");
        m_views.value(Stage::Weights)->setData(h.weights, m_keys, m_queries, ScaleKind::Unit, mask);
    }
    set(Stage::HeadOutput, h.output, formula(Stage::HeadOutput), m_queries, {}, "query", "d_v",
        ScaleKind::Diverging, nullptr, hs);
    m_views.value(Stage::Concat)->setVisible(several);
    m_views.value(Stage::Final)->setVisible(several || projected);
    if (several)
        set(Stage::Concat, result->concat, formula(Stage::Concat), m_queries, {}, "query",
            "H\u00b7d_v", ScaleKind::Diverging);
    if (several || projected) // the final output does not depend on the current head: no suffix
        set(Stage::Final, result->output, formula(Stage::Final), m_queries, {}, "query", "p_out",
            ScaleKind::Diverging);
    updateSelection();
    m_drawNs = timer.nsecsElapsed();
    emit drawn(computeMs, double(m_drawNs) / 1e6);
}

bool StagesView::queriesAreRows() const {
    return !m_result || m_result->layout == attn::Layout::Rows;
}

void StagesView::updateSelection() {
    const int query = m_document->selectedRow();
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
        m_document->setSelectedRow(query);
    m_document->setSelectedColumn(other);
    emit cellActivated(stage, row, col);
}

const attn::AttentionResult *StagesView::rowLayoutResult() const {
    if (!m_result || m_result->layout == attn::Layout::Rows)
        return m_result.get();
    if (!m_rowResult) // tooltips explain with the row layout's indices: transpose once, lazily
        m_rowResult = std::make_shared<const attn::AttentionResult>(attn::transposed(*m_result));
    return m_rowResult.get();
}

QString StagesView::tooltip(Stage stage, int row, int col) const {
    if (!queriesAreRows())
        std::swap(row, col); // explain with the row layout's (query, key/feature) indices
    derivation::Context c{
        &m_document->inputs(), rowLayoutResult(),
        std::clamp(m_document->currentHead(), 0, m_result ? int(m_result->heads.size()) - 1 : 0),
        m_queries, m_keys};
    switch (stage) {
    case Stage::Q:
        return derivation::projection(c, 'Q', row, col);
    case Stage::K:
        return derivation::projection(c, 'K', row, col);
    case Stage::V:
        return derivation::projection(c, 'V', row, col);
    case Stage::Scores:
        return derivation::score(c, row, col);
    case Stage::Logits:
        return derivation::logit(c, row, col);
    case Stage::Weights:
        return derivation::weight(c, row, col);
    case Stage::HeadOutput:
        return derivation::headOutput(c, row, col);
    case Stage::Concat:
        return derivation::concat(c, row, col);
    case Stage::Final:
        return derivation::finalOutput(c, row, col);
    default: // inputs are not drawn here
        return {};
    }
}
