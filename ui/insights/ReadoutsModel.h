// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/Readouts.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace attn::ui {

// The readouts of every query as a read-only table: query, Σ weights, entropy (in nats or
// bits, named in the header), exp(entropy) as "effective keys", largest weight and its key.
class ReadoutsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Query, Sum, Entropy, EffectiveKeys, MaxWeight, Argmax, ColumnCount };
    enum class Unit { Nats, Bits };

    explicit ReadoutsModel(QObject *parent = nullptr);

    void setReadouts(std::vector<RowReadout> readouts, QStringList queries, QStringList keys);
    const std::vector<RowReadout> &readouts() const { return m_readouts; }
    void setUnit(Unit unit);
    Unit unit() const { return m_unit; }
    // The entropy of a row in the current unit.
    double entropy(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<RowReadout> m_readouts;
    QStringList m_queries, m_keys;
    Unit m_unit = Unit::Nats;
};

} // namespace attn::ui
