// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"

class QLabel;

namespace attn::ui {

class HeatmapView;

// What each query may see and what is added to its logits: the combined mask (custom, causal,
// sliding window with its global tokens) as a heatmap of 1 = seen, hatched = masked, and the
// current head's ALiBi bias slope·(j − i) (or a note that ALiBi is off).
class MaskBiasView : public InsightView {
    Q_OBJECT
public:
    MaskBiasView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    HeatmapView *maskView() const { return m_mask; }
    HeatmapView *biasView() const { return m_bias; }
    QString captionText() const;

protected:
    void refresh() override;

private:
    QLabel *m_caption;
    HeatmapView *m_mask;
    HeatmapView *m_bias;
};

} // namespace attn::ui
