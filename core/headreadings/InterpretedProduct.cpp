// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretedProduct.h"

#include <algorithm>

#include <QCoreApplication>

namespace {

using attn::Stage;

QStringList indices(Eigen::Index count) {
    QStringList out;
    out.reserve(qsizetype(count));
    for (Eigen::Index k = 0; k < count; ++k)
        out << QString::number(k);
    return out;
}

// Token labels when they fit the matrix, indices otherwise (labels of other inputs).
QStringList labelsFor(const QStringList &tokens, Eigen::Index count) {
    return tokens.size() == count ? tokens : indices(count);
}

} // namespace

QString interpretationModeName(InterpretationMode mode) {
    switch (mode) {
    case InterpretationMode::Dot:
        return QCoreApplication::translate("InterpretedProduct", "Dot product");
    case InterpretationMode::Row:
        return QCoreApplication::translate("InterpretedProduct", "Row view");
    case InterpretationMode::Column:
        return QCoreApplication::translate("InterpretedProduct", "Column view");
    case InterpretationMode::Outer:
        return QCoreApplication::translate("InterpretedProduct", "Outer products");
    case InterpretationMode::Tiled:
        return QCoreApplication::translate("InterpretedProduct", "Tiles");
    case InterpretationMode::Online:
        return QCoreApplication::translate("InterpretedProduct", "Online softmax");
    }
    return {};
}

bool InterpretedProduct::rowViewIsConvex() const {
    return product == Product::Output && layout == attn::Layout::Rows;
}

bool InterpretedProduct::columnViewIsConvex() const {
    return product == Product::Output && layout == attn::Layout::Columns;
}

InterpretedProduct interpretProduct(const attn::AttentionResult &result, attn::Layout layout,
                                    int head, Product product, const QStringList &queries,
                                    const QStringList &keys) {
    InterpretedProduct p;
    p.product = product;
    p.layout = layout;
    if (result.heads.empty())
        return p;
    const attn::HeadResult &rowHead =
        result.heads[size_t(std::clamp(head, 0, int(result.heads.size()) - 1))];
    const bool rows = layout == attn::Layout::Rows;
    // The result is in rows; the column layout's product is made of the transposes (copies
    // either way, since a product outlives the result it was made from).
    const attn::HeadResult columnHead = rows ? attn::HeadResult{} : attn::transposed(rowHead);
    const attn::HeadResult &h = rows ? rowHead : columnHead;
    // In the column layout every matrix is stored transposed: tokens index columns.
    const Eigen::Index n = rows ? h.Q.rows() : h.Q.cols();
    const Eigen::Index m = rows ? h.K.rows() : h.K.cols();
    const QStringList q = labelsFor(queries, n), k = labelsFor(keys, m);
    const attn::ProductNames names = attn::productNames(product, layout);
    p.aName = names.a;
    p.bName = names.b;
    p.pName = names.p;
    if (product == Product::Scores) {
        const QStringList dk = indices(rows ? h.Q.cols() : h.Q.rows());
        p.termNoun = QCoreApplication::translate("InterpretedProduct", "d_k index");
        p.termLabels = dk;
        if (rows) {
            p.A = h.Q;
            p.B = h.K.transpose();
            p.P = h.scores();
            p.rowNoun = "query";
            p.colNoun = "key";
            p.rowLabels = q;
            p.colLabels = k;
            p.aSource = {Stage::Q, false};
            p.bSource = {Stage::K, true};
        } else {
            p.A = h.K.transpose();
            p.B = h.Q;
            p.P = h.scores();
            p.rowNoun = "key";
            p.colNoun = "query";
            p.rowLabels = k;
            p.colLabels = q;
            p.aSource = {Stage::K, true};
            p.bSource = {Stage::Q, false};
        }
        p.pSource = {Stage::Scores, false};
    } else {
        p.termNoun = "key";
        p.termLabels = k;
        const QStringList dv = indices(rows ? h.V.cols() : h.V.rows());
        if (rows) {
            p.A = h.weights();
            p.B = h.V;
            p.rowNoun = "query";
            p.colNoun = "feature";
            p.rowLabels = q;
            p.colLabels = dv;
            p.aSource = {Stage::Weights, false};
            p.bSource = {Stage::V, false};
        } else {
            p.A = h.V;
            p.B = h.weights();
            p.rowNoun = "feature";
            p.colNoun = "query";
            p.rowLabels = dv;
            p.colLabels = q;
            p.aSource = {Stage::V, false};
            p.bSource = {Stage::Weights, false};
        }
        p.P = h.output;
        p.pSource = {Stage::HeadOutput, false};
    }
    // A result whose parts disagree is never explained (it cannot come from compute()).
    if (p.A.cols() != p.B.rows() || p.A.rows() != p.P.rows() || p.B.cols() != p.P.cols())
        p.P.resize(0, 0);
    return p;
}

std::optional<Product> productOfStage(Stage stage) {
    switch (stage) {
    case Stage::Q:
    case Stage::K:
    case Stage::Scores:
    case Stage::Logits:
        return Product::Scores;
    case Stage::Weights:
    case Stage::V:
    case Stage::HeadOutput:
        return Product::Output;
    default: // the inputs, concat and the final output are no product of one head
        break;
    }
    return std::nullopt;
}

StagePick pickFromStage(Stage stage, int row, int col, attn::Layout layout) {
    StagePick pick;
    pick.product = productOfStage(stage);
    if (!pick.product || row < 0 || col < 0)
        return pick;
    // Every matrix of the column layout is the row layout's transposed: swap back, then read
    // the cell in row-layout terms (rows of Q, scores, weights, output are queries).
    const int r = layout == attn::Layout::Rows ? row : col;
    const int c = layout == attn::Layout::Rows ? col : row;
    switch (stage) {
    case Stage::Q:       // query × d_k
    case Stage::Weights: // query × key (the term of weights·V)
        pick.query = r;
        pick.term = c;
        break;
    case Stage::K: // key × d_k
        pick.other = r;
        pick.term = c;
        break;
    case Stage::V: // key × feature
        pick.term = r;
        pick.other = c;
        break;
    case Stage::Scores:
    case Stage::Logits:
    case Stage::HeadOutput:
        pick.query = r;
        pick.other = c;
        break;
    default: // productOfStage has no product for the others
        break;
    }
    return pick;
}
