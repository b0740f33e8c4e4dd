#include "PresetsMenu.h"

#include "Document.h"
#include "Presets.h"
#include "Shell.h"

#include <QMenu>
#include <QMessageBox>

void fillPresetsMenu(QMenu *menu, Document *doc, Shell &shell, std::function<void()> loaded) {
    menu->setToolTipsVisible(true);
    for (const PresetEntry &entry : presetEntries()) {
        QAction *action = menu->addAction(entry.name);
        action->setToolTip(entry.description);
        action->setStatusTip(entry.description);
        QObject::connect(action, &QAction::triggered, doc, [doc, menu, entry, s = &shell, loaded] {
            QString error;
            std::optional<Preset> preset = loadPreset(entry, &error);
            if (preset && doc->replaceInputs(
                              preset->inputs,
                              QObject::tr("Load preset \u201c%1\u201d").arg(entry.name), &error)) {
                applyPresetView(doc, preset->view);
                if (loaded)
                    loaded();
                // The status tip flashes by only while hovering: say what it shows.
                s->showMessage(entry.description, 15000);
                return;
            }
            QMessageBox::warning(
                menu->parentWidget(), QObject::tr("Preset"),
                QObject::tr("Cannot load the preset \u201c%1\u201d:\n%2").arg(entry.name, error));
        });
    }
}
