// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn::ui {

class Document;
class HeadOverview;
class HeadsFocus;
class Recomputer;
class Shell;

// The panels other features and the command line reach: the head overview and its "All heads
// at once" focus (attnviz --focus heads).
struct InsightViews {
    HeadOverview *heads = nullptr;
    HeadsFocus *allHeads = nullptr;
};

// Adds the interpretation panels as docks on the right, tabbed together so the stage heatmaps
// keep their room: vector form, token links (with an "all heads" toggle), head overview,
// readouts, what-ifs and the last edit's difference. Each gets a View-menu entry (from
// Shell::addPanel) plus View ▸ Insights actions that show and raise it (Alt+1 … Alt+6),
// "Next head" / "Previous head" (Ctrl+] / Ctrl+[) and "All heads at once" (Ctrl+Alt+H) for the
// head overview.
InsightViews installInsightFeatures(Shell &shell, Document &document, Recomputer &recomputer);

} // namespace attn::ui
