// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenListModel.h"

#include "Document.h"
#include "headreadings/TokenLabels.h"

namespace attn::ui {

TokenListModel::TokenListModel(Document *doc, bool context, QObject *parent)
    : QAbstractTableModel(parent), m_doc(doc), m_context(context), m_count(int(tokens().size())) {
    connect(doc, &Document::changed, this, &TokenListModel::onChanged);
}

const std::vector<std::string> &TokenListModel::tokens() const {
    return m_context ? m_doc->inputs().contextTokens : m_doc->inputs().tokens;
}

int TokenListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || m_count == 0 ? 0 : 1;
}

int TokenListModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : m_count;
}

QVariant TokenListModel::data(const QModelIndex &index, int role) const {
    if (!m_doc || !index.isValid() || !checkIndex(index))
        return {};
    const auto &labels = tokens();
    if (size_t(index.column()) >= labels.size())
        return {};
    if (role == Qt::DisplayRole) // a long label would widen the whole strip
        return attn::elidedLabel(QString::fromStdString(labels[size_t(index.column())]));
    if (role == Qt::EditRole)
        return QString::fromStdString(labels[size_t(index.column())]);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
    if (role == Qt::ToolTipRole)
        return tr("%1 %2 \u201c%3\u201d: double-click or type to rename")
            .arg(m_context ? tr("Context token") : tr("Token"))
            .arg(index.column())
            .arg(QString::fromStdString(labels[size_t(index.column())]));
    return {};
}

QVariant TokenListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Horizontal)
        return section < m_count ? QVariant(QString::number(section)) : QVariant();
    return section == 0 && m_count > 0 ? QVariant(m_context ? tr("context") : tr("tokens"))
                                       : QVariant();
}

Qt::ItemFlags TokenListModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool TokenListModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (role != Qt::EditRole || !m_doc || !index.isValid() || !checkIndex(index))
        return false;
    QString error;
    const bool ok = m_context ? m_doc->setContextToken(index.column(), value.toString(), &error)
                              : m_doc->setToken(index.column(), value.toString(), &error);
    if (!ok) {
        emit editRefused(error);
        return false;
    }
    emit editAccepted();
    return true;
}

void TokenListModel::onChanged(const DocumentChange &change) {
    if (!(change.what & (DocumentChange::Tokens | DocumentChange::Shape | DocumentChange::Context)))
        return;
    const int count = m_doc->inputs().hasContext || !m_context ? int(tokens().size()) : 0;
    if (count != m_count) {
        beginResetModel();
        m_count = count;
        endResetModel();
    } else if (m_count > 0) {
        emit dataChanged(index(0, 0), index(0, m_count - 1));
    }
}

} // namespace attn::ui
