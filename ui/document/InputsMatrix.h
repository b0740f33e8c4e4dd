// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "MatrixId.h"

namespace attn::ui {

// The matrix an id names inside `in` (const or not); the caller checked that it exists
// (Document::hasMatrix). Shared by the document and its snapshot recycler.
template <typename Inputs> auto *matrixIn(Inputs &in, MatrixId id) {
    switch (id.stage) {
    case attn::Stage::X:
        return &in.X;
    case attn::Stage::Context:
        return &in.context;
    case attn::Stage::Wo:
        return &in.Wo;
    case attn::Stage::Wq:
        return &in.heads[size_t(id.head)].Wq;
    case attn::Stage::Wk:
        return &in.heads[size_t(id.head)].Wk;
    case attn::Stage::Wv:
        return &in.heads[size_t(id.head)].Wv;
    default: // a computed stage: callers check hasMatrix() first
        return &in.X;
    }
}

} // namespace attn::ui
