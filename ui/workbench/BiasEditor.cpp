// SPDX-License-Identifier: GPL-3.0-or-later
#include "BiasEditor.h"

#include "Notation.h"
#include "NumberText.h"
#include "document/Document.h"
#include "document/NumberFormat.h"
#include "shell/Translations.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

BiasEditor::BiasEditor(Document *document, QWidget *parent)
    : QWidget(parent), m_doc(document), m_caption(new QLabel(this)),
      m_table(new QTableWidget(this)) {
    setObjectName("biasEditor");
    m_table->setObjectName("biasTable");
    QFont bold = m_caption->font();
    bold.setBold(true);
    m_caption->setFont(bold);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_caption);
    layout->addWidget(m_table);
    m_table->horizontalHeader()->setDefaultSectionSize(64);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    connect(m_table, &QTableWidget::cellChanged, this, &BiasEditor::commit);
    connect(document, &Document::changed, this, &BiasEditor::refresh);
    connect(&document->selection(), &ViewSelection::currentHeadChanged, this, &BiasEditor::refresh);
    connect(&Translations::instance(), &Translations::changed, this, &BiasEditor::refresh);
    refresh();
}

void BiasEditor::refresh() {
    const attn::AttentionInputs &in = m_doc->inputs();
    const int head = std::clamp(m_doc->selection().currentHead(), 0, int(in.heads.size()) - 1);
    const attn::HeadWeights &w = in.heads[std::size_t(head)];
    const attn::HeadWeights &kv = in.heads[attn::kvSource(in, std::size_t(head))];
    m_rows.clear();
    QList<const attn::Matrix *> biases;
    // The QK norm's gains (rows 'Q', 'K') when the norm is on: they multiply each normalised
    // row of Q and K as the biases are added to the projections.
    const bool gains = in.options.qkNorm;
    for (const auto &[which, bias] :
         {std::pair{'q', &w.bq}, std::pair{'k', &kv.bk}, std::pair{'v', &kv.bv},
          std::pair{'o', &in.bo}, std::pair{'Q', &w.gq}, std::pair{'K', &kv.gk}})
        if (bias->size() > 0 && (gains || (which != 'Q' && which != 'K'))) {
            m_rows << which;
            biases << bias;
        }
    setVisible(!m_rows.isEmpty());
    if (m_rows.isEmpty())
        return;
    const bool anyGain = m_rows.contains('Q') || m_rows.contains('K');
    const bool anyBias = m_rows.size() > int(m_rows.contains('Q')) + int(m_rows.contains('K'));
    if (anyGain && !anyBias)
        m_caption->setText(
            m_doc->headCount() > 1
                ? tr("QK norm gains of head %1 (multiply each normalised row)").arg(head)
                : tr("QK norm gains (multiply each normalised row)"));
    else if (anyGain)
        m_caption->setText(m_doc->headCount() > 1
                               ? tr("Biases (added to every row) and QK norm gains (multiply "
                                    "each normalised row) of head %1")
                                     .arg(head)
                               : tr("Biases (added to every row) and QK norm gains (multiply "
                                    "each normalised row)"));
    else
        m_caption->setText(m_doc->headCount() > 1
                               ? tr("Biases of head %1 (added to every token's row)").arg(head)
                               : tr("Biases (added to every token's row)"));
    int cols = 0;
    for (const attn::Matrix *b : biases)
        cols = std::max(cols, int(b->cols()));
    m_filling = true;
    m_table->setRowCount(int(m_rows.size()));
    m_table->setColumnCount(cols);
    QStringList names;
    for (int r = 0; r < m_rows.size(); ++r) {
        names << (m_rows[r] == 'o'   ? QStringLiteral("bo")
                  : m_rows[r] == 'Q' ? QStringLiteral("gq")
                  : m_rows[r] == 'K' ? QStringLiteral("gk")
                                     : QStringLiteral("b%1").arg(m_rows[r]));
        for (int c = 0; c < cols; ++c) {
            // Items are kept and rewritten, never replaced: an edit's own cellChanged reaches
            // here through the document while its item is still being set.
            QTableWidgetItem *item = m_table->item(r, c);
            if (!item) {
                item = new QTableWidgetItem;
                m_table->setItem(r, c, item);
            }
            if (c < biases[r]->cols()) {
                item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable);
                item->setText(attn::notation::number((*biases[r])(0, c), 4));
                item->setToolTip(QString::fromStdString(attn::shortestNumber((*biases[r])(0, c))));
            } else {
                item->setFlags(Qt::NoItemFlags); // bo may be wider or narrower than d_k
                item->setText(QString());
                item->setToolTip(QString());
            }
        }
    }
    m_table->setVerticalHeaderLabels(names);
    m_filling = false;
}

void BiasEditor::commit(int row, int col) {
    if (m_filling || row < 0 || row >= m_rows.size())
        return;
    const QString text = m_table->item(row, col)->text();
    bool tooLarge = false;
    const std::optional<double> value = parseNumber(text, &tooLarge);
    QString error;
    if (!value)
        error = tooLarge ? tr("“%1” is too large (values must lie within ±1e15)").arg(text)
                         : tr("“%1” is not a number").arg(text);
    else
        m_doc->setBias(m_doc->selection().currentHead(), m_rows[row], col, *value, &error);
    if (!error.isEmpty()) {
        emit refused(error);
        refresh(); // the document's number again
    }
}

} // namespace attn::ui
