// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "Formula.h"
#include "Stage.h"

#include <QString>
#include <QStringList>

#include <optional>

// Which of attention's two matrix products the Interpretations view explains (the core's enum,
// whose names and formulas are in Formula.h).
using Product = attn::Product;
// The four ways of reading P = A·B, and two of how kernels compute it: the product in tiles
// (TiledProduct.h) and the online softmax of one query (OnlineSoftmax.h).
enum class InterpretationMode { Dot, Row, Column, Outer, Tiled, Online };

QString interpretationModeName(InterpretationMode mode); // "Dot product", "Row view", …

// One product P = A·B of the current head, in the layout the document shows:
//   rows layout:    scores  = Q·Kᵀ   (n×m)     output  = A·V   (n×d_v)
//   column layout:  scores  = Kᵀ·Q  (m×n)     output  = V·A   (d_v×n)
// where each layout names its own matrices as the stage table does: the column layout's Q is the
// article's Wqᵀ·Xᵀ, the transpose of the row layout's (Formula.h, productNames). The matrices are
// copies, so a product stays valid after the Recomputer moves on. Names and labels say what each
// index is, so the views never call a key a query whichever layout is shown.
struct InterpretedProduct {
    Product product = Product::Scores;
    attn::Layout layout = attn::Layout::Rows;
    attn::Matrix A, B, P;
    QString aName, bName, pName; // "Q", "Kᵀ", "scores" / "Kᵀ", "Q", "scores"
    QString rowNoun, colNoun;    // what P's rows and columns are: "query", "key", "feature"
    QString termNoun;            // what the sum index k runs over: "d_k index" or "key"
    QStringList rowLabels, colLabels, termLabels; // P's rows, P's columns, the k index

    // Where the main window draws A, B and P, and whether it draws them transposed (B = Kᵀ is
    // drawn as K), so the rows and columns the view uses can be outlined there.
    struct Source {
        attn::Stage stage;
        bool transposed;
    };
    Source aSource{attn::Stage::Q, false};
    Source bSource{attn::Stage::K, true};
    Source pSource{attn::Stage::Scores, false};

    int rows() const { return int(P.rows()); }
    int cols() const { return int(P.cols()); }
    int termCount() const { return int(A.cols()); }
    bool isEmpty() const { return P.size() == 0; }
    QString formula() const { return attn::productFormula(product, layout); } // "scores = Q·Kᵀ"
    // The coefficients of the row view (a row of A) or of the column view (a column of B) are
    // one query's attention weights: non-negative, summing to 1 (a convex combination).
    bool rowViewIsConvex() const;
    bool columnViewIsConvex() const;
    // The query is P's row in the rows layout and P's column in the column layout.
    bool queryIsRow() const { return layout == attn::Layout::Rows; }
};

// The product of head `head` (clamped) of a row-layout `result`, as shown in `layout`;
// queries/keys are token labels (indices when their count does not match the result).
InterpretedProduct interpretProduct(const attn::AttentionResult &result, attn::Layout layout,
                                    int head, Product product, const QStringList &queries,
                                    const QStringList &keys);

// The product a stage's heatmap belongs to; none for concat and the final output.
std::optional<Product> productOfStage(attn::Stage stage);

// What a click on cell (row, col) of a stage's heatmap, as drawn in `layout`, picks: the query,
// the other index of the product (a key of the scores, a feature of the output; the Document's
// selectedColumn) and the term k, each when the clicked matrix determines it.
struct StagePick {
    std::optional<Product> product;
    std::optional<int> query, other, term;
};
StagePick pickFromStage(attn::Stage stage, int row, int col, attn::Layout layout);
