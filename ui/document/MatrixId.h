// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Stage.h"

namespace attn::ui {

// Which input matrix of the document an editor, a command or a change notification is about:
// the core's stage reference, limited by use to X, the context, Wq, Wk, Wv and Wo.
using MatrixId = attn::StageRef;
using attn::cellName;
using attn::matrixDisplayName;
using attn::matrixName;

} // namespace attn::ui
