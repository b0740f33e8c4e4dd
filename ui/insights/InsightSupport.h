#pragma once

#include "Attention.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

class Document;

// Small helpers shared by the insight views (VectorFormView, TokenLinksView, …). The Recomputer
// delivers its result in the document's layout; in the column layout every matrix is the
// transpose of the row layout's. These read a result the same way in both layouts.
namespace insight {

QStringList labels(const std::vector<std::string> &tokens);

// The row layout's version of a result matrix: a copy, transposed in the column layout.
attn::Matrix inRows(const attn::Matrix &m, attn::Layout layout);
attn::Mask inRows(const attn::Mask &m, attn::Layout layout);

// Token i's vector (row i in the row layout, column i in the column layout) as a row.
attn::RowVector tokenVector(const attn::Matrix &m, Eigen::Index i, attn::Layout layout);
// Number of tokens (rows, or columns in the column layout).
Eigen::Index tokenCount(const attn::Matrix &m, attn::Layout layout);
// The (query, key) cell of a scores-shaped matrix (weights, logits, masked).
double cell(const attn::Matrix &m, Eigen::Index query, Eigen::Index key, attn::Layout layout);
bool cell(const attn::Mask &m, Eigen::Index query, Eigen::Index key, attn::Layout layout);

// The document's current head clamped to the result's heads; -1 when the result has none.
int headOf(const Document &doc, const attn::AttentionResult &result);

// A number for the views' text: `digits` significant digits, typographic minus, −∞.
QString num(double value, int digits = 4);
// "(4, 8, 4)", at most `maxEntries` entries then "…".
QString vectorText(const attn::RowVector &v, int digits = 4, int maxEntries = 8);

// The Okabe–Ito palette (colour-blind safe, for categories such as heads), without its yellow,
// which disappears on white.
QColor categoryColor(int index);

} // namespace insight
