// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliExplainOptions.h"
#include "CliNumbers.h"

#include <QCommandLineParser>
#include <QStringList>

Eigen::Index parseIndex(const QString &option, const QString &text) {
    const std::optional<qint64> value = wholeNumber(text);
    if (!value)
        throw UsageError{option + " expects a whole number, got \"" + text + "\""};
    return Eigen::Index(*value);
}

namespace {

attn::ExplainView parseView(const QString &text) {
    if (text == "dot")
        return attn::ExplainView::Dot;
    if (text == "row")
        return attn::ExplainView::Row;
    if (text == "column")
        return attn::ExplainView::Column;
    if (text == "outer")
        return attn::ExplainView::Outer;
    if (text == "online")
        return attn::ExplainView::Online;
    if (text == "tiled")
        return attn::ExplainView::Tiled;
    throw UsageError{"--view expects dot, row, column, outer, online or tiled, got \"" + text +
                     "\""};
}

// --tile R,C,K: the tile's rows, columns and inner block, each at least 1.
attn::TileSize parseTile(const QString &text) {
    const QStringList parts = text.split(',');
    if (parts.size() != 3)
        throw UsageError{"--tile expects three sizes R,C,K (e.g. --tile 2,2,2), got \"" + text +
                         "\""};
    attn::TileSize size{parseIndex("--tile", parts[0]), parseIndex("--tile", parts[1]),
                        parseIndex("--tile", parts[2])};
    if (size.rows < 1 || size.cols < 1 || size.inner < 1)
        throw UsageError{"--tile sizes must be at least 1, got \"" + text + "\""};
    return size;
}

} // namespace

void parseKernelOptions(const QCommandLineParser &parser, attn::ExplainRequest &r) {
    const bool online = r.view == attn::ExplainView::Online;
    const bool tiled = r.view == attn::ExplainView::Tiled;
    if (parser.isSet("block") && !online)
        throw UsageError{"--block applies to --view online only"};
    if (parser.isSet("json") && !online)
        throw UsageError{"--json applies to --view online only"};
    if (parser.isSet("tile") && !tiled)
        throw UsageError{"--tile applies to --view tiled only"};
    if (online) {
        if (!parser.isSet("block"))
            throw UsageError{"--view online needs --block B (keys per block)"};
        r.block = parseIndex("--block", parser.value("block"));
        if (r.block < 1)
            throw UsageError{"--block expects at least 1 key, got " + parser.value("block")};
        if (parser.isSet("product") && parser.value("product") != "output")
            throw UsageError{"--view online walks the output (softmax then \u00b7V): no "
                             "--product scores"};
        r.json = parser.isSet("json");
    }
    if (tiled) {
        if (!parser.isSet("tile"))
            throw UsageError{"--view tiled needs --tile R,C,K (tile rows, columns, inner block)"};
        r.tile = parseTile(parser.value("tile"));
    }
}

void parseExplainSelection(const QCommandLineParser &parser, attn::ExplainRequest &r) {
    const bool row = parser.isSet("row"), column = parser.isSet("column");
    const bool cell = parser.isSet("cell");
    if (row)
        r.row = parseIndex("--row", parser.value("row"));
    if (column)
        r.column = parseIndex("--column", parser.value("column"));
    if (cell) {
        if (row || column)
            throw UsageError{"--cell I,J cannot be combined with --row or --column"};
        const QString text = parser.value("cell");
        const QStringList parts = text.split(',');
        if (parts.size() != 2)
            throw UsageError{"--cell expects two indices I,J (e.g. --cell 0,2), got \"" + text +
                             "\""};
        r.row = parseIndex("--cell", parts[0]);
        r.column = parseIndex("--cell", parts[1]);
    }

    if (parser.isSet("view")) {
        r.view = parseView(parser.value("view"));
        switch (r.view) {
        case attn::ExplainView::Row:
            if (!row || column || cell)
                throw UsageError{"--view row needs --row I (and no --column or --cell)"};
            break;
        case attn::ExplainView::Column:
            if (!column || row || cell)
                throw UsageError{"--view column needs --column J (and no --row or --cell)"};
            break;
        case attn::ExplainView::Dot:
            if (!cell && !(row && column))
                throw UsageError{"--view dot needs --cell I,J (or --row I --column J)"};
            break;
        case attn::ExplainView::Outer:
            if (row || column || cell)
                throw UsageError{"--view outer takes the whole product: no --row, --column or "
                                 "--cell"};
            break;
        case attn::ExplainView::Online:
            if (!row || column || cell)
                throw UsageError{"--view online needs --row I (and no --column or --cell)"};
            break;
        case attn::ExplainView::Tiled:
            if (row || column || cell)
                throw UsageError{"--view tiled takes the whole product: no --row, --column or "
                                 "--cell"};
            break;
        }
    } else if (cell || (row && column)) {
        r.view = attn::ExplainView::Dot;
    } else if (row) {
        r.view = attn::ExplainView::Row;
    } else if (column) {
        r.view = attn::ExplainView::Column;
    } else {
        throw UsageError{"explain needs --row I, --column J, --cell I,J or --view outer"};
    }
}
