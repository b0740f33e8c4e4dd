#include "StagesView.h"

#include "Document.h"
#include "HeatmapView.h"
#include "Recomputer.h"

#include <QGridLayout>
#include <QLabel>

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

// The logits formula as the options make it: "QKᵀ/√3", "QKᵀ/√3/0.5", "QKᵀ".
QString logitFormula(const attn::AttentionOptions &o, Eigen::Index dk) {
    QString f = "QK\u1d40";
    if (o.scale)
        f += QString("/\u221a%1").arg(dk);
    if (o.temperature != 1.0)
        f += "/" + derivation::number(o.temperature);
    return f;
}

} // namespace

StagesView::StagesView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer),
      m_grid(new QGridLayout(this)) {
    m_grid->setContentsMargins(4, 4, 4, 4);
    m_grid->setSpacing(6);
    const Stage order[] = {Stage::Q,          Stage::K,      Stage::V,
                           Stage::Scores,     Stage::Logits, Stage::Weights,
                           Stage::HeadOutput, Stage::Concat, Stage::Output};
    for (int k = 0; k < 9; ++k) {
        const Stage stage = order[k];
        auto *view = new HeatmapView(this);
        view->setObjectName("heatmap" + stageName(stage));
        view->setMinimumSize(200, 190);
        view->setTooltipProvider(
            [this, stage](int row, int col) { return tooltip(stage, row, col); });
        connect(view, &HeatmapView::cellClicked, this,
                [this, stage](int row, int col, Qt::KeyboardModifiers modifiers) {
                    onCellClicked(stage, row, col, modifiers);
                });
        connect(view, &HeatmapView::rowClicked, this, [this, stage](int row) {
            if (rowsAreQueries(stage))
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

    connect(recomputer, &Recomputer::resultReady, this, &StagesView::showResult);
    connect(document, &Document::selectedRowChanged, this, &StagesView::updateSelection);
    connect(document, &Document::currentHeadChanged, this, [this] {
        if (m_result)
            showResult(m_result, 0);
    });
    if (recomputer->result())
        showResult(recomputer->result(), 0);
}

QString StagesView::scaleLabel(Stage stage) {
    switch (stage) {
    case Stage::Q:
        return "query";
    case Stage::K:
        return "key";
    case Stage::V:
        return "value";
    case Stage::Scores:
        return "score";
    case Stage::Logits:
        return "logit";
    case Stage::Weights:
        return "weight";
    case Stage::HeadOutput:
        return "head output";
    case Stage::Concat:
        return "concat";
    case Stage::Output:
        return "output";
    }
    return {};
}

QString StagesView::stageName(Stage stage) {
    switch (stage) {
    case Stage::Q:
        return "Q";
    case Stage::K:
        return "K";
    case Stage::V:
        return "V";
    case Stage::Scores:
        return "Scores";
    case Stage::Logits:
        return "Logits";
    case Stage::Weights:
        return "Weights";
    case Stage::HeadOutput:
        return "HeadOutput";
    case Stage::Concat:
        return "Concat";
    case Stage::Output:
        return "Output";
    }
    return {};
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

bool StagesView::rowsAreQueries(Stage stage) const {
    return stage != Stage::K && stage != Stage::V;
}

void StagesView::showResult(const std::shared_ptr<const attn::AttentionResult> &result,
                            double computeMs) {
    if (!result || result->heads.empty())
        return;
    QElapsedTimer timer;
    timer.start();
    m_result = result;
    m_inputs = m_document->inputs();
    const int head = std::clamp(m_document->currentHead(), 0, int(result->heads.size()) - 1);
    const attn::HeadResult &h = result->heads[size_t(head)];
    m_queries = toQStringList(m_inputs.tokens);
    m_keys = toQStringList(m_inputs.sourceTokens());
    // Labels must match the result's shape; a result computed before a resize falls back to
    // indices until the fresh one arrives.
    if (m_queries.size() != h.Q.rows())
        m_queries.clear();
    if (m_keys.size() != h.K.rows())
        m_keys.clear();

    const bool several = result->heads.size() > 1;
    const bool projected = m_inputs.hasWo();
    const QString src = m_inputs.hasContext ? "C" : "X";
    const QString hs = several ? QString(" (head %1)").arg(head) : QString();
    const QString logits = logitFormula(m_inputs.options, h.Q.cols());
    const attn::Mask *mask = &result->masked;

    auto set = [&](Stage stage, const attn::Matrix &m, const QString &title,
                   const QStringList &rows, const QStringList &cols, const QString &rowAxis,
                   const QString &colAxis, ScaleKind kind, const attn::Mask *masked = nullptr) {
        HeatmapView *v = m_views.value(stage);
        v->setTitle(title + hs + " \u2014 " + shape(m));
        v->setAxisTitles(rowAxis, colAxis);
        v->setData(m, rows, cols, kind, masked);
    };
    set(Stage::Q, h.Q, "Q = X\u00b7Wq", m_queries, {}, "query", "d_k", ScaleKind::Diverging);
    set(Stage::K, h.K, "K = " + src + "\u00b7Wk", m_keys, {}, "key", "d_k", ScaleKind::Diverging);
    set(Stage::V, h.V, "V = " + src + "\u00b7Wv", m_keys, {}, "key", "d_v", ScaleKind::Diverging);
    set(Stage::Scores, h.scores, "scores QK\u1d40", m_queries, m_keys, "query", "key",
        ScaleKind::Diverging, mask);
    set(Stage::Logits, h.logits, "logits " + logits, m_queries, m_keys, "query",
        "key \u2014 click to mask", ScaleKind::Diverging, mask);
    set(Stage::Weights, h.weights, "softmax(" + logits + ")", m_queries, m_keys, "query", "key",
        ScaleKind::Unit, mask);
    set(Stage::HeadOutput, h.output, "output softmax(\u2026)\u00b7V", m_queries, {}, "query", "d_v",
        ScaleKind::Diverging);
    m_views.value(Stage::Concat)->setVisible(several);
    m_views.value(Stage::Output)->setVisible(several || projected);
    if (several)
        set(Stage::Concat, result->concat, QString("concat of %1 heads").arg(result->heads.size()),
            m_queries, {}, "query", "H\u00b7d_v", ScaleKind::Diverging);
    if (several || projected) {
        // The final output does not depend on the current head: no head suffix.
        HeatmapView *v = m_views.value(Stage::Output);
        v->setTitle(QString(projected ? "output concat\u00b7Wo" : "output = concat") + " \u2014 " +
                    shape(result->output));
        v->setAxisTitles("query", "p_out");
        v->setData(result->output, m_queries, {}, ScaleKind::Diverging);
    }
    updateSelection();
    m_drawNs = timer.nsecsElapsed();
    emit drawn(computeMs, double(m_drawNs) / 1e6);
}

void StagesView::updateSelection() {
    const int row = m_document->selectedRow();
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it)
        it.value()->setSelectedRow(rowsAreQueries(it.key()) ? row : -1);
}

void StagesView::onCellClicked(Stage stage, int row, int col, Qt::KeyboardModifiers) {
    if (stage == Stage::Logits) {
        QString error;
        m_document->toggleMask(row, col, &error);
    }
    if (rowsAreQueries(stage))
        m_document->setSelectedRow(row);
    m_document->setSelectedColumn(col);
    emit cellActivated(stage, row, col);
}

QString StagesView::tooltip(Stage stage, int row, int col) const {
    derivation::Context c{
        &m_inputs, m_result.get(),
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
    case Stage::Output:
        return derivation::finalOutput(c, row, col);
    }
    return {};
}
