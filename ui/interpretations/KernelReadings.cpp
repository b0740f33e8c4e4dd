// SPDX-License-Identifier: GPL-3.0-or-later
// The Interpretations view's kernel readings (the tiled product and the online softmax): their
// step counts, widgets and outlines on the main heatmaps. Kept apart from the four classic
// readings in InterpretationsView.cpp.

#include "InterpretationsView.h"

#include "KernelReadingControls.h"
#include "Notation.h"
#include "OnlineSoftmaxWidget.h"
#include "TermAnimator.h"
#include "TiledProductWidget.h"
#include "analysis/OnlineSoftmax.h"
#include "heatmap/HeatmapView.h"
#include "model/Document.h"
#include "model/Recomputer.h"

#include <QCoreApplication>

#include <algorithm>

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

int InterpretationsView::stepCount() const {
    if (!m_current || m_current->isEmpty())
        return 0;
    switch (m_mode) {
    case InterpretationMode::Tiled:
        return int(attn::tiledStepCount(m_current->A, m_current->B, m_kernelControls->tileSize()));
    case InterpretationMode::Online: {
        const ResultSnapshot &snapshot = m_recomputer->snapshot();
        const int keys = snapshot.isValid() ? int(snapshot.inputs->keyCount()) : 0;
        const int block = m_kernelControls->keyBlock();
        return (keys + block - 1) / block;
    }
    default:
        return m_current->termCount();
    }
}

void InterpretationsView::onKernelSizeChanged() {
    m_animator->reset(stepCount());
    refreshMode();
}

void InterpretationsView::refreshKernelReading() {
    if (m_mode == InterpretationMode::Tiled) {
        m_tiled->setTileSize(m_kernelControls->tileSize());
        m_tiled->setProduct(m_current);
        return;
    }
    const ResultSnapshot &snapshot = m_recomputer->snapshot();
    if (!snapshot.isValid() || snapshot.result->heads.empty()) {
        m_online->clear(tr("No result yet."));
        return;
    }
    const attn::AttentionInputs &in = *snapshot.inputs;
    const int head = std::clamp(m_document->selection().currentHead(), 0, int(in.heads.size()) - 1);
    // The Document's selected row is the query in either layout.
    const int query =
        std::clamp(m_document->selection().selectedRow(), 0, int(in.queryCount()) - 1);
    const attn::HeadKernelInputs k = attn::headKernelInputs(in, *snapshot.result, head);
    QStringList keys;
    for (const std::string &t : in.sourceTokens())
        keys << QString::fromStdString(t);
    m_online->setColumnLayout(!queryIsRow());
    m_online->setWalk(attn::onlineSoftmaxRow(k, query, m_kernelControls->keyBlock()),
                      snapshot.result->heads[size_t(head)].output.row(query), keys,
                      QString::fromStdString(in.tokens[size_t(query)]));
    m_online->setAllRowsText(allRowsSummary(k, snapshot.result->heads[size_t(head)].output,
                                            m_kernelControls->keyBlock()));
}

void InterpretationsView::applyKernelHighlights() {
    if (!m_stages || !m_current)
        return;
    const InterpretedProduct &p = *m_current;
    if (m_mode == InterpretationMode::Tiled) {
        const TiledProductWidget::Blocks blocks = m_tiled->currentBlocks();
        if (blocks.p.isEmpty())
            return;
        outline(m_stages, p.aSource.stage, blocks.a, p.aSource.transposed);
        outline(m_stages, p.bSource.stage, blocks.b, p.bSource.transposed);
        outline(m_stages, p.pSource.stage, blocks.p, p.pSource.transposed);
        return;
    }
    if (m_mode != InterpretationMode::Online || m_online->revealed() == 0)
        return;
    // The newest key block: its weights in the query's row, its rows of V, the output row.
    const attn::OnlineRow &walk = m_online->walk();
    const attn::OnlineStep &s = walk.steps[size_t(m_online->revealed() - 1)];
    const int query = int(walk.row), first = int(s.first), count = int(s.last - s.first + 1);
    const int dv = int(s.acc.size());
    const bool columns = !queryIsRow(); // every heatmap draws the transpose
    outline(m_stages, attn::Stage::Weights, QRect(first, query, count, 1), columns);
    outline(m_stages, attn::Stage::V, QRect(0, first, dv, count), columns);
    outline(m_stages, attn::Stage::HeadOutput, QRect(0, query, dv, 1), columns);
}
