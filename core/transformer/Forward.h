// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Interventions.h"
#include "Matrix.h"
#include "Run.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

namespace attn {

class Checkpoint;
struct ModelConfig;

// Throws InputError when `ids` cannot be run: none, an id outside 0 … vocab − 1, more tokens
// than the model's positions or kMaxTokens, or a run that would keep more than kMaxRunValues
// numbers (`compact`: kMaxCompactRunValues). Checked before anything is allocated.
void checkRunIds(const ModelConfig &config, const std::vector<std::int64_t> &ids,
                 bool compact = false);

// The forward pass of `checkpoint` on `ids`: every layer in order, in double precision, from the
// stored values, as Hugging Face's modeling code of the family computes it (GPT-2: pre-LN,
// fused c_attn, gelu_new, tied head; Llama/Qwen2: RMSNorm, half-split RoPE with rope_theta,
// grouped-query attention, SiLU-gated MLP; BERT: absolute position and token type 0 embeddings,
// post-LN, the masked-LM head). Weights stay in their stored precision in the mapped file and
// are widened a panel at a time just before each product, so the memory a run needs is its
// activations and what it keeps, not the model in double. Throws InputError (checkRunIds; NaN
// or ±∞ weights, named, when they are met).
RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids);

// The same forward pass with `interventions` applied as it runs (Interventions.h): the edited
// heads' outputs are what the run keeps and what the output projection multiplies; a patched
// residual stream is the layer's `hidden`. With none it is the plain run, bit for bit. Throws
// InputError as runModel does, and checkInterventions' refusals, before anything is allocated.
RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions);

// What a run keeps.
struct RunOptions {
    enum class Keep {
        Everything, // every stage of every layer and head, n × n weights and n × vocab logits
        Compact,    // Run::compact: the residual stream, the softmax statistics, the last logits
        Auto,       // Everything when it fits kMaxRunValues, otherwise Compact
    };
    Keep keep = Keep::Everything;
    // Called on the running thread after each layer with the layers done so far (the window's
    // progress bar); null: none.
    std::function<void(int)> layerDone = {};
    // Set from another thread to stop the run after the layer under way (a newer text in the
    // window): runModel then throws RunCancelled. Null: the run always finishes.
    const std::atomic<bool> *cancel = nullptr;
};

// What runModel throws when RunOptions::cancel was set while it ran.
struct RunCancelled : std::exception {
    const char *what() const noexcept override { return "the run was cancelled"; }
};

// The forward pass keeping what `options` asks for. A compact run computes each head's n × n
// weights one head at a time and drops them once its output is taken, so its memory grows with
// n, not n². Throws InputError as the others do (a compact run: kMaxCompactRunValues; an
// encoder is never compact).
RunPtr runModel(const Checkpoint &checkpoint, const std::vector<std::int64_t> &ids,
                const Interventions &interventions, const RunOptions &options);

// Layer `layer` of `run` whole (x, every head's q, k, v, weights and output, attn_out, mid,
// mlp_out, hidden), as the run computed it: a full run's own, a compact run's recomputed from
// the residual stream before it with the run's interventions, bit for bit. `heads`, when not
// empty, says which heads keep their weights (every head keeps q, k, v, output and
// statistics), so a few heads of a long run cost a few n × n. Throws InputError (a NaN weight).
LayerRun expandLayer(const Checkpoint &checkpoint, const Run &run, int layer,
                     const std::vector<bool> &heads = {});

// Rows first … first + count − 1 of a head's weights (count × keys), from its q and k (an
// expanded layer's: expandLayer keeps every head's) and its softmax statistics, exactly as the
// run computed them: the same products, cap, mask and exp(s − max) / sum, so a view of a long
// run reads a head a block of queries at a time instead of holding its n × n.
Matrix weightRows(const ModelConfig &config, const HeadRun &head, int layer, Eigen::Index first,
                  Eigen::Index count);

// The logits of positions first … first + count − 1 (soft-capped where the model caps them):
// the run's own rows where it kept them, otherwise computed from its final norm. Decoders only
// for rows a compact run did not keep.
Matrix logitsOf(const Checkpoint &checkpoint, const Run &run, std::int64_t first,
                std::int64_t count);

// Decoders: the logits of each row of `residual` (n × d, a residual stream) through the final
// norm and the LM head, exactly as the run computes its last layer's (the logit lens). Throws
// InputError for BERT, whose layers have no final norm to read them through.
Matrix decoderLogits(const Checkpoint &checkpoint, const Matrix &residual);

// A decoder's forward pass that goes on: each append() runs only the new tokens, reusing every
// layer's keys and values of the earlier ones (a KV cache), as a model writing a text does. The
// interventions that stay meaningful while positions are added apply (Zero, Scale, Steer);
// the others are refused at construction. The checkpoint must outlive it.
class ContinuedRun {
public:
    // Throws InputError for an encoder, or for interventions that cannot apply.
    ContinuedRun(const Checkpoint &checkpoint, Interventions interventions = {});
    ~ContinuedRun();
    ContinuedRun(const ContinuedRun &) = delete;
    ContinuedRun &operator=(const ContinuedRun &) = delete;

    // Runs `ids` after the tokens so far and returns the logits (soft-capped where the model
    // caps them) after the last of them. `layers`, when given, receives each layer of the new
    // rows: their heads' weights have a column for every position so far. Throws InputError
    // (checkRunIds of the whole text; NaN weights) and leaves the run as it was.
    RowVector append(const std::vector<std::int64_t> &ids, std::vector<LayerRun> *layers = nullptr);
    std::int64_t length() const;
    const std::vector<std::int64_t> &ids() const { return m_ids; }

private:
    struct State;
    const Checkpoint &m_checkpoint;
    Interventions m_interventions;
    std::vector<std::int64_t> m_ids;
    std::unique_ptr<State> m_state;
};

// The numbers `run` keeps, every matrix counted (model run --timing's "kept_mb").
std::int64_t keptValues(const Run &run);

// The numbers a run of `tokens` tokens keeps (kMaxRunValues), saturating.
std::int64_t runValues(const ModelConfig &config, std::int64_t tokens);
// The numbers a compact run of `tokens` tokens keeps (kMaxCompactRunValues), saturating.
std::int64_t compactRunValues(const ModelConfig &config, std::int64_t tokens);

} // namespace attn
