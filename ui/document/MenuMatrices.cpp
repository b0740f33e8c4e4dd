// SPDX-License-Identifier: GPL-3.0-or-later
#include "MenuMatrices.h"

#include "Document.h"

namespace attn::ui {

QList<MatrixId> menuMatrices(const Document &doc) {
    const int head = doc.selection().currentHead();
    QList<MatrixId> ids = {{attn::Stage::X, 0}};
    if (doc.inputs().hasContext)
        ids << MatrixId{attn::Stage::Context, 0};
    ids << MatrixId{attn::Stage::Wq, head} << MatrixId{attn::Stage::Wk, head}
        << MatrixId{attn::Stage::Wv, head};
    if (doc.inputs().hasWo())
        ids << MatrixId{attn::Stage::Wo, 0};
    return ids;
}

QString shapeText(const attn::Matrix &m) {
    return QStringLiteral("%1\u00d7%2").arg(m.rows()).arg(m.cols());
}

QString menuMatrixLabel(const Document &doc, MatrixId id) {
    return QStringLiteral("%1 \u2014 %2")
        .arg(matrixDisplayName(id, doc.headCount()), shapeText(doc.matrix(id)));
}

} // namespace attn::ui
