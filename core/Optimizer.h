// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <optional>
#include <string>
#include <vector>

namespace attn {

enum class OptimizerKind { Sgd, Adam };

const char *optimizerName(OptimizerKind kind); // "sgd", "adam"
std::optional<OptimizerKind> optimizerFromName(const std::string &name);

struct OptimizerSettings {
    OptimizerKind kind = OptimizerKind::Adam;
    double learningRate = 0.05;
    double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8; // Adam's, as in the paper
    bool operator==(const OptimizerSettings &) const = default;
};

// The default learning rate of each optimiser for the toy tasks.
double defaultLearningRate(OptimizerKind kind);

// Plain gradient descent, W ← W − η·∂L/∂W, or Adam (Kingma & Ba 2015, with bias correction).
// Adam keeps per-entry moments, so every step must pass the same parameters in the same order.
class Optimizer {
public:
    explicit Optimizer(OptimizerSettings settings = {});
    void step(const std::vector<Matrix *> &parameters,
              const std::vector<const Matrix *> &gradients);
    void reset();
    const OptimizerSettings &settings() const { return settings_; }
    // A schedule's rate for the next steps (a warm-up); the moments stay.
    void setLearningRate(double rate) { settings_.learningRate = rate; }

    // Adam's moments (one per parameter, in step()'s order) and its step count: what a saved
    // training run needs to continue exactly.
    struct State {
        std::vector<Matrix> first, second;
        int steps = 0;
    };
    State state() const { return {first_, second_, steps_}; }
    void setState(State state);

private:
    OptimizerSettings settings_;
    std::vector<Matrix> first_, second_;
    int steps_ = 0;
};

} // namespace attn
