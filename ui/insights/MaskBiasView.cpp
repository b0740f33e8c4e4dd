// SPDX-License-Identifier: GPL-3.0-or-later
#include "MaskBiasView.h"

#include "InsightSupport.h"
#include "Masks.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"

#include <QLabel>
#include <QVBoxLayout>

namespace attn::ui {

MaskBiasView::MaskBiasView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent) {
    setObjectName("maskBiasView");
    auto *layout = new QVBoxLayout(this);
    m_caption = new QLabel(this);
    m_caption->setObjectName("maskBiasCaption");
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    m_mask = new HeatmapView;
    m_mask->setObjectName("maskHeatmap");
    m_mask->setMinimumSize(200, 200);
    layout->addWidget(m_mask, 1);
    m_bias = new HeatmapView;
    m_bias->setObjectName("biasHeatmap");
    m_bias->setMinimumSize(200, 200);
    layout->addWidget(m_bias, 1);
}

QString MaskBiasView::captionText() const {
    const ResultSnapshot &snap = snapshot();
    if (!snap.isValid())
        return tr("No result yet.");
    const attn::AttentionOptions &o = snap.inputs->options;
    QStringList parts;
    if (snap.inputs->mask.size() != 0 && snap.inputs->mask.any())
        parts << tr("custom cells");
    if (o.causal)
        parts << "causal";
    if (o.window > 0)
        parts << tr("a sliding window of %1 key%2%3%4")
                     .arg(o.window)
                     .arg(o.window == 1 ? "" : "s")
                     .arg(o.windowSelf ? tr(" and the token itself") : "")
                     .arg(o.globalTokens > 0 ? tr(", %1 global token%2")
                                                   .arg(o.globalTokens)
                                                   .arg(o.globalTokens == 1 ? "" : "s")
                                             : QString());
    const QString mask =
        parts.isEmpty() ? tr("Nothing is masked.") : tr("Masked: ") + parts.join(", ") + ".";
    return mask + (o.alibi ? tr(" ALiBi adds slope\u00b7(j \u2212 i) to each head's logits.")
                           : tr(" ALiBi is off (no bias)."));
}

void MaskBiasView::refresh() {
    const ResultSnapshot &snap = snapshot();
    m_caption->setText(captionText());
    if (!snap.isValid())
        return;
    const attn::AttentionInputs &in = *snap.inputs;
    const bool rows = document()->selection().layout() == attn::Layout::Rows;
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    const int head = insight::headOf(*document(), *snap.result);
    m_mask->setTitle(tr("which keys each query sees (hatched: masked)"));
    // Which keys each query sees, its transpose and the head's bias are n × m each: made off the
    // GUI thread when large (134 MB a matrix at 4096 tokens).
    struct Shown {
        std::shared_ptr<const attn::Matrix> sees, bias;
        attn::Mask maskT; // the column layout's mask
        double slope = 0;
    };
    runOffThread(
        insight::isLarge(*snap.result),
        [this, result = snap.result, inputs = snap.inputs, rows, head, queries, keys]() -> Present {
            auto shown = std::make_shared<Shown>();
            const attn::Mask &masked = result->masked; // row layout, n × m
            if (!rows)
                shown->maskT = masked.transpose();
            const attn::HeadResult &h = result->heads.at(size_t(head));
            // An empty mask: nothing is masked, every query sees every key.
            const attn::Matrix sees = masked.size() == 0
                                          ? attn::Matrix::Ones(h.queryCount(), h.keyCount())
                                          : attn::Matrix((!masked).cast<double>().matrix());
            shown->sees =
                std::make_shared<const attn::Matrix>(rows ? sees : attn::Matrix(sees.transpose()));
            const attn::Matrix bias = attn::headBias(*inputs, size_t(head));
            if (bias.size() != 0) {
                shown->bias = std::make_shared<const attn::Matrix>(
                    rows ? bias : attn::Matrix(bias.transpose()));
                shown->slope =
                    attn::alibiSlopes(inputs->options, inputs->heads.size()).at(size_t(head));
            }
            return [this, result, shown, rows, head, queries, keys] {
                const attn::Mask *mask = rows ? &result->masked : &shown->maskT;
                m_mask->setAxisTitles(rows ? tr("query") : tr("key"),
                                      rows ? tr("key") : tr("query"));
                m_mask->setData(shown->sees, rows ? queries : keys, rows ? keys : queries,
                                ScaleKind::Unit, mask);
                m_bias->setVisible(shown->bias != nullptr);
                if (!shown->bias)
                    return;
                m_bias->setTitle(tr("ALiBi bias of head %1: %2\u00b7(j \u2212 i)")
                                     .arg(head)
                                     .arg(attn::notation::number(shown->slope)));
                m_bias->setAxisTitles(rows ? tr("query i") : tr("key j"),
                                      rows ? tr("key j") : tr("query i"));
                m_bias->setData(shown->bias, rows ? queries : keys, rows ? keys : queries,
                                ScaleKind::Diverging, mask);
            };
        });
}

} // namespace attn::ui
