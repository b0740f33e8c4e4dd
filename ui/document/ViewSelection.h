// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionResult.h"

#include <QObject>

namespace attn::ui {

// What the views show of the document: the selected row, the current head, the selected column
// and the layout. Not undoable (it is no edit of the inputs) but announced, so every view follows
// a selection made in any of them. The Document owns one (Document::selection()) and keeps it
// within its inputs' sizes as they change.
class ViewSelection : public QObject {
    Q_OBJECT
public:
    // Within inputs of `rows` query rows (n) and `heads` heads, both at least 1.
    ViewSelection(int rows, int heads, QObject *parent = nullptr);

    // Clamped: row in [-1, n-1] (-1: none), head in [0, H-1].
    int selectedRow() const { return m_selectedRow; }
    void setSelectedRow(int row);
    int currentHead() const { return m_currentHead; }
    void setCurrentHead(int head);
    // The selected column of whichever product a view explains (a key of QKᵀ, a feature of the
    // output); -1 none. Not clamped: its range depends on the product.
    int selectedColumn() const { return m_selectedColumn; }
    void setSelectedColumn(int column);
    // Row layout softmax(QKᵀ/√d_k)·V or the article's column layout V·softmax(KᵀQ/√d_k);
    // every view draws itself in it (results are always computed in rows; see Recomputer).
    attn::Layout layout() const { return m_layout; }
    void setLayout(attn::Layout layout);

signals:
    void selectedRowChanged(int row);
    void currentHeadChanged(int head);
    void selectedColumnChanged(int column);
    void layoutChanged(attn::Layout layout);

private:
    friend class Document; // the only one that knows when the inputs' sizes change

    struct Before {
        int row;
        int head;
    };
    // The inputs now have `rows` query rows and `heads` heads: the row and head are clamped to
    // them at once and silently, so that views reacting to Document::changed read a valid
    // selection; announce(before) then emits what moved.
    Before fitTo(int rows, int heads);
    // selectedRowChanged, then currentHeadChanged, for those that differ from `before` now.
    void announce(Before before);

    int m_rows;
    int m_heads;
    int m_selectedRow = 0;
    int m_currentHead = 0;
    int m_selectedColumn = -1;
    attn::Layout m_layout = attn::Layout::Rows;
};

} // namespace attn::ui
