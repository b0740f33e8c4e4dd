// SPDX-License-Identifier: GPL-3.0-or-later
#include "PresetFactory.h"

#include "Attention.h"
#include "Initializer.h"
#include "document/Presets.h"
#include "io/Session.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <cmath>
#include <random>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace {

using attn::AttentionInputs;
using attn::HeadWeights;
using attn::Matrix;

// N(0, sigma²) values rounded to `decimals`: the random presets stay readable in the tables
// and their files stay small, while keeping the statistics the preset is about.
Matrix normalMatrix(Eigen::Index rows, Eigen::Index cols, double sigma, int decimals,
                    std::mt19937 &rng) {
    const double unit = std::pow(10.0, decimals);
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
        for (Eigen::Index j = 0; j < cols; ++j)
            m(i, j) = std::round(standardNormal(rng) * sigma * unit) / unit;
    return m;
}

AttentionInputs causalExample() {
    AttentionInputs in = attn::workedExample();
    in.options.causal = true;
    return in;
}

AttentionInputs twoHeadExample() {
    AttentionInputs in = attn::workedExample();
    std::mt19937 rng(11);
    HeadWeights second;
    second.Wq = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    second.Wk = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    second.Wv = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    in.heads.push_back(second);
    in.Wo = initialMatrix(6, 4, Initializer::RandomNormal, rng);
    return in;
}

// Matching words get matching embeddings, so each English query finds its French key.
AttentionInputs translationExample() {
    AttentionInputs in;
    in.tokens = {"the", "cat", "sleeps"};
    in.X.resize(3, 4);
    in.X << 1.5, 0, 0, 0.2, //
        0, 1.5, 0, 0.2,     //
        0, 0, 1.5, 0.2;
    in.hasContext = true;
    in.contextTokens = {"le", "chat", "dort", "."};
    in.context = Matrix::Identity(4, 4);
    HeadWeights w;
    w.Wq = 2 * Matrix::Identity(4, 4);
    w.Wk = 2 * Matrix::Identity(4, 4);
    w.Wv = Matrix::Identity(4, 4);
    in.heads.push_back(w);
    return in;
}

// Six interpretable features per word: noun, animate, pronoun, verb, function word, "tired".
// The query of "it" asks for a noun (2 on d0) and, through the bit of "tired" it carries (as
// if an earlier layer had mixed it in), for an animate one (1 on d1). The key of "animal"
// answers both (2, 2), "street" only the first (2, 0): scores 6 and 4, the rest 0.
AttentionInputs coreferenceExample() {
    AttentionInputs in;
    in.tokens = {"The",     "animal", "didn't", "cross", "the",  "street",
                 "because", "it",     "was",    "too",   "tired"};
    in.X.resize(11, 6);
    //      noun anim pron verb func tired
    in.X << 0, 0, 0, 0, 1, 0, // The
        1, 1, 0, 0, 0, 0,     // animal
        0, 0, 0, 0, 1, 0,     // didn't
        0, 0, 0, 1, 0, 0,     // cross
        0, 0, 0, 0, 1, 0,     // the
        1, 0, 0, 0, 0, 0,     // street
        0, 0, 0, 0, 1, 0,     // because
        0, 0, 1, 0, 0, 0.5,   // it
        0, 0, 0, 1, 0, 0,     // was
        0, 0, 0, 0, 1, 0,     // too
        0, 0, 0, 0, 0, 1;     // tired
    HeadWeights w;
    // d0 = "a noun", d1 = "an animate noun", d2 = "a function word".
    w.Wq.resize(6, 3);
    w.Wq << 0, 0, 0, //
        0, 0, 0,     //
        2, 0, 0,     // a pronoun looks for a noun
        1, 0, 0,     // a verb looks for its nouns
        0, 0, 1,     // function words look at each other
        0, 2, 0;     // "tired" looks for something animate
    w.Wk.resize(6, 3);
    w.Wk << 2, 0, 0, // nouns offer "noun"
        0, 2, 0,     // animate things offer "animate"
        0, 0, 0,     //
        0, 0, 0,     //
        0, 0, 1,     //
        0, 0, 0;
    w.Wv = Matrix::Identity(6, 6); // the output is the weighted mix of the features
    in.heads.push_back(w);
    return in;
}

// Embeddings are one-hot positions plus a constant 1. With keys = positions, a query that
// points at position i−1, i or 0 makes the head attend to the previous, the same or the first
// token; the strength 10 makes each choice clear (weight ≈ 0.88 after the √7 scaling).
AttentionInputs positionalHeadsExample() {
    constexpr int n = 7;
    constexpr double strength = 10;
    AttentionInputs in;
    in.tokens = {"<s>", "the", "cat", "sat", "on", "the", "mat"};
    in.X = Matrix::Zero(n, n + 1);
    in.X.leftCols(n).setIdentity();
    in.X.col(n).setOnes();
    Matrix keys = Matrix::Zero(n + 1, n);
    keys.topRows(n).setIdentity();
    Matrix values = keys; // each head's output row shows which positions it read

    HeadWeights previous{Matrix::Zero(n + 1, n), keys, values};
    previous.Wq(0, 0) = strength; // the first token has no previous one: itself
    for (int i = 1; i < n; ++i)
        previous.Wq(i, i - 1) = strength;
    HeadWeights same{strength * keys, keys, values};
    HeadWeights first{Matrix::Zero(n + 1, n), keys, values};
    first.Wq(n, 0) = strength; // every query, through the constant 1, asks for position 0
    in.heads = {previous, same, first};
    return in;
}

// The base Transformer's width, d_model = 512, here with one head whose d_k = d_v = 512. Weights ~
// N(0, 1/512) (Glorot), so Q and K entries are about N(0, 1) and the scores about N(0, 512): the
// 1/√d_k brings the logits back to N(0, 1).
AttentionInputs fiveTokens512() {
    constexpr int d = 512;
    std::mt19937 rng(512);
    AttentionInputs in;
    in.tokens = attn::defaultTokens(5);
    in.X = normalMatrix(5, d, 1.0, 2, rng);
    const double sigma = 1.0 / std::sqrt(double(d));
    in.heads.push_back({normalMatrix(d, d, sigma, 3, rng), normalMatrix(d, d, sigma, 3, rng),
                        normalMatrix(d, d, sigma, 3, rng)});
    return in;
}

// d_k = 512 from a 16-wide embedding, without the 1/√d_k: the scores keep their spread of
// about ±√512 ≈ ±23 and softmax becomes (almost) one-hot. Seed chosen so that every row
// saturates (> 0.99 on one key); the tests check it.
AttentionInputs saturationExample() {
    constexpr int p = 16, dk = 512;
    std::mt19937 rng(2024);
    AttentionInputs in;
    in.tokens = attn::defaultTokens(5);
    in.X = normalMatrix(5, p, 1.0, 2, rng);
    in.heads.push_back({normalMatrix(p, dk, 0.25, 2, rng), normalMatrix(p, dk, 0.25, 2, rng),
                        normalMatrix(p, p, 0.25, 2, rng)});
    in.options.scale = false;
    return in;
}

QJsonObject selectRow(int row) {
    return QJsonObject{{"row", row}};
}

} // namespace

std::vector<PresetSource> presetSources() {
    return {
        {"worked-example.json",
         "Worked example (from Vector to Matrix)",
         "The article's 4 tokens, X 4\u00d74, Wq/Wk/Wv 4\u00d73: output row 0 is 3.9492 7.8588 "
         "3.9577",
         attn::workedExample(),
         {}},
        {"random-example.json",
         "Random example",
         "6 tokens, p = 8, d_k = d_v = 4, random normal values (seed 7)",
         randomExample(),
         {}},
        {"causal-decoder.json", "Causal (decoder) attention",
         "The worked example with a causal mask: each token sees only itself and earlier tokens",
         causalExample(), selectRow(2)},
        {"coreference.json", "Coreference: \u201cit\u201d \u2192 \u201canimal\u201d",
         "\u201cit\u201d attends most to \u201canimal\u201d: its query asks for a noun, and the "
         "\u201ctired\u201d it carries asks for an animate one",
         coreferenceExample(), selectRow(7)},
        {"cross-attention.json", "Cross-attention (encoder\u2013decoder)",
         "English decoder queries \u201cthe cat sleeps\u201d attend to the French encoder's keys "
         "\u201cle chat dort .\u201d",
         translationExample(), selectRow(1)},
        {"positional-heads.json", "Three heads: previous, same, first token",
         "Embeddings are one-hot positions: head 0 attends to the previous token, head 1 to the "
         "same token, head 2 to the first token",
         positionalHeadsExample(), selectRow(3)},
        {"two-heads-wo.json",
         "Two heads and Wo",
         "The worked example plus a random second head; Wo (6\u00d74) mixes the concatenated "
         "outputs",
         twoHeadExample(),
         {}},
        {"five-tokens-512.json",
         "Five tokens, d_model = d_k = 512",
         "5 tokens at d_model = d_k = d_v = 512, random weights with std 1/\u221a512 (seed 512): "
         "scaled logits stay near \u00b11",
         fiveTokens512(),
         {}},
        {"saturation-512.json",
         "Softmax saturation (unscaled, d_k = 512)",
         "d_k = 512 without the 1/\u221ad_k: logits span \u221244 to 58, so softmax puts > 99% "
         "on one key in every row \u2014 tick \u201cscale the scores\u201d to compare",
         saturationExample(),
         {}},
    };
}

QByteArray presetFileBytes(const PresetSource &preset) {
    return attn::sessionToJson(preset.inputs, preset.view); // rows one per line
}

QByteArray presetIndexBytes(const std::vector<PresetSource> &presets) {
    QJsonArray list;
    for (const PresetSource &p : presets)
        list.append(
            QJsonObject{{"file", p.file}, {"name", p.name}, {"description", p.description}});
    return QJsonDocument(QJsonObject{{"presets", list}}).toJson(QJsonDocument::Indented);
}

bool writePresetFiles(const QString &dir, QString *error) {
    const std::vector<PresetSource> presets = presetSources();
    auto write = [&](const QString &name, const QByteArray &bytes) {
        QSaveFile file(QDir(dir).filePath(name));
        if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
            return true;
        if (error)
            *error = file.fileName() + ": " + file.errorString();
        return false;
    };
    for (const PresetSource &p : presets)
        if (!write(p.file, presetFileBytes(p)))
            return false;
    return write(QStringLiteral("index.json"), presetIndexBytes(presets));
}
