// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tokenizer/Tokenizer.h"

#include <QLabel>
#include <QStringList>

#include <vector>

namespace attn::ui {

// The tokens of the text as the model sees them: one box per piece, a word's pieces joined
// (GPT-2's "Ġ" and BERT's "##" decide where words begin: attn::Token::wordStart), a gap and a
// "·" before each word's first piece (attn::displayLabel), special tokens ([CLS],
// <|endoftext|>) greyed. The pieces read as the text, yet every boundary between tokens shows.
// A long text shows its first and last kEnds pieces and how many lie between, so thousands of
// tokens neither push the heads off the screen nor widen the window.
class TokenStrip : public QLabel {
    Q_OBJECT
public:
    static constexpr std::size_t kEnds = 60;

    explicit TokenStrip(QWidget *parent = nullptr);

    void setTokens(const std::vector<attn::Token> &tokens);
    // The labels shown (attn::displayLabels), in order.
    const QStringList &pieces() const { return m_pieces; }

private:
    QStringList m_pieces;
};

} // namespace attn::ui
