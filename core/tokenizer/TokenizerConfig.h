// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AddedTokens.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace attn {

// What a model folder's tokenizer_config.json says about tokenizing (Hugging Face transformers'
// file; every field optional). The rest of the file (chat templates, class names) is ignored.
struct TokenizerConfig {
    std::optional<bool> addBosToken, addEosToken;
    // Byte-level BPE in Hugging Face's vocab.json layout: a space before the text (RoBERTa's
    // option; tokenizer.json says it in its ByteLevel pre-tokenizer instead).
    std::optional<bool> addPrefixSpace;
    // The special tokens by role; empty when the file does not name one.
    QString bosToken, eosToken, unkToken, sepToken, clsToken, padToken, maskToken;
    std::vector<QString> additionalSpecialTokens;
    std::vector<AddedToken> addedTokens; // added_tokens_decoder: id → content and options
    // WordPiece (BERT): do_lower_case, strip_accents (unset: as do_lower_case),
    // tokenize_chinese_chars.
    std::optional<bool> doLowerCase, stripAccents, tokenizeChineseChars;

    // The named special tokens (bos, eos, unk, sep, cls, pad, mask, additional), without repeats.
    std::vector<QString> namedSpecialTokens() const;
};

// Throws InputError "NAME: problem" for a file that is not such a JSON object or whose fields
// have the wrong types.
TokenizerConfig parseTokenizerConfig(const QByteArray &json, const QString &name);

} // namespace attn
