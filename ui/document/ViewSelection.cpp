// SPDX-License-Identifier: GPL-3.0-or-later
#include "ViewSelection.h"

#include <algorithm>

namespace attn::ui {

ViewSelection::ViewSelection(int rows, int heads, QObject *parent)
    : QObject(parent), m_rows(rows), m_heads(heads) {}

void ViewSelection::setSelectedRow(int row) {
    row = std::clamp(row, -1, m_rows - 1);
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    emit selectedRowChanged(row);
}

void ViewSelection::setCurrentHead(int head) {
    head = std::clamp(head, 0, m_heads - 1);
    if (head == m_currentHead)
        return;
    m_currentHead = head;
    emit currentHeadChanged(head);
}

void ViewSelection::setSelectedColumn(int column) {
    column = std::max(column, -1);
    if (column == m_selectedColumn)
        return;
    m_selectedColumn = column;
    emit selectedColumnChanged(column);
}

void ViewSelection::setLayout(attn::Layout layout) {
    if (layout == m_layout)
        return;
    m_layout = layout;
    emit layoutChanged(layout);
}

ViewSelection::Before ViewSelection::fitTo(int rows, int heads) {
    const Before before{m_selectedRow, m_currentHead};
    m_rows = rows;
    m_heads = heads;
    m_selectedRow = std::clamp(m_selectedRow, -1, m_rows - 1);
    m_currentHead = std::clamp(m_currentHead, 0, m_heads - 1);
    return before;
}

void ViewSelection::announce(Before before) {
    // Compared with what is there now, not with what fitTo moved: a view reacting to
    // Document::changed may have chosen another row meanwhile (and announced it itself).
    if (m_selectedRow != before.row)
        emit selectedRowChanged(m_selectedRow);
    if (m_currentHead != before.head)
        emit currentHeadChanged(m_currentHead);
}

} // namespace attn::ui
