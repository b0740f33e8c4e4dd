// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QMenu;

namespace attn::ui {

class Shell;
class StagesView;
class ViewStateRegistry;

// View › Cell decimals: how many decimals the heatmaps write in their cells — Automatic (three
// significant digits, attn::notation::cell) or 0 to 6 (the article's four: "3.9492"). Cells grow
// to hold the wider numbers (the stages view scrolls). Kept in the settings and, as "decimals",
// in the session's view state. Returns the submenu.
QMenu *installCellDecimals(Shell &shell, StagesView &stages, ViewStateRegistry &viewState);

} // namespace attn::ui
