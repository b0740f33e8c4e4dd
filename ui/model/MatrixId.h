#pragma once

#include <QString>

// Which input matrix of the document an editor, a command or a change notification is about.
enum class MatrixKind { X, Context, Wq, Wk, Wv, Wo };

struct MatrixId {
    MatrixKind kind = MatrixKind::X;
    int head = 0; // only meaningful for Wq, Wk and Wv

    bool isPerHead() const {
        return kind == MatrixKind::Wq || kind == MatrixKind::Wk || kind == MatrixKind::Wv;
    }
    // X, the context and Wo exist once: their head field is ignored, so {X, 3} == {X, 0}.
    friend bool operator==(const MatrixId &a, const MatrixId &b) {
        return a.kind == b.kind && (!a.isPerHead() || a.head == b.head);
    }
    friend bool operator!=(const MatrixId &a, const MatrixId &b) { return !(a == b); }
};

// "X", "context", "Wq", "Wk", "Wv", "Wo": the head-agnostic display name.
QString matrixName(MatrixId id);
// "Wq of head 1" when there are several heads (the core's wording), matrixName otherwise.
QString matrixDisplayName(MatrixId id, int headCount);
// "X[0][2]" / "Wq of head 1[0][2]": names a cell in messages, indices from 0 like the core.
QString cellName(MatrixId id, int headCount, int row, int col);
