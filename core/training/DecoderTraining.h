// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Optimizer.h"
#include "networkreadings/CircuitReadings.h"
#include "networkreadings/HeadScores.h"
#include "transformer/DecoderParameters.h"
#include "transformer/DecoderPass.h"
#include "transformer/Run.h"

#include <QJsonObject>

#include <cstdint>
#include <vector>

namespace attn {

// What a model learns from: a corpus's token ids, or (the induction task) sequences of random
// tokens in which pairs of tokens come back (TrainingSettings::inductionPairs), which a 2-layer
// attention-only model learns to continue by forming an induction head.
enum class TrainingData { Corpus, Induction };

// Everything that decides a training run's numbers, saved beside the checkpoint (training.json)
// so a run resumes exactly.
struct TrainingSettings {
    TrainingData data = TrainingData::Corpus;
    std::int64_t layers = 2, heads = 4, dModel = 64;
    bool attentionOnly = false;
    std::int64_t vocab = 257;         // the model's vocabulary (the tokenizer's)
    std::int64_t sequenceLength = 64; // tokens per sequence (induction: even)
    std::int64_t batch = 16;          // sequences per step
    // Induction: the random tokens are ids first … first + tokens − 1 (with model train's
    // byte-level vocabulary, 32 … 57 are the letters A … Z).
    std::int64_t inductionFirst = 0, inductionTokens = 64;
    // Induction: each sequence is the vocabulary's last id (<|endoftext|>, as a start) and
    // random tokens, into which `inductionPairs` pairs "A B" are copied from earlier to later
    // positions drawn at random, and the loss is the mean over the positions whose next token
    // the pattern decides (the token occurred before and the same token followed it then).
    // 0: the first layout tried, kept so older runs resume: random tokens, then a segment of
    // T/4 … T/2 tokens and its repeat, the loss over every position.
    std::int64_t inductionPairs = 0;
    // Corpus: when ≥ 0, every window is this id (the tokenizer's <|endoftext|>, which separates
    // the corpus's documents) and then sequenceLength − 1 tokens from any offset of the corpus,
    // so position 0 is always the same start a head can rest its spare weight on (a window that
    // starts anywhere rarely starts a text, and no such first-token head forms). −1: windows
    // of sequenceLength corpus tokens (model train --bos).
    std::int64_t windowStartId = -1;
    double learningRate = 1e-3;  // Adam's, with its default β and ε
    std::int64_t warmup = 0;     // steps over which the rate rises linearly to learningRate
    double initDeviation = 0.02; // the weights' N(0, σ) at the start (GPT-2's 0.02)
    bool tiedHead = true;        // the LM head is the token embeddings (GPT-2's), or its own
    std::uint64_t seed = 0;

    bool operator==(const TrainingSettings &) const = default;
};

// The induction task's settings that `attnviz-cli model train --task induction` and the "Watch
// a circuit form" panel share (2 layers × 4 heads, d 64, attention-only; the rest as measured
// in docs/training.md): letters A … Z, sequences of 32 with 8 copied pairs, batches of 16, Adam
// 3e-3 warmed up over 50 steps, weights N(0, 0.1), an LM head of its own.
TrainingSettings inductionDefaults();

// training.json's object for the settings, and back (throws InputError naming `file`).
QJsonObject trainingSettingsJson(const TrainingSettings &settings);
TrainingSettings trainingSettingsFromJson(const QJsonObject &o, const QString &file);
// Every size against core/Limits (kMaxTrain*), named by the command line's options; and the
// corpus long enough for one sequence. Throws InputError before anything is allocated.
void checkTrainingSettings(const TrainingSettings &settings, std::int64_t corpusTokens);

// A training run that can be stepped, read and saved: the model, Adam's moments, the step. The
// batch of step s is drawn from (seed, s) alone, so a run resumed from a save takes the same
// batches as one that never stopped, and gives the same numbers. Not thread-safe: one thread
// steps it and reads it (the window's worker), others read copies (parameters(), run()).
class DecoderTraining {
public:
    // A new GPT-2 (initialGpt2) of the settings' sizes. `corpus`: the token ids to learn from
    // (ignored by the induction task). Throws InputError (checkTrainingSettings).
    DecoderTraining(const TrainingSettings &settings, std::vector<std::int64_t> corpus);

    // One step: a batch forward and backward, then Adam. Returns the batch's loss.
    double step();
    std::int64_t steps() const { return m_steps; }
    double loss() const { return m_loss; } // the last step's (NaN before the first)
    std::int64_t tokensPerStep() const { return m_settings.batch * m_settings.sequenceLength; }
    const TrainingSettings &settings() const { return m_settings; }
    const DecoderParameters &parameters() const { return m_parameters; }

    // The ids of step s's batch (batch × sequenceLength, one sequence after the other).
    std::vector<std::int64_t> batch(std::int64_t step) const;
    // Which positions of `ids` (sequences of sequenceLength) the loss counts: all but each
    // sequence's last, or for the planted induction task (inductionPairs > 0) those whose next
    // token an induction head can know: the token occurred before, followed by the same token.
    std::vector<char> counted(const std::vector<std::int64_t> &ids) const;
    // Held-out sequences of random repeated tokens (drawn from a stream the batches never use):
    // m random tokens and the same m again, after a start token when the task has one
    // (inductionPairs > 0), each heldOutLength() long.
    std::vector<std::int64_t> heldOut(std::int64_t sequences) const;
    std::int64_t heldOutLength() const;
    // Every head's scores (layer-major: layer · heads + head), each the mean over `sequences`
    // held-out sequences of repeated random tokens.
    std::vector<HeadScores> heldOutScores(std::int64_t sequences = 8) const;
    // The largest induction score of heldOutScores.
    double bestInduction(std::int64_t sequences = 8) const;
    // The circuit now (CircuitLesson's readings) on `sequences` held-out sequences: layer 0's
    // best previous-token head, the best induction head of a later layer, the loss over the
    // repeat, and the same with the previous-token head's output set to 0 (and with layer 0's
    // least previous-token head zeroed instead, as a control).
    CircuitReadings circuitReadings(std::int64_t sequences = 8) const;
    // A forward pass of the current model on `ids` (at least 2), for the views: what runModel
    // gives for the same numbers.
    RunPtr run(const std::vector<std::int64_t> &ids) const;

    // Writes the model as a checkpoint folder in Hugging Face's GPT-2 layout (config.json,
    // model.safetensors in F32 (CheckpointWriter), `tokenizerJson` as tokenizer.json), which
    // Checkpoint::open reads and runModel runs like any GPT-2, and the training state beside it
    // (saveState). Throws InputError naming the file.
    void saveCheckpoint(const QString &folder, const QByteArray &tokenizerJson) const;

    // Writes the training state beside a checkpoint in `folder`: training.json (the settings,
    // the step, the last loss) and training_state.safetensors (every parameter and Adam's two
    // moments, in F64, so a resumed run continues from exactly these numbers; model.safetensors
    // holds them rounded to F32). Throws InputError naming the file.
    void saveState(const QString &folder) const;
    // A run saved by saveState. Throws InputError naming the file when it is missing, damaged,
    // or does not match the settings it declares.
    static DecoderTraining resume(const QString &folder, std::vector<std::int64_t> corpus);

private:
    TrainingSettings m_settings;
    std::vector<std::int64_t> m_corpus;
    DecoderParameters m_parameters, m_gradient;
    DecoderPass m_pass;
    Optimizer m_optimizer;
    std::int64_t m_steps = 0;
    double m_loss = 0;
};

} // namespace attn
