// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "insights/InsightView.h"

class QLabel;
class QSpinBox;

namespace attn::ui {

class HeatmapView;

// How positions enter: P (sinusoidal, added to X) or the RoPE angles of the current head as a
// heatmap, and the what-if that shows what matters about RoPE: move every position by the same
// amount and the scores do not change (they depend on m − n only), while sinusoidal positions
// do change them, and without positions there is nothing to move (the permutation what-if
// shows the other side: attention then sees a set of tokens).
class PositionsPanel : public InsightView {
    Q_OBJECT
public:
    PositionsPanel(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    HeatmapView *tableView() const { return m_table; }
    QLabel *shiftLabel() const { return m_shiftText; }
    QSpinBox *shiftSpinBox() const { return m_shift; }

protected:
    void refresh() override;

private:
    QLabel *m_intro;
    HeatmapView *m_table;
    QSpinBox *m_shift;
    QLabel *m_shiftText;
};

} // namespace attn::ui
