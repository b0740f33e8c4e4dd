#include "Presets.h"

#include "Document.h"
#include "Initializer.h"

#include <QMenu>

#include <random>

attn::AttentionInputs randomExample(quint32 seed, int n, int p, int dk, int dv) {
    std::mt19937 rng(seed);
    attn::AttentionInputs in;
    in.tokens = attn::defaultTokens(n);
    in.X = initialMatrix(n, p, Initializer::RandomNormal, rng);
    attn::HeadWeights w;
    w.Wq = initialMatrix(p, dk, Initializer::RandomNormal, rng);
    w.Wk = initialMatrix(p, dk, Initializer::RandomNormal, rng);
    w.Wv = initialMatrix(p, dv, Initializer::RandomNormal, rng);
    in.heads.push_back(w);
    return in;
}

namespace {

attn::AttentionInputs causalExample() {
    attn::AttentionInputs in = attn::workedExample();
    in.options.causal = true;
    return in;
}

attn::AttentionInputs twoHeadExample() {
    attn::AttentionInputs in = attn::workedExample();
    std::mt19937 rng(11);
    attn::HeadWeights second;
    second.Wq = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    second.Wk = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    second.Wv = initialMatrix(4, 3, Initializer::RandomNormal, rng);
    in.heads.push_back(second);
    in.Wo = initialMatrix(6, 4, Initializer::RandomNormal, rng);
    return in;
}

// Matching words get matching embeddings, so each English query finds its French key.
attn::AttentionInputs translationExample() {
    attn::AttentionInputs in;
    in.tokens = {"the", "cat", "sleeps"};
    in.X.resize(3, 4);
    in.X << 1.5, 0, 0, 0.2, //
        0, 1.5, 0, 0.2,     //
        0, 0, 1.5, 0.2;
    in.hasContext = true;
    in.contextTokens = {"le", "chat", "dort", "."};
    in.context = attn::Matrix::Identity(4, 4);
    attn::HeadWeights w;
    w.Wq = 2 * attn::Matrix::Identity(4, 4);
    w.Wk = 2 * attn::Matrix::Identity(4, 4);
    w.Wv = attn::Matrix::Identity(4, 4);
    in.heads.push_back(w);
    return in;
}

} // namespace

std::vector<Preset> presets() {
    return {
        {QStringLiteral("Worked example (from Vector to Matrix)"),
         QStringLiteral("The article's 4 tokens, X 4\u00d74, Wq/Wk/Wv 4\u00d73: output row 0 is "
                        "3.9492 7.8588 3.9577"),
         attn::workedExample()},
        {QStringLiteral("Random example"),
         QStringLiteral("6 tokens, p = 8, d_k = d_v = 4, random normal values (seed 7)"),
         randomExample()},
        {QStringLiteral("Causal (decoder) attention"),
         QStringLiteral("The worked example with a causal mask: each token sees only itself and "
                        "earlier tokens"),
         causalExample()},
        {QStringLiteral("Two heads and Wo"),
         QStringLiteral("The worked example plus a random second head; Wo (6\u00d74) mixes the "
                        "concatenated outputs"),
         twoHeadExample()},
        {QStringLiteral("Cross-attention (translation)"),
         QStringLiteral("English queries \u201cthe cat sleeps\u201d attend to French keys "
                        "\u201cle chat dort .\u201d"),
         translationExample()},
    };
}

QMenu *createPresetsMenu(Document *doc, QWidget *parent) {
    auto *menu = new QMenu(QObject::tr("&Presets"), parent);
    menu->setToolTipsVisible(true);
    for (const Preset &preset : presets()) {
        QAction *action = menu->addAction(preset.name);
        action->setToolTip(preset.description);
        action->setStatusTip(preset.description);
        QObject::connect(action, &QAction::triggered, doc, [doc, preset] {
            doc->replaceInputs(preset.inputs,
                               QObject::tr("Load preset \u201c%1\u201d").arg(preset.name));
        });
    }
    return menu;
}
