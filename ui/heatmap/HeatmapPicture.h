// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColorScale.h"
#include "Matrix.h"

#include <QString>

#include <functional>

namespace attn::ui {

// Another reading drawn in a heatmap's place, by a feature that knows more than the heatmap's
// owner: the workbench's weights heatmap shows a real model's head as value-weighted attention
// or its rollout when the head came from a model (issue 27; NetworkController provides it,
// StagesView draws it). Empty `values`: the owner's own matrix stays, only `note` is added.
struct HeatmapPicture {
    attn::Matrix values; // rows × columns in the row layout (queries × keys)
    QString title;
    ScaleKind kind = ScaleKind::Sequential;
    // A line added to the tooltip of cell (row, col) of the row layout; "" for none.
    std::function<QString(int row, int col)> note;
};

} // namespace attn::ui
