// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "network/RunOverview.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace attn::ui {

// One row per head of a run, its summary (attn::HeadSummary) in columns a table sorts by: the
// sink mass, the entropy of the weights, the mean look-back distance, the previous-token,
// induction and duplicate-token scores. Rows exist for every head from the start; a layer's
// numbers come when RunOverview has read it (setLayer). The sort role (kSortRole) is the
// number itself, with a head that has none (NaN, or not read yet) below every other.
class HeadSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Layer, Head, SinkMass, Entropy, LookBack, PreviousToken, Induction, Duplicate };
    static constexpr int kColumns = 8;
    static constexpr int kSortRole = Qt::UserRole;
    static constexpr int kLayerRole = Qt::UserRole + 1; // the row's layer and head
    static constexpr int kHeadRole = Qt::UserRole + 2;

    explicit HeadSummaryModel(QObject *parent = nullptr);

    // A run of `layers` × `heads` heads, none read yet (0 × 0: no run).
    void reset(int layers, int heads);
    void setLayer(int layer, std::shared_ptr<const RunOverview::Layer> heads);
    // The number in `column` of the head (NaN when none); the row of a head.
    double value(int layer, int head, Column column) const;
    int rowOf(int layer, int head) const { return layer * m_heads + head; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int m_layers = 0, m_heads = 0;
    std::vector<std::shared_ptr<const RunOverview::Layer>> m_read;
};

} // namespace attn::ui
