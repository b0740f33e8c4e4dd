// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DecoderParameters.h"
#include "Run.h"

#include <cstdint>
#include <vector>

namespace attn {

// A forward pass of a decoder held in memory (DecoderParameters) over a batch of sequences of
// the same length, which keeps every activation the backward pass needs, and that backward
// pass: the gradient of the mean next-token cross-entropy of every tensor, derived by hand
// layer by layer as llm.c does (no autograd), in double.
//
// The batch's sequences are stacked into one matrix of B·T rows, so each weight product is one
// large product over the whole batch (OpenBLAS, rows split over threads); only attention, which
// mixes positions, is per sequence and head. Every product and sum is split into blocks that do
// not depend on the number of threads, except the rows of a product, which OpenBLAS computes the
// same way however they are split: a run gives the same bits for a given thread count.
class DecoderPass {
public:
    // The loss of `ids` (sequences × length tokens, one sequence after the other): the mean over
    // every sequence and every position 0 … length − 2 of −log p(next token). Keeps the
    // activations for backward(). Throws InputError for ids outside the vocabulary or sequences
    // longer than the model's positions.
    // `counted`, when not empty (one flag per id), restricts the mean to the positions flagged
    // (a sequence's last position never counts); none flagged gives a loss and gradient of 0.
    double forward(const DecoderParameters &parameters, const std::vector<std::int64_t> &ids,
                   std::int64_t sequences, const std::vector<char> &counted = {});
    // The gradient of forward()'s loss into `gradient` (zerosLike() of the same parameters:
    // every value is overwritten). Call after forward() with the same parameters.
    void backward(const DecoderParameters &parameters, DecoderParameters &gradient);

    // The first sequence's forward as runModel gives it (every head's q, k, v, weights and
    // output; each layer's x, attn_out and hidden; final; the logits), for the views.
    Run run() const;
    // The attention weights of head `head` of layer `layer` on sequence `sequence` (T × T).
    const Matrix &weights(std::int64_t layer, std::int64_t head, std::int64_t sequence = 0) const;
    double loss() const { return m_loss; }

private:
    struct LayerCache {
        Matrix input;              // the residual stream entering the layer (N × d)
        Matrix xhat1, x;           // the first norm: normalised (before its weight), and after
        RowVector rstd1;           // 1/σ per row (LayerNorm) or 1/rms (RMSNorm)
        Matrix q, k, v;            // N × heads·hd, N × kv·hd (after the biases and RoPE)
        std::vector<Matrix> probs; // per (sequence, head): T × T softmax weights
        Matrix concat;             // N × heads·hd: the heads' outputs side by side
        Matrix attnOut;            // N × d: concat through o
        Matrix residual;           // input + attnOut
        Matrix xhat2, m;           // the second norm
        RowVector rstd2;
        Matrix preActivation; // N × ffn: c_fc's output (GPT-2) or gate_proj's (Llama)
        Matrix up;            // up_proj's output (gated MLP)
        Matrix activated;     // what the down projection reads
        Matrix tanhGelu; // GPT-2: tanh(√(2/π)·(u + 0.044715·u³)), kept for gelu's derivative
        Matrix output;   // the residual stream leaving the layer
        // Qwen3's, Gemma 3's per-head norms: q and k normalised before their gain, and 1/rms
        // per row and head.
        Matrix qHat, kHat, qRstd, kRstd;
        std::vector<Matrix> capTanh; // Gemma 2: tanh(scores/cap) per (sequence, head)
        // Gemma's sandwich norms: of the attention's output and of the MLP's.
        Matrix xhatPostAttention, xhatPostMlp;
        RowVector rstdPostAttention, rstdPostMlp;
    };

    std::vector<std::int64_t> m_ids;
    std::vector<char> m_counted; // empty: every position that has a next token
    double m_count = 0;          // how many positions the mean is over
    std::int64_t m_sequences = 0, m_length = 0;
    std::vector<LayerCache> m_layers;
    Matrix m_xhatFinal, m_final;
    RowVector m_rstdFinal;
    Matrix m_probabilities; // N × vocab: softmax of the logits (the logits in m_logits)
    Matrix m_logits;
    Matrix m_logitTanh; // Gemma 2: tanh(logits/cap), for the soft-cap's derivative
    double m_loss = 0;
};

// The loss and its gradient for `ids` as one sequence (model grad): forward and backward.
double decoderGradient(const DecoderParameters &parameters, const std::vector<std::int64_t> &ids,
                       DecoderParameters &gradient);

} // namespace attn
