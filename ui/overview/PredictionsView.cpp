// SPDX-License-Identifier: GPL-3.0-or-later
#include "PredictionsView.h"

#include "InputError.h"
#include "Notation.h"
#include "tokenizer/Tokenizer.h"

#include <QColor>
#include <QEvent>
#include <QHeaderView>

#include <cmath>

namespace attn::ui {

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

void PredictionsView::setOutcome(const NetworkRunner::Outcome &outcome,
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

namespace {

// The probability of token `id` at `position` of a run: the softmax of that row of its logits.
double probabilityOf(const attn::Run &run, std::int64_t position, std::int64_t id) {
    // A compact run keeps only its last position's logits (Run::logitsFirst).
    const std::int64_t kept = position - run.logitsFirst;
    if (kept < 0 || kept >= run.logits.rows() || id < 0 || id >= run.logits.cols())
        return 0;
    const attn::RowVector row = run.logits.row(kept);
    const double top = row.maxCoeff();
    return std::exp(row(id) - top) / (row.array() - top).exp().sum();
}

} // namespace

void PredictionsView::fill() {
    clear();
    // With interventions, each token's probability before them too (the plain run's).
    const bool compared =
        m_outcome.run && m_outcome.baseline && m_outcome.baseline != m_outcome.run;
    setColumnCount(compared ? 3 : 2);
    QStringList headers{m_decoder ? tr("Next token") : tr("At [MASK]"), tr("Probability")};
    if (compared)
        headers << tr("Before");
    setHeaderLabels(headers);
    if (compared) {
        header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
        headerItem()->setToolTip(2, tr("The probability without the ablations"));
    }
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
        const QString at = attn::displayLabel(m_outcome.tokens[std::size_t(p)]);
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
                    piece = attn::displayLabel(m_tokenizer->token(int(pr.id)));
                } catch (const attn::InputError &) {
                    // An id of the model's vocabulary beyond the tokenizer's: its number.
                }
            }
            item->setText(0, QStringLiteral("    ") + piece);
            item->setToolTip(0, tr("token id %1").arg(pr.id));
            item->setText(1, attn::notation::weightBeside(pr.probability, 3));
            item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            if (compared) {
                const double before = probabilityOf(*m_outcome.baseline, p, pr.id);
                item->setText(2, attn::notation::weightBeside(before, 3));
                item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
                // Up in Okabe–Ito bluish green, down in vermilion: what the ablation did.
                if (pr.probability > before + 5e-4)
                    item->setForeground(1, QColor(0x00, 0x9e, 0x73));
                else if (pr.probability < before - 5e-4)
                    item->setForeground(1, QColor(0xd5, 0x5e, 0x00));
            }
        }
    }
}

void PredictionsView::changeEvent(QEvent *event) {
    QTreeWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        fill();
}

} // namespace attn::ui
