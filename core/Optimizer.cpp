// SPDX-License-Identifier: GPL-3.0-or-later
#include "Optimizer.h"

#include <cassert>
#include <cmath>
#include <utility>

namespace attn {

const char *optimizerName(OptimizerKind kind) {
    return kind == OptimizerKind::Sgd ? "sgd" : "adam";
}

std::optional<OptimizerKind> optimizerFromName(const std::string &name) {
    if (name == "sgd")
        return OptimizerKind::Sgd;
    if (name == "adam")
        return OptimizerKind::Adam;
    return std::nullopt;
}

double defaultLearningRate(OptimizerKind kind) {
    // Adam's steps are about η per entry whatever the gradient's size; plain SGD needs a larger
    // η because the gradients of a loss averaged over a batch are small.
    return kind == OptimizerKind::Sgd ? 0.5 : 0.05;
}

Optimizer::Optimizer(OptimizerSettings settings) : settings_(settings) {}

void Optimizer::reset() {
    first_.clear();
    second_.clear();
    steps_ = 0;
}

void Optimizer::setState(State state) {
    first_ = std::move(state.first);
    second_ = std::move(state.second);
    steps_ = state.steps;
}

void Optimizer::step(const std::vector<Matrix *> &parameters,
                     const std::vector<const Matrix *> &gradients) {
    assert(parameters.size() == gradients.size());
    const double eta = settings_.learningRate;
    if (settings_.kind == OptimizerKind::Sgd) {
        for (size_t k = 0; k < parameters.size(); ++k)
            *parameters[k] -= eta * *gradients[k];
        return;
    }
    if (first_.size() != parameters.size()) {
        first_.clear();
        second_.clear();
        for (const Matrix *g : gradients) {
            first_.push_back(Matrix::Zero(g->rows(), g->cols()));
            second_.push_back(Matrix::Zero(g->rows(), g->cols()));
        }
        steps_ = 0;
    }
    ++steps_;
    const double b1 = settings_.beta1, b2 = settings_.beta2;
    const double correction1 = 1.0 - std::pow(b1, steps_), correction2 = 1.0 - std::pow(b2, steps_);
    for (size_t k = 0; k < parameters.size(); ++k) {
        const Matrix &g = *gradients[k];
        first_[k] = b1 * first_[k] + (1.0 - b1) * g;
        second_[k] = b2 * second_[k] + (1.0 - b2) * g.cwiseProduct(g);
        const auto mHat = first_[k].array() / correction1;
        const auto vHat = second_[k].array() / correction2;
        parameters[k]->array() -= eta * mHat / (vHat.sqrt() + settings_.epsilon);
    }
}

} // namespace attn
