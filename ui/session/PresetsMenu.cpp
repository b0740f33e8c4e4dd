// SPDX-License-Identifier: GPL-3.0-or-later
#include "PresetsMenu.h"

#include "document/Document.h"
#include "document/Presets.h"
#include "shell/Shell.h"

#include <QCoreApplication>
#include <QMenu>
#include <QMessageBox>

namespace attn::ui {

namespace {

// The presets' names and descriptions, as resources/presets/index.json has them (written by
// tools/PresetFactory.cpp): marked here for the translations, translated when shown.
[[maybe_unused]] const char *const kPresetTexts[] = {
    QT_TRANSLATE_NOOP("Presets", "Worked example (from Vector to Matrix)"),
    QT_TRANSLATE_NOOP("Presets", "The article's 4 tokens, X 4×4, Wq/Wk/Wv 4×3: output row 0 is "
                                 "3.9492 7.8588 3.9577"),
    QT_TRANSLATE_NOOP("Presets", "Random example"),
    QT_TRANSLATE_NOOP("Presets", "6 tokens, p = 8, d_k = d_v = 4, random normal values (seed 7)"),
    QT_TRANSLATE_NOOP("Presets", "Causal (decoder) attention"),
    QT_TRANSLATE_NOOP("Presets", "The worked example with a causal mask: each token sees only "
                                 "itself and earlier tokens"),
    QT_TRANSLATE_NOOP("Presets", "Coreference: “it” → “animal”"),
    QT_TRANSLATE_NOOP("Presets", "“it” attends most to “animal”: its query asks for a noun, and "
                                 "the “tired” it carries asks for an animate one"),
    QT_TRANSLATE_NOOP("Presets", "Cross-attention (encoder–decoder)"),
    QT_TRANSLATE_NOOP("Presets", "English decoder queries “the cat sleeps” attend to the French "
                                 "encoder's keys “le chat dort .”"),
    QT_TRANSLATE_NOOP("Presets", "Three heads: previous, same, first token"),
    QT_TRANSLATE_NOOP("Presets", "Embeddings are one-hot positions: head 0 attends to the "
                                 "previous token, head 1 to the same token, head 2 to the first "
                                 "token"),
    QT_TRANSLATE_NOOP("Presets", "Two heads and Wo"),
    QT_TRANSLATE_NOOP("Presets", "The worked example plus a random second head; Wo (6×4) mixes "
                                 "the concatenated outputs"),
    QT_TRANSLATE_NOOP("Presets", "Five tokens, d_model = d_k = 512"),
    QT_TRANSLATE_NOOP("Presets", "5 tokens at d_model = d_k = d_v = 512, random weights with std "
                                 "1/√512 (seed 512): scaled logits stay near ±1"),
    QT_TRANSLATE_NOOP("Presets", "Softmax saturation (unscaled, d_k = 512)"),
    QT_TRANSLATE_NOOP("Presets", "d_k = 512 without the 1/√d_k: logits span −44 to 58, so "
                                 "softmax puts > 99% on one key in every row — tick “scale the "
                                 "scores” to compare"),
};

} // namespace

void fillPresetsMenu(QMenu *menu, Document *doc, Shell &shell, std::function<bool()> mayReplace,
                     std::function<void(const QString &name)> loaded) {
    menu->setToolTipsVisible(true);
    for (PresetEntry entry : presetEntries()) {
        const QString untranslated = entry.name;
        entry.name = QCoreApplication::translate("Presets", entry.name.toUtf8().constData());
        entry.description =
            QCoreApplication::translate("Presets", entry.description.toUtf8().constData());
        QAction *action = menu->addAction(entry.name);
        action->setToolTip(entry.description);
        action->setStatusTip(entry.description);
        QObject::connect(action, &QAction::triggered, doc, [=, s = &shell] {
            if (mayReplace && !mayReplace())
                return; // the user keeps the changed session
            QString error;
            std::optional<Preset> preset = loadPreset(entry, &error);
            if (preset && doc->replaceDocument(preset->inputs, entry.name, &error)) {
                applyPresetView(doc, preset->view);
                if (loaded)
                    loaded(untranslated);
                // The status tip flashes by only while hovering: say what it shows.
                s->showMessage(entry.description, 15000);
                return;
            }
            QMessageBox::warning(menu->parentWidget(),
                                 QCoreApplication::translate("PresetsMenu", "Preset"),
                                 QCoreApplication::translate(
                                     "PresetsMenu", "Cannot load the preset \u201c%1\u201d:\n%2")
                                     .arg(entry.name, error));
        });
    }
}

} // namespace attn::ui
