#include "MaskBiasView.h"

#include "Document.h"
#include "HeatmapView.h"
#include "InsightSupport.h"
#include "Masks.h"
#include "Notation.h"
#include "Recomputer.h"
#include "TokenLabels.h"

#include <QLabel>
#include <QVBoxLayout>

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
    const bool rows = document()->layout() == attn::Layout::Rows;
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    const attn::Mask &masked = snap.result->masked; // row layout, n × m
    const attn::Matrix sees = (!masked).cast<double>().matrix();
    const attn::Mask maskT = masked.transpose();
    m_mask->setTitle(tr("which keys each query sees (hatched: masked)"));
    if (rows) {
        m_mask->setAxisTitles("query", "key");
        m_mask->setData(sees, queries, keys, ScaleKind::Unit, &masked);
    } else {
        m_mask->setAxisTitles("key", "query");
        m_mask->setTransposedData(sees, keys, queries, ScaleKind::Unit, &maskT);
    }
    const int head = insight::headOf(*document(), *snap.result);
    const attn::Matrix bias = attn::headBias(in, size_t(head));
    m_bias->setVisible(bias.size() != 0);
    if (bias.size() == 0)
        return;
    const double slope = attn::alibiSlopes(in.options, in.heads.size()).at(size_t(head));
    m_bias->setTitle(tr("ALiBi bias of head %1: %2\u00b7(j \u2212 i)")
                         .arg(head)
                         .arg(attn::notation::number(slope)));
    if (rows) {
        m_bias->setAxisTitles(tr("query i"), tr("key j"));
        m_bias->setData(bias, queries, keys, ScaleKind::Diverging, &masked);
    } else {
        m_bias->setAxisTitles(tr("key j"), tr("query i"));
        m_bias->setTransposedData(bias, keys, queries, ScaleKind::Diverging, &maskT);
    }
}
