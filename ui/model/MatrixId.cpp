#include "MatrixId.h"

QString matrixName(MatrixId id) {
    switch (id.kind) {
    case MatrixKind::X:
        return QStringLiteral("X");
    case MatrixKind::Context:
        return QStringLiteral("context");
    case MatrixKind::Wq:
        return QStringLiteral("Wq");
    case MatrixKind::Wk:
        return QStringLiteral("Wk");
    case MatrixKind::Wv:
        return QStringLiteral("Wv");
    case MatrixKind::Wo:
        return QStringLiteral("Wo");
    }
    return {};
}

QString matrixDisplayName(MatrixId id, int headCount) {
    if (id.isPerHead() && headCount > 1)
        return QStringLiteral("%1 of head %2").arg(matrixName(id)).arg(id.head);
    return matrixName(id);
}

QString cellName(MatrixId id, int headCount, int row, int col) {
    return QStringLiteral("%1[%2][%3]").arg(matrixDisplayName(id, headCount)).arg(row).arg(col);
}
