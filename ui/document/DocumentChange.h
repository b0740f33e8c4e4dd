// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MatrixId.h"

#include <QFlags>
#include <QMetaType>
#include <QRect>

#include <optional>

namespace attn::ui {

// What one undo command (or one undo/redo of it) changed in the Document. Observers do just
// what it needs: the recomputer recomputes only the edited rows of X after a value edit of X,
// the editors reset only on a change of shape, a token edit relabels.
struct DocumentChange {
    enum Flag {
        Values = 0x1,   // numbers inside a matrix (see matrix and cells)
        Shape = 0x2,    // a dimension: matrices were resized
        Tokens = 0x4,   // token or context-token labels
        Options = 0x8,  // scale, temperature, causal
        Mask = 0x10,    // the custom mask
        Heads = 0x20,   // heads were added or removed (Wo may have appeared or gone)
        Context = 0x40, // cross-attention switched on/off
        Everything = 0xff
    };
    Q_DECLARE_FLAGS(Flags, Flag)

    Flags what;
    std::optional<MatrixId> matrix; // for Values: which matrix (none = possibly all of them)
    QRect cells;                    // for Values: which cells (x = column, y = row)
};
Q_DECLARE_OPERATORS_FOR_FLAGS(DocumentChange::Flags)

} // namespace attn::ui

Q_DECLARE_METATYPE(attn::ui::DocumentChange)
