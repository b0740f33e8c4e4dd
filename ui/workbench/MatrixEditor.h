// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RefusalLabel.h"

#include "document/MatrixId.h"

#include <QModelIndex>
#include <QWidget>

class QLabel;
class QMenu;
class QTableView;

namespace attn::ui {

class CompactTableView;
class Document;
class MatrixTableModel;
struct DocumentChange;

// One input matrix as an editable table: title with the shape, the cells, and an inline message
// for refused entries. Beyond typing: the mouse wheel over a cell and Alt+Up/Down nudge it by
// ±0.1 (±0.01 with Shift); Ctrl+C copies the selection as tab-separated text; Ctrl+V pastes a
// block at the current cell as one undo step; the context menu randomizes or refills the matrix.
// In the column layout the table is the transposed matrix (Xᵀ, Wqᵀ …) and every edit lands on
// the same document cell (MatrixTableModel).
class MatrixEditor : public QWidget {
    Q_OBJECT
public:
    static constexpr double kStep = 0.1;
    static constexpr double kFineStep = 0.01;

    MatrixEditor(Document *doc, MatrixId id, QWidget *parent = nullptr);

    MatrixTableModel *model() const { return m_model; }
    QTableView *view() const;
    QString title() const;
    // The refusal message on display, "" when there is none.
    QString message() const;
    // Under the table, in a bubble at `index` (the current cell when invalid), and refused().
    void showMessage(const QString &message, const QModelIndex &index = {});
    void clearMessage();

    // The same operations the keyboard and menu reach; each reports failures inline.
    bool copySelection();
    bool pasteFromClipboard();
    bool pasteText(const QString &text);
    bool nudgeCurrent(int steps, bool fine);

signals:
    // The context menu is about to open: features installed later (import, export) add their
    // entries to it.
    void contextMenuAboutToShow(QMenu *menu, MatrixId id);
    // An entry was refused: the message, for the status bar.
    void refused(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateTitle();
    void showContextMenu(const QPoint &pos);
    bool handleKey(QKeyEvent *event);
    bool handleWheel(QWheelEvent *event);
    bool nudge(const QModelIndex &index, int steps, bool fine);
    // The selected rectangle (x = column, y = row), or the current cell.
    QRect selectedRect() const;

    Document *m_doc;
    MatrixTableModel *m_model;
    QLabel *m_title;
    CompactTableView *m_view;
    RefusalLabel *m_message;
    QPoint m_keptCell{-1, -1}; // the current document cell across a model reset
    int m_wheelRemainder = 0;  // eighths of a degree not yet turned into nudges (touchpads)
};

} // namespace attn::ui
