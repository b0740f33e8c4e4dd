// SPDX-License-Identifier: GPL-3.0-or-later
// BERT (modeling_bert): an encoder; learned absolute positions and token type 0, post-LN
// LayerNorm after each sublayer, a plain MLP, and the masked-LM head when the file has one.
#include "checkpoint/ModelFamilies.h"

#include "Limits.h"
#include "Translate.h"

namespace attn {

namespace {

void parseBertConfig(const ConfigFields &f, ModelConfig &c) {
    c.dModel = f.size("hidden_size", kMaxModelWidth);
    c.heads = f.size("num_attention_heads", kMaxModelHeads);
    c.kvHeads = c.heads;
    c.layers = f.size("num_hidden_layers", kMaxModelLayers);
    c.vocab = f.size("vocab_size", kMaxVocabulary);
    c.maxPositions = f.size("max_position_embeddings", kMaxModelPositions, 512);
    c.ffn = f.size("intermediate_size", kMaxModelWidth);
    c.typeVocab = f.size("type_vocab_size", kMaxVocabulary, 2);
    c.normEps = f.positive("layer_norm_eps", 1e-12);
    c.activation = activationNamed(f.text("hidden_act", "gelu"), "hidden_act");
    const QString position = f.text("position_embedding_type", "absolute");
    if (position != "absolute")
        refuseConfig(translate("attn::checkpoint",
                               "\"position_embedding_type\" %1 is not supported (absolute is)")
                         .arg(quotedField(position)));
    if (c.dModel % c.heads != 0)
        refuseConfig(
            translate("attn::checkpoint", "num_attention_heads %1 does not divide hidden_size %2")
                .arg(qs(c.heads), qs(c.dModel)));
    c.headDim = c.dModel / c.heads;
    c.tiedEmbeddings = f.flag("tie_word_embeddings", true);
    c.qkvBias = c.outputBias = c.mlpBias = true;
    c.features.norm = NormKind::LayerNorm;
    c.features.postNorm = true;
    c.features.learnedPositions = true;
}

QString bertPrefix(const TensorBinder &b) {
    return b.has("bert.embeddings.word_embeddings.weight") ? "bert." : "";
}

void bindBertWeights(const TensorBinder &b, const ModelConfig &c, ModelWeights &w) {
    const std::int64_t d = c.dModel;
    w.tokenEmbedding = b.require("embeddings.word_embeddings.weight", {c.vocab, d});
    w.positionEmbedding = b.require("embeddings.position_embeddings.weight", {c.maxPositions, d});
    w.typeEmbedding = b.require("embeddings.token_type_embeddings.weight", {c.typeVocab, d});
    w.embeddingNorm = b.norm("embeddings.LayerNorm", d, true);
    for (std::int64_t i = 0; i < c.layers; ++i) {
        const QString p = QString("encoder.layer.%1.").arg(i);
        LayerWeights l;
        l.q = b.linear(p + "attention.self.query", d, d, true);
        l.k = b.linear(p + "attention.self.key", d, d, true);
        l.v = b.linear(p + "attention.self.value", d, d, true);
        l.o = b.linear(p + "attention.output.dense", d, d, true);
        l.attentionNorm = b.norm(p + "attention.output.LayerNorm", d, true);
        l.up = b.linear(p + "intermediate.dense", c.ffn, d, true);
        l.down = b.linear(p + "output.dense", d, c.ffn, true);
        l.mlpNorm = b.norm(p + "output.LayerNorm", d, true);
        w.layers.push_back(l);
    }
    // The masked-LM head (BertForMaskedLM, BertForPreTraining) is outside the "bert." prefix.
    if (b.has("cls.predictions.transform.dense.weight")) {
        w.mlmTransform.weight = b.require("cls.predictions.transform.dense.weight", {d, d}, true);
        w.mlmTransform.bias = b.require("cls.predictions.transform.dense.bias", {d}, true);
        w.mlmNorm.weight = b.require("cls.predictions.transform.LayerNorm.weight", {d}, true);
        w.mlmNorm.bias = b.require("cls.predictions.transform.LayerNorm.bias", {d}, true);
        w.lmHead.weight = w.tokenEmbedding;
        w.lmHead.bias = b.has("cls.predictions.bias")
                            ? b.require("cls.predictions.bias", {c.vocab}, true)
                            : b.require("cls.predictions.decoder.bias", {c.vocab}, true);
        w.hasLmHead = true;
    }
}

} // namespace

const ModelFamilySpec &bertFamily() {
    static const ModelFamilySpec spec{ModelFamily::Bert, "bert",     "BERT",
                                      parseBertConfig,   bertPrefix, bindBertWeights};
    return spec;
}

} // namespace attn
