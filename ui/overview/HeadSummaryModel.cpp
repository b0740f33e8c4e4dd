// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadSummaryModel.h"

#include "Notation.h"

#include <cmath>
#include <limits>

namespace attn::ui {

HeadSummaryModel::HeadSummaryModel(QObject *parent) : QAbstractTableModel(parent) {}

void HeadSummaryModel::reset(int layers, int heads) {
    beginResetModel();
    m_layers = std::max(layers, 0);
    m_heads = m_layers > 0 ? std::max(heads, 0) : 0;
    m_read.assign(std::size_t(m_layers), nullptr);
    endResetModel();
}

void HeadSummaryModel::setLayer(int layer, std::shared_ptr<const RunOverview::Layer> heads) {
    if (layer < 0 || layer >= m_layers || (heads && int(heads->size()) != m_heads))
        return;
    m_read[std::size_t(layer)] = std::move(heads);
    emit dataChanged(index(rowOf(layer, 0), SinkMass),
                     index(rowOf(layer, m_heads - 1), kColumns - 1));
}

double HeadSummaryModel::value(int layer, int head, Column column) const {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads)
        return nan;
    if (column == Layer)
        return layer;
    if (column == Head)
        return head;
    const auto &heads = m_read[std::size_t(layer)];
    if (!heads)
        return nan;
    const attn::HeadSummary &s = (*heads)[std::size_t(head)].summary;
    switch (column) {
    case SinkMass:
        return s.scores.firstToken;
    case Entropy:
        return s.entropy;
    case LookBack:
        return s.lookBack;
    case PreviousToken:
        return s.scores.previousToken;
    case Induction:
        return s.scores.induction;
    case Duplicate:
        return s.scores.duplicateToken;
    case Layer:
    case Head:
        break;
    }
    return nan;
}

int HeadSummaryModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : m_layers * m_heads;
}

int HeadSummaryModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : kColumns;
}

QVariant HeadSummaryModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || m_heads == 0)
        return {};
    const int layer = index.row() / m_heads, head = index.row() % m_heads;
    const auto column = Column(index.column());
    const double v = value(layer, head, column);
    switch (role) {
    case Qt::DisplayRole:
        if (column == Layer || column == Head)
            return int(v);
        // Look-back is in positions (hundreds, thousands): its digits before the point.
        return std::isnan(v) ? QStringLiteral("\u2013")
                             : attn::notation::number(v, column == LookBack ? 5 : 3);
    case kSortRole:
        // Unread or undefined below every number, whichever way the table sorts: −∞ sorts
        // first ascending, so a descending sort (the useful one) puts them last.
        return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v;
    case kLayerRole:
        return layer;
    case kHeadRole:
        return head;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant HeadSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Layer:
            return tr("Layer");
        case Head:
            return tr("Head");
        case SinkMass:
            return tr("Sink");
        case Entropy:
            return tr("Entropy");
        case LookBack:
            return tr("Look-back");
        case PreviousToken:
            return tr("Prev.");
        case Induction:
            return tr("Induct.");
        case Duplicate:
            return tr("Dup.");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Layer:
        case Head:
            return {};
        case SinkMass:
            return tr("Sink mass: the weight on position 0, averaged over the queries");
        case Entropy:
            return tr("The entropy of each query's weights (nats), averaged: 0 when a query "
                      "reads one key, ln n when it reads n keys evenly");
        case LookBack:
            return tr("How many positions back each query looks, weighted by its weights, "
                      "averaged over the queries");
        case PreviousToken:
            return tr("Previous-token score: the weight on the position just before");
        case Induction:
            return tr("Induction score: the weight on the token after the last earlier "
                      "occurrence of the query's token");
        case Duplicate:
            return tr("Duplicate-token score: the weight on the last earlier occurrence of the "
                      "query's token");
        }
    }
    return {};
}

} // namespace attn::ui
