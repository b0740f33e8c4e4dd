// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableView>

namespace attn::ui {

// A table whose size hint is its contents (narrow number columns), up to a number of visible
// rows and columns, then it scrolls: a 4×4 matrix shows whole, a 512×8 one does not take over
// the window. Add it to layouts with a left/top alignment so it is not stretched or centred.
class CompactTableView : public QTableView {
    Q_OBJECT
public:
    explicit CompactTableView(QWidget *parent = nullptr);

    void setMaximumVisible(int rows, int columns);
    void setModel(QAbstractItemModel *model) override; // follows its shape for the size hint
    bool isEditing() const { return state() == EditingState; } // a cell editor is open
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Also picks the size policy: Maximum while the whole table is visible, Expanding beyond.
    void refreshGeometry();

protected:
    QSize contentsSize(int rows, int columns) const;
    // Fitting thousands of columns of one row (the token list) measures texts, not styled
    // cells (CompactHeaderView says why).
    int sizeHintForColumn(int column) const override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void applyFontMetrics(); // row heights and column widths for the current font

    mutable int m_cellMargin = -1; // around a cell's text; < 0 = to be measured
    bool m_horizontalBar = false, m_verticalBar = false; // scroll bars shown in the last layout

    int m_maxRows = 10;
    int m_maxColumns = 8;
    int m_appliedLineHeight = -1;
};

} // namespace attn::ui
