// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Tokenizer.h"

#include <memory>

namespace attn {

class GgufFile;

// The tokenizer a GGUF file carries in its metadata (llama.cpp's tokenizer.ggml.* keys):
//   model "llama"  SentencePiece's BPE: tokens, scores, token_type (2 unknown, 3 control,
//                  6 byte: byte fallback), add_space_prefix (default true);
//   model "gpt2"   byte-level BPE: tokens, merges ("a b" in rank order), and the pre-tokenizer
//                  named by tokenizer.ggml.pre: "gpt-2" (and "default"), "qwen2", "llama-bpe".
// bos_token_id, eos_token_id, unknown_token_id, add_bos_token and add_eos_token say the special
// tokens around a text. Every array must have one entry per token. Throws InputError naming
// the file and the key.
std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufFile &file);
// Whether the file carries a tokenizer (tokenizer.ggml.model).
bool ggufHasTokenizer(const GgufFile &file);

} // namespace attn
