// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OnlineSoftmax.h"
#include "TiledProduct.h"

#include <string>

namespace attn {

// The CLI's readings of how kernels compute attention (attnviz-cli explain --view online and
// --view tiled). `result` must be the row layout's result for `inputs`; indices and sizes out of
// range throw InputError with a message for the user.

// The online-softmax walk of one query row over key blocks: an aligned table of the steps, the
// final division, the check against the plain row, and the same computation for all rows as a
// tiled kernel (query blocks × key blocks of `block`) with the memory each path holds.
std::string onlineText(const AttentionInputs &inputs, const AttentionResult &result,
                       Eigen::Index head, Eigen::Index row, Eigen::Index block, int precision);

// The same walk as JSON: {"row": I, "block": B, "steps": [{"keys": [first, last],
// "block_max": …, "max": …, "sum": …, "rescale": …, "acc": […]}, …], "output": […]}; numbers
// in the shortest round-trip form, −∞ (a fully masked block's maximum) as null.
std::string onlineJson(const AttentionInputs &inputs, const AttentionResult &result,
                       Eigen::Index head, Eigen::Index row, Eigen::Index block);

// The tiles of one head's product (output = weights·V, or scores = Q·Kᵀ when `scores`), each as
// its sum of block products, and the check that the tiles put together are the product.
std::string tiledText(const AttentionInputs &inputs, const AttentionResult &result,
                      Eigen::Index head, bool scores, TileSize size, int precision);

} // namespace attn
