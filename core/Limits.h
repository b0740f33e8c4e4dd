// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// The one set of size limits of attnviz. Every entry point (session files, the command line,
// the GUI's editors, matrix import) checks against these numbers BEFORE it allocates from a
// size it was given, and refuses with an InputError naming the limit. docs/limits.md says why
// each number is what it is and what a user sees past it.
inline constexpr std::int64_t kMaxTokens = 4096;    // n (queries) and m (context tokens, keys)
inline constexpr std::int64_t kMaxDimension = 4096; // p, p_c, d_k, d_v, p_out
inline constexpr std::int64_t kMaxHeads = 16;
// Queries × keys × heads: every attention map (scores, logits, weights) has this many cells,
// and compute time scales with it (memory no longer: the maps are derived on demand from Q
// and K). Four heads of 4096 tokens: a forward pass of well under a second.
inline constexpr std::int64_t kMaxAttentionCells = std::int64_t(4) * 4096 * 4096;
// All input numbers together (X, the context, every head's Wq, Wk, Wv, and Wo): 64 MB.
inline constexpr std::int64_t kMaxInputValues = std::int64_t(8) * 1024 * 1024;
// How attention is computed (AttentionOptions, HeadWeights::kvGroup): a sliding window or a
// number of global tokens beyond the most tokens there can be means nothing more; a group
// number or an ALiBi slope per head cannot exceed the heads there can be.
inline constexpr std::int64_t kMaxWindow = kMaxTokens;       // options.window
inline constexpr std::int64_t kMaxGlobalTokens = kMaxTokens; // options.global_tokens
inline constexpr std::int64_t kMaxKvGroup = kMaxHeads - 1;   // kv_group: 0 … 15
inline constexpr std::int64_t kMaxAlibiSlopes = kMaxHeads;   // options.alibi_slopes
// Characters (Unicode code points) of one token label.
inline constexpr std::int64_t kMaxLabelLength = 256;

// Checkpoints (core/checkpoint) and the runs of a whole model (core/transformer). A model's
// sizes are far beyond the workbench's above (GPT-2 small: 12 heads of 64 over 768, 50257
// words), so they have their own caps, each checked when config.json is read, before anything is
// allocated from it. Between them they admit every published model of the four families up to
// tens of billions of parameters, and refuse the absurd (10^9 layers) at once.
inline constexpr std::int64_t kMaxConfigBytes = std::int64_t(1) << 20;      // config.json
inline constexpr std::int64_t kMaxShardIndexBytes = std::int64_t(64) << 20; // *.index.json
inline constexpr std::int64_t kMaxShards = 4096;            // files of one sharded checkpoint
inline constexpr std::int64_t kMaxModelLayers = 1024;       // num_hidden_layers, n_layer
inline constexpr std::int64_t kMaxModelWidth = 65536;       // d_model, the MLP's width
inline constexpr std::int64_t kMaxModelHeads = 1024;        // query heads of a layer
inline constexpr std::int64_t kMaxModelHeadDim = 4096;      // head_dim
inline constexpr std::int64_t kMaxVocabulary = 4 * 1048576; // vocab_size
inline constexpr std::int64_t kMaxModelPositions = 1 << 24; // max_position_embeddings
// One run keeps every layer's x, attn_out, hidden and every head's q, k, v, weights and output,
// then the final norm and the logits of every position, in double: at most this many numbers
// (1 GiB). GPT-2 small on 1024 tokens would keep 144 maps of 1024² weights and 1024 × 50257
// logits, over 200 M numbers: its runs stop at 644 tokens.
inline constexpr std::int64_t kMaxRunValues = std::int64_t(128) * 1024 * 1024;
// A compact run (RunOptions::Keep::Compact: longer inputs on the command line) keeps no n × n
// and no n × vocabulary: the residual stream after each layer, the final norm, each head's
// softmax maximum and sum per query, the last position's logits. At most this many numbers
// (4 GiB): a 1.1 B Llama (22 layers, d 2048) on 4096 tokens keeps about 0.2 G of them.
inline constexpr std::int64_t kMaxCompactRunValues = std::int64_t(512) * 1024 * 1024;
// A steering vector's .npy (model run --steer): one d_model vector in float64 is at most
// 8 × 65,536 bytes and its header; a file far larger is not a vector.
inline constexpr std::int64_t kMaxSteerFileBytes = std::int64_t(1) << 20;
// The token pairs a head's full QK and OV circuits favour (HeadCircuits.h) read every cell of a
// vocab × vocab product: 8192² · head_dim 64 is about 4 G multiply-adds, a second or two. Larger
// vocabularies (GPT-2's 50 257: 40 times that) are refused.
inline constexpr std::int64_t kMaxCircuitVocabulary = 8192;
// Training a decoder from scratch (model train, core/training/DecoderTraining): a model this
// small trains at thousands of tokens a second on a laptop's cores; larger ones would take days
// in double precision, so the caps say so at once instead.
inline constexpr std::int64_t kMaxTrainLayers = 24;
inline constexpr std::int64_t kMaxTrainHeads = 32;
inline constexpr std::int64_t kMaxTrainWidth = 2048;                   // d_model
inline constexpr std::int64_t kMaxTrainSequence = 2048;                // tokens per sequence
inline constexpr std::int64_t kMaxTrainBatch = 1024;                   // sequences per step
inline constexpr std::int64_t kMaxTrainSteps = 10'000'000;             // --steps
inline constexpr std::int64_t kMaxTrainVocab = 65536;                  // a trained tokenizer's ids
inline constexpr std::int64_t kMaxTrainValues = std::int64_t(1) << 27; // parameters, activations

// Tokenizer files (core/tokenizer/: vocab.json, merges.txt, tokenizer.json, vocab.txt,
// tokenizer.model, and their tokenizer_config.json). A file's size is checked before it is read,
// a count of entries before they are stored, an id before a table is sized by it. The largest
// real tokenizers fit with room to spare: Llama 3's tokenizer.json is 9 MB with 128 256 tokens
// and 280 147 merges.
inline constexpr std::int64_t kMaxTokenizerFileBytes = std::int64_t(64) * 1024 * 1024;
inline constexpr std::int64_t kMaxVocabularySize = std::int64_t(1) << 20; // ids 0 … 1048575
inline constexpr std::int64_t kMaxMerges = std::int64_t(1) << 20;
// UTF-16 units of one vocabulary entry or added token (real ones have at most a few hundred).
inline constexpr std::int64_t kMaxTokenPieceLength = 1024;
// UTF-16 units of a pre-tokenizer's Split regex in tokenizer.json (Llama 3's has 130).
inline constexpr std::int64_t kMaxTokenizerPatternLength = 4096;
// Bytes of UTF-8 of a text to tokenize: far more than kMaxTokens tokens of any language.
inline constexpr std::int64_t kMaxTokenizerTextBytes = 65536;
// SentencePiece's tokenizer.model is a protobuf message (io/ProtobufReader.h). Its pieces are
// counted against kMaxVocabularySize and each one's bytes against kMaxTokenPieceLength before
// any is stored; every field's length is checked against the bytes that remain before it is
// read. ModelProto nests two levels (a piece in the model); deeper messages are refused.
inline constexpr int kMaxProtobufDepth = 8;
// The normalizers and decoders of a SentencePiece tokenizer.json (Prepend, Replace, Strip, …):
// at most this many steps (Llama 2's has two and four), and together they may make a text at
// most this many times longer (a Replace of " " by "▁" keeps its length), so a text within
// kMaxTokenizerTextBytes never grows into gigabytes.
inline constexpr int kMaxTokenizerSteps = 64;
inline constexpr std::int64_t kMaxNormalizerGrowth = 64;
// Training a byte-level BPE (core/tokenizer/BpeTrainer): the corpus's bytes of UTF-8 and the
// vocabulary's size. A corpus of a few MB trains in about a second; 31 MB took 20 s and 250 MB
// (the text, its words and the pair tables) on a busy 2-core machine. A trained model's vocabulary
// is its embedding's rows: attnviz's models are small, and GPT-2's 50 257 fit with room.
inline constexpr std::int64_t kMaxTrainingCorpusBytes = std::int64_t(32) << 20;
inline constexpr std::int64_t kMaxTrainedVocab = 65536;

// GGUF files (io/GgufFile.h, llama.cpp's format): every count, length and offset of the header
// is checked against these and against the bytes the file has left before anything is read or
// allocated from it. Real files stay far below: Llama 3 70B has 724 tensors and about 40 keys,
// its longest string (a chat template) is a few kB, its longest array (the merges) 280 147.
inline constexpr std::int64_t kMaxGgufTensors = 65536;
inline constexpr std::int64_t kMaxGgufKeys = 65536;
inline constexpr std::int64_t kMaxGgufStringBytes = std::int64_t(16) << 20; // one string
inline constexpr std::int64_t kMaxGgufArrayCount = std::int64_t(1) << 24;   // one array
inline constexpr int kMaxGgufArrayDepth = 4;           // arrays of arrays of …
inline constexpr int kMaxGgufDims = 4;                 // ggml's GGML_MAX_DIMS
inline constexpr std::int64_t kMaxGgufNameBytes = 256; // a tensor's name (ggml: 64)
inline constexpr std::int64_t kMaxGgufAlignment = std::int64_t(1) << 20;
inline constexpr std::int64_t kMaxGgufTensorValues = std::int64_t(1) << 40; // one tensor

// The sizes of a set of inputs without their numbers: what can be checked before allocating.
struct InputShape {
    std::int64_t tokens = 0, embedding = 0; // X: n × p
    bool hasContext = false;
    std::int64_t contextTokens = 0, contextEmbedding = 0; // the context: m × p_c
    std::vector<std::int64_t> keyDims, valueDims;         // d_k and d_v of each head
    std::int64_t outputDim = 0;                           // columns of Wo; 0 without Wo

    std::int64_t keys() const { return hasContext ? contextTokens : tokens; }
    std::int64_t sourceEmbedding() const { return hasContext ? contextEmbedding : embedding; }
    std::int64_t inputValues() const;    // saturates instead of overflowing
    std::int64_t attentionCells() const; // queries × keys × heads, saturating
};

// Each throws InputError with a message for the user that names what is too large and the
// limit ("X has 16384 rows: at most 4096 tokens are supported"); `what` names the matrix.
void checkTokenCount(std::int64_t count, const std::string &what);
void checkDimensionSize(std::int64_t size, const std::string &what);
void checkHeadCount(std::int64_t heads);
void checkAttentionCells(std::int64_t queries, std::int64_t keys, std::int64_t heads);
void checkInputValues(std::int64_t values);
// The sliding window, global tokens, a head's key/value group, the number of ALiBi slopes.
void checkWindow(std::int64_t window);
void checkGlobalTokens(std::int64_t count);
void checkKvGroup(std::int64_t group, std::int64_t head);
void checkAlibiSlopeCount(std::int64_t count);
// A label in UTF-8; `what` names it ("token label 3").
void checkLabelLength(std::string_view utf8, const std::string &what);
std::int64_t codePointCount(std::string_view utf8);

// A config.json or shard index of `bytes` bytes; `what` names the file.
void checkConfigBytes(std::int64_t bytes, std::int64_t limit, const std::string &what);
// A model's size `value` against `limit`; `field` is the config's key ("num_hidden_layers").
void checkModelSize(std::int64_t value, std::int64_t limit, const std::string &field);
// The numbers a run of `tokens` tokens would keep (kMaxRunValues); the counts come saturated.
void checkRunValues(std::int64_t values, std::int64_t tokens);
// The same for a compact run (kMaxCompactRunValues).
void checkCompactRunValues(std::int64_t values, std::int64_t tokens);
// A size of a model to train, `value` of option `option` ("--layers"), in low … high.
void checkTrainingSize(std::int64_t value, std::int64_t low, std::int64_t high,
                       const std::string &option);

// Every limit above for a whole shape (AttentionInputs.h checks built inputs).
void checkLimits(const InputShape &shape);

// The interactive page (page/HtmlPage.h) carries every cell's derivation: 128 tokens make about
// 20 MB of text before compression, so longer inputs are refused with a message. Its overview
// keeps one byte per weight of every head: 12 layers × 12 heads of 256² weights, 9 MB.
inline constexpr std::int64_t kMaxPageTokens = 128;
inline constexpr std::int64_t kMaxPageOverviewValues = std::int64_t(12) * 12 * 256 * 256;

// a × b, saturating at INT64_MAX for sizes read from a file.
std::int64_t saturatingProduct(std::int64_t a, std::int64_t b);

} // namespace attn
