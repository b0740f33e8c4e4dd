#include "TokenEditor.h"

#include "Document.h"

#include "CompactTableView.h"
#include "TokenListModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QVBoxLayout>

TokenEditor::TokenEditor(Document *doc, bool context, QWidget *parent)
    : QWidget(parent), m_model(new TokenListModel(doc, context, this)),
      m_view(new CompactTableView(this)), m_message(new RefusalLabel(doc, this)) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    m_view->setModel(m_model);
    m_view->setMaximumVisible(1, 12);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->setToolTip(context ? tr("Context tokens: the keys and values come from these rows. "
                                    "Double-click or type to rename.")
                               : tr("Tokens: one per row of X. Double-click or type to rename."));
    layout->addWidget(m_view, 0, Qt::AlignLeft);

    layout->addWidget(m_message);

    connect(m_model, &TokenListModel::editRefused, this, [this](const QString &message) {
        m_message->refuse(tr("Label not changed: %1").arg(message));
    });
    connect(m_model, &TokenListModel::editAccepted, m_message, &RefusalLabel::dismiss);
    // Any later change of the document leaves a refusal stale.
    connect(doc, &Document::changed, m_message, &QWidget::hide);
    connect(m_model, &QAbstractItemModel::modelReset, this, &TokenEditor::fitColumns);
    if (!context) {
        // Clicking a query token selects that query everywhere, as clicking its row does.
        connect(m_view, &QAbstractItemView::clicked, doc,
                [doc](const QModelIndex &index) { doc->setSelectedRow(index.column()); });
    }
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TokenEditor::fitColumns);
    fitColumns();
}

QTableView *TokenEditor::view() const {
    return m_view;
}

QString TokenEditor::message() const {
    return m_message->shown();
}

void TokenEditor::fitColumns() {
    m_view->resizeColumnsToContents();
    m_view->refreshGeometry();
}
