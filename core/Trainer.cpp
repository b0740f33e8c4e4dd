// SPDX-License-Identifier: GPL-3.0-or-later
#include "Trainer.h"

#include "Gradient.h"
#include "Initializer.h"

namespace attn {

TrainingConfig defaultTrainingConfig(TrainingTask task, std::uint32_t seed) {
    TrainingConfig config;
    config.task = task;
    config.positional = defaultPositional(task);
    config.optimizer.learningRate = defaultLearningRate(config.optimizer.kind);
    config.seed = seed;
    return config;
}

namespace {

Matrix smallRandom(Eigen::Index rows, Eigen::Index cols, std::mt19937 &rng) {
    // Small, so the weights start close to uniform and the class watches them sharpen.
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            m(i, j) = 0.1 * standardNormal(rng);
    return m;
}

} // namespace

Trainer::Trainer(const TrainingConfig &config)
    : config_(config), optimizer_(config.optimizer), rng_(config.seed) {
    std::mt19937 init(config.seed ^ 0x5bd1e995u);
    const Eigen::Index p = kTaskWidth;
    weights_.Wq = smallRandom(p, config.dk, init);
    weights_.Wk = smallRandom(p, config.dk, init);
    weights_.Wv = smallRandom(p, p, init);
    // The held-out sequences come from their own stream, never drawn for training.
    std::mt19937 held(config.seed ^ 0x9e3779b9u);
    for (int i = 0; i < config.heldOut; ++i)
        heldOut_.push_back(sampleTask(config.task, config.positional, held));
}

AttentionInputs Trainer::withWeights(const TaskExample &example) const {
    AttentionInputs in = example.inputs;
    in.heads = {weights_};
    return in;
}

double Trainer::step() {
    HeadWeights sum{Matrix::Zero(weights_.Wq.rows(), weights_.Wq.cols()),
                    Matrix::Zero(weights_.Wk.rows(), weights_.Wk.cols()),
                    Matrix::Zero(weights_.Wv.rows(), weights_.Wv.cols())};
    double loss = 0;
    for (int b = 0; b < config_.batch; ++b) {
        const AttentionInputs in = withWeights(sampleTask(config_.task, config_.positional, rng_));
        const Gradient g = gradient(in, compute(in));
        loss += g.loss;
        sum.Wq += g.heads[0].Wq;
        sum.Wk += g.heads[0].Wk;
        sum.Wv += g.heads[0].Wv;
    }
    const double scale = 1.0 / config_.batch;
    sum.Wq *= scale;
    sum.Wk *= scale;
    sum.Wv *= scale;
    optimizer_.step({&weights_.Wq, &weights_.Wk, &weights_.Wv}, {&sum.Wq, &sum.Wk, &sum.Wv});
    ++steps_;
    return loss * scale;
}

Evaluation Trainer::evaluate() const {
    Evaluation e;
    for (const TaskExample &example : heldOut_) {
        const AttentionInputs in = withWeights(example);
        const AttentionResult r = compute(in);
        e.loss += 0.5 * (r.output() - in.target).squaredNorm();
        e.accuracy += correctFraction(example.rightKey, r.heads[0].weights());
    }
    if (!heldOut_.empty()) {
        e.loss /= double(heldOut_.size());
        e.accuracy /= double(heldOut_.size());
    }
    return e;
}

AttentionInputs Trainer::watched() const {
    return withWeights(watchedExample(config_.task, config_.positional));
}

} // namespace attn
