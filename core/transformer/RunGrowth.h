// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"

#include <cstdint>
#include <vector>

namespace attn {

class Checkpoint;

// A decoder's run made longer by the rows a KV cache computed (ContinuedRun::append with its
// layers): the run of `run.ids` followed by `ids`, as the whole run of the longer text keeps it
// (to rounding), without running the earlier positions again. A full run grows every matrix by
// the new rows; each head's k and v are the cache's (every position so far) and its weights an
// (n + m) × (n + m) matrix whose old rows gain zero columns (the causal mask) and whose new rows
// are the cache's. A compact run grows what it keeps: each layer's hidden and the heads' softmax
// statistics, the embeddings and the final norm, and the logits of the new last position.
// `logits` are the new rows' (ContinuedRun::append returns the last; one row appended at a time
// gives all of them). The embeddings and the final norm of the new rows are computed here, as
// the forward pass computes them. Throws InputError when the shapes do not fit (an encoder,
// layers of another run).
RunPtr growRun(const Checkpoint &checkpoint, const Run &run, const std::vector<std::int64_t> &ids,
               std::vector<LayerRun> layers, const Matrix &logits);

} // namespace attn
