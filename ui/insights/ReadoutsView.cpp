// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReadoutsView.h"

#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

ReadoutsView::ReadoutsView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_model(new ReadoutsModel(this)),
      m_table(new QTableView), m_unit(new QComboBox), m_caption(new QLabel) {
    setObjectName("readoutsView");
    auto *layout = new QVBoxLayout(this);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    auto *top = new QHBoxLayout;
    auto *unitLabel = new QLabel(QCoreApplication::translate("ReadoutsView", "&Entropy in:"));
    unitLabel->setBuddy(m_unit);
    top->addWidget(unitLabel);
    m_unit->addItem(QCoreApplication::translate("ReadoutsView", "nats (ln)"));
    m_unit->addItem(QCoreApplication::translate("ReadoutsView", "bits (log\u2082)"));
    top->addWidget(m_unit);
    top->addStretch(1);
    layout->addLayout(top);
    layout->addWidget(m_table, 1);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The columns fit the rows in view and this many more, not all of them (Qt's default is
    // 1,000 rows: 30–40 ms of text measuring on the GUI thread at 4096 queries, at every
    // relayout); the numbers and the shortened names hardly vary in width further down.
    m_table->horizontalHeader()->setResizeContentsPrecision(100);
    m_table->horizontalHeader()->setStretchLastSection(true);
    QFont f = m_table->font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    m_table->setFont(f);

    connect(m_unit, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_model->setUnit(i == 1 ? ReadoutsModel::Unit::Bits : ReadoutsModel::Unit::Nats);
        m_caption->setText(caption());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_following && current.isValid())
                    this->document()->selection().setSelectedRow(current.row());
            });
}

QString ReadoutsView::caption() const {
    if (m_model->readouts().empty())
        return tr("No result yet.");
    const bool bits = m_model->unit() == ReadoutsModel::Unit::Bits;
    const double uniform = bits ? std::log2(double(m_keyCount)) : std::log(double(m_keyCount));
    bool masked = false;
    for (const RowReadout &r : m_model->readouts())
        masked = masked || r.visibleKeys < m_keyCount;
    return tr("Head %1. Entropy 0: one key takes all the weight; %2 = %3 %4: uniform over "
              "all %4 keys.%5")
        .arg(m_head)
        .arg(attn::notation::number(uniform))
        .arg(bits ? "log\u2082" : "ln")
        .arg(m_keyCount)
        .arg(masked ? tr(" A masked query spreads over its visible keys only.") : QString());
}

void ReadoutsView::refresh() {
    const ResultSnapshot &snap = snapshot();
    const auto &result = snap.result;
    if (!snap.isValid() || result->heads.empty()) {
        m_model->setReadouts({}, {}, {});
        m_caption->setText(caption());
        return;
    }
    const int head = insight::headOf(*document(), *result);
    const std::shared_ptr<const attn::AttentionResult> shared = result;
    const std::shared_ptr<const attn::AttentionInputs> inputs = snap.inputs;
    // A table of queries whatever the layout: read from the row-layout result, a block of
    // queries at a time (never the whole n × m weights at once: 134 MB at 4096 tokens).
    runOffThread(insight::isLarge(*result), [this, shared, inputs, head]() -> Present {
        const attn::HeadResult &h = shared->heads[size_t(head)];
        const Eigen::Index n = h.queryCount(), block = 256;
        std::vector<RowReadout> readouts;
        readouts.reserve(size_t(n));
        const bool hasMask = shared->masked.size() > 0;
        for (Eigen::Index first = 0; first < n; first += block) {
            const Eigen::Index count = std::min(block, n - first);
            const attn::Mask masked =
                hasMask ? attn::Mask(shared->masked.middleRows(first, count)) : attn::Mask();
            std::vector<RowReadout> part =
                rowReadouts(h.queryRows(attn::HeadResult::Derived::Weights, first, count), masked);
            readouts.insert(readouts.end(), part.begin(), part.end());
        }
        const int keys = int(h.keyCount());
        return [this, readouts = std::move(readouts), inputs, head, keys] {
            m_head = head;
            m_keyCount = keys;
            m_model->setReadouts(readouts, attn::tokenLabels(inputs->tokens),
                                 attn::tokenLabels(inputs->sourceTokens()));
            m_caption->setText(caption());
            followSelection();
        };
    });
}

void ReadoutsView::followSelection() {
    const int row = document()->selection().selectedRow();
    m_following = true;
    if (row >= 0 && row < m_model->rowCount()) {
        m_table->selectRow(row);
        m_table->scrollTo(m_model->index(row, 0));
    } else {
        m_table->clearSelection();
    }
    m_following = false;
}

void ReadoutsView::selectedRowChanged() {
    if (isStale() || !isVisible())
        invalidate(); // catches up (and follows the selection) when shown
    else
        followSelection();
}

} // namespace attn::ui
