// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "heatmap/ColorScale.h"

#include <QList>

class QFrame;
class QLabel;

namespace attn::ui {

class HeatmapView;

// Every head's attention weights as a small heatmap, side by side on the same fixed [0, 1]
// scale, so heads compare at a glance. Clicking one makes it the current head (every other
// view follows); the current one is outlined. Clicking a row selects that query, as in the
// stages. Drawn in the document's layout like the stages.
//
// The heads share the panel's room, never more: the grid's columns follow the panel's size
// (re-laid out on every resize), so a docked panel shows every head it can and the whole class
// sees all of them when the panel has the window (HeadsFocus). Heads that get the room for
// them show their token names and weights with fixed decimals ("0.25", never "3.9e−15"); many
// heads become small multiples, their names and values in the tooltips. Only when not even
// those fit does the panel scroll, down, never sideways.
class HeadOverview : public InsightView {
    Q_OBJECT
public:
    HeadOverview(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    int headCount() const { return int(m_views.size()); }
    HeatmapView *heatmap(int head) const;
    // The head drawn with the outline, -1 when none.
    int outlinedHead() const { return m_outlined; }
    void setColorMap(ColorMapId sequential);
    // The grid as last laid out: heads per row, and whether they are small multiples (no
    // axis titles; names and values on hover) rather than heads with room for their numbers.
    int columns() const { return m_columns; }
    bool isSmallMultiples() const { return m_small; }
    // Decimals of the cell numbers (2 or 3, whichever the heads have room for).
    int decimals() const { return m_decimals; }
    // The smallest a head is drawn (a small multiple): below it the panel scrolls.
    QSize smallestHead() const;

protected:
    void refresh() override;
    void selectedRowChanged() override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild(int heads);
    void outline(int head);
    void showSelection();
    void selectQuery(int query);
    // Places the heads in the room the panel has now: the columns, each head's size, the
    // decimals; with too little room for small multiples, the height the panel scrolls over.
    void arrange();
    QSize room() const;
    QString tooltip(int head, int row, int col) const;
    QString caption(int heads, int current) const;

    QLabel *m_caption;
    QWidget *m_board; // the heads, placed by arrange()
    QList<QFrame *> m_frames;
    QList<HeatmapView *> m_views;
    int m_outlined = -1;
    int m_columns = 1;
    bool m_small = false;
    int m_decimals = 2;
    int m_drawnDecimals = 2; // what the heads were last asked to draw (they replot on a change)
    bool m_arranging = false;
    QWidget *m_viewport = nullptr; // of the scroll area the panel is in, whose size it follows
    ColorMapId m_map = ColorMapId::Viridis;
};

} // namespace attn::ui
