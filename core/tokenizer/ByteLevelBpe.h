// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"
#include "BpeModel.h"
#include "Tokenizer.h"
#include "TokenizerConfig.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QRegularExpression>
#include <QString>

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace attn {

// GPT-2's byte-level BPE, also Llama 3's and Qwen2's: the text's UTF-8 bytes are each written as
// one printable character (OpenAI's bytes_to_unicode table: a space is "Ġ"), split into words
// by a regular expression, and each word's characters are merged pairwise in the order of the
// merges list, exactly as OpenAI's encoder.py does: the adjacent pair that comes first in the
// list is merged everywhere in the word (left to right), until no pair of the word is listed.
class ByteLevelBpe final : public Tokenizer {
public:
    // GPT-2's pre-tokenizer: contractions, letters, digits, other symbols, each with at most one
    // space before it; a run of spaces gives all but its last space to the word after it.
    static const char *const kGpt2Pattern;

    // OpenAI's encoder.json + vocab.bpe or Hugging Face's vocab.json + merges.txt: the same two
    // formats. `config` (tokenizer_config.json; empty for OpenAI's files) adds its special tokens,
    // matched whole in the text, and a BOS when add_bos_token is true. Throws InputError
    // "NAME: problem" naming the file.
    static std::unique_ptr<ByteLevelBpe> fromVocabAndMerges(const QByteArray &vocabJson,
                                                            const QString &vocabName,
                                                            const QByteArray &merges,
                                                            const QString &mergesName,
                                                            const TokenizerConfig &config = {});
    // Hugging Face's tokenizer.json with model type BPE and a ByteLevel pre-tokenizer (alone or
    // after a Split regex, as Llama 3's and Qwen2's); its added tokens, normalizer and template
    // post-processor. add_bos_token / add_eos_token of `config` override the template.
    static std::unique_ptr<ByteLevelBpe> fromTokenizerJson(const QByteArray &json,
                                                           const QString &name,
                                                           const TokenizerConfig &config = {});
    // The same of a file already parsed: `root` is its object.
    static std::unique_ptr<ByteLevelBpe> fromTokenizerJson(const QJsonObject &root,
                                                           const QString &name,
                                                           const TokenizerConfig &config = {});

    // One already read (a GGUF file's metadata: GgufTokenizer.h).
    static std::unique_ptr<ByteLevelBpe> fromModel(BpeModel model,
                                                   const TokenizerConfig &config = {});
    Family family() const override { return Family::ByteLevelBpe; }
    QString description() const override { return description_; }
    int vocabularySize() const override { return int(pieces_.size()); }
    std::vector<Token> encode(const QString &text) const override;
    Token token(int id) const override;
    QString decode(const std::vector<int> &ids) const override;

    // The character that stands for a byte in the vocabulary (OpenAI's bytes_to_unicode).
    static QChar byteChar(unsigned char byte);

private:
    ByteLevelBpe() = default;
    static std::unique_ptr<ByteLevelBpe> create(BpeModel model, const TokenizerConfig &config);
    // Stores the vocabulary and merges after the checks every layout shares.
    void build(const std::vector<std::pair<QString, int>> &vocab,
               const std::vector<std::pair<QString, QString>> &merges,
               std::vector<AddedToken> added, const QString &name);
    void applyConfig(const TokenizerConfig &config, const QString &name);
    int idOf(const QString &content, const QString &where) const;

    std::vector<QString> preTokenize(const QString &text) const;
    void encodeWord(const QString &word, std::vector<Token> &out) const;
    Token tokenFromBytes(int id, const QByteArray &bytes) const;
    Token specialToken(int id) const;
    QByteArray pieceBytes(const QString &piece) const;

    QString description_;
    std::vector<QString> pieces_; // by id; empty where no token has that id
    QHash<QString, int> ids_;
    QHash<QString, int> ranks_; // "first second" → its place in the merges list
    std::vector<char> special_; // by id: an added token marked special
    AddedTokenMatcher added_;
    std::vector<BpeModel::Normalizer> normalizers_;
    std::optional<QRegularExpression> split_; // a Split pre-tokenizer's regex
    bool byteLevelRegex_ = true;              // ByteLevel's own use_regex (kGpt2Pattern)
    bool addPrefixSpace_ = false;
    bool ignoreMerges_ = false;        // a word that is a token is not merged (Llama 3)
    std::vector<int> prefix_, suffix_; // ids around every text (a BOS, an EOS)
    QRegularExpression gpt2_;
};

} // namespace attn
