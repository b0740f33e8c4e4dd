// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelText.h"

#include "Formula.h"
#include "InputError.h"
#include "Notation.h"
#include "TextTable.h"
#include "io/ResultJson.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

using Align = TextTable::Align;

std::string indexText(Eigen::Index i) {
    return std::to_string(i);
}

// "0..3", or "2" for a range of one.
std::string range(Eigen::Index first, Eigen::Index last) {
    return first == last ? indexText(first) : indexText(first) + ".." + indexText(last);
}

std::string scientific(double value) {
    if (value == 0)
        return "0";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1e", value);
    return buffer;
}

// Vectors written "[ a  b  c ]" with entries as wide as the widest of the whole table, so the
// entries of consecutive rows line up.
class Cells {
public:
    explicit Cells(int precision) : precision_(precision) {}
    void measure(const RowVector &v) {
        for (Eigen::Index k = 0; k < v.size(); ++k)
            width_ = std::max(width_, displayWidth(notation::fixed(v(k), precision_)));
    }
    std::string operator()(const RowVector &v) const {
        std::string out = "[";
        for (Eigen::Index k = 0; k < v.size(); ++k) {
            const std::string text = notation::fixed(v(k), precision_);
            out += std::string((k ? 2 : 1) + width_ - displayWidth(text), ' ') + text;
        }
        return out + " ]";
    }

private:
    int precision_;
    std::size_t width_ = 0;
};

// The largest entry difference, and whether it is within 1e-12 of the plain result's scale.
struct Agreement {
    double diff = 0;
    bool ok = true;
};
Agreement agreement(const Matrix &a, const Matrix &b) {
    Agreement g;
    if (a.size() == 0)
        return g;
    g.diff = (a - b).cwiseAbs().maxCoeff();
    g.ok = g.diff <= 1e-12 * std::max(1.0, b.cwiseAbs().maxCoeff());
    return g;
}

std::string mark(bool ok) {
    return ok ? " \u2713" : " \u2717";
}

std::string tokenLabel(const std::vector<std::string> &labels, Eigen::Index i) {
    return std::size_t(i) < labels.size() ? labels[std::size_t(i)] : "#" + indexText(i);
}

// What the logits are: the scores times the factor (and why), masked keys −∞.
std::string logitsNote(const AttentionInputs &in, const HeadKernelInputs &k, int precision) {
    std::string note =
        "(logits = q\u00b7k \u00d7 " + notation::fixed(k.factor, std::max(precision, 4));
    if (in.options.scale)
        note += " = 1/" + scaleSymbol().toStdString() +
                (in.options.temperature != 1.0 ? "/temperature" : "");
    else if (in.options.temperature != 1.0)
        note += " = 1/temperature";
    if (k.masked.size() != 0 && k.masked.any())
        note += "; masked keys are \u2212\u221e and add exp(\u2212\u221e) = 0";
    return note + ")";
}

} // namespace

std::string onlineText(const AttentionInputs &inputs, const AttentionResult &result,
                       Eigen::Index head, Eigen::Index row, Eigen::Index block, int precision) {
    const HeadKernelInputs k = headKernelInputs(inputs, result, head);
    const OnlineRow walk = onlineSoftmaxRow(k, row, block);
    const std::string query = tokenLabel(inputs.tokens, row);
    std::string out;
    auto line = [&out](const std::string &text = "") { out += text + "\n"; };
    auto num = [precision](double v) { return notation::fixed(v, precision); };

    line("online softmax of output row " + indexText(row) + " (query " + query + ", head " +
         indexText(head) + "), key blocks of " + indexText(block) +
         (block == 1 ? " key" : " keys"));
    line("walks the key blocks left to right keeping m (the running maximum of the logits), "
         "\u2113 (the running sum of exp(logit \u2212 m)) and acc (the running sum of "
         "exp(logit \u2212 m)\u00b7V[key]);");
    line("when m grows, \u2113 and acc are multiplied by the rescale factor exp(m_old \u2212 "
         "m_new); the n\u00d7m weights are never stored");
    line(logitsNote(inputs, k, precision));
    line();

    Cells logits(precision), accs(precision);
    for (const OnlineStep &s : walk.steps) {
        logits.measure(s.logits);
        accs.measure(s.acc);
    }
    accs.measure(walk.output);
    TextTable t;
    for (Align align : {Align::Left, Align::Left, Align::Right, Align::Right, Align::Right,
                        Align::Right, Align::Left})
        t.addColumn(align);
    t.addRow({"keys", "logits", "block max", "m", "rescale", "\u2113", "acc"});
    for (const OnlineStep &s : walk.steps)
        t.addRow({range(s.first, s.last), logits(s.logits), num(s.blockMax), num(s.max),
                  num(s.rescale), num(s.sum), accs(s.acc)});
    t.addRule({6});
    t.addRow({"", "", "", "", "", "acc / \u2113 =", accs(walk.output)});
    out += t.render("  ");

    const Agreement plain = agreement(walk.output, result.heads[std::size_t(head)].output.row(row));
    if (walk.fullyMasked)
        line("every key is masked for " + query +
             ": \u2113 stays 0, so the output row is 0, as in the plain path");
    line("check: acc / \u2113 equals row " + indexText(row) + " of " +
         attentionFormula(Layout::Rows).toStdString() +
         " computed as a whole (largest difference " + scientific(plain.diff) + ")" +
         mark(plain.ok));

    const TiledAttention all = tiledAttention(k, block, block);
    const Agreement tiled = agreement(all.output, result.heads[std::size_t(head)].output);
    const Eigen::Index n = k.Q.rows(), m = k.K.rows(), dv = k.V.cols();
    const Eigen::Index br = std::min(block, n), bc = std::min(block, m);
    line();
    line("all rows as a tiled kernel: " + indexText(all.queryBlocks) + " query block" +
         (all.queryBlocks == 1 ? "" : "s") + " \u00d7 " + indexText(all.keyBlocks) + " key block" +
         (all.keyBlocks == 1 ? "" : "s") + " of " + indexText(block) +
         "; largest difference from the plain output " + scientific(tiled.diff) + mark(tiled.ok));
    line("memory: the plain path holds the " + shapeString(n, m) + " weights (" +
         indexText(all.plainDoubles) + " numbers); the tiled kernel one " + shapeString(br, bc) +
         " logits tile, a " + shapeString(br, dv) + " accumulator and m, \u2113 of " +
         indexText(br) + (br == 1 ? " row (" : " rows (") + indexText(all.tiledDoubles) +
         " numbers)");
    return out;
}

std::string onlineJson(const AttentionInputs &inputs, const AttentionResult &result,
                       Eigen::Index head, Eigen::Index row, Eigen::Index block) {
    const OnlineRow walk = onlineSoftmaxRow(headKernelInputs(inputs, result, head), row, block);
    auto vector = [](const RowVector &v) {
        std::string out = "[";
        for (Eigen::Index k = 0; k < v.size(); ++k)
            out += (k ? ", " : "") + jsonNumber(v(k));
        return out + "]";
    };
    std::string out =
        "{\"row\": " + indexText(row) + ", \"block\": " + indexText(block) + ", \"steps\": [";
    for (std::size_t i = 0; i < walk.steps.size(); ++i) {
        const OnlineStep &s = walk.steps[i];
        out += std::string(i ? "," : "") + "\n  {\"keys\": [" + indexText(s.first) + ", " +
               indexText(s.last) + "], \"block_max\": " + jsonNumber(s.blockMax) +
               ", \"max\": " + jsonNumber(s.max) + ", \"sum\": " + jsonNumber(s.sum) +
               ", \"rescale\": " + jsonNumber(s.rescale) + ", \"acc\": " + vector(s.acc) + "}";
    }
    out += walk.steps.empty() ? "]" : "\n]";
    return out + ", \"output\": " + vector(walk.output) + "}\n";
}

std::string tiledText(const AttentionInputs &inputs, const AttentionResult &result,
                      Eigen::Index head, bool scores, TileSize size, int precision) {
    headKernelInputs(inputs, result, head); // checks the layout and the head
    const HeadResult &h = result.heads[std::size_t(head)];
    const Matrix A = scores ? h.Q : h.weights();
    const Matrix B = scores ? Matrix(h.K.transpose()) : h.V;
    const Matrix &whole = scores ? h.scores() : h.output;
    const std::string pName = scores ? "scores" : "output";
    const std::string aName = scores ? "Q" : "weights";
    const std::string bName = scores ? transposed("K").toStdString() : "V";
    const TiledProduct tiled = tiledProduct(A, B, size);

    std::string out;
    auto line = [&out](const std::string &text = "") { out += text + "\n"; };
    line(pName + " (head " + indexText(head) + ") = " + aName + "\u00b7" + bName + " in tiles of " +
         indexText(size.rows) + "\u00d7" + indexText(size.cols) + " with inner blocks of " +
         indexText(size.inner) + ": " + indexText(tiled.tileRows) + "\u00d7" +
         indexText(tiled.tileCols) + " tiles, each the sum of " + indexText(tiled.innerBlocks) +
         " block product" + (tiled.innerBlocks == 1 ? "" : "s"));
    line("  " + pName + "[I,J] = \u03a3_K " + aName + "[I,K]\u00b7" + bName +
         "[K,J]  (I: the tile's rows, J: its columns, K: one block of the inner " +
         (scores ? "dimension d_k" : "index, the keys") + ")");

    Cells cells(precision);
    for (const ProductTile &tile : tiled.tiles) {
        for (const TileTerm &term : tile.terms)
            for (Eigen::Index r = 0; r < term.product.rows(); ++r)
                cells.measure(term.product.row(r));
        for (Eigen::Index r = 0; r < tile.sum.rows(); ++r)
            cells.measure(tile.sum.row(r));
    }
    for (std::size_t t = 0; t < tiled.tiles.size(); ++t) {
        const ProductTile &tile = tiled.tiles[t];
        const std::string I = range(tile.rowFirst, tile.rowFirst + tile.rowCount - 1);
        const std::string J = range(tile.colFirst, tile.colFirst + tile.colCount - 1);
        line();
        line("tile " + indexText(Eigen::Index(t) + 1) + " of " +
             indexText(Eigen::Index(tiled.tiles.size())) + ": rows " + I + ", columns " + J);
        TextTable table;
        table.addColumn(Align::Left);
        table.addColumn(Align::Left);
        auto matrixRows = [&](const std::string &label, const Matrix &m) {
            for (Eigen::Index r = 0; r < m.rows(); ++r)
                table.addRow({r == 0 ? label : "", cells(m.row(r))});
        };
        for (const TileTerm &term : tile.terms) {
            const std::string K = range(term.innerFirst, term.innerFirst + term.innerCount - 1);
            matrixRows(aName + "[" + I + "," + K + "]\u00b7" + bName + "[" + K + "," + J + "]",
                       term.product);
        }
        table.addRule({1});
        matrixRows("sum = " + pName + "[" + I + "," + J + "]", tile.sum);
        out += table.render("  ");
    }
    line();
    const Agreement g = agreement(tiled.assembled, whole);
    line("check: the tiles put together equal " + aName + "\u00b7" + bName +
         " computed as one matrix product (largest difference " + scientific(g.diff) + ")" +
         mark(g.ok));
    return out;
}

} // namespace attn
