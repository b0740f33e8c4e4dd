// SPDX-License-Identifier: GPL-3.0-or-later
// Phi-3 and Phi-4-mini (modeling_phi3): Llama's layers with q, k and v fused in qkv_proj (rows
// q | k | v) and gate and up in gate_up_proj (rows gate | up); a sliding window on every layer;
// RoPE on the first partial_rotary_factor of each head's dimensions.
#include "checkpoint/ModelFamilies.h"

#include "Translate.h"

#include <cmath>
#include <string_view>

namespace attn {

namespace {

void parsePhi3Config(const ConfigFields &f, ModelConfig &c) {
    readLlamaSizes(f, c);
    c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
    c.qkvBias = c.outputBias = f.flag("attention_bias", false);
    ModelFeatures &x = c.features;
    x.window.assign(std::size_t(c.layers), readSlidingWindow(f));
    const double partial = f.positive("partial_rotary_factor", 1.0);
    if (partial > 1)
        refuseConfig(
            translate("attn::checkpoint", "\"partial_rotary_factor\" %1 is above 1").arg(partial));
    x.ropes.rotaryDims = std::int64_t(double(c.headDim) * partial);
    if (x.ropes.rotaryDims % 2 != 0 || x.ropes.rotaryDims == 0)
        refuseConfig(translate("attn::checkpoint",
                               "\"partial_rotary_factor\" %1 turns %2 dimensions of %3: RoPE "
                               "rotates pairs")
                         .arg(partial)
                         .arg(x.ropes.rotaryDims)
                         .arg(c.headDim));
}

void bindPhi3Weights(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel, q = c.heads * c.headDim, kv = c.kvHeads * c.headDim;
    w.tokenEmbedding = b.require("embed_tokens.weight", {c.vocab, d});
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("layers.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = b.norm(p + "input_layernorm", d, false);
        // The fused projections, split into the parts every other family has: views of their
        // rows, in place in the file.
        const LinearWeights qkv = b.linear(p + "self_attn.qkv_proj", q + 2 * kv, d, c.qkvBias);
        l.q.weight = rowSlice(qkv.weight, 0, q);
        l.k.weight = rowSlice(qkv.weight, q, kv);
        l.v.weight = rowSlice(qkv.weight, q + kv, kv);
        if (c.qkvBias) {
            l.q.bias = rowSlice(qkv.bias, 0, q);
            l.k.bias = rowSlice(qkv.bias, q, kv);
            l.v.bias = rowSlice(qkv.bias, q + kv, kv);
        }
        l.o = b.linear(p + "self_attn.o_proj", d, q, c.outputBias);
        l.mlpNorm = b.norm(p + "post_attention_layernorm", d, false);
        const LinearWeights gateUp = b.linear(p + "mlp.gate_up_proj", 2 * c.ffn, d, false);
        l.gate.weight = rowSlice(gateUp.weight, 0, c.ffn);
        l.up.weight = rowSlice(gateUp.weight, c.ffn, c.ffn);
        l.down = b.linear(p + "mlp.down_proj", d, c.ffn, false);
        w.layers.push_back(l);
    }
    w.finalNorm = b.norm("norm", d, false);
    w.lmHead.weight =
        c.tiedEmbeddings ? w.tokenEmbedding : b.require("lm_head.weight", {c.vocab, d}, true);
    w.hasLmHead = true;
}

// llama.cpp's phi3: Llama's names, with the fused attn_qkv and ffn_up (rows gate | up, as
// gate_up_proj) stored as Hugging Face stores them, q and k not permuted, and the window.
GgufLayout phi3GgufLayout() {
    GgufLayout l = llamaGgufLayout("phi3", false);
    l.keys.push_back({"attention.sliding_window", "sliding_window", false});
    for (GgufLayout::Name &n : l.layer)
        if (n.gguf == std::string_view("ffn_up"))
            n.hf = "mlp.gate_up_proj";
    l.layer.push_back({"attn_qkv", "self_attn.qkv_proj"});
    return l;
}

} // namespace

const ModelFamilySpec &phi3Family() {
    static const GgufLayout gguf = phi3GgufLayout();
    static const ModelFamilySpec spec{ModelFamily::Phi3, "phi3",          "Phi-3", parsePhi3Config,
                                      llamaPrefix,       bindPhi3Weights, &gguf};
    return spec;
}

} // namespace attn
