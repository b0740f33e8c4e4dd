// SPDX-License-Identifier: GPL-3.0-or-later
#include "LearningLesson.h"

#include "Gradient.h"
#include "LearningReadings.h"
#include "Notation.h"

#include <algorithm>
#include <optional>

#include <QCoreApplication>

using attn::Stage;
using attn::notation::number;

namespace {

QString token(const std::vector<std::string> &tokens, Eigen::Index i) {
    return i >= 0 && size_t(i) < tokens.size()
               ? "\u201c" + QString::fromStdString(tokens[size_t(i)]).toHtmlEscaped() + "\u201d"
               : QString::number(i);
}

// Where each query's largest weight is, as "t1 → t0" pairs (at most 8).
QString strongestKeys(const attn::AttentionInputs &in, const attn::Matrix &weights) {
    QStringList pairs;
    for (Eigen::Index i = 0; i < weights.rows() && i < 8; ++i) {
        Eigen::Index j = 0;
        weights.row(i).maxCoeff(&j);
        pairs << QString("%1\u2192%2 (%3)")
                     .arg(token(in.tokens, i), token(in.sourceTokens(), j),
                          number(weights(i, j), 2));
    }
    return pairs.join(", ");
}

LessonStep positionsStep(const attn::AttentionInputs &in, int head) {
    LessonStep s;
    s.title = QCoreApplication::translate("LearningLesson", "1. Where is a token? Positions");
    s.emphasis = {Stage::X, Stage::Scores};
    const QString set = QCoreApplication::translate(
        "LearningLesson", "Without positions, a query scores a key by their vectors alone: move "
                          "the tokens around and every output only moves with them (What if "
                          "\u203a permutation). A sentence is more than a set, so position must "
                          "enter somewhere.");
    switch (in.options.positional) {
    case attn::Positional::None:
        s.html = set + QCoreApplication::translate(
                           "LearningLesson",
                           "<p>Now: <b>no positions</b>. Choose <i>sinusoidal</i> or <i>RoPE</i> "
                           "beside the temperature and watch the scores change.</p>");
        break;
    case attn::Positional::Sinusoidal: {
        const attn::Matrix p =
            attn::sinusoidalTable(std::min<Eigen::Index>(in.X.rows(), 2), in.X.cols());
        s.html =
            set +
            QCoreApplication::translate(
                "LearningLesson", "<p>Now: <b>sinusoidal</b>. X\u2032 = X + P before the "
                                  "projections; P[1, 0] = sin(1) = %1, P[1, 1] = cos(1) = %2. "
                                  "View \u203a Learning \u203a Positions shows all of P.</p>")
                .arg(number(p(p.rows() - 1, 0)), number(p.cols() > 1 ? p(p.rows() - 1, 1) : 0.0));
        break;
    }
    case attn::Positional::Rope: {
        const Eigen::Index dk = in.heads[size_t(head)].Wq.cols();
        s.html = set + QCoreApplication::translate(
                           "LearningLesson",
                           "<p>Now: <b>RoPE</b>. Each pair of a row of Q and K is rotated by "
                           "pos·10000^(−2i/%1): q and k at positions m and n meet "
                           "at the angle (m \u2212 n)\u03b8, so the score depends on the "
                           "offset only (the Positions panel moves every position to show "
                           "it).</p>")
                           .arg(dk);
        break;
    }
    }
    return s;
}

} // namespace

std::vector<LessonStep> learningLessonSteps(const attn::AttentionInputs &in,
                                            const attn::AttentionResult &r, int query, int head) {
    std::vector<LessonStep> steps;
    if (r.heads.empty() || in.X.rows() == 0)
        return steps;
    head = std::clamp(head, 0, int(r.heads.size()) - 1);
    const int i = std::clamp(query, 0, int(in.X.rows()) - 1);
    steps.push_back(positionsStep(in, head));

    LessonStep loss;
    loss.title = QCoreApplication::translate("LearningLesson",
                                             "2. What should come out? A target and a loss");
    loss.emphasis = {Stage::Final};
    std::optional<attn::Gradient> g;
    if (in.hasTarget()) {
        g = attn::gradient(in, r);
        loss.html = QCoreApplication::translate(
                        "LearningLesson",
                        "The target says what the output should be. The loss measures the "
                        "miss: L = \u00bd\u00b7\u03a3(output \u2212 target)\u00b2 = <b>%1</b>. "
                        "Training means: change Wq, Wk, Wv until L is small.")
                        .arg(number(g->loss, 6));
    } else {
        loss.html = QCoreApplication::translate(
            "LearningLesson",
            "There is no target yet. In View \u203a Learning \u203a Gradient press "
            "<i>Target = output, one cell + 1</i> (or Reset in the Train panel): the "
            "loss L = \u00bd\u00b7\u03a3(output \u2212 target)\u00b2 then measures "
            "the miss.");
    }
    steps.push_back(loss);

    LessonStep one;
    one.title = QCoreApplication::translate("LearningLesson", "3. The gradient of one weight");
    one.emphasis = {Stage::Wq, Stage::Weights};
    if (g) {
        const attn::HeadGradient &hg = g->heads[size_t(head)];
        Eigen::Index a = 0, b = 0;
        hg.Wq.cwiseAbs().maxCoeff(&a, &b);
        one.html = QCoreApplication::translate(
                       "LearningLesson",
                       "Which weight matters most? \u2202L/\u2202Wq is largest at [%1, %2]: "
                       "<b>%3</b>. It is a sum over the tokens of X[i, %1] times "
                       "\u2202L/\u2202Q[i, %2], and \u2202L/\u2202Q comes back from the "
                       "loss through the output, the weights (softmax) and the keys: hover "
                       "that cell in the Gradient panel for every term.")
                       .arg(a)
                       .arg(b)
                       .arg(number(hg.Wq(a, b), 4));
    } else {
        one.html = QCoreApplication::translate(
            "LearningLesson",
            "With a target, every weight gets a gradient: how much L changes when that "
            "one number moves. Set a target (step 2) to see them.");
    }
    steps.push_back(one);

    LessonStep down;
    down.title = QCoreApplication::translate(
        "LearningLesson", "4. One step downhill: W \u2212 \u03b7\u00b7\u2202L/\u2202W");
    down.emphasis = {Stage::Wq, Stage::Wk, Stage::Wv};
    if (g) {
        const attn::AttentionInputs after = learning::gradientStep(in, *g, 0.01);
        const double next = 0.5 * (attn::compute(after).output() - after.target).squaredNorm();
        down.html = QCoreApplication::translate(
                        "LearningLesson",
                        "Move every weight a little against its gradient. With \u03b7 = 0.01 "
                        "the loss goes from %1 to <b>%2</b>. The Gradient panel's <i>Apply "
                        "the step</i> does it (undo takes it back).")
                        .arg(number(g->loss, 6), number(next, 6));
    } else {
        down.html = QCoreApplication::translate(
            "LearningLesson", "Gradient descent moves every weight against its gradient: "
                              "W \u2190 W \u2212 \u03b7\u00b7\u2202L/\u2202W.");
    }
    steps.push_back(down);

    LessonStep train;
    train.title = QCoreApplication::translate("LearningLesson", "5. Many steps: training");
    train.emphasis = {Stage::Weights};
    train.html = QCoreApplication::translate(
        "LearningLesson",
        "View \u203a Learning \u203a Train repeats the step on fresh random sentences. "
        "Task <i>previous-token</i>: every word should attend to the word before it. "
        "Press <i>Step</i> a few times, then <i>Play</i>: the loss curve falls and the "
        "weights heatmap of the sentence on screen sharpens.");
    steps.push_back(train);

    LessonStep pattern;
    pattern.title = QCoreApplication::translate("LearningLesson", "6. The pattern that emerges");
    pattern.emphasis = {Stage::Weights};
    const attn::Matrix &w = r.heads[size_t(head)].weights();
    pattern.html =
        QCoreApplication::translate(
            "LearningLesson", "Where each query puts its largest weight now: %1. After training "
                              "previous-token it is the diagonal just below the main one; nobody "
                              "wrote it in: it came from the gradient of the loss, through the "
                              "positions. Query %2 is selected: its row is the one to watch.")
            .arg(strongestKeys(in, w), token(in.tokens, i));
    steps.push_back(pattern);
    return steps;
}
