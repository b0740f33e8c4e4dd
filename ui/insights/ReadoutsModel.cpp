// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReadoutsModel.h"

#include <cmath>

namespace attn::ui {

ReadoutsModel::ReadoutsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ReadoutsModel::setReadouts(std::vector<RowReadout> readouts, QStringList queries,
                                QStringList keys) {
    beginResetModel();
    m_readouts = std::move(readouts);
    m_queries = std::move(queries);
    m_keys = std::move(keys);
    endResetModel();
}

void ReadoutsModel::setUnit(Unit unit) {
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, Entropy, Entropy);
    if (!m_readouts.empty())
        emit dataChanged(index(0, Entropy), index(rowCount() - 1, Entropy));
}

double ReadoutsModel::entropy(int row) const {
    if (row < 0 || row >= rowCount())
        return 0;
    const double nats = m_readouts[size_t(row)].entropy;
    return m_unit == Unit::Nats ? nats : nats / kNatsPerBit;
}

int ReadoutsModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_readouts.size());
}

int ReadoutsModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReadoutsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RowReadout &r = m_readouts[size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Query || index.column() == Argmax
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && r.allMasked())
        return tr("Every key is masked for this query: its weights are all 0.");
    if (role != Qt::DisplayRole)
        return {};
    const int row = index.row();
    switch (index.column()) {
    case Query:
        return QString("%1 %2").arg(row).arg(row < m_queries.size() ? m_queries[row] : QString());
    case Sum:
        return QString::number(r.sum, 'f', 4);
    case Entropy:
        return r.allMasked() ? QString("\u2014") : QString::number(entropy(row), 'f', 4);
    case EffectiveKeys:
        return r.allMasked() ? QString("\u2014") : QString::number(std::exp(r.entropy), 'f', 2);
    case MaxWeight:
        return r.allMasked() ? QString("\u2014") : QString::number(r.maxWeight, 'f', 4);
    case Argmax:
        if (r.allMasked())
            return tr("all keys masked");
        return QString("%1 %2%3").arg(r.argmax).arg(r.argmax < m_keys.size() ? m_keys[r.argmax]
                                                                             : QString(),
                                                    r.tie ? tr(" (tie)") : QString());
    default:
        return {};
    }
}

QVariant ReadoutsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Sum:
            return tr("\u03a3\u2c7c a\u1d62\u2c7c: 1 for every query with a visible key (softmax)");
        case Entropy:
            return m_unit == Unit::Nats
                       ? tr("\u2212\u03a3\u2c7c a\u1d62\u2c7c ln a\u1d62\u2c7c: 0 for a one-hot "
                            "row, "
                            "ln m for a uniform one")
                       : tr("\u2212\u03a3\u2c7c a\u1d62\u2c7c log\u2082 a\u1d62\u2c7c: 0 for a "
                            "one-hot row, log\u2082 m for a uniform one");
        case EffectiveKeys:
            return tr("exp(entropy in nats): how many keys the query effectively spreads over");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Query:
        return "query";
    case Sum:
        return "\u03a3\nweights";
    case Entropy:
        return m_unit == Unit::Nats ? "entropy\n(nats)" : "entropy\n(bits)";
    case EffectiveKeys:
        return "effective\nkeys";
    case MaxWeight:
        return "largest\nweight";
    case Argmax:
        return "on\nkey";
    default:
        return {};
    }
}

} // namespace attn::ui
