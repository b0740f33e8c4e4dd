// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "kernels/OnlineSoftmax.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace attn::ui {

// The online softmax (FlashAttention's recurrence) of one query, drawn as a table that grows a
// row per key block: the block's keys and its maximum logit, the running maximum m, the rescale
// factor exp(m_old − m_new), the running sum ℓ and the running accumulator. After the last block
// a final row divides by ℓ, and a check compares the row with the plain softmax(…)·V row.
class OnlineSoftmaxWidget : public QWidget {
    Q_OBJECT
public:
    explicit OnlineSoftmaxWidget(QWidget *parent = nullptr);

    // The walk of `query` (its label) and the plain path's output row to compare with.
    void setWalk(const attn::OnlineRow &walk, const attn::RowVector &plain,
                 const QStringList &keyLabels, const QString &query);
    void clear(const QString &message);
    // In the column layout the query's output is a column of V·softmax(…): the check and the
    // masked-query note say so (the walk itself is the same numbers).
    void setColumnLayout(bool columns);
    // Below the walk: every row at once as a tiled kernel, and the memory it holds beside the
    // plain path's (KernelReadings computes it).
    void setAllRowsText(const QString &text);
    QString allRowsText() const;
    int stepCount() const { return int(m_walk.steps.size()); }
    void setRevealed(int steps);
    int revealed() const { return m_revealed; }
    const attn::OnlineRow &walk() const { return m_walk; }
    QTableWidget *table() const { return m_table; }
    QString checkText() const;

private:
    void fill();

    attn::OnlineRow m_walk;
    attn::RowVector m_plain;
    QStringList m_keys;
    QString m_query;
    int m_revealed = 0;
    bool m_columns = false;
    QLabel *m_heading;
    QTableWidget *m_table;
    QLabel *m_check;
    QLabel *m_allRows;
};

} // namespace attn::ui
