// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenEditor.h"

#include "document/Document.h"

#include "CompactHeaderView.h"
#include "CompactTableView.h"
#include "document/TokenListModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace attn::ui {

TokenEditor::TokenEditor(Document *doc, bool context, QWidget *parent)
    : QWidget(parent), m_model(new TokenListModel(doc, context, this)),
      m_view(new CompactTableView(this)), m_message(new RefusalLabel(doc, this)),
      m_fitTimer(new QTimer(this)) {
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
        const QModelIndex cell = m_view->currentIndex();
        m_message->refuse(tr("Label not changed: %1").arg(message), m_view->viewport(),
                          cell.isValid() ? m_view->visualRect(cell) : QRect());
    });
    connect(m_message, &RefusalLabel::refused, this, &TokenEditor::refused);
    connect(m_model, &TokenListModel::editAccepted, m_message, &RefusalLabel::dismiss);
    // Any later change of the document leaves a refusal stale.
    connect(doc, &Document::changed, m_message, &QWidget::hide);
    m_fitTimer->setSingleShot(true);
    m_fitTimer->setInterval(0);
    connect(m_fitTimer, &QTimer::timeout, this, &TokenEditor::fitColumns);
    connect(m_model, &QAbstractItemModel::modelReset, this, &TokenEditor::scheduleFit);
    if (!context) {
        // Clicking a query token selects that query everywhere, as clicking its row does.
        connect(m_view, &QAbstractItemView::clicked, doc, [doc](const QModelIndex &index) {
            doc->selection().setSelectedRow(index.column());
        });
    }
    connect(m_model, &QAbstractItemModel::dataChanged, this, &TokenEditor::scheduleFit);
    fitColumns();
}

QTableView *TokenEditor::view() const {
    return m_view;
}

QString TokenEditor::message() const {
    return m_message->shown();
}

void TokenEditor::scheduleFit() {
    if (m_model->columnCount() <= CompactHeaderView::kStyledSections) {
        fitColumns();
        return;
    }
    // Thousands of tokens (5–10 ms of measuring): in a turn of the event loop of its own (a
    // timer's, not a posted event's, which would run in the same turn), not in the one that
    // handles the document's change everywhere else.
    m_fitTimer->start();
}

void TokenEditor::fitColumns() {
    m_view->resizeColumnsToContents();
    m_view->refreshGeometry();
}

} // namespace attn::ui
