// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The forward pass's layer machinery, internal to core/transformer: what the whole run
// (Forward.cpp), the compact run's recomputation of a layer (CompactRun.cpp) and the KV-cached
// continuation (ContinuedRun.cpp) share, so that all three compute the same bits. Nothing
// outside this folder includes it; the public entry points are in Forward.h.

#include "Matrix.h"
#include "Run.h"
#include "checkpoint/ModelConfig.h"
#include "checkpoint/ModelWeights.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace attn {
struct Interventions;
}

namespace attn::forwardpass {

// The panels' storage, shared by every product of a run: a block takes a buffer and gives it back
// when done, so a run allocates one per thread, on the calling thread (in the main heap, which
// keepLargeAllocationsInHeap puts in huge pages; a helper thread's arena is not). A fresh 8 MB
// panel per block cost a page fault per 4 KB the first time it was written: a tenth of GPT-2's
// run was spent in the kernel.
class PanelPool {
public:
    // `values`: the largest panel of the model's products; `count`: how many threads take one.
    PanelPool(std::int64_t values, int count) : m_values(values) {
        for (int i = 0; i < count; ++i)
            m_free.push_back(std::make_unique_for_overwrite<double[]>(std::size_t(values)));
    }
    std::unique_ptr<double[]> take() {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_free.empty())
            return std::make_unique_for_overwrite<double[]>(std::size_t(m_values));
        std::unique_ptr<double[]> panel = std::move(m_free.back());
        m_free.pop_back();
        return panel;
    }
    void give(std::unique_ptr<double[]> panel) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_free.push_back(std::move(panel));
    }

private:
    std::int64_t m_values;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<double[]>> m_free;
};

// The largest panel `linear` widens for a product of `in` inputs (either layout).
std::int64_t panelValues(std::int64_t in);

// y = x·Wᵀ + b (nn.Linear) or x·W + b (Conv1D), a panel of W widened at a time, the same bits on
// any number of threads.
Matrix linear(PanelPool &pool, const Matrix &x, const LinearWeights &l);
// LayerNorm of each row of x.
Matrix layerNorm(const Matrix &x, const NormWeights &n, double eps);
// The model's activation of every value of m, in place.
void activate(Matrix &m, Activation a);

// How one layer's heads attend, from the model's features.
struct Attending {
    bool causal = true;
    double scale = 1;
    double softcap = 0;      // c·tanh(s/c) of the scaled scores, before the mask (0: none)
    std::int64_t window = 0; // query i sees keys i − window < j ≤ i (0: all j ≤ i)
};
Attending attendingOf(const ModelConfig &c, int layer);

// A layer's keys and values so far, one matrix per key/value head (t × head_dim, after the
// norm and RoPE): what a continued run reuses instead of recomputing the earlier positions.
struct LayerCache {
    std::vector<Matrix> keys, values;
};

// One layer on `input`, whose row i is position offset + i. With a cache, the rows' keys and
// values are appended to it and the queries attend to every cached position; without one,
// offset is 0 and the rows are the whole run. `keep` (when given) says which heads keep their
// weights: the others' are dropped as soon as the head's output is computed, so a layer of long
// inputs holds one n × n per thread at a time; their q, k and v go too unless `keepVectors`.
LayerRun runLayer(PanelPool &pool, const ModelConfig &c, const LayerWeights &w, const Matrix &input,
                  const Interventions &interventions, int layer, std::int64_t offset = 0,
                  LayerCache *cache = nullptr, const std::vector<bool> *keep = nullptr,
                  bool keepVectors = false);

// The residual stream before layer 0 of `ids` at positions offset, offset + 1, …
Matrix embedAt(const ModelConfig &c, const ModelWeights &w, const std::vector<std::int64_t> &ids,
               std::int64_t offset);
// Decoders' final norm (GPT-2 ln_f, Llama's norm) of the residual stream.
Matrix finalNorm(const ModelConfig &c, const ModelWeights &w, const Matrix &residual);
// Gemma 2's final soft-cap of the logits, c·tanh(logits/c), in place.
void capLogits(const ModelConfig &c, Matrix &logits);
// The edits of the residual stream after layer `layer`, in their order.
void editResidual(Matrix &hidden, const Interventions &interventions, int layer);
// A product's or a layer's weights once they are done (TensorView::release).
void release(const LinearWeights &l);
void release(const LayerWeights &w);

} // namespace attn::forwardpass
