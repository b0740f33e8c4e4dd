// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"
#include "SentencePieceModel.h"
#include "Tokenizer.h"
#include "TokenizerConfig.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace attn {

// SentencePiece's BPE, the tokenizer of Llama 2, TinyLlama, Mistral and Gemma. The text is
// normalized into one string with "▁" for each space and one "▁" before it, split into
// characters, and adjacent pieces are merged best first, anywhere in the text: the pair whose
// merge has the highest score (tokenizer.model) or comes first in the merges list
// (tokenizer.json, which Hugging Face orders by those scores), the leftmost of equals, until no
// adjacent pair merges into a piece. A character with no piece becomes the <0xXX> pieces of its
// UTF-8 bytes (byte_fallback), or the unknown token. Decoding joins byte pieces into UTF-8,
// turns "▁" back into spaces and takes the first space away.
class SentencePiece final : public Tokenizer {
public:
    // Google's tokenizer.model (a protobuf ModelProto). `config` (tokenizer_config.json beside
    // it) may add or remove the BOS and names special tokens, matched whole in the text.
    // Throws InputError "NAME: problem".
    static std::unique_ptr<SentencePiece> fromModelProto(const QByteArray &bytes,
                                                         const QString &name,
                                                         const TokenizerConfig &config = {});
    // Hugging Face's tokenizer.json in SentencePiece's form (isSentencePieceTokenizerJson):
    // `root` is its parsed object.
    static std::unique_ptr<SentencePiece> fromTokenizerJson(const QJsonObject &root,
                                                            const QString &name,
                                                            const TokenizerConfig &config = {});

    // One already read (a GGUF file's metadata: GgufTokenizer.h).
    static std::unique_ptr<SentencePiece> fromModel(SentencePieceModel model,
                                                    const TokenizerConfig &config = {});
    Family family() const override { return Family::SentencePiece; }
    QString description() const override { return description_; }
    int vocabularySize() const override { return int(pieces_.size()); }
    std::vector<Token> encode(const QString &text) const override;
    Token token(int id) const override;
    QString decode(const std::vector<int> &ids) const override;

private:
    using PieceType = SentencePieceModel::PieceType;

    SentencePiece() = default;
    static std::unique_ptr<SentencePiece> create(SentencePieceModel model,
                                                 const TokenizerConfig &config);
    void build(SentencePieceModel &model);
    int idOf(const QString &content, const QString &where) const;
    void applyConfig(const TokenizerConfig &config, const QString &name);

    QString normalize(const QString &text, bool first) const;
    void encodeWord(const QString &word, std::vector<int> &out) const;
    void encodeByScores(const QString &word, std::vector<int> &out) const;
    void encodeByRanks(const QString &word, std::vector<int> &out) const;
    void appendUnknown(QStringView characters, std::vector<int> &out) const;
    // The text a piece stands for: spaces for "▁", the character of an ASCII byte piece; empty
    // for a special token and for a byte that is part of a character.
    QString surface(int id) const;
    static bool isBlank(const QString &surface);
    Token make(int id) const;
    QString decodeModelProto(const std::vector<int> &ids) const;
    QString decodeWithSteps(const std::vector<int> &ids) const;

    QString description_;
    std::vector<SentencePieceModel::Piece> pieces_; // by id
    bool fromModelProto_ = false;
    QHash<QString, int> ids_;                    // every piece
    QHash<QString, int> mergeable_;              // tokenizer.model: the pieces a merge may make
    QHash<quint64, std::pair<int, int>> merges_; // tokenizer.json: left << 32 | right → rank, id
    std::array<int, 256> byteIds_{};             // <0xXX> by byte, -1 where none
    AddedTokenMatcher added_;                    // matched in the text before normalizing
    AddedTokenMatcher userDefined_; // tokenizer.model: matched after normalizing, never merged
    std::vector<SentencePieceModel::Normalizer> normalizers_;
    std::optional<SentencePieceModel::Metaspace> metaspace_;
    std::vector<SentencePieceModel::Decoder> decoders_;
    bool byteFallback_ = false, fuseUnknown_ = false, ignoreMerges_ = false;
    bool stripDummyPrefix_ = false;
    int unknownId_ = -1;
    QString unknownSurface_;
    std::vector<int> prefix_, suffix_; // ids around every text (a BOS, an EOS)
};

} // namespace attn
