#include "SnapshotRecycler.h"

#include "InputsMatrix.h"

#include <atomic>

std::shared_ptr<const attn::AttentionInputs>
SnapshotRecycler::copyOf(std::shared_ptr<const attn::AttentionInputs> current) {
    // A holder on another thread (the recomputer's worker) releases the spare with an atomic
    // decrement; pair it with an acquire so its last reads come before our writes.
    std::atomic_thread_fence(std::memory_order_acquire);
    std::shared_ptr<attn::AttentionInputs> next;
    if (m_spare && m_spare.use_count() == 1 && m_spare.get() != current.get()) {
        if (m_lagKnown) {
            for (const auto &[id, cells] : m_lag)
                matrixIn(*m_spare, id)->block(cells.y(), cells.x(), cells.height(), cells.width()) =
                    matrixIn(*current, id)
                        ->block(cells.y(), cells.x(), cells.height(), cells.width());
            m_lastCopy = Copy::Cells;
        } else {
            *m_spare = *current; // Eigen and std::vector reuse the memory of equal sizes
            m_lastCopy = Copy::Whole;
        }
        next = std::move(m_spare);
    } else {
        next = std::make_shared<attn::AttentionInputs>(*current);
        m_lastCopy = Copy::Fresh;
    }
    m_spare = std::const_pointer_cast<attn::AttentionInputs>(std::move(current));
    m_lag.clear();
    m_lagKnown = true; // the spare equals the copy until the caller changes the copy
    return next;
}

void SnapshotRecycler::noteCells(MatrixId id, const QRect &cells) {
    if (!m_lagKnown)
        return;
    if (m_lag.size() >= kMaxRegions) {
        noteAnyChange();
        return;
    }
    m_lag.emplace_back(id, cells);
}

void SnapshotRecycler::noteAnyChange() {
    m_lag.clear();
    m_lagKnown = false;
}
