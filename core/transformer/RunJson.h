// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"
#include "RunSelection.h"

#include <QByteArray>

namespace attn {

class Checkpoint;
class RunLayers;

// A run in the layout of the reference files' reference.json (tests/data/reference-models):
// {"ids": […], "tokens": […], "shape": {…}, "layers": [{"x", "attn_out", "hidden", "heads":
// [{"head", "q", "k", "v", "weights", "output"}, …]}, …], "final", "logits"}, every matrix an
// array of rows, every number in the shortest form that reads back to the same double
// (io/JsonWrite.h). "tokens" (when the selection has them) are the strings of the ids;
// "shape" gives the sizes ("tokens", "layers", "heads", "d_model", "head_dim", "vocab") and
// each field's [rows, columns]. `selection` keeps some fields ("resid_mid", "mlp_out" only when
// asked for) and some heads; a head's object names its index in "head".
QByteArray runToJson(const Run &run,
                     const RunSelection &selection = {RunSelection::kJsonDefault, {}, {}});
// The same for any run, a compact one recomputed a layer at a time from `checkpoint`
// (RunLayers). Throws InputError (a NaN weight met while recomputing).
QByteArray runToJson(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection);

} // namespace attn
