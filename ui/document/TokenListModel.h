// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DocumentChange.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace attn::ui {

class Document;

// The token labels (or the context's) as one row, a token per column, so it reads like the
// sentence. Edits go through Document::setToken / setContextToken (undoable).
class TokenListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    TokenListModel(Document *doc, bool context, QObject *parent = nullptr);

    bool isContext() const { return m_context; }
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    void editRefused(const QString &message);
    void editAccepted();

private:
    const std::vector<std::string> &tokens() const;
    void onChanged(const DocumentChange &change);

    QPointer<Document> m_doc;
    bool m_context;
    int m_count = 0;
};

} // namespace attn::ui
