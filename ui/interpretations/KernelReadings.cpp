// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelReadings.h"

#include "KernelReadingControls.h"
#include "Notation.h"
#include "OnlineSoftmaxWidget.h"
#include "TiledProductWidget.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "kernels/OnlineSoftmax.h"
#include "workbench/StagesView.h"

#include <QCoreApplication>

#include <algorithm>

namespace attn::ui {

namespace {

QRect transposedRect(const QRect &r) {
    return QRect(r.y(), r.x(), r.height(), r.width());
}

void outline(StagesView *stages, attn::Stage stage, const QRect &cells, bool transposed) {
    if (HeatmapView *view = stages->view(stage)) {
        view->setSelectedRow(-1);
        view->setHighlightedColumns({});
        view->setHighlightedBlock(transposed ? transposedRect(cells) : cells);
    }
}

// Walking every row costs a forward pass of the head: beyond this many logits it would hold
// the window up, and the command line's explain --view online gives the same figures.
constexpr double kMaxSummaryLogits = 1024.0 * 1024.0;

// Every row at once as a tiled kernel of `block` × `block` tiles: its agreement with the plain
// output and the numbers it holds at once beside the plain path's n × m weights.
QString allRowsSummary(const attn::HeadKernelInputs &k, const attn::Matrix &plain, int block) {
    const Eigen::Index n = k.Q.rows(), m = k.K.rows(), dv = k.V.cols();
    if (double(n) * double(m) > kMaxSummaryLogits)
        return QCoreApplication::translate("KernelReadings",
                                           "All rows at once: %1×%2 logits are too many to walk "
                                           "here (attnviz-cli explain --view online gives the "
                                           "figures).")
            .arg(n)
            .arg(m);
    const attn::TiledAttention all = attn::tiledAttention(k, block, block);
    const double diff = (all.output - plain).cwiseAbs().maxCoeff();
    const double scale = std::max(1.0, plain.cwiseAbs().maxCoeff());
    const Eigen::Index br = std::min<Eigen::Index>(block, n), bc = std::min<Eigen::Index>(block, m);
    return QCoreApplication::translate(
               "KernelReadings",
               "All rows at once, as a fused kernel runs: %1 query blocks × %2 key blocks; largest "
               "difference from the plain output %3 %4. It holds %5 numbers at once (one %6×%7 "
               "logits tile, a %6×%8 accumulator, m and ℓ of %6 rows) where the plain path holds "
               "the %9×%10 weights (%11 numbers).")
        .arg(all.queryBlocks)
        .arg(all.keyBlocks)
        .arg(attn::notation::number(diff, 2), diff <= 1e-12 * scale ? "\u2713" : "\u2717")
        .arg(all.tiledDoubles)
        .arg(br)
        .arg(bc)
        .arg(dv)
        .arg(n)
        .arg(m)
        .arg(all.plainDoubles);
}

} // namespace

KernelReadings::KernelReadings(const Document &document, const Recomputer &recomputer,
                               StagesView *stages, QObject *parent)
    : QObject(parent), m_document(document), m_recomputer(recomputer), m_stages(stages),
      m_controls(new KernelReadingControls), m_tiled(new TiledProductWidget),
      m_online(new OnlineSoftmaxWidget) {
    m_tiled->setObjectName("interpretationTiled");
    m_online->setObjectName("interpretationOnline");
    connect(m_controls, &KernelReadingControls::tileSizeChanged, this,
            &KernelReadings::sizeChanged);
    connect(m_controls, &KernelReadingControls::keyBlockChanged, this,
            &KernelReadings::sizeChanged);
}

int KernelReadings::stepCount(InterpretationMode mode, const InterpretedProduct &product) const {
    if (mode == InterpretationMode::Tiled)
        return int(attn::tiledStepCount(product.A, product.B, m_controls->tileSize()));
    const ResultSnapshot &snapshot = m_recomputer.snapshot();
    const int keys = snapshot.isValid() ? int(snapshot.inputs->keyCount()) : 0;
    const int block = m_controls->keyBlock();
    return (keys + block - 1) / block;
}

void KernelReadings::showControls(InterpretationMode mode) {
    m_controls->setMode(mode);
}

void KernelReadings::refresh(InterpretationMode mode,
                             std::shared_ptr<const InterpretedProduct> product) {
    if (mode == InterpretationMode::Tiled) {
        m_tiled->setTileSize(m_controls->tileSize());
        m_tiled->setProduct(std::move(product));
        return;
    }
    refreshOnline(product->queryIsRow());
}

void KernelReadings::refreshOnline(bool queryIsRow) {
    const ResultSnapshot &snapshot = m_recomputer.snapshot();
    if (!snapshot.isValid() || snapshot.result->heads.empty()) {
        m_online->clear(tr("No result yet."));
        return;
    }
    const attn::AttentionInputs &in = *snapshot.inputs;
    const int head = std::clamp(m_document.selection().currentHead(), 0, int(in.heads.size()) - 1);
    // The Document's selected row is the query in either layout.
    const int query = std::clamp(m_document.selection().selectedRow(), 0, int(in.queryCount()) - 1);
    const attn::HeadKernelInputs k = attn::headKernelInputs(in, *snapshot.result, head);
    QStringList keys;
    for (const std::string &t : in.sourceTokens())
        keys << QString::fromStdString(t);
    m_online->setColumnLayout(!queryIsRow);
    m_online->setWalk(attn::onlineSoftmaxRow(k, query, m_controls->keyBlock()),
                      snapshot.result->heads[size_t(head)].output.row(query), keys,
                      QString::fromStdString(in.tokens[size_t(query)]));
    m_online->setAllRowsText(
        allRowsSummary(k, snapshot.result->heads[size_t(head)].output, m_controls->keyBlock()));
}

void KernelReadings::setRevealed(InterpretationMode mode, int steps) {
    if (mode == InterpretationMode::Tiled)
        m_tiled->setCount(steps);
    else if (mode == InterpretationMode::Online)
        m_online->setRevealed(steps);
}

void KernelReadings::applyHighlights(InterpretationMode mode, const InterpretedProduct &p) {
    if (!m_stages)
        return;
    if (mode == InterpretationMode::Tiled) {
        const TiledProductWidget::Blocks blocks = m_tiled->currentBlocks();
        if (blocks.p.isEmpty())
            return;
        outline(m_stages, p.aSource.stage, blocks.a, p.aSource.transposed);
        outline(m_stages, p.bSource.stage, blocks.b, p.bSource.transposed);
        outline(m_stages, p.pSource.stage, blocks.p, p.pSource.transposed);
        return;
    }
    if (mode != InterpretationMode::Online || m_online->revealed() == 0)
        return;
    // The newest key block: its weights in the query's row, its rows of V, the output row.
    const attn::OnlineRow &walk = m_online->walk();
    const attn::OnlineStep &s = walk.steps[size_t(m_online->revealed() - 1)];
    const int query = int(walk.row), first = int(s.first), count = int(s.last - s.first + 1);
    const int dv = int(s.acc.size());
    const bool columns = !p.queryIsRow(); // every heatmap draws the transpose
    outline(m_stages, attn::Stage::Weights, QRect(first, query, count, 1), columns);
    outline(m_stages, attn::Stage::V, QRect(0, first, dv, count), columns);
    outline(m_stages, attn::Stage::HeadOutput, QRect(0, query, dv, 1), columns);
}

void KernelReadings::setFont(const QFont &font) {
    m_tiled->setFont(font);
    m_online->setFont(font);
}

} // namespace attn::ui
