// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "ReadoutsModel.h"

class QComboBox;
class QLabel;
class QTableView;

namespace attn::ui {

// Per-query readouts of the current head's weights (Σ = 1, entropy, effective keys, largest
// weight and its key) as a table that follows the selected query; clicking a row (or moving
// with the arrow keys) selects that query everywhere. The entropy unit is chosen beside it.
class ReadoutsView : public InsightView {
    Q_OBJECT
public:
    ReadoutsView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    ReadoutsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QComboBox *unitCombo() const { return m_unit; }
    QString caption() const;

protected:
    void refresh() override;
    void selectedRowChanged() override;

private:
    void followSelection();

    ReadoutsModel *m_model;
    QTableView *m_table;
    QComboBox *m_unit;
    QLabel *m_caption;
    int m_head = 0;
    int m_keyCount = 0;
    bool m_following = false; // true while the table is moved to the document's selection
};

} // namespace attn::ui
