// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <string_view>
#include <vector>

namespace attn {

// One token of a text as a tokenizer gives it. The vocabulary's spelling ("Ġanimal", "##max")
// is what a model was trained on, but it is noise on a heatmap's axis: `display` is what a label
// shows, and `wordStart` says where a word begins, so a view can mark it.
struct Token {
    int id = 0;
    QString piece;   // the vocabulary's entry: "Ġanimal", "##max", "[CLS]", "<|endoftext|>"
    QString text;    // as the family's reference tools print it: byte-level BPE the UTF-8 text of
                     // the piece's bytes (U+FFFD for a part of a character), WordPiece and
                     // SentencePiece the piece ("▁The", "<0x0A>", as spm_encode prints it)
    QString display; // for a label: no word-start space, "##" or "▁", whitespace made visible
                     // (␣ ↵ ⇥); a byte that is part of a character as its piece ("<0xF0>")
    bool wordStart = false; // begins a word: first, after whitespace or a special token
    bool special = false;   // an added or special token ([CLS], <|endoftext|>), matched whole

    bool operator==(const Token &) const = default;
};

// A tokenizer: text to token ids and pieces, exactly as the model was trained (a different id
// makes every picture of that model wrong). Implementations: ByteLevelBpe (GPT-2, Llama 3,
// Qwen2), WordPiece (BERT) and SentencePiece (Llama 2, Mistral, Gemma); TokenizerFiles.h picks
// one for a folder or file.
// Immutable once built: encode may run on several threads at once.
class Tokenizer {
public:
    enum class Family { ByteLevelBpe, WordPiece, SentencePiece, Ids };

    virtual ~Tokenizer() = default;
    virtual Family family() const = 0;
    // Which files it was read from and how many tokens it has, for a status line.
    virtual QString description() const = 0;
    // One more than the largest id.
    virtual int vocabularySize() const = 0;
    // The tokens of `text`, with the special tokens the tokenizer adds around it ([CLS] … [SEP],
    // a BOS). Throws InputError for a text longer than kMaxTokenizerTextBytes.
    virtual std::vector<Token> encode(const QString &text) const = 0;
    // The token with this id as it reads alone; throws InputError for an id not in the vocabulary.
    virtual Token token(int id) const = 0;
    // The text of a sequence of ids: BPE joins the bytes and decodes them once, WordPiece joins
    // the words with spaces and glues "##" continuations, SentencePiece leaves its BOS out and
    // gives back the text it encoded. Throws InputError for an unknown id.
    virtual QString decode(const std::vector<int> &ids) const = 0;
};

std::vector<int> tokenIds(const std::vector<Token> &tokens);

// The mark a label puts before a piece that begins a word.
inline constexpr QChar kWordStartMark = QChar(u'\u00B7');
// A token's name on axes and in lists, and the row and column names of a layer taken apart: its
// display piece, after kWordStartMark when it begins a word ("·animal", "max" for BERT's
// "##max"); special tokens as they are ("[CLS]").
QString displayLabel(const Token &token);
QStringList displayLabels(const std::vector<Token> &tokens);

// UTF-8 bytes as text: each ill-formed subsequence becomes one U+FFFD (the Unicode "maximal
// subpart" practice that the WHATWG TextDecoder and Python's errors="replace" follow), so a
// token holding half of a character reads as its reference tools print it.
QString decodeUtf8(std::string_view bytes);

// Whitespace made visible for a label: space ␣, newline ↵, tab ⇥, carriage return ␍.
QString visibleWhitespace(const QString &text);

// Throws InputError when `text` is longer than kMaxTokenizerTextBytes in UTF-8.
void checkTokenizerText(const QString &text);

} // namespace attn
