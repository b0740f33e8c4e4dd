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
