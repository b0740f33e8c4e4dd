// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"
#include "Tokenizer.h"
#include "TokenizerConfig.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>
#include <vector>

namespace attn {

// BERT's tokenizer: the original BasicTokenizer (control characters removed, whitespace made
// spaces, CJK characters split apart, lower case and accents stripped when asked, punctuation
// split off) and then WordPiece on each word: the longest vocabulary entry from the start, then
// the longest "##" continuation from there, and "[UNK]" for the whole word when a part has none
// or the word is longer than 100 characters. "[CLS]" … "[SEP]" go around the text; the special
// tokens ("[MASK]") typed in the text are matched whole first, as Hugging Face's BertTokenizer
// does.
class WordPiece final : public Tokenizer {
public:
    static constexpr int kMaxWordCharacters = 100;

    // vocab.txt: one token per line, the id its line number from 0. `config` (tokenizer_config
    // .json) gives do_lower_case (default true), strip_accents (default: as do_lower_case),
    // tokenize_chinese_chars (default true) and the names of the special tokens. Throws
    // InputError "NAME: problem".
    static std::unique_ptr<WordPiece> fromVocabTxt(const QByteArray &vocab, const QString &name,
                                                   const TokenizerConfig &config = {});

    Family family() const override { return Family::WordPiece; }
    QString description() const override { return description_; }
    int vocabularySize() const override { return int(pieces_.size()); }
    std::vector<Token> encode(const QString &text) const override;
    Token token(int id) const override;
    QString decode(const std::vector<int> &ids) const override;

private:
    WordPiece() = default;
    void basicTokens(const QString &text, std::vector<QString> &words) const;
    void wordPieces(const QString &word, std::vector<Token> &out) const;
    Token make(int id) const;

    QString description_;
    std::vector<QString> pieces_;
    QHash<QString, int> ids_;
    std::vector<char> special_;
    AddedTokenMatcher specials_;
    int unk_ = 0, cls_ = 0, sep_ = 0;
    bool lowerCase_ = true, stripAccents_ = true, splitChinese_ = true;
};

} // namespace attn
