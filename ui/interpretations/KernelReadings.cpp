// The Interpretations view's kernel readings (the tiled product and the online softmax): their
// step counts, widgets and outlines on the main heatmaps. Kept apart from the four classic
// readings in InterpretationsView.cpp.

#include "InterpretationsView.h"

#include "Document.h"
#include "HeatmapView.h"
#include "KernelReadingControls.h"
#include "OnlineSoftmax.h"
#include "OnlineSoftmaxWidget.h"
#include "Recomputer.h"
#include "TermAnimator.h"
#include "TiledProductWidget.h"

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
    const int head = std::clamp(m_document->currentHead(), 0, int(in.heads.size()) - 1);
    // The Document's selected row is the query in either layout.
    const int query = std::clamp(m_document->selectedRow(), 0, int(in.queryCount()) - 1);
    const attn::HeadKernelInputs k = attn::headKernelInputs(in, *snapshot.result, head);
    QStringList keys;
    for (const std::string &t : in.sourceTokens())
        keys << QString::fromStdString(t);
    m_online->setWalk(attn::onlineSoftmaxRow(k, query, m_kernelControls->keyBlock()),
                      snapshot.result->heads[size_t(head)].output.row(query), keys,
                      QString::fromStdString(in.tokens[size_t(query)]));
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
