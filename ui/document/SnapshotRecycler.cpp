// SPDX-License-Identifier: GPL-3.0-or-later
#include "SnapshotRecycler.h"

#include "InputsMatrix.h"

#include <atomic>

namespace attn::ui {

std::shared_ptr<const attn::AttentionInputs>
SnapshotRecycler::copyOf(std::shared_ptr<const attn::AttentionInputs> current) {
    // A holder on another thread (the recomputer's worker) releases a spare with an atomic
    // decrement; pair it with an acquire so its last reads come before our writes.
    std::atomic_thread_fence(std::memory_order_acquire);
    std::shared_ptr<attn::AttentionInputs> next;
    for (auto spare = m_spares.begin(); spare != m_spares.end(); ++spare) {
        if (spare->inputs.use_count() != 1 || spare->inputs.get() == current.get())
            continue;
        if (spare->lagKnown) {
            for (const auto &[id, cells] : spare->lag)
                matrixIn(*spare->inputs, id)
                    ->block(cells.y(), cells.x(), cells.height(), cells.width()) =
                    matrixIn(*current, id)
                        ->block(cells.y(), cells.x(), cells.height(), cells.width());
            m_lastCopy = Copy::Cells;
        } else {
            *spare->inputs = *current; // Eigen and std::vector reuse the memory of equal sizes
            m_lastCopy = Copy::Whole;
        }
        next = std::move(spare->inputs);
        m_spares.erase(spare);
        break;
    }
    if (!next) {
        next = std::make_shared<attn::AttentionInputs>(*current);
        m_lastCopy = Copy::Fresh;
    }
    // The replaced snapshot equals the copy until the caller changes the copy.
    m_spares.insert(
        m_spares.begin(),
        Spare{std::const_pointer_cast<attn::AttentionInputs>(std::move(current)), {}, true});
    if (m_spares.size() > kSpares)
        m_spares.pop_back();
    return next;
}

void SnapshotRecycler::noteCells(MatrixId id, const QRect &cells) {
    for (Spare &spare : m_spares) {
        if (!spare.lagKnown)
            continue;
        if (spare.lag.size() >= kMaxRegions) {
            spare.lag.clear();
            spare.lagKnown = false;
        } else {
            spare.lag.emplace_back(id, cells);
        }
    }
}

void SnapshotRecycler::noteAnyChange() {
    for (Spare &spare : m_spares) {
        spare.lag.clear();
        spare.lagKnown = false;
    }
}

} // namespace attn::ui
