// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "network/NetworkRunner.h"
#include "transformer/Predictions.h"

#include <QTreeWidget>

#include <vector>

namespace attn::ui {

// What the model predicts from the run, readable: a decoder's five most probable next tokens
// after the last one; BERT's five most probable tokens at each [MASK] (nothing to predict
// without one: it says so). Each token as its piece with the word-start marker
// (attn::displayLabel) and its probability (attn::topPredictions).
class PredictionsView : public QTreeWidget {
    Q_OBJECT
public:
    static constexpr int kTop = 5;

    explicit PredictionsView(QWidget *parent = nullptr);

    void setOutcome(const NetworkRunner::Outcome &outcome, const attn::Tokenizer *tokenizer,
                    bool decoder);
    // The positions predicted at and their predictions, as shown.
    const std::vector<std::int64_t> &positions() const { return m_positions; }
    const std::vector<std::vector<attn::Prediction>> &predictions() const { return m_predictions; }

    // The positions whose tokens are BERT's [MASK].
    static std::vector<std::int64_t> maskPositions(const std::vector<attn::Token> &tokens);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();

    NetworkRunner::Outcome m_outcome;
    const attn::Tokenizer *m_tokenizer = nullptr;
    bool m_decoder = true;
    std::vector<std::int64_t> m_positions;
    std::vector<std::vector<attn::Prediction>> m_predictions;
};

} // namespace attn::ui
