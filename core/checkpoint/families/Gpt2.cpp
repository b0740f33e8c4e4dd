// SPDX-License-Identifier: GPL-3.0-or-later
// GPT-2 (Hugging Face's modeling_gpt2): pre-LN LayerNorm, learned positions, the fused Conv1D
// c_attn, a plain MLP with gelu_new, the LM head tied to the token embeddings.
#include "checkpoint/ModelFamilies.h"

#include "Limits.h"
#include "Translate.h"

namespace attn {

namespace {

void parseGpt2Config(const ConfigFields &f, ModelConfig &c) {
    c.dModel = f.size("n_embd", kMaxModelWidth);
    c.heads = f.size("n_head", kMaxModelHeads);
    c.kvHeads = c.heads;
    c.layers = f.size("n_layer", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("n_positions", kMaxModelPositions);
    c.ffn = f.size("n_inner", kMaxModelWidth, 4 * c.dModel);
    c.normEps = f.positive("layer_norm_epsilon", 1e-5);
    c.activation =
        activationNamed(f.text("activation_function", "gelu_new"), "activation_function");
    if (!f.flag("scale_attn_weights", true))
        refuseConfig(translate("attn::checkpoint",
                               "\"scale_attn_weights\": false is not supported (scores are "
                               "divided by √d_k)"));
    if (f.flag("scale_attn_by_inverse_layer_idx", false))
        refuseConfig(translate("attn::checkpoint",
                               "\"scale_attn_by_inverse_layer_idx\": true is not supported"));
    if (c.dModel % c.heads != 0)
        refuseConfig(translate("attn::checkpoint", "n_head %1 does not divide n_embd %2")
                         .arg(qs(c.heads), qs(c.dModel)));
    c.headDim = c.dModel / c.heads;
    // GPT-2 ties its LM head to the token embeddings unless the config says otherwise (as
    // Hugging Face's GPT2LMHeadModel does; the induction task's models have their own head).
    c.tiedEmbeddings = f.flag("tie_word_embeddings", true);
    c.qkvBias = c.outputBias = c.mlpBias = true;
    c.features.norm = NormKind::LayerNorm;
    c.features.learnedPositions = true;
}

QString gpt2Prefix(const TensorBinder &b) {
    return b.has("transformer.wte.weight") ? "transformer." : "";
}

// Hugging Face's Conv1D weights are in × out (inputMajor); GGUF stores them out × in.
void bindGpt2With(const TensorBinder &b, const ModelConfig &c, ModelWeights &w, bool inputMajor) {
    const std::int64_t d = c.dModel;
    w.tokenEmbedding = b.require("wte.weight", {c.vocab, d});
    w.positionEmbedding = b.require("wpe.weight", {c.maxPositions, d});
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("h.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = b.norm(p + "ln_1", d, true);
        // c_attn: q, k and v side by side, in × out.
        l.qkv = b.linear(p + "attn.c_attn", 3 * d, d, true, inputMajor);
        l.o = b.linear(p + "attn.c_proj", d, d, true, inputMajor);
        l.mlpNorm = b.norm(p + "ln_2", d, true);
        l.up = b.linear(p + "mlp.c_fc", c.ffn, d, true, inputMajor);
        l.down = b.linear(p + "mlp.c_proj", d, c.ffn, true, inputMajor);
        w.layers.push_back(l);
    }
    w.finalNorm = b.norm("ln_f", d, true);
    w.lmHead.weight =
        c.tiedEmbeddings ? w.tokenEmbedding : b.require("lm_head.weight", {c.vocab, d}, true);
    w.hasLmHead = true;
}

void bindGpt2Weights(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) {
    bindGpt2With(b, c, w, true);
}

void bindGpt2Gguf(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) {
    bindGpt2With(b, c, w, false);
}

// llama.cpp's GPT-2 layout: its LM head is token_embd.
const GgufLayout &gpt2GgufLayout() {
    static const GgufLayout l{"gpt2",
                              {{"embedding_length", "n_embd", true},
                               {"block_count", "n_layer", true},
                               {"attention.head_count", "n_head", true},
                               {"feed_forward_length", "n_inner", false},
                               {"context_length", "n_positions", true},
                               {"vocab_size", "vocab_size", false},
                               {"attention.layer_norm_epsilon", "layer_norm_epsilon", false}},
                              {{"token_embd", "wte"},
                               {"position_embd", "wpe"},
                               {"output_norm", "ln_f"},
                               {"output", "lm_head"}},
                              {{"attn_norm", "ln_1"},
                               {"attn_qkv", "attn.c_attn"},
                               {"attn_output", "attn.c_proj"},
                               {"ffn_norm", "ln_2"},
                               {"ffn_up", "mlp.c_fc"},
                               {"ffn_down", "mlp.c_proj"}},
                              "h.%1.",
                              false,
                              bindGpt2Gguf};
    return l;
}

} // namespace

const ModelFamilySpec &gpt2Family() {
    static const ModelFamilySpec spec{ModelFamily::Gpt2, "gpt2",     "GPT-2",
                                      parseGpt2Config,   gpt2Prefix, bindGpt2Weights,
                                      &gpt2GgufLayout()};
    return spec;
}

} // namespace attn
