// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelAnalysis.h"

#include <QJsonValue>

#include "HeadOverview.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"
#include "io/JsonWrite.h"
#include "transformer/Forward.h"
#include "transformer/Interventions.h"
#include "transformer/RunLayers.h"

#include <algorithm>

namespace attn {

namespace {

bool cancelled(const std::atomic<bool> *cancel) {
    return cancel && cancel->load(std::memory_order_relaxed);
}

void appendNumbers(QByteArray &out, const std::vector<double> &values) {
    out += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i)
            out += ", ";
        json::appendNumber(out, values[i]);
    }
    out += ']';
}

void appendRow(QByteArray &out, const RowVector &row) {
    appendNumbers(out, std::vector<double>(row.data(), row.data() + row.size()));
}

} // namespace

std::optional<ModelAnalysis> analyzeRun(const Checkpoint &checkpoint, const Run &run,
                                        const std::vector<std::pair<int, int>> &ablate,
                                        const std::atomic<bool> *cancel,
                                        const RunSelection &selection) {
    std::vector<Interventions> ablations;
    for (const auto &[layer, head] : ablate) {
        Interventions one;
        one.edits.push_back(Intervention::zero(layer, head));
        checkInterventions(checkpoint.config(), std::int64_t(run.ids.size()), one);
        ablations.push_back(std::move(one));
    }
    ModelAnalysis a;
    const std::size_t layers = run.layers.size();
    a.norms.resize(layers);
    a.circuits.resize(layers);
    a.kept.resize(layers);
    a.scores.resize(layers);
    // One layer at a time: a compact run's is recomputed with the chosen heads' weights only.
    RunLayers each(run, &checkpoint, selection);
    for (std::size_t l = 0; l < layers; ++l) {
        if (cancelled(cancel))
            return std::nullopt;
        const std::size_t heads = run.layers[l].heads.size();
        for (std::size_t h = 0; h < heads; ++h) {
            const bool chosen = selection.keeps(int(l), int(h));
            a.kept[l].push_back(chosen);
            a.norms[l].push_back(
                chosen ? valueWeightedHead(checkpoint, each.layer(int(l)).heads[h], int(l), int(h))
                       : ValueWeightedHead{});
            a.circuits[l].push_back(chosen ? headCircuit(checkpoint, int(l), int(h))
                                           : HeadCircuit{});
        }
        if (run.compact) {
            // The scores of every head, a block of queries at a time (no head's n × n).
            const int cells = int(std::min<std::size_t>(run.ids.size(), 64));
            const std::vector<HeadOverview> overview =
                layerOverview(checkpoint, run, int(l), cells, cancel);
            if (overview.size() != heads)
                return std::nullopt; // cancelled
            for (const HeadOverview &o : overview)
                a.scores[l].push_back(o.summary.scores);
        }
    }
    if (run.compact) {
        a.rolloutOmitted =
            translate("attn::transformer", "the rollout multiplies every head's weights, n × n at "
                                           "once, which a run of this length does not keep")
                .toStdString();
    } else {
        a.rollout = attentionRollout(run);
        a.scores = headScores(run);
    }
    if (cancelled(cancel))
        return std::nullopt;
    a.decoder = checkpoint.config().decoder();
    if (a.decoder)
        a.lens = logitLens(checkpoint, run);
    // A compact run's ablated runs are compact too: only their last logits are read.
    RunOptions options;
    options.keep = run.compact ? RunOptions::Keep::Compact : RunOptions::Keep::Everything;
    for (std::size_t i = 0; i < ablate.size(); ++i) {
        if (cancelled(cancel))
            return std::nullopt;
        const RunPtr ablated = runModel(checkpoint, run.ids, ablations[i], options);
        RowVector last;
        if (a.decoder && !run.ids.empty())
            last = logitsOf(checkpoint, *ablated, std::int64_t(run.ids.size()) - 1, 1).row(0);
        else if (ablated->logits.rows() > 0)
            last = ablated->logits.row(ablated->logits.rows() - 1);
        a.ablations.push_back({ablate[i].first, ablate[i].second, last});
    }
    return a;
}

QByteArray analysisToJson(const ModelAnalysis &a) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);

    root.key("norms");
    {
        json::Block layers(out, root.inner(), json::Block::Array);
        for (const auto &heads : a.norms) {
            layers.item();
            json::Block hs(out, layers.inner(), json::Block::Array);
            for (const ValueWeightedHead &h : heads) {
                hs.item();
                if (h.norms.size() == 0 && h.valueNorms.size() == 0)
                    out += "null"; // a head the selection left out
                else
                    json::appendMatrix(out, h.norms, hs.inner());
            }
            hs.close();
        }
        layers.close();
    }

    root.key("rollout");
    if (a.rolloutOmitted.empty()) {
        json::appendMatrix(out, a.rollout, root.inner());
    } else {
        out += "null";
        root.key("rollout_omitted");
        json::appendValue(out, QJsonValue(QString::fromStdString(a.rolloutOmitted)), 0);
    }

    if (a.decoder) {
        root.key("lens_top");
        json::Block layers(out, root.inner(), json::Block::Array);
        for (const auto &positions : a.lens.top) {
            layers.item();
            json::Block ps(out, layers.inner(), json::Block::Array);
            for (const std::vector<Prediction> &top : positions) {
                ps.item();
                out += '[';
                for (std::size_t i = 0; i < top.size(); ++i)
                    out += (i ? ", " : "") + QByteArray::number(qlonglong(top[i].id));
                out += ']';
            }
            ps.close();
        }
        layers.close();
    }

    root.key("circuits");
    {
        json::Block layers(out, root.inner(), json::Block::Array);
        for (std::size_t l = 0; l < a.circuits.size(); ++l) {
            layers.item();
            json::Block hs(out, layers.inner(), json::Block::Array);
            for (std::size_t h = 0; h < a.circuits[l].size(); ++h) {
                const HeadCircuit &c = a.circuits[l][h];
                hs.item();
                if (l < a.kept.size() && h < a.kept[l].size() && !a.kept[l][h]) {
                    out += "null"; // a head the selection left out
                    continue;
                }
                json::Block o(out, hs.inner(), json::Block::Object);
                if (c.qkOmitted.isEmpty()) {
                    o.key("qk_singular");
                    appendNumbers(out, c.qkSingular);
                } else {
                    o.key("qk_omitted");
                    json::appendValue(out, QJsonValue(c.qkOmitted), 0);
                }
                o.key("ov_singular");
                appendNumbers(out, c.ovSingular);
                o.key("ov_eigenvalues");
                json::Block values(out, o.inner(), json::Block::Array);
                for (std::complex<double> v : c.ovEigenvalues) {
                    values.item();
                    appendNumbers(out, {v.real(), v.imag()});
                }
                values.close();
                o.key("copying");
                json::appendNumber(out, c.copying);
                o.close();
            }
            hs.close();
        }
        layers.close();
    }

    root.key("scores");
    {
        json::Block layers(out, root.inner(), json::Block::Array);
        for (const auto &heads : a.scores) {
            layers.item();
            json::Block hs(out, layers.inner(), json::Block::Array);
            for (const HeadScores &s : heads) {
                hs.item();
                json::Block o(out, hs.inner(), json::Block::Object);
                const std::pair<const char *, double> scores[] = {
                    {"previous_token", s.previousToken},
                    {"first_token", s.firstToken},
                    {"induction", s.induction},
                    {"duplicate_token", s.duplicateToken}};
                for (const auto &[name, value] : scores) {
                    o.key(name);
                    json::appendNumber(out, value);
                }
                o.close();
            }
            hs.close();
        }
        layers.close();
    }

    root.key("ablation");
    {
        json::Block list(out, root.inner(), json::Block::Array);
        for (const HeadAblation &ablation : a.ablations) {
            list.item();
            json::Block o(out, list.inner(), json::Block::Object);
            o.key("layer");
            out += QByteArray::number(ablation.layer);
            o.key("head");
            out += QByteArray::number(ablation.head);
            o.key("last_logits");
            appendRow(out, ablation.lastLogits);
            o.close();
        }
        list.close();
    }
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
