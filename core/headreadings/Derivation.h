// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "Stage.h"

#include <QString>
#include <QStringList>

// The hover text of each stage's cells: how the number under the mouse was computed, with the
// live numbers ("q₂·k₁ = 2·3 + 1·1 + 3·2 = 13"). Rich text for QToolTip. Every function checks
// its indices against the matrices it reads and returns "" when they do not match (a result
// can trail the document by one edit while a large computation runs).
namespace derivation {

struct Context {
    const attn::AttentionInputs *inputs = nullptr;
    const attn::AttentionResult *result = nullptr;
    int head = 0;
    QStringList queries; // query token labels
    QStringList keys;    // key token labels (the context's under cross-attention)
    // How the reader sees the weights: in the column layout a query's weights are a column
    // (softmax down it) and a weight is written a_{key,query}, as in the combination panel.
    attn::Layout layout = attn::Layout::Rows;
};

QString projection(const Context &c, char which, int row, int col); // Q, K or V cell
QString score(const Context &c, int query, int key);
QString capped(const Context &c, int query, int key);
QString logit(const Context &c, int query, int key);
QString weight(const Context &c, int query, int key);
QString headOutput(const Context &c, int query, int col);
QString concat(const Context &c, int query, int col);
QString finalOutput(const Context &c, int query, int col);
// The cell (row, col) of a drawn stage in the row layout's indices: one of the above; "" for
// the inputs, which have no derivation.
QString ofStage(const Context &c, attn::Stage stage, int row, int col);

// "₁₂" for 12: indices written as subscripts.
QString subscript(int index);
// "₂₀,₈" for the entry in row 20, column 8: two indices always with a comma between them, so
// a₂₀,₈ never reads as a₂₀₈.
QString subscripts(int row, int col);

} // namespace derivation
