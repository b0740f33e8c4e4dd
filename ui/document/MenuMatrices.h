// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MatrixId.h"

#include <QList>
#include <QString>

namespace attn::ui {

class Document;

// The input matrices the File menu's Import and Export submenus offer, in the editors' order:
// X, the context (cross-attention only), the current head's Wq, Wk, Wv, and Wo when there is one.
QList<MatrixId> menuMatrices(const Document &doc);

// "4×3": a matrix's shape as the menus write it beside its name.
QString shapeText(const attn::Matrix &m);

// "Wq of head 1 — 4×3": a menu matrix's entry.
QString menuMatrixLabel(const Document &doc, MatrixId id);

} // namespace attn::ui
