// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "kernels/TiledProduct.h"

#include <string>

namespace attn {

// Which product of a head to take apart: output = weights·V, or scores = Q·Kᵀ.
enum class ExplainProduct { Output, Scores };
// Which reading of P = A·B (see Decomposition.h): one cell as a dot product, one row as a
// weighted sum of B's rows, one column as a weighted sum of A's columns, or P as a sum of
// rank-one (outer product) terms. Online and Tiled are how kernels compute it (KernelText.h):
// one query row's online-softmax walk over key blocks, and the product as tiles.
enum class ExplainView { Dot, Row, Column, Outer, Online, Tiled };

struct ExplainRequest {
    ExplainProduct product = ExplainProduct::Output;
    ExplainView view = ExplainView::Row;
    Eigen::Index head = 0;
    Eigen::Index row = 0;    // Dot and Row views
    Eigen::Index column = 0; // Dot and Column views
    int precision = 4;       // decimals of the numbers in the tables, 0..15
    Eigen::Index block = 1;  // Online: keys per block
    TileSize tile;           // Tiled: the tile's rows × columns × inner
    bool json = false;       // Online: JSON instead of the table
};

// The decomposition as readable text: a header naming the tokens and the formula, an aligned
// table of the terms and their sum, and check lines (the sum equals the product computed as a
// whole; for the output, the weights are non-negative and sum to 1). `result` must be the row
// layout's result for `inputs`. Throws InputError (message for the user) for an index out of
// range.
std::string explainText(const AttentionInputs &inputs, const AttentionResult &result,
                        const ExplainRequest &request);

} // namespace attn
