// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttributionView.h"

#include "InputError.h"
#include "Notation.h"
#include "heatmap/HeatmapView.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attn::ui {

AttributionView::AttributionView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_map(new HeatmapView(this)),
      m_caveats(new QLabel(this)) {
    setObjectName("attributionView");
    auto *layout = new QVBoxLayout(this);
    m_summary->setObjectName("attributionSummary");
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_map->setObjectName("attributionMap");
    m_map->setMinimumHeight(160);
    layout->addWidget(m_map, 1);
    m_caveats->setObjectName("attributionCaveats");
    m_caveats->setWordWrap(true);
    m_caveats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_caveats);
    m_map->setTooltipProvider([this](int row, int col) { return cellTip(row, col); });
    setMessage(QString());
}

void AttributionView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        redraw(); // the summary is composed with arguments
}

QString AttributionView::pieceOf(std::int64_t id) const {
    if (m_tokenizer) {
        try {
            return attn::displayLabel(m_tokenizer->token(int(id)));
        } catch (const attn::InputError &) {
            // An id of the model's vocabulary beyond the tokenizer's: its number below.
        }
    }
    return QStringLiteral("#%1").arg(id);
}

void AttributionView::setMessage(const QString &text) {
    m_attribution.reset();
    m_message = text;
    redraw();
}

void AttributionView::setAttribution(std::shared_ptr<const attn::LogitAttribution> attribution,
                                     std::shared_ptr<const attn::Tokenizer> tokenizer) {
    m_attribution = std::move(attribution);
    m_tokenizer = std::move(tokenizer);
    m_message.clear();
    redraw();
}

void AttributionView::redraw() {
    const auto &a = m_attribution;
    if (!a || a->layers.empty()) {
        m_map->clear();
        m_map->setTitle(QString());
        m_summary->setText(m_message);
        m_caveats->clear();
        return;
    }
    const int layers = int(a->layers.size()), heads = int(a->layers[0].heads.size());
    // Heads, then the output projection's bias and the MLP: what each layer writes, in a row.
    attn::Matrix m(layers, heads + 2);
    QStringList rows, cols;
    for (int l = 0; l < layers; ++l) {
        const attn::LogitAttribution::Layer &layer = a->layers[std::size_t(l)];
        rows << tr("L%1").arg(l);
        for (int h = 0; h < heads; ++h)
            m(l, h) = layer.heads[std::size_t(h)];
        m(l, heads) = layer.attentionBias;
        m(l, heads + 1) = layer.mlp;
    }
    for (int h = 0; h < heads; ++h)
        cols << tr("H%1").arg(h);
    cols << tr("bias") << tr("MLP");
    m_map->setAxisTitles(tr("layer"), tr("head, attention bias, MLP"));
    m_map->setTitle(tr("what each part adds to the logit of “%1”").arg(pieceOf(a->target)));
    m_map->setData(std::move(m), rows, cols, ScaleKind::Diverging);

    QString text =
        tr("The logit of <b>“%1”</b> after position %2 is %3, the sum of its parts %4: the "
           "embeddings %5, the heads and MLPs in the map, the final biases %6.")
            .arg(pieceOf(a->target).toHtmlEscaped())
            .arg(a->position)
            .arg(attn::notation::precise(a->logit), attn::notation::precise(a->sum),
                 attn::notation::number(a->embeddings, 4), attn::notation::number(a->finalBias, 4));
    // The parts are what the run's own activations write; an intervention that adds to the
    // residual stream directly (steering) is no part of them.
    if (std::abs(a->sum - a->logit) > 1e-9 * std::max(1.0, std::abs(a->logit)))
        text += QLatin1Char(' ') +
                tr("They differ by %1: an intervention in force (steering) adds to the residual "
                   "stream outside the parts.")
                    .arg(attn::notation::precise(a->logit - a->sum));
    m_summary->setText(text);
    QStringList caveats;
    for (const std::string &c : a->caveats)
        caveats << QStringLiteral("• ") + QString::fromStdString(c).toHtmlEscaped();
    m_caveats->setText(caveats.join(QStringLiteral("<br>")));
}

QString AttributionView::cellTip(int layer, int column) const {
    const auto &a = m_attribution;
    if (!a || layer < 0 || layer >= int(a->layers.size()) || column < 0)
        return {};
    const attn::LogitAttribution::Layer &l = a->layers[std::size_t(layer)];
    const int heads = int(l.heads.size());
    if (column < heads)
        return tr("Head %1 of layer %2 adds %3 to the logit of “%4”")
            .arg(column)
            .arg(layer)
            .arg(attn::notation::precise(l.heads[std::size_t(column)]),
                 pieceOf(a->target).toHtmlEscaped());
    if (column == heads)
        return tr("The attention output bias of layer %1 adds %2")
            .arg(layer)
            .arg(attn::notation::precise(l.attentionBias));
    if (column == heads + 1)
        return tr("The MLP of layer %1 adds %2").arg(layer).arg(attn::notation::precise(l.mlp));
    return {};
}

} // namespace attn::ui
