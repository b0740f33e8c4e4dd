// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class InterpretationsView;
class Recomputer;
class Shell;
class StagesView;

// Installs the Interpretations view into the window: a dock "Interpretations" on the right,
// linked to the stages view and the colour maps, and a View menu action (Ctrl+Shift+I) that
// shows and focuses it. Returns the view, for the view state and the tour.
InterpretationsView *installInterpretationsFeatures(Shell &shell, Document &document,
                                                    Recomputer &recomputer, StagesView &stages);

} // namespace attn::ui
