// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Run.h"

#include <QWidget>

#include <vector>

namespace attn::ui {

// What an intervention changed in the model, layer by layer: for each layer, how far the
// residual stream after it moved, ‖hidden − hidden₀‖ / ‖hidden₀‖ over every position (the
// Frobenius norms), as a column per layer on one scale (the largest change full height, named
// in the title line; hover a column for its percentage), in the same five lines however many
// layers there are. Layers before the first ablated head read 0; the drop or growth after it
// shows how the later layers carried the change on. Empty (and hidden by its owner) when the
// two runs are the same.
class LayerDeltaView : public QWidget {
    Q_OBJECT
public:
    explicit LayerDeltaView(QWidget *parent = nullptr);

    // `run` with the interventions, `baseline` without (the same tokens).
    void setRuns(const attn::RunPtr &run, const attn::RunPtr &baseline);
    // Says what it shows as two sentences' difference instead (the A/B tab): `run` is B's,
    // `baseline` A's, of as many tokens.
    void setComparing(bool comparing);
    QString title() const;
    // The relative change of each layer's residual stream (empty without two runs).
    const std::vector<double> &changes() const { return m_changes; }
    static double relativeChange(const attn::Matrix &after, const attn::Matrix &before);

    // Where layer `layer`'s bar is drawn, and the layer of the bar at a point (−1: none).
    QRect barRect(int layer) const;
    int layerAt(QPoint pos) const;
    // What hovering a layer's bar says: "After layer 3 the residual stream moved by 16.2 %".
    QString layerText(int layer) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    int lineHeight() const;

    std::vector<double> m_changes;
    bool m_comparing = false;
};

} // namespace attn::ui
