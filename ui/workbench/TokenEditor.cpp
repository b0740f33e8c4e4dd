#include "TokenEditor.h"

#include "Document.h"

#include "CompactTableView.h"
#include "TokenListModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QVBoxLayout>

TokenEditor::TokenEditor(Document *doc, bool context, QWidget *parent)
    : QWidget(parent), m_model(new TokenListModel(doc, context, this)),
      m_view(new CompactTableView(this)), m_message(new QLabel(this)) {
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

    m_message->setWordWrap(true);
    m_message->setStyleSheet(
        QStringLiteral("QLabel { color: #8a1010; background: #fdeaea; border: 1px solid #e4a9a9;"
                       " border-radius: 3px; padding: 2px 4px; }"));
    m_message->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_message->hide();
    layout->addWidget(m_message);

    connect(m_model, &TokenListModel::editRefused, this, [this](const QString &message) {
        m_message->setText(tr("Label not changed: %1").arg(message));
        m_message->show();
    });
    connect(m_model, &TokenListModel::editAccepted, m_message, &QWidget::hide);
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
    return m_message->isHidden() ? QString() : m_message->text();
}

void TokenEditor::fitColumns() {
    m_view->resizeColumnsToContents();
    m_view->refreshGeometry();
}
