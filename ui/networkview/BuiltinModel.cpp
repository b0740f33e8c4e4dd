// SPDX-License-Identifier: GPL-3.0-or-later
#include "BuiltinModel.h"

#include "NetworkController.h"
#include "network/NetworkDocument.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QStandardPaths>

namespace attn::ui {

namespace builtinmodel {

QStringList candidateFolders() {
    const QString relative = QStringLiteral("attnviz/models/") + kName;
    QStringList out;
    // <prefix>/bin/attnviz → <prefix>/share/attnviz/models/attnviz-tiny.
    if (QCoreApplication::instance())
        out << QDir::cleanPath(QCoreApplication::applicationDirPath() + "/../share/" + relative);
    for (const QString &data :
         QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation))
        out << QDir::cleanPath(data + '/' + relative);
#ifdef ATTNVIZ_SOURCE_MODELS_DIR
    // The build tree: the files are not copied, the loader maps them where they are.
    out << QDir::cleanPath(QStringLiteral(ATTNVIZ_SOURCE_MODELS_DIR "/") + kName);
#endif
    out.removeDuplicates();
    return out;
}

QString folder() {
    for (const QString &candidate : candidateFolders()) {
        const QDir dir(candidate);
        if (QFileInfo(dir.filePath("config.json")).isFile() &&
            QFileInfo(dir.filePath("model.safetensors")).isFile())
            return candidate;
    }
    return {};
}

QString presetText() {
    // After <|endoftext|>, as the model saw every window in training (model train --bos): the
    // first-token heads rest on it.
    return QStringLiteral(
        "<|endoftext|>The queens told the king that they would stay, so the queens rested. "
        "The program wrote the file to the system. The program wrote the file to the system.");
}

QAction *addPreset(QMenu *presets, NetworkController &model) {
    presets->addSeparator();
    QAction *action =
        presets->addAction(QCoreApplication::translate("BuiltinModel", "A small trained model"));
    const QString tip = QCoreApplication::translate(
        "BuiltinModel", "The 2-layer GPT-2 attnviz trained itself (Jargon File, generated "
                        "sentences, repeated words), on a sentence with a pronoun and a repeat: "
                        "find the previous-token, first-token and induction heads");
    action->setToolTip(tip);
    action->setStatusTip(tip);
    QObject::connect(action, &QAction::triggered, &model, [&model] {
        QString found = folder();
        // Not found: opening where it should be says so as any folder that cannot be opened.
        if (found.isEmpty())
            found = candidateFolders().value(0);
        // The text once this folder is open: a failed open keeps the model and text before.
        model.openFolder(found, [&model] { model.networkDocument().setText(presetText()); });
    });
    return action;
}

} // namespace builtinmodel

} // namespace attn::ui
