// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Run.h"

#include <QWidget>

#include <vector>

// What an intervention changed in the model, layer by layer: for each layer, how far the
// residual stream after it moved, ‖hidden − hidden₀‖ / ‖hidden₀‖ over every position (the
// Frobenius norms), as a bar and a percentage. Layers before the first ablated head read 0;
// the drop or growth after it shows how the later layers carried the change on. Empty (and
// hidden by its owner) when the two runs are the same.
class LayerDeltaView : public QWidget {
    Q_OBJECT
public:
    explicit LayerDeltaView(QWidget *parent = nullptr);

    // `run` with the interventions, `baseline` without (the same tokens).
    void setRuns(const attn::RunPtr &run, const attn::RunPtr &baseline);
    // The relative change of each layer's residual stream (empty without two runs).
    const std::vector<double> &changes() const { return m_changes; }
    static double relativeChange(const attn::Matrix &after, const attn::Matrix &before);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int lineHeight() const;

    std::vector<double> m_changes;
};
