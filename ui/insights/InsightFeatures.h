// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class Document;
class Recomputer;
class Shell;

// Adds the interpretation panels as docks on the right, tabbed together so the stage heatmaps
// keep their room: vector form, token links (with an "all heads" toggle), head overview,
// readouts, what-ifs and the last edit's difference. Each gets a View-menu entry (from
// Shell::addPanel) plus View ▸ Insights actions that show and raise it (Alt+1 … Alt+6),
// and "Next head" / "Previous head" (Ctrl+] / Ctrl+[) for the head overview.
void installInsightFeatures(Shell &shell, Document &document, Recomputer &recomputer);
