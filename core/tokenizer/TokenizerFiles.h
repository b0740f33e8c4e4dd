// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Tokenizer.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace attn {

// The tokenizer of a model folder, or of one tokenizer file:
//   tokenizer.json                  Hugging Face's: byte-level BPE (GPT-2, Llama 3, Qwen2, …), or
//                                   SentencePiece's BPE (Llama 2, TinyLlama, Mistral, Gemma: no
//                                   ByteLevel pre-tokenizer, byte_fallback or "▁" instead)
//   tokenizer.model (any NAME.model) SentencePiece's own model, a protobuf; BPE models only
//   vocab.json with merges.txt      Hugging Face's GPT-2 layout (the prefix of a name is kept:
//                                   gpt2-vocab.json with gpt2-merges.txt)
//   encoder.json with vocab.bpe     OpenAI's GPT-2 layout (special tokens are text there)
//   vocab.txt (any NAME.txt)        BERT's WordPiece vocabulary
// A folder is searched in the order vocab.txt, tokenizer.json, vocab.json, encoder.json,
// tokenizer.model (a Llama folder has both of the last: tokenizer.json is read), and its
// tokenizer_config.json read when there (not for OpenAI's layout, which has none). Throws
// InputError "FILE: problem", one line naming the file.
std::unique_ptr<Tokenizer> loadTokenizer(const QString &path);

// Whether `folder` holds any of the files loadTokenizer reads (a model without them still opens:
// IdTokenizer takes its ids as text).
bool hasTokenizer(const QString &folder);

// A tokenizer file whole: one over kMaxTokenizerFileBytes is refused before it is read.
QByteArray readTokenizerFile(const QString &path);

} // namespace attn
