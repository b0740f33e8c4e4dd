// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainingTask.h"

#include "Attention.h"

#include <QtGlobal>

namespace attn {

const char *taskName(TrainingTask task) {
    switch (task) {
    case TrainingTask::FirstToken:
        return "first-token";
    case TrainingTask::Match:
        return "match";
    case TrainingTask::PreviousToken:
        break;
    }
    return "previous-token";
}

std::optional<TrainingTask> taskFromName(const std::string &name) {
    for (TrainingTask task :
         {TrainingTask::PreviousToken, TrainingTask::FirstToken, TrainingTask::Match})
        if (name == taskName(task))
            return task;
    return std::nullopt;
}

Positional defaultPositional(TrainingTask task) {
    switch (task) {
    case TrainingTask::FirstToken:
        return Positional::Sinusoidal; // "position 0" is absolute: RoPE only sees offsets
    case TrainingTask::Match:
        return Positional::None; // content alone decides
    case TrainingTask::PreviousToken:
        break;
    }
    return Positional::Rope; // "one step back" is an offset, exactly what RoPE encodes
}

const char *taskDescription(TrainingTask task) {
    switch (task) {
    case TrainingTask::FirstToken:
        return QT_TRANSLATE_NOOP("TrainingTask",
                                 "every token attends to the first token of its sequence "
                                 "(causal): the keys learn to recognise position 0");
    case TrainingTask::Match:
        return QT_TRANSLATE_NOOP("TrainingTask",
                                 "each query attends to the context token equal to its own "
                                 "(cross-attention): Wq·Wkᵀ learns to be a scaled identity");
    case TrainingTask::PreviousToken:
        break;
    }
    return QT_TRANSLATE_NOOP("TrainingTask",
                             "every token attends to the token just before it (causal): the "
                             "queries and keys learn an offset of one position");
}

namespace {

std::string letter(Eigen::Index token) {
    return std::string(1, char('A' + token));
}

Matrix oneHot(const std::vector<Eigen::Index> &tokens) {
    Matrix m = Matrix::Zero(Eigen::Index(tokens.size()), kTaskWidth);
    for (size_t i = 0; i < tokens.size(); ++i)
        m(Eigen::Index(i), tokens[i]) = 1.0;
    return m;
}

std::vector<std::string> labels(const std::vector<Eigen::Index> &tokens) {
    std::vector<std::string> out;
    for (Eigen::Index t : tokens)
        out.push_back(letter(t));
    return out;
}

// The example from its token ids; `context` is used by Match only.
TaskExample build(TrainingTask task, Positional positional, const std::vector<Eigen::Index> &tokens,
                  const std::vector<Eigen::Index> &context) {
    TaskExample e;
    AttentionInputs &in = e.inputs;
    in.tokens = labels(tokens);
    in.X = oneHot(tokens);
    in.options.positional = positional;
    const Eigen::Index n = in.X.rows();
    if (task == TrainingTask::Match) {
        in.hasContext = true;
        in.contextTokens = labels(context);
        in.context = oneHot(context);
        for (Eigen::Index t : tokens)
            e.rightKey.push_back(
                Eigen::Index(std::find(context.begin(), context.end(), t) - context.begin()));
    } else {
        in.options.causal = true;
        for (Eigen::Index i = 0; i < n; ++i) {
            if (i == 0)
                e.rightKey.push_back(-1); // attends to itself, the only key it sees
            else
                e.rightKey.push_back(task == TrainingTask::PreviousToken ? i - 1 : 0);
        }
    }
    // The target: the right key's input row as the projections read it.
    const Matrix source = positionedSource(in);
    in.target.resize(n, source.cols());
    for (Eigen::Index i = 0; i < n; ++i)
        in.target.row(i) = source.row(e.rightKey[size_t(i)] < 0 ? i : e.rightKey[size_t(i)]);
    return e;
}

std::vector<Eigen::Index> shuffledVocabulary(std::mt19937 &rng) {
    std::vector<Eigen::Index> v;
    for (Eigen::Index t = 0; t < kTaskVocabulary; ++t)
        v.push_back(t);
    for (size_t i = v.size() - 1; i > 0; --i) // Fisher–Yates on raw draws
        std::swap(v[i], v[rng() % (i + 1)]);
    return v;
}

} // namespace

TaskExample sampleTask(TrainingTask task, Positional positional, std::mt19937 &rng) {
    std::vector<Eigen::Index> tokens, context;
    if (task == TrainingTask::Match) {
        context = shuffledVocabulary(rng);
        context.resize(kTaskContext);
    }
    for (Eigen::Index i = 0; i < kTaskLength; ++i)
        tokens.push_back(context.empty() ? Eigen::Index(rng() % kTaskVocabulary)
                                         : context[rng() % context.size()]);
    return build(task, positional, tokens, context);
}

TaskExample watchedExample(TrainingTask task, Positional positional) {
    // Repeated letters on purpose: attending by content alone cannot tell the two Bs apart.
    if (task == TrainingTask::Match)
        return build(task, positional, {2, 0, 6, 3, 0, 3, 6, 2},  // C A G D A D G C
                     {7, 2, 0, 3, 6});                            // H C A D G
    return build(task, positional, {2, 0, 1, 4, 1, 3, 6, 5}, {}); // C A B E B D G F
}

double correctFraction(const std::vector<Eigen::Index> &rightKey, const Matrix &weights) {
    int scored = 0, right = 0;
    for (size_t i = 0; i < rightKey.size(); ++i) {
        if (rightKey[i] < 0)
            continue;
        ++scored;
        Eigen::Index best = 0;
        weights.row(Eigen::Index(i)).maxCoeff(&best);
        right += best == rightKey[i];
    }
    return scored == 0 ? 0.0 : double(right) / scored;
}

} // namespace attn
