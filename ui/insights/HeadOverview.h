// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "heatmap/ColorScale.h"

#include <QList>

class HeatmapView;
class QFrame;
class QGridLayout;
class QLabel;

// Every head's attention weights as a small heatmap, side by side on the same fixed [0, 1]
// scale, so heads compare at a glance. Clicking one makes it the current head (every other
// view follows); the current one is outlined. Drawn in the document's layout like the stages.
class HeadOverview : public InsightView {
    Q_OBJECT
public:
    HeadOverview(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    int headCount() const { return int(m_views.size()); }
    HeatmapView *heatmap(int head) const;
    // The head drawn with the outline, -1 when none.
    int outlinedHead() const { return m_outlined; }
    void setColorMap(ColorMapId sequential);

protected:
    void refresh() override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild(int heads);
    void outline(int head);

    QGridLayout *m_grid;
    QLabel *m_caption;
    QList<QFrame *> m_frames;
    QList<HeatmapView *> m_views;
    int m_outlined = -1;
    ColorMapId m_map = ColorMapId::Viridis;
};
