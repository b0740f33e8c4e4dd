// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"

#include <vector>

namespace attn {

// What the kernels of this file read of one head, in the row layout: they recompute the logits
// block by block from Q and K (as a fused kernel does) instead of reading the n × m logits the
// plain path stores. References into a result that must outlive the struct.
struct HeadKernelInputs {
    const Matrix &Q, &K, &V;
    double factor;      // the logits are Q·Kᵀ × factor (1/√d_k/temperature)
    const Mask &masked; // n × m, true = −∞; empty = nothing masked
    Matrix bias;        // n × m added to the logits (ALiBi); empty = none
    double softcap = 0; // the scaled scores s become c·tanh(s/c) first (0: no cap)
};

// Head `head` of a row-layout `result` of `inputs`. Throws InputError for a head out of range
// or a result in the column layout.
HeadKernelInputs headKernelInputs(const AttentionInputs &inputs, const AttentionResult &result,
                                  Eigen::Index head);

// Logits of query `row` against keys first..first+count−1, masked ones −∞.
RowVector blockLogits(const HeadKernelInputs &in, Eigen::Index row, Eigen::Index first,
                      Eigen::Index count);

// One key block of the online softmax (the FlashAttention recurrence) for one query row.
// Before the first block m = −∞, ℓ = 0, acc = 0. Each block: block_max = max of its logits,
// m_new = max(m, block_max), rescale = exp(m − m_new) (0 when m was −∞ and m_new is not: there
// was nothing to keep; 1 when m does not change, a fully masked block included),
// ℓ = rescale·ℓ + Σ exp(logit − m_new), acc = rescale·acc + Σ exp(logit − m_new)·V[key].
struct OnlineStep {
    Eigen::Index first = 0, last = 0; // the block's keys
    RowVector logits;                 // its logits (−∞ where masked)
    RowVector exps;                   // exp(logit − m_new): 0 where masked
    double blockMax = 0;              // −∞ for a fully masked block
    double max = 0;                   // the running maximum m after the block
    double sum = 0;                   // the running sum ℓ after the block
    double rescale = 1;               // exp(m_old − m_new), applied to ℓ and acc
    RowVector acc;                    // the running (unnormalized) output row
};

struct OnlineRow {
    Eigen::Index row = 0, block = 0;
    std::vector<OnlineStep> steps;
    RowVector output;         // acc/ℓ after the last block; 0 when every key is masked
    bool fullyMasked = false; // every key masked: ℓ = 0, the plain path's zero row
};

// The walk for query `row` with key blocks of `block` keys. Throws InputError for a row out of
// range or a block size below 1.
OnlineRow onlineSoftmaxRow(const HeadKernelInputs &in, Eigen::Index row, Eigen::Index block);

// Every row at once, as a tiled kernel: query blocks of `queryBlock` rows × key blocks of
// `keyBlock` keys; each query block keeps m, ℓ (one per row) and acc (queryBlock × d_v) while it
// walks the key blocks, and only ever holds one queryBlock × keyBlock tile of the logits.
struct TiledAttention {
    Matrix output; // n × d_v, = the plain weights·V
    Eigen::Index queryBlocks = 0, keyBlocks = 0;
    // Numbers held at once (doubles): the plain path stores the n × m scores, logits and weights;
    // the tiled kernel one logits tile, one accumulator block and m, ℓ of a query block.
    Eigen::Index plainDoubles = 0, tiledDoubles = 0;
};
TiledAttention tiledAttention(const HeadKernelInputs &in, Eigen::Index queryBlock,
                              Eigen::Index keyBlock);

} // namespace attn
