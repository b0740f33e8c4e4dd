// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Limits.h"
#include "Matrix.h"
#include "Positional.h"

#include <string>
#include <vector>

namespace attn {

struct HeadWeights {
    Matrix Wq; // p × d_k
    Matrix Wk; // p_c × d_k
    Matrix Wv; // p_c × d_v
    // Grouped-query / multi-query attention: heads with the same group (≥ 0) share one Wk and
    // Wv (validate() requires them equal), so they share K and V; −1 = the head's own.
    int kvGroup = -1;
    // Biases added to the projections, Q = X·Wq + bq (GPT-2, BERT and Qwen2 have them): each
    // 1 × d_k (bv: 1 × d_v), or empty (0×0) = none. A key/value group shares bk and bv too.
    Matrix bq{}, bk{}, bv{}; // {}: aggregate initializers may stop before them
    // With options.qkNorm: the gains of the RMS norm of each row of Q and of K, 1 × d_k each,
    // or empty = 1 (Qwen3's q_norm and k_norm weights; Gemma 3's 1 + w). A key/value group
    // shares gk.
    Matrix gq{}, gk{};
    bool operator==(const HeadWeights &) const = default;
    bool hasBiases() const { return bq.size() > 0 || bk.size() > 0 || bv.size() > 0; }
};

struct AttentionOptions {
    bool scale = true;                        // divide the scores by √d_k (√scaleDim)
    double temperature = 1.0;                 // > 0; the logits are divided by it
    bool causal = false;                      // query i sees keys j ≤ i
    Positional positional = Positional::None; // how token positions enter (Positional.h)
    // Sliding window (see Masks.h): query i sees the `window` keys before it (and itself when
    // windowSelf) and the first `globalTokens` keys; a global query sees every key. 0 = off.
    int window = 0;
    bool windowSelf = true;
    int globalTokens = 0;
    // ALiBi: head h adds slope_h·(j − i) to its logits; slopes empty = the standard
    // 2^(−8(h+1)/H), one per head otherwise.
    bool alibi = false;
    std::vector<double> alibiSlopes{}; // {}: aggregate initializers may stop before it
    Rope rope{};                       // RoPE's pairs and base θ, when positional is Rope
    // With scale: the scores are divided by √scaleDim instead of √d_k (Gemma's
    // query_pre_attn_scalar). 0 = d_k.
    double scaleDim = 0;
    // Logit soft-capping (Gemma 2): each scaled score s becomes c·tanh(s/c), before ALiBi and
    // the mask, so no logit passes ±c. 0 = off.
    double softcap = 0;
    // Each row of Q and of K (after the biases, before RoPE) divided by its root mean square,
    // q ← q/√(mean(q²) + ε) ⊙ gq (Qwen3's and Gemma 3's QK norm); the gains are the heads'.
    bool qkNorm = false;
    double qkNormEpsilon = 1e-6;
    bool operator==(const AttentionOptions &) const = default;
};

// Everything the computation reads. Self-attention when hasContext is false: K and V then come
// from X itself.
struct AttentionInputs {
    std::vector<std::string> tokens; // one per row of X
    Matrix X;                        // n × p
    bool hasContext = false;
    std::vector<std::string> contextTokens; // one per row of the context
    Matrix context;                         // m × p_c
    std::vector<HeadWeights> heads;
    Matrix Wo;   // (H·d_v) × p_out; empty (0×0) = no output projection
    Matrix bo{}; // 1 × p_out: the output projection's bias, output = concat·Wo + bo; empty = none
    AttentionOptions options;
    Mask mask; // n × m custom mask, true = switched off; empty (0×0) = none
    // What the final output should be, n × p_out, for loss = ½·Σ(output − target)² and its
    // gradient (Gradient.h); empty (0×0) = none. The forward computation never reads it.
    Matrix target;

    bool operator==(const AttentionInputs &other) const;

    // The matrix K and V are computed from: the context, or X for self-attention.
    const Matrix &source() const { return hasContext ? context : X; }
    const std::vector<std::string> &sourceTokens() const {
        return hasContext ? contextTokens : tokens;
    }
    Eigen::Index queryCount() const { return X.rows(); }
    Eigen::Index keyCount() const { return source().rows(); }
    bool hasWo() const { return Wo.size() > 0; }
    bool hasBiases() const;
    bool hasTarget() const { return target.size() > 0; }
    // The width of the final output: Wo's columns, or the heads' d_v summed.
    Eigen::Index outputWidth() const;
};

// Throws InputError with a message naming the offending matrices and shapes when the inputs
// cannot be computed on; returns normally otherwise.
void validate(const AttentionInputs &inputs);
// The same with X and the context scanned on every core (parallelBlocks): for the forward pass
// on a worker. The GUI thread keeps validate(), which never waits for another thread.
void validateOnAllCores(const AttentionInputs &inputs);
// validate() for inputs whose values were valid before rows xFirst … xLast of X and
// contextFirst … contextLast of the context changed (an incremental update's, whose weights
// are those of the result it updates): the values of only those rows are scanned (X alone is
// 25 MB at n = 4096, p = 768; the weights' 150,000 values took 0.05 ms of each edit); shapes and
// options are checked whole. An empty range (first > last) = none.
void validateRows(const AttentionInputs &inputs, Eigen::Index xFirst, Eigen::Index xLast,
                  Eigen::Index contextFirst, Eigen::Index contextLast);

// The sizes of the inputs, and every limit of Limits.h checked on them (labels and options too).
InputShape shapeOf(const AttentionInputs &inputs);
void checkLimits(const AttentionInputs &inputs);

// Makes every head of a key/value group use the Wk and Wv of the group's first head (after a
// resize filled each head's new cells on its own, say).
void shareKeyValueGroups(AttentionInputs &inputs);
// The heads that use the same Wk and Wv as head `head`: its group, or just itself.
std::vector<std::size_t> kvGroupMembers(const AttentionInputs &inputs, std::size_t head);

// "4×3"
std::string shapeString(Eigen::Index rows, Eigen::Index cols);
inline std::string shapeString(const Matrix &m) {
    return shapeString(m.rows(), m.cols());
}

// Default labels t0, t1, … (or c0, c1, … for a context) for n tokens.
std::vector<std::string> defaultTokens(Eigen::Index n, const std::string &prefix = "t");

// The worked example of the article "Scaled Dot-Product Attention: from Vector to Matrix".
AttentionInputs workedExample();

} // namespace attn
