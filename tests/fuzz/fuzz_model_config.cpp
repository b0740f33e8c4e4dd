// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: config.json of a checkpoint folder. Any input gives a config or an
// InputError; a config it gives is within core/Limits.h and consistent (heads dividing, kv heads
// dividing heads), so nothing later allocates from an absurd size.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "checkpoint/ModelConfig.h"

#include <QByteArray>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    attn::ModelConfig c;
    try {
        c = attn::parseModelConfig(bytes);
    } catch (const attn::InputError &) {
        return 0;
    }
    if (c.layers < 1 || c.layers > attn::kMaxModelLayers || c.dModel < 1 ||
        c.dModel > attn::kMaxModelWidth || c.heads < 1 || c.heads > attn::kMaxModelHeads ||
        c.headDim < 1 || c.headDim > attn::kMaxModelHeadDim || c.vocab < 1 ||
        c.vocab > attn::kMaxVocabulary || c.ffn < 1 || c.ffn > attn::kMaxModelWidth ||
        c.maxPositions < 1 || c.maxPositions > attn::kMaxModelPositions)
        fuzz::finding("a config outside the limits was accepted");
    if (c.kvHeads < 1 || c.heads % c.kvHeads != 0)
        fuzz::finding("key/value heads that do not divide the heads were accepted");
    if (!(c.normEps > 0) || !(c.features.ropes.theta > 0))
        fuzz::finding("a norm epsilon or RoPE base that is not positive was accepted");
    return 0;
}
