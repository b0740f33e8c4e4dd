// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"
#include "BpeModel.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>
#include <utility>
#include <vector>

namespace attn {

// What the files of a SentencePiece BPE tokenizer say, read and checked field by field; the
// SentencePiece tokenizer builds its tables from it. Two files say it: Google's tokenizer.model
// (a protobuf ModelProto) and the tokenizer.json Hugging Face converts it to (Llama 2,
// TinyLlama, Mistral, Gemma). Kept apart, as BpeModel is, so that the tokenizer is only the
// algorithm.
struct SentencePieceModel {
    // ModelProto.SentencePiece.Type, with its numbers in the file.
    enum class PieceType {
        Normal = 1,
        Unknown = 2,
        Control = 3,
        UserDefined = 4,
        Unused = 5,
        Byte = 6
    };
    struct Piece {
        QString text; // empty where no token has the id (tokenizer.json may leave gaps)
        float score = 0;
        PieceType type = PieceType::Normal;
    };
    // One step of the normalization, in order.
    struct Normalizer {
        enum class Kind { Prepend, Replace, SquashSpaces, Nfc, Nfd, Nfkc, Nfkd, Lowercase };
        Kind kind = Kind::Replace;
        QString from, to; // Replace: each `from` by `to`; Prepend: `to` before a non-empty text
    };
    // Hugging Face's Metaspace pre-tokenizer: spaces become `replacement`, which is put before
    // the text (always, for the text's first part only, or never) unless the text begins with
    // it; `split` cuts the text before each `replacement`, so no token spans two words.
    enum class Prepend { Always, First, Never };
    struct Metaspace {
        QChar replacement = QChar(0x2581);
        Prepend prepend = Prepend::Always;
        bool split = true;
    };
    // One step of tokenizer.json's decoder, in order, on the list of the pieces' texts.
    struct Decoder {
        enum class Kind { Replace, ByteFallback, Fuse, Strip, Metaspace };
        Kind kind = Kind::Fuse;
        QString from, to;        // Replace
        QChar content;           // Strip: the character taken off
        int start = 0, stop = 0; // Strip: at most this many from each end
        QChar replacement;       // Metaspace: back to a space
        bool stripFirst = false; // Metaspace: the first piece's leading space goes
    };

    QString name;        // the file messages about the vocabulary name
    QStringList sources; // the files read, for the description
    // tokenizer.model: pieces merge by their scores, and decoding is SentencePiece's own;
    // tokenizer.json: pieces merge in the order of `merges`, and `decoders` decode.
    bool fromModelProto = false;
    std::vector<Piece> pieces; // by id
    std::vector<std::pair<QString, QString>> merges;
    std::vector<AddedToken> added; // matched whole in the text before it is normalized
    std::vector<Normalizer> normalizers;
    std::optional<Metaspace> metaspace;
    std::vector<Decoder> decoders;
    bool byteFallback = false;     // a character without a piece becomes its bytes' <0xXX> pieces
    bool fuseUnknown = false;      // unknown characters in a row become one unknown token
    bool ignoreMerges = false;     // a word that is a piece is not merged
    int unknownId = -1;            // -1: none (an unknown character is dropped, as Hugging Face's)
    QString unknownSurface;        // tokenizer.model: what decoding writes for the unknown token
    bool stripDummyPrefix = false; // tokenizer.model: decoding takes the prepended space away
    std::vector<BpeModel::Around> prefix, suffix; // the special tokens around every text
};

// Google's tokenizer.model: ModelProto's pieces, trainer_spec (model type, byte_fallback, the
// BOS) and normalizer_spec (add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces).
// The BOS of trainer_spec.bos_id goes before every text. Only BPE models with the identity
// normalization (no precompiled character map) are read. Throws InputError "FILE: problem".
SentencePieceModel readSentencePieceModelProto(const QByteArray &bytes, const QString &name);

// tokenizer.json in SentencePiece's form: model BPE, its added tokens, a normalizer of Prepend,
// Replace and Unicode forms, no pre-tokenizer or Metaspace, the template's special tokens, a
// decoder of Replace, ByteFallback, Fuse, Strip and Metaspace. Throws InputError.
SentencePieceModel readSentencePieceTokenizerJson(const QJsonObject &root, const QString &name);

// The byte of a byte piece "<0x0A>" (two hexadecimal digits), or -1 for any other piece.
int bytePieceValue(QStringView piece);

// Whether a tokenizer.json is SentencePiece's form rather than byte-level BPE: no ByteLevel
// pre-tokenizer, and byte_fallback, a Metaspace pre-tokenizer or "▁" in the normalizer or
// decoder; or a Unigram model (refused by name when read).
bool isSentencePieceTokenizerJson(const QJsonObject &root);

} // namespace attn
