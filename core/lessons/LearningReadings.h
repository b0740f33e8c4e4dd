// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Gradient.h"

#include <QString>

// Readings of positions and gradients for the window's Positions and Gradient panels: pure,
// tested without a window.
namespace learning {

// RoPE's property: q_m·k_n depends only on m − n. The head's scores with every position moved
// by `shift` (queries and keys alike) against the scores as computed; with RoPE the difference
// is rounding, with sinusoidal positions it is not (X + P changes), without positions there is
// nothing to move.
struct PositionShiftCheck {
    int shift = 0;
    attn::Matrix before, after; // the head's scores QKᵀ
    double maxDifference = 0;
};
PositionShiftCheck shiftPositions(const attn::AttentionInputs &inputs, int head, int shift);

// What the Positions panel draws: P (n × p) for sinusoidal, the rotation angles (n × d_k/2)
// of the current head for RoPE, an empty matrix without positions.
attn::Matrix positionTable(const attn::AttentionInputs &inputs, int head);

// The gradient entries the Gradient panel explains.
enum class GradientOf { X, Wq, Wk, Wv, Wo };

// The chain of terms behind ∂L/∂M[row, col], as HTML for a tooltip: the sum that makes the
// entry (its terms, up to 8, and the total) and the chain rule above it back to the loss.
QString gradientChain(const attn::AttentionInputs &inputs, const attn::AttentionResult &result,
                      const attn::Gradient &gradient, GradientOf of, int head, int row, int col);

// W − η·∂L/∂W for every weight (Wq, Wk, Wv of every head, and Wo): the inputs after one
// gradient-descent step, X and the context unchanged.
attn::AttentionInputs gradientStep(const attn::AttentionInputs &inputs,
                                   const attn::Gradient &gradient, double eta);

} // namespace learning
