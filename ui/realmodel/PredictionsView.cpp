// SPDX-License-Identifier: GPL-3.0-or-later
#include "PredictionsView.h"

#include "InputError.h"
#include "Notation.h"
#include "TokenStrip.h"

#include <QEvent>
#include <QHeaderView>

PredictionsView::PredictionsView(QWidget *parent) : QTreeWidget(parent) {
    setObjectName("predictionsView");
    setColumnCount(2);
    setRootIsDecorated(false);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(0, QHeaderView::Stretch);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    fill();
}

std::vector<std::int64_t> PredictionsView::maskPositions(const std::vector<attn::Token> &tokens) {
    std::vector<std::int64_t> positions;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i].special && tokens[i].piece == QLatin1String("[MASK]"))
            positions.push_back(std::int64_t(i));
    return positions;
}

void PredictionsView::setOutcome(const ModelRunner::Outcome &outcome,
                                 const attn::Tokenizer *tokenizer, bool decoder) {
    m_outcome = outcome;
    m_tokenizer = tokenizer;
    m_decoder = decoder;
    m_positions.clear();
    m_predictions.clear();
    if (outcome.run && outcome.run->logits.cols() > 0 && !outcome.tokens.empty()) {
        if (decoder)
            m_positions = {std::int64_t(outcome.tokens.size()) - 1};
        else
            m_positions = maskPositions(outcome.tokens);
        for (std::int64_t p : m_positions)
            m_predictions.push_back(attn::topPredictions(*outcome.run, p, kTop));
    }
    fill();
}

void PredictionsView::fill() {
    clear();
    setHeaderLabels({m_decoder ? tr("Next token") : tr("At [MASK]"), tr("Probability")});
    if (m_positions.empty()) {
        auto *item = new QTreeWidgetItem(this);
        item->setText(0, !m_outcome.run ? tr("Type a text above")
                         : m_decoder    ? tr("No language-model head")
                                        : tr("Write [MASK] in the text to see what BERT "
                                                "puts there"));
        item->setFirstColumnSpanned(true);
        item->setForeground(0, palette().color(QPalette::PlaceholderText));
        return;
    }
    for (std::size_t k = 0; k < m_positions.size(); ++k) {
        const std::int64_t p = m_positions[k];
        auto *group = new QTreeWidgetItem(this);
        const QString at = TokenStrip::label(m_outcome.tokens[std::size_t(p)]);
        group->setText(0, m_decoder ? tr("after %1 (token %2)").arg(at).arg(p)
                                    : tr("[MASK] at token %1").arg(p));
        group->setFirstColumnSpanned(true);
        QFont bold = font();
        bold.setBold(true);
        group->setFont(0, bold);
        for (const attn::Prediction &pr : m_predictions[k]) {
            auto *item = new QTreeWidgetItem(this);
            QString piece = QStringLiteral("#%1").arg(pr.id);
            if (m_tokenizer) {
                try {
                    piece = TokenStrip::label(m_tokenizer->token(int(pr.id)));
                } catch (const attn::InputError &) {
                    // An id of the model's vocabulary beyond the tokenizer's: its number.
                }
            }
            item->setText(0, QStringLiteral("    ") + piece);
            item->setToolTip(0, tr("token id %1").arg(pr.id));
            item->setText(1, attn::notation::weightBeside(pr.probability, 3));
            item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        }
    }
}

void PredictionsView::changeEvent(QEvent *event) {
    QTreeWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        fill();
}
