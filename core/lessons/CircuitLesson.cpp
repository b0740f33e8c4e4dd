// SPDX-License-Identifier: GPL-3.0-or-later
#include "CircuitLesson.h"

#include "Notation.h"

#include <QCoreApplication>

#include <cmath>

using attn::notation::number;

namespace attn {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("CircuitLesson", text);
}

QString head(int layer, int h) {
    return tr("L%1H%2").arg(layer).arg(h);
}

QString percent(double value) {
    return std::isfinite(value) ? QString::number(100 * value, 'f', 0) + "%" : QString("–");
}

QString value(double v, int digits = 3) {
    return std::isfinite(v) ? number(v, digits) : "–";
}

// An induction head worth talking about: the bar is 0.8, but a clear head shows from
// about 0.5 (and a head of layer 0 can reach 0.3 by position alone, so below that none is).
constexpr double kFormed = 0.5;
constexpr double kPrevious = 0.5;

QString notYet(const CircuitReadings &r) {
    return tr("<p><i>Not formed yet (step %1). Press Play and watch the solid lines of the "
              "score plot: the numbers of this step fill in once a head passes %2.</i></p>")
        .arg(r.step)
        .arg(number(kFormed, 1));
}

} // namespace

std::vector<LessonStep> circuitLessonSteps(const CircuitReadings &r,
                                           const std::function<QString(std::int64_t)> &name) {
    std::vector<LessonStep> steps;
    const auto quoted = [&](std::int64_t id) {
        return QStringLiteral("“") + (id >= 0 ? name(id) : QString("?")).toHtmlEscaped() +
               QStringLiteral("”");
    };
    const bool previousFormed = std::isfinite(r.previousScore) && r.previousScore >= kPrevious;
    const bool inductionFormed = std::isfinite(r.inductionScore) && r.inductionScore >= kFormed;
    const double guess = r.tokens > 0 ? std::log(double(r.tokens)) : CircuitReadings::kNaN;

    LessonStep task;
    task.title = tr("1. The task: random tokens that repeat");
    task.html =
        tr("<p>The model reads sequences of random tokens, each drawn from %1, in which a run of "
           "tokens comes back a second time. Nothing about a single token can be predicted: a "
           "guess costs ln %1 = %2 per token. Only inside a repeat can the model do better, and "
           "only by looking back: <i>the last time this token came, what followed it?</i></p>"
           "<p>Now, step %3: the loss over the repeat (held out), the mean over the repeated "
           "half of held-out sequences, is <b>%4</b> (0 would be a perfect copy). The training "
           "loss beside it counts only the positions of the training batch that a copy "
           "predicts.</p>")
            .arg(r.tokens)
            .arg(value(guess))
            .arg(r.step)
            .arg(value(r.loss));
    steps.push_back(task);

    LessonStep previous;
    previous.title = tr("2. Layer 0: a previous-token head");
    if (r.previousLayer < 0) {
        previous.html = notYet(r);
    } else {
        previous.html =
            tr("<p>Head <b>%1</b> puts <b>%2</b> of its weight on the token just before each "
               "position (its previous-token score; spread evenly it would put about 10%). Its "
               "output, added to the residual stream, tells every position <i>which token came "
               "before me</i>.</p>")
                .arg(head(r.previousLayer, r.previousHead), percent(r.previousScore));
        if (!previousFormed)
            previous.html += notYet(r);
    }
    steps.push_back(previous);

    LessonStep induction;
    induction.title = tr("3. Layer 1: an induction head");
    if (r.inductionLayer < 0 || !inductionFormed) {
        induction.html =
            (r.inductionLayer < 0
                 ? QString()
                 : tr("<p>Best so far: head <b>%1</b>, induction score <b>%2</b>.</p>")
                       .arg(head(r.inductionLayer, r.inductionHead), value(r.inductionScore, 2))) +
            notYet(r);
    } else {
        induction.html =
            tr("<p>Head <b>%1</b>: at a token of the repeat it looks at the position "
               "<i>after</i> that token's earlier occurrence, and copies what it finds there. "
               "Its induction score, the mean weight there over the second half, is <b>%2</b>."
               "</p>")
                .arg(head(r.inductionLayer, r.inductionHead), value(r.inductionScore, 2));
        if (r.exampleQuery >= 0)
            induction.html +=
                tr("<p>Example: at position %1, token %2, it puts <b>%3</b> of its weight on "
                   "position %4, token %5, which is what comes next.</p>")
                    .arg(r.exampleQuery)
                    .arg(quoted(r.queryToken), percent(r.exampleInductionWeight))
                    .arg(r.exampleKey)
                    .arg(quoted(r.nextToken));
    }
    steps.push_back(induction);

    LessonStep composition;
    composition.title = tr("4. How it finds the place: keys that carry the previous token");
    if (!inductionFormed || r.exampleQuery < 0 || r.previousLayer < 0) {
        composition.html = notYet(r);
    } else {
        composition.html =
            tr("<p>The query at position %1 holds token %2. The key it matches at position %3 "
               "does not hold %2: that position's token is %4. What the key holds is what head "
               "%5 wrote there, the token before it: at position %3 head %5 puts <b>%6</b> of "
               "its weight on position %7, token %2.</p>"
               "<p>So head %8 compares <i>my token</i> with <i>your previous token</i>. A head "
               "whose keys read what an earlier head wrote is <b>K-composition</b>: two heads "
               "in two layers make one circuit.</p>")
                .arg(r.exampleQuery)
                .arg(quoted(r.queryToken))
                .arg(r.exampleKey)
                .arg(quoted(r.nextToken), head(r.previousLayer, r.previousHead),
                     percent(r.examplePreviousWeight))
                .arg(r.exampleKey - 1)
                .arg(head(r.inductionLayer, r.inductionHead));
    }
    steps.push_back(composition);

    LessonStep ablation;
    ablation.title = tr("5. Take layer 0's head away: the circuit breaks");
    if (!inductionFormed || r.previousLayer < 0) {
        ablation.html = notYet(r);
    } else {
        ablation.html =
            tr("<p>Set head %1's output to 0 (an ablation) and run the same held-out sequences "
               "again:</p><table cellpadding=\"3\"><tr><th></th><th>%2's induction score</th>"
               "<th>loss over the repeat</th></tr>"
               "<tr><td>as trained</td><td align=\"right\">%3</td><td align=\"right\">%4</td>"
               "</tr><tr><td>%1 zeroed</td><td align=\"right\"><b>%5</b></td>"
               "<td align=\"right\"><b>%6</b></td></tr>")
                .arg(head(r.previousLayer, r.previousHead), head(r.inductionLayer, r.inductionHead),
                     value(r.inductionScore, 2), value(r.loss), value(r.ablatedInduction, 2),
                     value(r.ablatedLoss));
        if (r.controlHead >= 0)
            ablation.html += tr("<tr><td>%1 zeroed instead</td><td align=\"right\">%2</td>"
                                "<td align=\"right\">%3</td></tr>")
                                 .arg(head(0, r.controlHead), value(r.controlInduction, 2),
                                      value(r.controlLoss));
        ablation.html +=
            tr("</table><p>Without the previous-token head the keys no longer say which token "
               "came before: the induction head loses its place. The circuit needs both.</p>");
    }
    steps.push_back(ablation);
    return steps;
}

} // namespace attn
