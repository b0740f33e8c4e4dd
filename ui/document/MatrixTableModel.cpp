// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixTableModel.h"

#include "Document.h"
#include "Formula.h"
#include "Notation.h"
#include "NumberFormat.h"
#include "headreadings/TokenLabels.h"

#include <QFont>

namespace attn::ui {

MatrixTableModel::MatrixTableModel(Document *doc, MatrixId id, QObject *parent)
    : QAbstractTableModel(parent), m_doc(doc), m_id(id) {
    if (m_followHead && m_id.isPerHead())
        m_id.head = doc->selection().currentHead();
    m_transposed = doc->selection().layout() == attn::Layout::Columns;
    const QSize shape = shownShape();
    m_rows = shape.height();
    m_cols = shape.width();
    connect(doc, &Document::changed, this, &MatrixTableModel::onChanged);
    connect(&doc->selection(), &ViewSelection::currentHeadChanged, this,
            &MatrixTableModel::onCurrentHeadChanged);
    connect(&doc->selection(), &ViewSelection::layoutChanged, this,
            &MatrixTableModel::onLayoutChanged);
}

QSize MatrixTableModel::shownShape() const {
    const attn::Matrix &m = m_doc->matrix(m_id);
    return m_transposed ? QSize(int(m.rows()), int(m.cols())) : QSize(int(m.cols()), int(m.rows()));
}

QPoint MatrixTableModel::toDocument(int row, int column) const {
    return m_transposed ? QPoint(row, column) : QPoint(column, row);
}

QRect MatrixTableModel::toDocument(const QRect &cells) const {
    // QRect::transposed keeps the corner: swap the position too.
    return m_transposed ? QRect(cells.y(), cells.x(), cells.height(), cells.width()) : cells;
}

QModelIndex MatrixTableModel::fromDocument(int row, int column) const {
    return m_transposed ? index(column, row) : index(row, column);
}

QString MatrixTableModel::shownName() const {
    const QString name = matrixName(m_id);
    const QString shown = m_transposed ? attn::transposed(name) : name;
    if (m_id.isPerHead() && m_doc && m_doc->headCount() > 1)
        return tr("%1 of head %2").arg(shown).arg(m_id.head);
    return shown;
}

void MatrixTableModel::onLayoutChanged() {
    const bool transposed = m_doc->selection().layout() == attn::Layout::Columns;
    if (transposed == m_transposed)
        return;
    // Every index means another cell now: a reset (the editor keeps its current cell).
    beginResetModel();
    m_transposed = transposed;
    const QSize shape = shownShape();
    m_rows = shape.height();
    m_cols = shape.width();
    endResetModel();
}

void MatrixTableModel::setFollowCurrentHead(bool follow) {
    m_followHead = follow;
    if (follow && m_doc)
        onCurrentHeadChanged(m_doc->selection().currentHead());
}

int MatrixTableModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int MatrixTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : m_cols;
}

QVariant MatrixTableModel::data(const QModelIndex &index, int role) const {
    if (!m_doc || !index.isValid() || !checkIndex(index))
        return {};
    const attn::Matrix &m = m_doc->matrix(m_id);
    const QPoint cell = toDocument(index.row(), index.column());
    // Between a shape change and its notification the cache may be ahead of the matrix.
    if (cell.y() >= m.rows() || cell.x() >= m.cols())
        return {};
    const double v = m(cell.y(), cell.x());
    switch (role) {
    case Qt::DisplayRole:
        return attn::notation::editor(v);
    case Qt::EditRole:
        return v;
    case Qt::ToolTipRole:
        // The document's cell: in the column layout "Xᵀ[0][2] is X[2][0]".
        return QStringLiteral("%1%2 = %3")
            .arg(m_transposed ? QStringLiteral("%1[%2][%3] is ")
                                    .arg(shownName())
                                    .arg(index.row())
                                    .arg(index.column())
                              : QString(),
                 cellName(m_id, m_doc->headCount(), cell.y(), cell.x()), attn::notation::exact(v));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

bool MatrixTableModel::hasTokens() const {
    return m_id.stage == attn::Stage::X || m_id.stage == attn::Stage::Context;
}

Qt::Orientation MatrixTableModel::tokenHeaders() const {
    // Tokens are the rows of X, its columns in the column layout (Xᵀ).
    return m_transposed ? Qt::Horizontal : Qt::Vertical;
}

QVariant MatrixTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (!m_doc || section < 0)
        return {};
    const bool vertical = orientation == Qt::Vertical;
    if (section >= (vertical ? m_rows : m_cols))
        return {};
    const bool tokenAxis = hasTokens() && orientation == tokenHeaders();
    if (role == Qt::DisplayRole) {
        if (tokenAxis) {
            const auto &tokens = m_id.stage == attn::Stage::X ? m_doc->inputs().tokens
                                                              : m_doc->inputs().contextTokens;
            if (size_t(section) < tokens.size()) // the tooltip shows the whole label
                return attn::elidedLabel(QString::fromStdString(tokens[size_t(section)]));
        }
        return QString::number(section);
    }
    if (role == Qt::ToolTipRole && tokenAxis) {
        const auto &tokens =
            m_id.stage == attn::Stage::X ? m_doc->inputs().tokens : m_doc->inputs().contextTokens;
        const QString axis = vertical ? QStringLiteral("row") : QStringLiteral("column");
        if (size_t(section) < tokens.size()) // all of a label the header may have cut
            return QStringLiteral("%1 %2: %3")
                .arg(axis)
                .arg(section)
                .arg(QString::fromStdString(tokens[size_t(section)]));
        return QStringLiteral("%1 %2").arg(axis).arg(section);
    }
    return {};
}

Qt::ItemFlags MatrixTableModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool MatrixTableModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (role != Qt::EditRole || !m_doc || !index.isValid() || !checkIndex(index))
        return false;
    const attn::Matrix &m = m_doc->matrix(m_id);
    const QPoint cell = toDocument(index.row(), index.column());
    if (cell.y() >= m.rows() || cell.x() >= m.cols())
        return false;
    const QString keeps =
        tr(" \u2014 the cell keeps %1").arg(attn::notation::editor(m(cell.y(), cell.x())));

    double number = 0;
    QString shown;
    const int type = value.metaType().id();
    if (type == QMetaType::Double || type == QMetaType::Float || type == QMetaType::Int ||
        type == QMetaType::LongLong) {
        number = value.toDouble();
        shown = attn::notation::exact(number);
    } else {
        shown = value.toString().trimmed();
        bool outOfRange = false;
        const std::optional<double> parsed = parseNumber(shown, &outOfRange);
        if (!parsed) {
            emit editRefused(
                shown.isEmpty() ? tr("An empty entry is not a number") + keeps
                : outOfRange
                    ? tr("\u201c%1\u201d is too large (values must lie within ±1e15)").arg(shown) +
                          keeps
                    : tr("\u201c%1\u201d is not a number").arg(shown) + keeps);
            return false;
        }
        number = *parsed;
    }
    // The Document validates the value (finite, within ±1e15) and says why it refuses.
    QString error;
    if (!m_doc->setCell(m_id, cell.y(), cell.x(), number, &error)) {
        emit editRefused(error + keeps);
        return false;
    }
    emit editAccepted();
    return true;
}

void MatrixTableModel::onChanged(const DocumentChange &change) {
    if (change.what == DocumentChange::Everything) {
        beginResetModel();
        m_transposed = m_doc->selection().layout() == attn::Layout::Columns;
        const QSize shape = shownShape();
        m_rows = shape.height();
        m_cols = shape.width();
        endResetModel();
        return;
    }
    if (change.what & (DocumentChange::Shape | DocumentChange::Heads | DocumentChange::Context)) {
        syncShape();
        return;
    }
    const int tokenCount = tokenHeaders() == Qt::Vertical ? m_rows : m_cols;
    if ((change.what & DocumentChange::Tokens) && hasTokens() && tokenCount > 0)
        emit headerDataChanged(tokenHeaders(), 0, tokenCount - 1);
    if (!(change.what & DocumentChange::Values) || m_rows == 0 || m_cols == 0)
        return;
    if (change.matrix && *change.matrix != m_id)
        return;
    QRect cells = QRect(0, 0, m_cols, m_rows);
    if (change.matrix && change.cells.isValid())
        cells = cells.intersected(toDocument(change.cells)); // transposing is its own inverse
    if (cells.isEmpty())
        return;
    emit dataChanged(index(cells.top(), cells.left()), index(cells.bottom(), cells.right()),
                     {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole});
}

void MatrixTableModel::onCurrentHeadChanged(int head) {
    if (!m_followHead || !m_id.isPerHead() || m_id.head == head)
        return;
    m_id.head = head;
    syncShape();
}

void MatrixTableModel::syncShape() {
    if (!m_doc)
        return;
    const QSize shape = shownShape();
    const int rows = shape.height(), cols = shape.width();
    // A matrix that appears or disappears entirely (Wo, the context) is simplest as a reset.
    if ((rows == 0 || cols == 0) != (m_rows == 0 || m_cols == 0)) {
        beginResetModel();
        m_rows = rows;
        m_cols = cols;
        endResetModel();
        return;
    }
    if (rows < m_rows) {
        beginRemoveRows(QModelIndex(), rows, m_rows - 1);
        m_rows = rows;
        endRemoveRows();
    } else if (rows > m_rows) {
        beginInsertRows(QModelIndex(), m_rows, rows - 1);
        m_rows = rows;
        endInsertRows();
    }
    if (cols < m_cols) {
        beginRemoveColumns(QModelIndex(), cols, m_cols - 1);
        m_cols = cols;
        endRemoveColumns();
    } else if (cols > m_cols) {
        beginInsertColumns(QModelIndex(), m_cols, cols - 1);
        m_cols = cols;
        endInsertColumns();
    }
    if (m_rows > 0 && m_cols > 0) {
        emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1));
        emit headerDataChanged(Qt::Vertical, 0, m_rows - 1);
        emit headerDataChanged(Qt::Horizontal, 0, m_cols - 1);
    }
}

} // namespace attn::ui
