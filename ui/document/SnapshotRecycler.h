// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "MatrixId.h"

#include <QRect>

#include <memory>
#include <vector>

namespace attn::ui {

// Copy-on-write for the document's inputs without copying them whole on every cell edit.
// The snapshot an edit replaces is usually still held (by the recomputer, the published
// result), so the edit needs a new one; but a snapshot replaced a few edits before is, by then,
// usually held by nobody (the Δ-edit panel keeps the one before the last). The last kSpares
// replaced snapshots are kept here as spares, each with the cells written since it was current,
// and the next copy is a free spare brought up to date by copying just those cells: a cell
// edit of X at 4096 × 768 copied 25 MB (and page-faulted a new 25 MB) before.
class SnapshotRecycler {
public:
    // A writable copy of *current for the next change: a spare brought up to date when nobody
    // else holds it, a fresh copy otherwise. *current becomes a spare. Every snapshot handed
    // out was allocated non-const, so the const_cast inside is legal.
    std::shared_ptr<const attn::AttentionInputs>
    copyOf(std::shared_ptr<const attn::AttentionInputs> current);
    // The current snapshot changed in `cells` of `id` (x = column, y = row).
    void noteCells(MatrixId id, const QRect &cells);
    // The current snapshot changed in some other way (or was replaced): the next copyOf
    // assigns a spare whole (reusing its memory when the sizes still match).
    void noteAnyChange();

    // For tests: how the last copyOf was made.
    enum class Copy { Fresh, Whole, Cells };
    Copy lastCopy() const { return m_lastCopy; }

private:
    static constexpr std::size_t kSpares = 2;
    // More changed regions than this since a spare was current: copy it whole instead.
    static constexpr std::size_t kMaxRegions = 64;
    struct Spare {
        std::shared_ptr<attn::AttentionInputs> inputs;
        std::vector<std::pair<MatrixId, QRect>> lag; // what the current has that it lacks
        bool lagKnown = true;
    };
    std::vector<Spare> m_spares; // newest first
    Copy m_lastCopy = Copy::Fresh;
};

} // namespace attn::ui
