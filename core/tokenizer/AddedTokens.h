// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QChar>
#include <QHash>
#include <QString>

#include <vector>

namespace attn {

// A token matched whole in the text before any other splitting: a special token ("[MASK]",
// "<|endoftext|>") or another added token of tokenizer.json, with Hugging Face's options.
struct AddedToken {
    QString content;
    int id = 0;
    bool special = true;
    bool lstrip = false;     // takes the whitespace on its left
    bool rstrip = false;     // takes the whitespace on its right
    bool singleWord = false; // matches only where no letter, digit or '_' touches it
};

// A part of the text: plain text to tokenize, or one added token.
struct TextSegment {
    QString text;
    int added = -1; // index into AddedTokenMatcher::tokens(), or -1 for plain text
};

// Splits a text at its added tokens, leftmost first and the longest of those starting there
// (as the Hugging Face tokenizers' matcher does).
class AddedTokenMatcher {
public:
    AddedTokenMatcher() = default;
    explicit AddedTokenMatcher(std::vector<AddedToken> tokens);

    const std::vector<AddedToken> &tokens() const { return tokens_; }
    std::vector<TextSegment> split(const QString &text) const;

private:
    std::vector<AddedToken> tokens_;
    QHash<QChar, std::vector<int>> byFirstChar_; // indices into tokens_, longest first
};

} // namespace attn
