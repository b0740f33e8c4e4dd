// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliRender.h"
#include "CliNumbers.h"

#include <QCommandLineParser>

#include <algorithm>
#include <limits>
#include <optional>

namespace {

// A whole number, kept within int so that an absurd value is reported, not wrapped.
std::optional<int> parseInt(const QString &text) {
    const std::optional<qint64> value = wholeNumber(text);
    if (!value)
        return std::nullopt;
    return int(std::clamp<qint64>(*value, std::numeric_limits<int>::min() / 2,
                                  std::numeric_limits<int>::max() / 2));
}

} // namespace

QString parseRenderOptions(const QCommandLineParser &parser, RenderRequest *request) {
    FigureRequest &f = request->figure;
    const QStringList views = figureViewNames();
    if (!parser.isSet("view"))
        return "render needs --view " + views.join("|");
    const QString view = parser.value("view");
    const auto parsedView = figureViewFromName(view);
    if (!parsedView)
        return "--view expects one of " + views.join(", ") + " for render, got \"" + view + "\"";
    f.view = *parsedView;
    if (!parser.isSet("out") || parser.value("out").isEmpty())
        return "render needs --out PATH.png, PATH.svg or PATH.pdf";
    request->out = parser.value("out");
    const auto format = figureFormatFromPath(request->out);
    if (!format)
        return "--out must end in .png, .svg or .pdf (the format), got \"" + request->out + "\"";
    f.format = *format;
    for (const QString name : {"row", "head"}) {
        if (!parser.isSet(name))
            continue;
        const auto value = parseInt(parser.value(name));
        if (!value)
            return "--" + name + " expects a whole number, got \"" + parser.value(name) + "\"";
        (name == "row" ? f.row : f.head) = *value;
    }
    for (const QString side : {"width", "height"}) {
        if (!parser.isSet(side))
            continue;
        const auto value = parseInt(parser.value(side));
        if (!value || *value < 16 || *value > kMaxFigurePixels)
            return QString("--%1 expects 16 to %2 pixels, got %3")
                .arg(side)
                .arg(kMaxFigurePixels)
                .arg(parser.value(side));
        if (side == "width")
            f.size.setWidth(*value);
        else
            f.size.setHeight(*value);
    }
    if (parser.isSet("scale")) {
        if (f.format != FigureFormat::Png)
            return "--scale applies to PNG output only (SVG and PDF are vector)";
        bool ok = false;
        f.scale = parser.value("scale").toDouble(&ok);
        if (!ok || !(f.scale >= kMinFigureScale && f.scale <= kMaxFigureScale))
            return "--scale expects a number from 0.25 to 8, got \"" + parser.value("scale") + "\"";
    }
    return {};
}
