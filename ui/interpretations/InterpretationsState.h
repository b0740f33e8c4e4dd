// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class InterpretationsView;
class ViewStateRegistry;

// Saves the Interpretations view's choices in a session's "view" object under "interpretations":
// {"product": "scores"|"output", "mode": "dot"|"row"|"column"|"outer"|"tiled"|"online",
//  "tile": [rows, columns, inner], "block": keys}. The picked cell is the document's selection,
// which the session saves already. Unknown or out-of-range values are ignored on load (the
// view keeps its own), so an edited file never breaks opening.
void registerInterpretationsState(ViewStateRegistry &registry, InterpretationsView &view);

} // namespace attn::ui
