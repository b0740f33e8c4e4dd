// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DecoderParameters.h"

#include <QByteArray>

#include <vector>

namespace attn {

// `model grad`'s JSON, in reference.json's layout: {"loss": x, "grad": {name: values}}, every
// tensor under the name the checkpoint file gives it, its values nested lists shaped like the
// tensor (a 1-D tensor one list, a matrix a list of rows), each number the shortest text that
// reads back to the same double.
QByteArray decoderGradientToJson(double loss, const DecoderParameters &gradient);

// The tensors as the checkpoint file holds them: the parts of a fused tensor (Phi-3's q, k and v
// rows of qkv_proj, named "NAME[first:last]") joined again under NAME.
std::vector<Parameter> fileTensors(const DecoderParameters &parameters);

} // namespace attn
