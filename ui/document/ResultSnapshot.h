// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "AttentionInputs.h"

#include <QtGlobal>

#include <memory>

namespace attn::ui {

// One published computation: the inputs it was computed from and its result, always in the
// row layout. Both are immutable and shared, so a view that reads a snapshot reads a consistent
// pair however far the document has moved on since (the column layout is the views' display
// transform, not another result).
struct ResultSnapshot {
    std::shared_ptr<const attn::AttentionInputs> inputs;
    std::shared_ptr<const attn::AttentionResult> result;
    quint64 generation = 0; // increases with every snapshot the Recomputer publishes

    bool isValid() const { return inputs && result; }
};

} // namespace attn::ui
