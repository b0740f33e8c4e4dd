// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplainText.h"

#include "Decomposition.h"
#include "Formula.h"
#include "InputError.h"
#include "Notation.h"
#include "TextTable.h"
#include "kernels/KernelText.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

using Align = TextTable::Align;

std::string str(Eigen::Index i) {
    return std::to_string(i);
}

// "0..3", or "0" when there is only one.
std::string indexRange(Eigen::Index count) {
    return count == 1 ? std::string("0") : "0.." + str(count - 1);
}

// Long token labels would push every number in a table to the right: cut them to `maxWidth`
// terminal columns, ending in "…".
std::string shortLabel(const std::string &label, std::size_t maxWidth = 12) {
    if (displayWidth(label) <= maxWidth)
        return label;
    std::string out;
    for (std::size_t i = 0; i < label.size();) {
        std::size_t next = i + 1; // the next code point starts at a non-continuation byte
        while (next < label.size() && (static_cast<unsigned char>(label[next]) & 0xC0) == 0x80)
            ++next;
        const std::string codePoint = label.substr(i, next - i);
        if (displayWidth(out) + displayWidth(codePoint) + 1 > maxWidth)
            break;
        out += codePoint;
        i = next;
    }
    return out + "\u2026";
}

std::vector<std::string> indexLabels(Eigen::Index n, const std::string &prefix) {
    std::vector<std::string> out;
    for (Eigen::Index i = 0; i < n; ++i)
        out.push_back(prefix + str(i));
    return out;
}

// Vectors printed as "[ a  b  c ]" cells whose entries line up from one cell to the next (and
// with a header cell naming the entries).
class VectorCells {
public:
    VectorCells(const std::vector<RowVector> &vectors, const std::vector<std::string> &labels,
                int precision) {
        for (const RowVector &v : vectors) {
            std::vector<std::string> entries;
            for (Eigen::Index k = 0; k < v.size(); ++k) {
                entries.push_back(notation::fixed(v(k), precision));
                width_ = std::max(width_, displayWidth(entries.back()));
            }
            entries_.push_back(std::move(entries));
        }
        // Labels are cut to the numbers' width (the row labels show them in full).
        const std::size_t labelWidth = std::max<std::size_t>(width_, 6);
        for (const std::string &label : labels) {
            labels_.push_back(shortLabel(label, labelWidth));
            width_ = std::max(width_, displayWidth(labels_.back()));
        }
    }
    std::string cell(std::size_t i) const { return join(entries_.at(i), "[", " ]"); }
    // The entries' labels, aligned with them; empty without labels.
    std::string labelCell() const { return labels_.empty() ? "" : join(labels_, " ", ""); }

private:
    std::string join(const std::vector<std::string> &items, const char *open,
                     const char *close) const {
        std::string out = open;
        for (std::size_t i = 0; i < items.size(); ++i)
            out += std::string((i ? 2 : 1) + width_ - displayWidth(items[i]), ' ') + items[i];
        return out + close;
    }
    std::vector<std::vector<std::string>> entries_;
    std::vector<std::string> labels_;
    std::size_t width_ = 0;
};

// P = A·B for one head, with the names and labels the text uses.
struct Product {
    bool output = true;    // weights·V (else scores = Q·Kᵀ)
    std::string name;      // "output" / "scores"
    std::string aName;     // "weights" / "Q"
    std::string bName;     // "V" / "Kᵀ"
    std::string innerWord; // what k runs over: "key" / "dim"
    Matrix a, b;
    Matrix whole; // P as the full computation produced it, to check the sum against
    std::vector<std::string> rowLabels, innerLabels, colLabels;
    bool colsAreTokens = false;
};

class Explainer {
public:
    Explainer(const AttentionInputs &inputs, const AttentionResult &result,
              const ExplainRequest &request)
        : in_(inputs), result_(result), req_(request) {
        const HeadResult &head = result.heads[std::size_t(request.head)];
        Product &p = p_;
        p.output = request.product == ExplainProduct::Output;
        p.rowLabels = inputs.tokens;
        if (p.output) {
            p.name = "output";
            p.aName = "weights";
            p.bName = "V";
            p.innerWord = "key";
            p.a = head.weights();
            p.b = head.V;
            p.whole = head.output;
            p.innerLabels = inputs.sourceTokens();
            p.colLabels = indexLabels(head.V.cols(), "d");
        } else {
            p.name = "scores";
            p.aName = "Q";
            p.bName = transposed("K").toStdString();
            p.innerWord = "dim";
            p.a = head.Q;
            p.b = head.K.transpose();
            p.whole = head.scores();
            p.innerLabels = indexLabels(head.Q.cols(), "d");
            p.colLabels = inputs.sourceTokens();
            p.colsAreTokens = true;
        }
    }

    std::string run() {
        switch (req_.view) {
        case ExplainView::Row:
            rowView();
            break;
        case ExplainView::Column:
            columnView();
            break;
        case ExplainView::Dot:
            dotView();
            break;
        case ExplainView::Outer:
            outerView();
            break;
        case ExplainView::Online:
            return req_.json
                       ? onlineJson(in_, result_, req_.head, req_.row, req_.block)
                       : onlineText(in_, result_, req_.head, req_.row, req_.block, req_.precision);
        case ExplainView::Tiled:
            return tiledText(in_, result_, req_.head, !p_.output, req_.tile, req_.precision);
        }
        return out_;
    }

private:
    void line(const std::string &text = "") { out_ += text + "\n"; }
    std::string num(double v) const { return notation::fixed(v, req_.precision); }
    std::string query(Eigen::Index i) const { return shortLabel(p_.rowLabels[std::size_t(i)]); }
    std::string inner(Eigen::Index k) const { return shortLabel(p_.innerLabels[std::size_t(k)]); }
    std::string head() const { return "head " + str(req_.head); }
    std::vector<std::string> colTokens() const {
        return p_.colsAreTokens ? p_.colLabels : std::vector<std::string>{};
    }

    // "dimension 2" of the output, or "key t1" of the scores.
    std::string columnName(Eigen::Index j) const {
        return p_.output ? "dimension " + str(j)
                         : "key " + shortLabel(p_.colLabels[std::size_t(j)]);
    }

    void checkRow(Eigen::Index i) const {
        const Eigen::Index n = p_.a.rows();
        if (i < 0 || i >= n)
            throw InputError("row " + str(i) + " is out of range: there " +
                             (n == 1 ? "is 1 query" : "are " + str(n) + " queries") + " (rows " +
                             indexRange(n) + ")");
    }
    void checkColumn(Eigen::Index j) const {
        const Eigen::Index m = p_.b.cols();
        if (j < 0 || j >= m)
            throw InputError(
                "column " + str(j) + " is out of range: " +
                (p_.output ? head() + "'s output has " + str(m) + (m == 1 ? " column" : " columns")
                           : (m == 1 ? "there is 1 key" : "there are " + str(m) + " keys")) +
                " (columns " + indexRange(m) + ")");
    }

    // What the numbers are part of: a head's own output is not yet the layer's output.
    void contextNotes() {
        const bool several = in_.heads.size() > 1;
        if (p_.output && (several || in_.hasWo())) {
            std::string note = "(this is " + head() + "'s own output, before ";
            if (several)
                note += in_.hasWo() ? "the heads are concatenated and multiplied by Wo)"
                                    : "the heads are concatenated)";
            else
                note += "the projection Wo)";
            line(note);
        }
        if (!p_.output) {
            const double factor = logitFactor(in_.options, p_.a.cols());
            std::string note = "(unscaled: the logits are the scores \u00d7 " +
                               notation::fixed(factor, std::max(req_.precision, 4));
            if (in_.options.scale)
                note += " = 1/" + scaleSymbol().toStdString() +
                        (in_.options.temperature != 1.0 ? "/temperature" : "");
            else if (in_.options.temperature != 1.0)
                note += " = 1/temperature";
            if (in_.options.softcap > 0)
                note += ", soft-capped to c\u00b7tanh(\u2026/c) with c = " +
                        notation::fixed(in_.options.softcap, req_.precision);
            if (result_.masked.any())
                note += ", and masked cells are \u2212\u221e there";
            line(note + ")");
        }
    }

    bool rowFullyMasked(Eigen::Index i) const {
        return p_.output && result_.masked.rows() == p_.a.rows() && result_.masked.row(i).all();
    }
    std::string maskedNote(Eigen::Index i, Eigen::Index k) const {
        return p_.output && result_.masked.rows() == p_.a.rows() && result_.masked(i, k)
                   ? "(masked)"
                   : "";
    }

    static bool isDistribution(const RowVector &w) {
        return w.minCoeff() >= 0 && std::abs(w.sum() - 1.0) <= 1e-9;
    }

    // The softmax promise for the one row of weights the view uses.
    void weightsRowCheck(Eigen::Index i) {
        if (!p_.output)
            return;
        const std::string q = query(i);
        if (rowFullyMasked(i)) {
            line("check: every key is masked for " + q +
                 ", so its weights are all 0 (not a weighted average) and its output row is 0");
            return;
        }
        const RowVector w = p_.a.row(i);
        const std::string wik = "weights[" + str(i) + ",k]";
        line("check: every " + wik + " \u2265 0 and \u03a3_k " + wik + " = " + num(w.sum()) +
             (isDistribution(w) ? " \u2713" : " \u2717 (expected \u2265 0 and a sum of 1)"));
    }

    // The same promise for every row (the column and outer views use all of them).
    void weightsAllCheck() {
        if (!p_.output)
            return;
        std::string maskedRows;
        bool ok = true;
        for (Eigen::Index i = 0; i < p_.a.rows(); ++i) {
            if (rowFullyMasked(i))
                maskedRows += (maskedRows.empty() ? "" : ", ") + query(i);
            else
                ok = ok && isDistribution(p_.a.row(i));
        }
        std::string text = "check: every row of the weights is \u2265 0 and sums to 1";
        if (!maskedRows.empty())
            text += " (except " + maskedRows + ": every key masked, all 0)";
        line(text + (ok ? " \u2713" : " \u2717"));
    }

    // The terms really add up to the product computed in one go.
    void wholeCheck(const Matrix &sum, const Matrix &whole, const std::string &part) {
        const double diff = (sum - whole).cwiseAbs().maxCoeff();
        const double scale = std::max(1.0, whole.cwiseAbs().maxCoeff());
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1e", diff);
        line("check: the sum equals " + part + p_.aName + "\u00b7" + p_.bName +
             " computed as one matrix product (largest difference " +
             (diff == 0 ? std::string("0") : std::string(buffer)) + ")" +
             (diff <= 1e-9 * scale ? " \u2713" : " \u2717"));
    }

    void rowView() {
        const Eigen::Index i = req_.row;
        checkRow(i);
        const RowDecomposition d = rowDecomposition(p_.a, p_.b, i);
        const std::string q = query(i);
        const std::string a = p_.aName + "[" + str(i) + ",k]", b = p_.bName + "[k]";
        line(p_.name + " row " + str(i) + " (query " + q + ", " + head() + ") = \u03a3_k " + a +
             " \u00b7 " + b);
        line(p_.output
                 ? "the rows of V, one per key, weighted by how much " + q + " attends to each key"
                 : "the rows of " + p_.bName +
                       ", one per dimension, weighted by the query vector of " + q + " (row " +
                       str(i) + " of Q)");
        contextNotes();
        line();

        std::vector<RowVector> rows, scaled;
        for (Eigen::Index k = 0; k < d.rows.rows(); ++k) {
            rows.push_back(d.rows.row(k));
            scaled.push_back(d.scaled.row(k));
        }
        scaled.push_back(d.sum);
        const VectorCells bCells(rows, colTokens(), req_.precision);
        const VectorCells sCells(scaled, colTokens(), req_.precision);
        TextTable t;
        for (Align align : {Align::Right, Align::Left, Align::Left, Align::Left, Align::Left,
                            Align::Left, Align::Left})
            t.addColumn(align);
        t.addRow({a, p_.innerWord, "", b, "", a + " \u00b7 " + b});
        if (p_.colsAreTokens)
            t.addRow({"", "", "", bCells.labelCell(), "", sCells.labelCell()});
        for (Eigen::Index k = 0; k < d.weights.size(); ++k)
            t.addRow({num(d.weights(k)), inner(k), "\u00b7", bCells.cell(std::size_t(k)), "=",
                      sCells.cell(std::size_t(k)), maskedNote(i, k)});
        t.addRule({0, 5});
        t.addRow({p_.output ? num(d.weights.sum()) : "", "sum", "", "", "=",
                  sCells.cell(rows.size()), "= " + p_.name + " row " + str(i)});
        out_ += t.render("  ");
        weightsRowCheck(i);
        wholeCheck(d.sum, p_.whole.row(i), "row " + str(i) + " of ");
    }

    void columnView() {
        const Eigen::Index j = req_.column;
        checkColumn(j);
        const ColumnDecomposition d = columnDecomposition(p_.a, p_.b, j);
        const std::string b = p_.bName + "[k," + str(j) + "]", a = p_.aName + "[:,k]";
        line(p_.name + " column " + str(j) + " (" + columnName(j) + ", " + head() +
             ") = \u03a3_k " + b + " \u00b7 " + a);
        line(p_.output
                 ? "the columns of the weights (every query's attention to key k), each "
                   "scaled by key k's value " +
                       b
                 : "the columns of Q (dimension k of every query), each scaled by " + b +
                       " (dimension k of " + shortLabel(p_.colLabels[std::size_t(j)]) + "'s key)");
        line("(columns are printed across: one entry per query)");
        contextNotes();
        line();

        std::vector<RowVector> columns, scaled;
        for (Eigen::Index k = 0; k < d.columns.cols(); ++k) {
            columns.push_back(d.columns.col(k).transpose());
            scaled.push_back(d.scaled.col(k).transpose());
        }
        scaled.push_back(d.sum.transpose());
        const VectorCells aCells(columns, p_.rowLabels, req_.precision);
        const VectorCells sCells(scaled, p_.rowLabels, req_.precision);
        TextTable t;
        for (Align align : {Align::Right, Align::Left, Align::Left, Align::Left, Align::Left,
                            Align::Left, Align::Left})
            t.addColumn(align);
        t.addRow({b, p_.innerWord, "", a, "", b + " \u00b7 " + a});
        t.addRow({"", "", "", aCells.labelCell(), "", sCells.labelCell()});
        for (Eigen::Index k = 0; k < d.weights.size(); ++k)
            t.addRow({num(d.weights(k)), inner(k), "\u00b7", aCells.cell(std::size_t(k)), "=",
                      sCells.cell(std::size_t(k))});
        t.addRule({5});
        t.addRow({"", "sum", "", "", "=", sCells.cell(columns.size()),
                  "= " + p_.name + " column " + str(j)});
        out_ += t.render("  ");
        weightsAllCheck();
        wholeCheck(d.sum, p_.whole.col(j), "column " + str(j) + " of ");
    }

    void dotView() {
        const Eigen::Index i = req_.row, j = req_.column;
        checkRow(i);
        checkColumn(j);
        const DotDecomposition d = dotDecomposition(p_.a, p_.b, i, j);
        const std::string cell = "[" + str(i) + "," + str(j) + "]";
        const std::string a = p_.aName + "[" + str(i) + ",k]", b = p_.bName + "[k," + str(j) + "]";
        const std::string q = query(i);
        line(p_.name + cell + " (query " + q + ", " + columnName(j) + ", " + head() +
             ") = \u03a3_k " + a + " \u00b7 " + b);
        line(p_.output ? "row " + str(i) + " of the weights (" + q +
                             "'s attention to each key) \u00b7 column " + str(j) +
                             " of V (each key's value in dimension " + str(j) + ")"
                       : "the query vector of " + q + " (row " + str(i) +
                             " of Q) dotted with the key vector of " +
                             shortLabel(p_.colLabels[std::size_t(j)]) + " (column " + str(j) +
                             " of " + p_.bName + ")");
        contextNotes();
        line();

        TextTable t;
        for (Align align : {Align::Left, Align::Right, Align::Left, Align::Right, Align::Left,
                            Align::Right, Align::Left})
            t.addColumn(align);
        t.addRow({p_.innerWord, a, "", b, "", a + " \u00b7 " + b});
        for (Eigen::Index k = 0; k < d.products.size(); ++k)
            t.addRow({inner(k), num(d.a(k)), "\u00b7", num(d.b(k)), "=", num(d.products(k)),
                      maskedNote(i, k)});
        t.addRule({1, 5});
        t.addRow({"sum", p_.output ? num(d.a.sum()) : "", "", "", "=", num(d.sum),
                  "= " + p_.name + cell});
        out_ += t.render("  ");
        weightsRowCheck(i);
        Matrix sum(1, 1), whole(1, 1);
        sum(0, 0) = d.sum;
        whole(0, 0) = p_.whole(i, j);
        wholeCheck(sum, whole, "entry " + cell + " of ");
    }

    void outerView() {
        const OuterDecomposition d = outerDecomposition(p_.a, p_.b);
        const Eigen::Index count = Eigen::Index(d.terms.size());
        const std::string a = p_.aName + "[:,k]", b = p_.bName + "[k]";
        line(p_.name + " (" + head() + ") = \u03a3_k " + a + " \u2297 " + b);
        line(p_.output ? "one rank-one term per key k: column k of the weights (every query's "
                         "attention to k)"
                       : "one rank-one term per dimension k: column k of Q (dimension k of every "
                         "query vector)");
        line((p_.output ? std::string("times row k of V (k's value)")
                        : "times row k of " + p_.bName + " (dimension k of every key)") +
             "; the running sum reaches the " + p_.name + " after the last term");

        // One set of cells for every term and partial sum, so all blocks line up.
        std::vector<RowVector> vectors;
        std::vector<Matrix> partials;
        Matrix partial = Matrix::Zero(p_.a.rows(), p_.b.cols());
        for (const Matrix &term : d.terms) {
            partial += term;
            partials.push_back(partial);
            for (Eigen::Index r = 0; r < term.rows(); ++r) {
                vectors.push_back(term.row(r));
                vectors.push_back(partial.row(r));
            }
        }
        const VectorCells cells(vectors, colTokens(), req_.precision);
        std::size_t next = 0;
        for (Eigen::Index k = 0; k < count; ++k) {
            const std::string kk = str(k);
            line();
            line("term " + str(k + 1) + " of " + str(count) + " (" + p_.innerWord + " " + inner(k) +
                 "): " + p_.aName + "[:," + kk + "] \u2297 " + p_.bName + "[" + kk + "]");
            TextTable t;
            for (Align align : {Align::Left, Align::Left, Align::Left})
                t.addColumn(align);
            t.addRow({"", "term", k + 1 == count ? "running sum = " + p_.name : "running sum"});
            if (p_.colsAreTokens)
                t.addRow({"", cells.labelCell(), cells.labelCell()});
            for (Eigen::Index r = 0; r < p_.a.rows(); ++r, next += 2)
                t.addRow({query(r), cells.cell(next), cells.cell(next + 1)});
            out_ += t.render("  ");
        }
        line();
        weightsAllCheck();
        wholeCheck(partials.empty() ? Matrix(d.sum) : partials.back(), p_.whole, "");
    }

    const AttentionInputs &in_;
    const AttentionResult &result_;
    const ExplainRequest &req_;
    Product p_;
    std::string out_;
};

} // namespace

std::string explainText(const AttentionInputs &inputs, const AttentionResult &result,
                        const ExplainRequest &request) {
    if (result.layout != Layout::Rows)
        throw InputError("explain works on the row layout's result");
    if (request.precision < 0 || request.precision > 15)
        throw InputError("the precision must be between 0 and 15 decimals, got " +
                         std::to_string(request.precision));
    const Eigen::Index heads = Eigen::Index(result.heads.size());
    if (request.head < 0 || request.head >= heads)
        throw InputError("head " + str(request.head) + " is out of range: there " +
                         (heads == 1 ? "is 1 head (head 0)"
                                     : "are " + str(heads) + " heads (" + indexRange(heads) + ")"));
    return Explainer(inputs, result, request).run();
}

} // namespace attn
