// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"

#include <QByteArray>

namespace attn {

// A run in the layout of the reference files' reference.json (tests/data/reference-models):
// {"ids": […], "layers": [{"x", "attn_out", "hidden", "heads": [{"q", "k", "v", "weights",
// "output"}, …]}, …], "final", "logits"}, every matrix an array of rows, every number in the
// shortest form that reads back to the same double (io/JsonWrite.h).
QByteArray runToJson(const Run &run);

} // namespace attn
