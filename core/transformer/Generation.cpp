// SPDX-License-Identifier: GPL-3.0-or-later
#include "Generation.h"

#include "Forward.h"
#include "InputError.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "io/JsonWrite.h"

#include <QJsonValue>

#include <cmath>
#include <random>

namespace attn {

namespace {

// The token after `logits`: the first largest (greedy), or a draw from softmax(logits / T).
std::int64_t chooseToken(const RowVector &logits, double temperature, std::mt19937_64 &random) {
    Eigen::Index best = 0;
    logits.maxCoeff(&best); // the first of equal maxima
    if (temperature <= 0)
        return std::int64_t(best);
    const double top = logits(best);
    Eigen::ArrayXd weights = ((logits.array() - top) / temperature).exp().transpose();
    const double total = weights.sum();
    // 53 random bits as a double in [0, 1): the same on every machine for a seed (unlike
    // std::uniform_real_distribution, whose algorithm the standard leaves open).
    const double u = double(random() >> 11) * 0x1.0p-53 * total;
    double running = 0;
    for (Eigen::Index i = 0; i < weights.size(); ++i) {
        running += weights(i);
        if (u < running)
            return std::int64_t(i);
    }
    return std::int64_t(best); // only when rounding left u at the very end
}

} // namespace

Generation generate(const Checkpoint &checkpoint, const std::vector<std::int64_t> &prompt,
                    const Interventions &interventions, const GenerationOptions &options,
                    const std::function<bool(std::int64_t)> &progress) {
    if (!(options.temperature >= 0) || !std::isfinite(options.temperature))
        throw InputError(translate("attn::transformer",
                                   "the temperature must be a finite number from 0 (greedy)"));
    const ModelConfig &c = checkpoint.config();
    if (std::int64_t(prompt.size()) + options.tokens > c.maxPositions)
        throw InputError(
            translate("attn::transformer",
                      "%1 tokens and %2 more are more than the model's %3 positions")
                .arg(qs(std::int64_t(prompt.size())), qs(options.tokens), qs(c.maxPositions)));
    Generation g;
    g.prompt = prompt;
    for (const Intervention &e : interventions.edits)
        g.interventions.push_back(e.describe());
    ContinuedRun run(checkpoint, interventions);
    std::mt19937_64 random(options.seed);
    RowVector logits = run.append(prompt);
    for (std::int64_t i = 0; i < options.tokens; ++i) {
        GeneratedToken t;
        t.id = chooseToken(logits, options.temperature, random);
        t.top = topOfLogits(logits, options.top);
        const double top = logits.maxCoeff();
        t.probability =
            std::exp(logits(Eigen::Index(t.id)) - top) / (logits.array() - top).exp().sum();
        g.tokens.push_back(std::move(t));
        if (progress && !progress(i + 1)) {
            g.cancelled = i + 1 < options.tokens;
            break;
        }
        if (i + 1 < options.tokens)
            logits = run.append({g.tokens.back().id});
    }
    return g;
}

QByteArray generationToJson(const Generation &g, const GenerationOptions &options,
                            const std::function<std::string(std::int64_t)> &label,
                            const std::string &text) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    const auto ids = [&](const std::vector<std::int64_t> &list) {
        out += '[';
        for (std::size_t i = 0; i < list.size(); ++i)
            out += (i ? ", " : "") + QByteArray::number(qlonglong(list[i]));
        out += ']';
    };
    const auto string = [&](const std::string &s, int indent) {
        json::appendValue(out, QJsonValue(QString::fromStdString(s)), indent);
    };
    root.key("prompt");
    ids(g.prompt);
    std::vector<std::int64_t> written;
    for (const GeneratedToken &t : g.tokens)
        written.push_back(t.id);
    root.key("ids");
    ids(written);
    if (label) {
        root.key("tokens");
        out += '[';
        for (std::size_t i = 0; i < written.size(); ++i) {
            if (i)
                out += ", ";
            string(label(written[i]), 0);
        }
        out += ']';
    }
    if (!text.empty()) {
        root.key("text");
        string(text, root.inner());
    }
    root.key("temperature");
    json::appendNumber(out, options.temperature);
    if (options.temperature > 0) {
        root.key("seed");
        out += QByteArray::number(qulonglong(options.seed));
    }
    root.key("cancelled");
    out += g.cancelled ? "true" : "false";
    root.key("interventions");
    out += '[';
    for (std::size_t i = 0; i < g.interventions.size(); ++i) {
        if (i)
            out += ", ";
        string(g.interventions[i], 0);
    }
    out += ']';
    root.key("steps");
    json::Block steps(out, root.inner(), json::Block::Array);
    for (const GeneratedToken &t : g.tokens) {
        steps.item();
        json::Block s(out, steps.inner(), json::Block::Object);
        s.key("id");
        out += QByteArray::number(qlonglong(t.id));
        if (label) {
            s.key("token");
            string(label(t.id), 0);
        }
        s.key("probability");
        json::appendNumber(out, t.probability);
        s.key("top");
        out += '[';
        for (std::size_t i = 0; i < t.top.size(); ++i) {
            out += i ? ", {\"id\": " : "{\"id\": ";
            out += QByteArray::number(qlonglong(t.top[i].id));
            if (label) {
                out += ", \"token\": ";
                string(label(t.top[i].id), 0);
            }
            out += ", \"probability\": ";
            json::appendNumber(out, t.top[i].probability);
            out += '}';
        }
        out += ']';
        s.close();
    }
    steps.close();
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
