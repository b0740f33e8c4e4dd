// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "transformer/TakeApart.h"

#include <QString>

#include <atomic>
#include <complex>
#include <cstdint>
#include <vector>

namespace attn {

class Checkpoint;

// The circuits of one head (Elhage et al. 2021, "A Mathematical Framework for Transformer
// Circuits"), from its weights alone:
//   W_QK = Wq_h·Wk_hᵀ (d × d): the bilinear form x_i·W_QK·x_jᵀ is the head's score of query i
//        for key j, before the 1/√head_dim scale and without RoPE (which turns it by the
//        distance) or the biases;
//   W_OV = Wv_h·Wo_h (d × d): what the head writes into the residual stream for each direction
//        of the residual stream it attends to (Wo_h: its rows of the output projection).
// Under grouped-query attention Wk_h and Wv_h are the head's key/value group's.
struct HeadCircuit {
    // The singular values of W_QK and W_OV, largest first: head_dim of each (the rank of a
    // d × head_dim by head_dim × d product; the other d − head_dim are 0 and not listed).
    std::vector<double> qkSingular, ovSingular;
    // Why W_QK's spectrum is left out (qkSingular empty), when it does not apply: a per-head norm
    // of q and k (Qwen3, Gemma 3) sits between the projections, so the scores are no longer a
    // bilinear form of the residual stream. Empty when it applies.
    QString qkOmitted;
    // W_OV's head_dim eigenvalues that can be non-zero (those of Wo_h·Wv_h), by modulus,
    // largest first (a conjugate pair: the positive imaginary part first).
    std::vector<std::complex<double>> ovEigenvalues;
    // Σ Re λ / Σ |λ| over those: near 1 a head that copies what it attends to into the residual
    // stream, negative one that suppresses it; NaN when every eigenvalue is 0.
    double copying = 0;
};

// The spectra above, exactly and without ever forming a d × d matrix: with the QR
// decompositions Wq_h = Q₁R₁ and Wk_h = Q₂R₂, W_QK = Q₁(R₁R₂ᵀ)Q₂ᵀ has the singular values of
// the head_dim × head_dim R₁R₂ᵀ; W_OV likewise; and Wv_h·Wo_h has the non-zero eigenvalues of
// Wo_h·Wv_h. Costs O(d·head_dim²), dominated by the four QR decompositions: about 25 ms for
// d = 2048, head_dim = 64, and 150 ms at head_dim 128 (bench_model), where the dense d × d
// W_OV's eigendecomposition takes minutes. Still best kept off a GUI thread. Throws InputError
// for a layer or head out of range.
HeadCircuit headCircuit(const Checkpoint &checkpoint, int layer, int head);

// The same from the head's matrices (headProjections), for heads that are not a checkpoint's:
// an edited head, a benchmark's.
HeadCircuit headCircuit(const HeadProjections &head);

// The dense d × d W_QK or W_OV of the head, for a heatmap: O(d²·head_dim) time and d² doubles
// (32 MB and 0.1–0.2 s for the pair at d = 2048, head_dim = 64). Meant for a worker thread:
// `cancel`, when given, is read between blocks of rows, and a cancelled product returns an empty
// matrix.
Matrix qkCircuit(const Checkpoint &checkpoint, int layer, int head,
                 const std::atomic<bool> *cancel = nullptr);
Matrix ovCircuit(const Checkpoint &checkpoint, int layer, int head,
                 const std::atomic<bool> *cancel = nullptr);
Matrix qkCircuit(const HeadProjections &head, const std::atomic<bool> *cancel = nullptr);
Matrix ovCircuit(const HeadProjections &head, const std::atomic<bool> *cancel = nullptr);

// A pair of tokens and the value a full circuit gives it.
struct TokenPair {
    std::int64_t first = 0, second = 0;
    double value = 0;
};

// The token pairs that a head's full circuits favour most, for a vocabulary of at most
// kMaxCircuitVocabulary tokens, largest value first (ties by the smaller ids):
//   qk: E·W_QK·Eᵀ (vocab × vocab): first = the query's token, second = the key's token it looks
//       at most (E: the token embeddings, before any norm);
//   ov: E·W_OV·Uᵀ: first = the token attended to, second = the token whose logit the head raises
//       most by attending to it (U: the LM head; empty for a model without one).
// O(vocab²·head_dim) time and O(vocab·head_dim) memory (a row of the vocab × vocab product at a
// time); `cancel` as above (then empty). Throws InputError for a layer or head out of range or
// a vocabulary over the limit.
std::vector<TokenPair> favouredQkPairs(const Checkpoint &checkpoint, int layer, int head, int count,
                                       const std::atomic<bool> *cancel = nullptr);
std::vector<TokenPair> favouredOvPairs(const Checkpoint &checkpoint, int layer, int head, int count,
                                       const std::atomic<bool> *cancel = nullptr);

} // namespace attn
