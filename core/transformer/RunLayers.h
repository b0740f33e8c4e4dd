// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"
#include "RunSelection.h"

#include <optional>

namespace attn {

class Checkpoint;

// A run's layers one at a time, as the writers (RunJson, RunArrays) read them: a full run's
// own, or a compact run's recomputed by expandLayer with only the selected heads' q, k, v and
// weights, one layer held at a time, so writing a few heads of a long run costs a few n × n.
class RunLayers {
public:
    // `checkpoint` may be null for a full run; a compact run needs it.
    RunLayers(const Run &run, const Checkpoint *checkpoint, const RunSelection &selection);

    const Run &run() const { return m_run; }
    // Layer `layer`; valid until the next call. Throws InputError (a compact run without its
    // checkpoint; a NaN weight met while recomputing).
    const LayerRun &layer(int layer);
    // Every position's logits (computed from the final norm for a compact run).
    Matrix logits() const;

private:
    const Run &m_run;
    const Checkpoint *m_checkpoint;
    const RunSelection &m_selection;
    std::optional<LayerRun> m_expanded;
    int m_expandedLayer = -1;
};

} // namespace attn
