// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkreadings/LogitAttribution.h"
#include "tokenizer/Tokenizer.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace attn::ui {

class HeatmapView;

// Direct logit attribution of the model's top prediction (issue 42) as one map: a row per
// layer, a column per head, then the layer's attention output bias and its MLP, each cell what
// that part writes into the logit through the frozen final norm (attn::attributeLogit), on a
// scale centred at 0, so a head that pushes the token and one that pushes against it show
// apart. Above it the token, the logit and the sum of the parts, with the embeddings and the
// final biases (a row of their own would be one cell wide); under it the caveats, whole, since
// they say when the sum is not the logit's whole story.
class AttributionView : public QWidget {
    Q_OBJECT
public:
    explicit AttributionView(QWidget *parent = nullptr);

    // `tokenizer` names the token (its id without one).
    void setAttribution(std::shared_ptr<const attn::LogitAttribution> attribution,
                        std::shared_ptr<const attn::Tokenizer> tokenizer);
    // A line instead of the map: "Reading…", or why there is nothing to attribute (BERT).
    void setMessage(const QString &text);
    std::shared_ptr<const attn::LogitAttribution> attribution() const { return m_attribution; }

    HeatmapView *map() const { return m_map; }
    QLabel *summary() const { return m_summary; }
    QLabel *caveats() const { return m_caveats; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void redraw();
    QString pieceOf(std::int64_t id) const;
    QString cellTip(int layer, int column) const;

    std::shared_ptr<const attn::LogitAttribution> m_attribution;
    std::shared_ptr<const attn::Tokenizer> m_tokenizer;
    QString m_message;
    QLabel *m_summary;
    HeatmapView *m_map;
    QLabel *m_caveats;
};

} // namespace attn::ui
