// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionFeatures.h"

#include "AppSettings.h"
#include "document/Document.h"
#include "document/ViewStateRegistry.h"
#include "shell/Shell.h"

#include <QJsonObject>

namespace attn::ui {

void registerStandardViewState(ViewStateRegistry &viewState, Document &document, Shell &shell) {
    ViewStateRegistry *registry = &viewState;
    ViewSelection *selection = &document.selection();
    // Registration order is load order: the layout and head before the row and column they
    // are a selection in. Values of the wrong type are ignored, like unknown keys.
    registry->registerProvider(
        "layout",
        [selection] {
            return QJsonValue(selection->layout() == attn::Layout::Rows ? "rows" : "columns");
        },
        [selection](const QJsonValue &v) {
            if (v.toString() == "rows")
                selection->setLayout(attn::Layout::Rows);
            else if (v.toString() == "columns")
                selection->setLayout(attn::Layout::Columns);
        },
        selection);
    auto intKey = [&](const QString &key, int (ViewSelection::*get)() const,
                      void (ViewSelection::*set)(int)) {
        registry->registerProvider(
            key, [selection, get] { return QJsonValue((selection->*get)()); },
            [selection, set](const QJsonValue &v) {
                if (v.isDouble())
                    (selection->*set)(v.toInt());
            },
            selection);
    };
    intKey("head", &ViewSelection::currentHead, &ViewSelection::setCurrentHead);
    intKey("row", &ViewSelection::selectedRow, &ViewSelection::setSelectedRow);
    intKey("column", &ViewSelection::selectedColumn, &ViewSelection::setSelectedColumn);
    Shell *w = &shell;
    registry->registerProvider(
        "colorMaps",
        [w] {
            return QJsonValue(QJsonObject{{"sequential", colorMapName(w->sequentialMap())},
                                          {"diverging", colorMapName(w->divergingMap())}});
        },
        [w](const QJsonValue &v) {
            const QJsonObject o = v.toObject();
            std::optional<ColorMapId> s = colorMapFromName(o["sequential"].toString());
            std::optional<ColorMapId> d = colorMapFromName(o["diverging"].toString());
            if (!s || !sequentialMaps().contains(*s))
                s = w->sequentialMap();
            if (!d || !divergingMaps().contains(*d))
                d = w->divergingMap();
            w->setColorMaps(*s, *d);
        },
        w);
}

} // namespace attn::ui
