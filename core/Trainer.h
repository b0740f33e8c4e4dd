// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Optimizer.h"
#include "TrainingTask.h"

#include <cstdint>
#include <random>
#include <vector>

namespace attn {

struct TrainingConfig {
    TrainingTask task = TrainingTask::PreviousToken;
    Positional positional = Positional::Rope;
    OptimizerSettings optimizer;
    std::uint32_t seed = 1;
    int batch = 8;    // sequences per step
    int heldOut = 64; // sequences the accuracy is measured on, never trained on
    Eigen::Index dk = 8;
};

// The configuration a task starts with: its default positions, Adam at its default rate.
TrainingConfig defaultTrainingConfig(TrainingTask task, std::uint32_t seed = 1);

struct Evaluation {
    double loss = 0;     // ½·Σ(output − target)² per sequence, averaged over the held-out set
    double accuracy = 0; // the fraction of scored queries whose largest weight is on the right key
};

// One attention head (Wq, Wk, Wv; d_v = p so the output can reach the target) trained on a
// toy task: every step draws a fresh batch from the seed, averages the exact gradients
// (Gradient.h) and lets the optimiser move the weights.
class Trainer {
public:
    explicit Trainer(const TrainingConfig &config);

    // One optimiser step; returns the batch's mean loss.
    double step();
    int steps() const { return steps_; }
    Evaluation evaluate() const;

    const TrainingConfig &config() const { return config_; }
    const HeadWeights &weights() const { return weights_; }
    // The watched sentence with the current weights and its target: what the window and a
    // saved session show.
    AttentionInputs watched() const;

private:
    AttentionInputs withWeights(const TaskExample &example) const;

    TrainingConfig config_;
    HeadWeights weights_;
    Optimizer optimizer_;
    std::mt19937 rng_;
    std::vector<TaskExample> heldOut_;
    int steps_ = 0;
};

} // namespace attn
