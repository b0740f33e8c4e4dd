// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelAnalysis.h"

#include <QJsonValue>

#include "checkpoint/Checkpoint.h"
#include "io/JsonWrite.h"
#include "transformer/Forward.h"
#include "transformer/Interventions.h"

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
                                        const std::atomic<bool> *cancel) {
    std::vector<Interventions> ablations;
    for (const auto &[layer, head] : ablate) {
        Interventions one;
        one.edits.push_back(Intervention::zero(layer, head));
        checkInterventions(checkpoint.config(), std::int64_t(run.ids.size()), one);
        ablations.push_back(std::move(one));
    }
    ModelAnalysis a;
    a.norms = valueWeightedNorms(checkpoint, run);
    a.rollout = attentionRollout(run);
    a.scores = headScores(run);
    if (cancelled(cancel))
        return std::nullopt;
    a.decoder = checkpoint.config().decoder();
    if (a.decoder)
        a.lens = logitLens(checkpoint, run);
    a.circuits.resize(run.layers.size());
    for (std::size_t l = 0; l < run.layers.size(); ++l) {
        if (cancelled(cancel))
            return std::nullopt;
        for (std::size_t h = 0; h < run.layers[l].heads.size(); ++h)
            a.circuits[l].push_back(headCircuit(checkpoint, int(l), int(h)));
    }
    for (std::size_t i = 0; i < ablate.size(); ++i) {
        if (cancelled(cancel))
            return std::nullopt;
        const RunPtr ablated = runModel(checkpoint, run.ids, ablations[i]);
        RowVector last;
        if (ablated->logits.rows() > 0)
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
                json::appendMatrix(out, h.norms, hs.inner());
            }
            hs.close();
        }
        layers.close();
    }

    root.key("rollout");
    json::appendMatrix(out, a.rollout, root.inner());

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
        for (const auto &heads : a.circuits) {
            layers.item();
            json::Block hs(out, layers.inner(), json::Block::Array);
            for (const HeadCircuit &c : heads) {
                hs.item();
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
