// SPDX-License-Identifier: GPL-3.0-or-later
// ContinuedRun (Forward.h): a decoder's run continued a token at a time with a KV cache.
#include "Forward.h"

#include "InputError.h"
#include "Interventions.h"
#include "LayerPass.h"
#include "Parallel.h"
#include "Translate.h"
#include "checkpoint/Checkpoint.h"

#include <algorithm>

namespace attn {

// The layer machinery (LayerPass.h); declarations, not a directive, as the source may share
// a unity batch.
using forwardpass::capLogits;
using forwardpass::editResidual;
using forwardpass::embedAt;
using forwardpass::finalNorm;
using forwardpass::LayerCache;
using forwardpass::linear;
using forwardpass::PanelPool;
using forwardpass::panelValues;
using forwardpass::runLayer;

struct ContinuedRun::State {
    PanelPool pool;
    std::vector<LayerCache> caches;
    explicit State(const ModelConfig &c)
        : pool(panelValues(std::max({c.dModel, c.ffn, c.heads * c.headDim})), threadCount()),
          caches(std::size_t(c.layers)) {
        for (LayerCache &cache : caches) {
            cache.keys.assign(std::size_t(c.kvHeads), Matrix(0, Eigen::Index(c.headDim)));
            cache.values.assign(std::size_t(c.kvHeads), Matrix(0, Eigen::Index(c.headDim)));
        }
    }
};

ContinuedRun::ContinuedRun(const Checkpoint &checkpoint, Interventions interventions)
    : m_checkpoint(checkpoint), m_interventions(std::move(interventions)),
      m_state(std::make_unique<State>(checkpoint.config())) {
    const ModelConfig &c = checkpoint.config();
    if (!c.decoder())
        throw InputError(
            translate("attn::transformer", "%1 is not a decoder: it does not continue a text")
                .arg(QString::fromLatin1(familyName(c.family))));
    for (const Intervention &e : m_interventions.edits)
        if (e.kind != Intervention::Kind::Zero && e.kind != Intervention::Kind::Scale &&
            e.kind != Intervention::Kind::Steer)
            throw InputError(translate("attn::transformer",
                                       "%1 does not apply while the model writes: only "
                                       "ablations to zero, scales and steering do (a mean or a "
                                       "patch would change the positions already written)")
                                 .arg(qs(e.describe())));
    checkInterventions(c, 1, m_interventions);
}

ContinuedRun::~ContinuedRun() = default;

std::int64_t ContinuedRun::length() const {
    return std::int64_t(m_ids.size());
}

RowVector ContinuedRun::append(const std::vector<std::int64_t> &ids,
                               std::vector<LayerRun> *layers) {
    const ModelConfig &c = m_checkpoint.config();
    const ModelWeights &w = m_checkpoint.weights();
    std::vector<std::int64_t> all = m_ids;
    all.insert(all.end(), ids.begin(), ids.end());
    checkRunIds(c, all);
    if (ids.empty())
        throw InputError(translate("attn::checkpoint", "there are no token ids to run"));
    const std::int64_t offset = length();
    Matrix h = embedAt(c, w, ids, offset);
    if (layers)
        layers->clear();
    Matrix logits;
    try {
        for (std::size_t l = 0; l < w.layers.size(); ++l) {
            LayerRun r = runLayer(m_state->pool, c, w.layers[l], h, m_interventions, int(l), offset,
                                  &m_state->caches[l]);
            editResidual(r.hidden, m_interventions, int(l));
            h = r.hidden;
            if (layers)
                layers->push_back(std::move(r));
        }
        logits = linear(m_state->pool, finalNorm(c, w, h.bottomRows(1)), w.lmHead);
    } catch (...) {
        // Back to the tokens before: the layers that ran have appended their keys and values.
        for (LayerCache &cache : m_state->caches)
            for (std::vector<Matrix> *matrices : {&cache.keys, &cache.values})
                for (Matrix &m : *matrices)
                    m.conservativeResize(Eigen::Index(offset), m.cols());
        if (layers)
            layers->clear();
        throw;
    }
    m_ids = std::move(all);
    capLogits(c, logits);
    return logits.row(0);
}

} // namespace attn
