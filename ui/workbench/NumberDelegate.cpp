// SPDX-License-Identifier: GPL-3.0-or-later
#include "NumberDelegate.h"

#include "Notation.h"

#include <QLineEdit>

namespace attn::ui {

QWidget *NumberDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &,
                                      const QModelIndex &) const {
    auto *edit = new QLineEdit(parent);
    edit->setFrame(false);
    edit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return edit;
}

void NumberDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const {
    auto *edit = qobject_cast<QLineEdit *>(editor);
    if (!edit)
        return;
    const QVariant value = index.data(Qt::EditRole);
    // Exact, so that editing shows (and keeps) every digit, not the rounded display text.
    edit->setText(value.metaType().id() == QMetaType::Double
                      ? attn::notation::exact(value.toDouble())
                      : value.toString());
    edit->selectAll();
}

void NumberDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                  const QModelIndex &index) const {
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        model->setData(index, edit->text(), Qt::EditRole);
}

} // namespace attn::ui
