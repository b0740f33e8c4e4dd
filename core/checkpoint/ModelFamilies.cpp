// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelFamilies.h"

namespace attn {

const std::vector<const ModelFamilySpec *> &modelFamilies() {
    // A new family is one file under families/ and one line here.
    static const std::vector<const ModelFamilySpec *> all = {
        &gpt2Family(),   &llamaFamily(),  &mistralFamily(), &qwen2Family(), &qwen3Family(),
        &gemma2Family(), &gemma3Family(), &phi3Family(),    &bertFamily(),
    };
    return all;
}

const ModelFamilySpec *familyOfModelType(const QString &modelType) {
    for (const ModelFamilySpec *f : modelFamilies())
        if (modelType == QLatin1String(f->modelType))
            return f;
    return nullptr;
}

const ModelFamilySpec &familySpec(ModelFamily family) {
    for (const ModelFamilySpec *f : modelFamilies())
        if (f->family == family)
            return *f;
    return gpt2Family();
}

const ModelFamilySpec *familyOfGgufArchitecture(const QString &architecture) {
    for (const ModelFamilySpec *f : modelFamilies())
        if (f->gguf && architecture == QLatin1String(f->gguf->architecture))
            return f;
    return nullptr;
}

GgufLayout llamaGgufLayout(const char *architecture, bool interleavedQk) {
    GgufLayout l;
    l.architecture = architecture;
    l.keys = {
        {"embedding_length", "hidden_size", true},
        {"block_count", "num_hidden_layers", true},
        {"attention.head_count", "num_attention_heads", true},
        {"attention.head_count_kv", "num_key_value_heads", false},
        {"feed_forward_length", "intermediate_size", true},
        {"context_length", "max_position_embeddings", false},
        {"vocab_size", "vocab_size", false},
        {"attention.layer_norm_rms_epsilon", "rms_norm_eps", false},
        {"rope.freq_base", "rope_theta", false},
        {"attention.key_length", "head_dim", false},
    };
    l.globals = {
        {"token_embd", "model.embed_tokens"}, {"output_norm", "model.norm"}, {"output", "lm_head"}};
    l.layer = {{"attn_norm", "input_layernorm"},    {"attn_q", "self_attn.q_proj"},
               {"attn_k", "self_attn.k_proj"},      {"attn_v", "self_attn.v_proj"},
               {"attn_output", "self_attn.o_proj"}, {"attn_q_norm", "self_attn.q_norm"},
               {"attn_k_norm", "self_attn.k_norm"}, {"ffn_norm", "post_attention_layernorm"},
               {"ffn_gate", "mlp.gate_proj"},       {"ffn_up", "mlp.up_proj"},
               {"ffn_down", "mlp.down_proj"}};
    l.layerPrefix = "model.layers.%1.";
    l.interleavedQk = interleavedQk;
    return l;
}

QString llamaPrefix(const TensorBinder &b) {
    return b.has("model.embed_tokens.weight") ? "model." : "";
}

void bindLlamaLayers(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel, q = c.heads * c.headDim, kv = c.kvHeads * c.headDim;
    const ModelFeatures &x = c.features;
    w.tokenEmbedding = b.require("embed_tokens.weight", {c.vocab, d});
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("layers.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = b.norm(p + "input_layernorm", d, false);
        l.q = b.linear(p + "self_attn.q_proj", q, d, c.qkvBias);
        l.k = b.linear(p + "self_attn.k_proj", kv, d, c.qkvBias);
        l.v = b.linear(p + "self_attn.v_proj", kv, d, c.qkvBias);
        l.o = b.linear(p + "self_attn.o_proj", d, q, c.outputBias);
        if (x.qkNorm) {
            l.qNorm = b.norm(p + "self_attn.q_norm", c.headDim, false);
            l.kNorm = b.norm(p + "self_attn.k_norm", c.headDim, false);
        }
        if (x.sandwichNorms) {
            // Gemma: post_attention_layernorm normalises the attention's output, and the MLP
            // has norms of its own before and after.
            l.postAttentionNorm = b.norm(p + "post_attention_layernorm", d, false);
            l.mlpNorm = b.norm(p + "pre_feedforward_layernorm", d, false);
            l.postMlpNorm = b.norm(p + "post_feedforward_layernorm", d, false);
        } else {
            l.mlpNorm = b.norm(p + "post_attention_layernorm", d, false);
        }
        l.gate = b.linear(p + "mlp.gate_proj", c.ffn, d, c.mlpBias);
        l.up = b.linear(p + "mlp.up_proj", c.ffn, d, c.mlpBias);
        l.down = b.linear(p + "mlp.down_proj", d, c.ffn, c.mlpBias);
        w.layers.push_back(l);
    }
    w.finalNorm = b.norm("norm", d, false);
    w.lmHead.weight =
        c.tiedEmbeddings ? w.tokenEmbedding : b.require("lm_head.weight", {c.vocab, d}, true);
    w.hasLmHead = true;
}

} // namespace attn
