// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace attn::ui {

class Document;

// Fills Wq, Wk and Wv of every head from a checkpoint's attention weights in ONE undo step,
// changing H, p and d_k = d_v = p/H to match (new cells of X, and of Wo when heads appear, come
// from the document's initializer):
//  - Fused: one p × 3p tensor holding [Wq | Wk | Wv] side by side, the heads' d columns next to
//    each other inside each (GPT-2's c_attn.weight: its Conv1D stores in × out, so no
//    transpose);
//  - Separate: three p × p tensors (BERT's attention.self.query/key/value.weight), each with the
//    heads' columns side by side; nn.Linear stores out × in, so they are usually transposed.
// Self-attention only: with cross-attention on, Wk and Wv would need the context's p_c rows.
struct HeadWeightSource {
    QString file;
    bool fused = true;
    QString fusedTensor;       // fused
    QString query, key, value; // separate
    bool transpose = false;    // each tensor, before it is cut into heads
    int heads = 1;
};

// What fillHeadWeights would change ("H 1 → 12, p 4 → 768, d_k = d_v 3 → 64"), or why it cannot
// (*error, false). Reads the tensors.
bool describeHeadWeights(const Document &doc, const HeadWeightSource &source, QString *summary,
                         QString *error);
bool fillHeadWeights(Document &doc, const HeadWeightSource &source, QString *error = nullptr);

} // namespace attn::ui
