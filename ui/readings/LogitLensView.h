// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkreadings/LogitLens.h"
#include "tokenizer/Tokenizer.h"

#include <QTableWidget>

#include <memory>
#include <vector>

namespace attn::ui {

// The logit lens of a decoder's run as a grid: one row per layer, one column per position (the
// token read there in the header), each cell the token the model would predict next if it
// stopped after that layer, shaded by its probability; hovering a cell lists its top five with
// their probabilities. The last row is the model's own prediction.
class LogitLensView : public QTableWidget {
    Q_OBJECT
public:
    explicit LogitLensView(QWidget *parent = nullptr);

    // `tokens` name the columns; `tokenizer` names the predictions (their ids without one).
    void setLens(std::shared_ptr<const attn::LogitLens> lens,
                 const std::vector<attn::Token> &tokens,
                 std::shared_ptr<const attn::Tokenizer> tokenizer);
    // A line instead of the grid: "Reading…", or why there is no lens (BERT).
    void setMessage(const QString &text);
    std::shared_ptr<const attn::LogitLens> lens() const { return m_lens; }
    // The piece a cell shows, as drawn (tests).
    QString pieceOf(std::int64_t id) const;

private:
    std::shared_ptr<const attn::LogitLens> m_lens;
    std::shared_ptr<const attn::Tokenizer> m_tokenizer;
};

} // namespace attn::ui
