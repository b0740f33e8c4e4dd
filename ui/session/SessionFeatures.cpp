// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionFeatures.h"

#include "AppSettings.h"
#include "model/Document.h"
#include "model/ViewStateRegistry.h"
#include "shell/Shell.h"

#include <QJsonObject>

void registerStandardViewState(ViewStateRegistry &viewState, Document &document, Shell &shell) {
    ViewStateRegistry *registry = &viewState;
    Document *doc = &document;
    // Registration order is load order: the layout and head before the row and column they
    // are a selection in. Values of the wrong type are ignored, like unknown keys.
    registry->registerProvider(
        "layout",
        [doc] { return QJsonValue(doc->layout() == attn::Layout::Rows ? "rows" : "columns"); },
        [doc](const QJsonValue &v) {
            if (v.toString() == "rows")
                doc->setLayout(attn::Layout::Rows);
            else if (v.toString() == "columns")
                doc->setLayout(attn::Layout::Columns);
        },
        doc);
    auto intKey = [&](const QString &key, int (Document::*get)() const,
                      void (Document::*set)(int)) {
        registry->registerProvider(
            key, [doc, get] { return QJsonValue((doc->*get)()); },
            [doc, set](const QJsonValue &v) {
                if (v.isDouble())
                    (doc->*set)(v.toInt());
            },
            doc);
    };
    intKey("head", &Document::currentHead, &Document::setCurrentHead);
    intKey("row", &Document::selectedRow, &Document::setSelectedRow);
    intKey("column", &Document::selectedColumn, &Document::setSelectedColumn);
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
