// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunLayers.h"

#include "Forward.h"
#include "InputError.h"
#include "Translate.h"

namespace attn {

RunLayers::RunLayers(const Run &run, const Checkpoint *checkpoint, const RunSelection &selection)
    : m_run(run), m_checkpoint(checkpoint), m_selection(selection) {}

const LayerRun &RunLayers::layer(int layer) {
    if (!m_run.compact)
        return m_run.layers[std::size_t(layer)];
    if (m_expandedLayer == layer)
        return *m_expanded;
    if (!m_checkpoint)
        throw InputError(
            translate("attn::transformer", "a compact run's layers are recomputed from its model"));
    std::vector<bool> heads(m_run.layers[std::size_t(layer)].heads.size(), false);
    if (m_selection.has(RunSelection::Heads))
        for (std::size_t h = 0; h < heads.size(); ++h)
            heads[h] = m_selection.keeps(layer, int(h));
    m_expanded.reset(); // one layer at a time
    m_expanded = expandLayer(*m_checkpoint, m_run, layer, heads);
    m_expandedLayer = layer;
    return *m_expanded;
}

Matrix RunLayers::logits() const {
    const auto n = std::int64_t(m_run.ids.size());
    if (m_run.logitsFirst == 0 && m_run.logits.rows() == n)
        return m_run.logits;
    if (!m_checkpoint)
        throw InputError(
            translate("attn::transformer", "a compact run's logits are recomputed from its model"));
    return logitsOf(*m_checkpoint, m_run, 0, n);
}

} // namespace attn
