// SPDX-License-Identifier: GPL-3.0-or-later
#include "OnlineSoftmaxWidget.h"

#include "Notation.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

QString num(double v) {
    return attn::notation::number(v, 4);
}

QString vectorText(const attn::RowVector &v) {
    QStringList parts;
    for (Eigen::Index k = 0; k < v.size(); ++k)
        parts << num(v(k));
    return "[" + parts.join("  ") + "]";
}

} // namespace

OnlineSoftmaxWidget::OnlineSoftmaxWidget(QWidget *parent) : QWidget(parent) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    m_table = new QTableWidget(this);
    m_table->setObjectName("onlineSteps");
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels(
        {"keys", QCoreApplication::translate("OnlineSoftmaxWidget", "block max"), "m", "rescale",
         "\u2113", "acc"});
    m_table->horizontalHeaderItem(3)->setToolTip(QCoreApplication::translate(
        "OnlineSoftmaxWidget", "exp(m_old \u2212 m_new): what \u2113 and acc "
                               "are multiplied by when the maximum grows"));
    m_table->horizontalHeaderItem(4)->setToolTip(QCoreApplication::translate(
        "OnlineSoftmaxWidget", "the running sum of exp(logit \u2212 m)"));
    m_table->horizontalHeaderItem(5)->setToolTip(QCoreApplication::translate(
        "OnlineSoftmaxWidget", "the running sum of exp(logit \u2212 m)\u00b7V[key]"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setFocusPolicy(Qt::NoFocus); // the arrows step the animation
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    m_check = new QLabel(this);
    m_check->setObjectName("onlineCheck");
    m_check->setWordWrap(true);
    layout->addWidget(m_check);
    m_allRows = new QLabel(this);
    m_allRows->setObjectName("onlineAllRows");
    m_allRows->setWordWrap(true);
    layout->addWidget(m_allRows);
}

void OnlineSoftmaxWidget::setAllRowsText(const QString &text) {
    m_allRows->setText(text);
    m_allRows->setVisible(!text.isEmpty());
}

QString OnlineSoftmaxWidget::allRowsText() const {
    return m_allRows->text();
}

void OnlineSoftmaxWidget::setWalk(const attn::OnlineRow &walk, const attn::RowVector &plain,
                                  const QStringList &keyLabels, const QString &query) {
    m_walk = walk;
    m_plain = plain;
    m_keys = keyLabels;
    m_query = query;
    m_revealed = std::clamp(m_revealed, 0, stepCount());
    fill();
}

void OnlineSoftmaxWidget::clear(const QString &message) {
    m_walk = {};
    m_heading->setText(message);
    fill();
}

void OnlineSoftmaxWidget::setColumnLayout(bool columns) {
    if (columns == m_columns)
        return;
    m_columns = columns;
    fill();
}

void OnlineSoftmaxWidget::setRevealed(int steps) {
    m_revealed = std::clamp(steps, 0, stepCount());
    fill();
}

QString OnlineSoftmaxWidget::checkText() const {
    if (m_walk.steps.empty() || m_revealed < stepCount())
        return {};
    const double diff = (m_walk.output - m_plain).cwiseAbs().maxCoeff();
    const double scale = std::max(1.0, m_plain.cwiseAbs().maxCoeff());
    const QString plain = m_columns ? tr("V·softmax(…) column") : tr("softmax(…)·V row");
    QString text = tr("acc / ℓ = the plain %1: largest difference %2 %3")
                       .arg(plain, num(diff), diff <= 1e-12 * scale ? "\u2713" : "\u2717");
    if (m_walk.fullyMasked)
        text = (m_columns ? tr("Every key is masked: ℓ stays 0 and the output column is 0, as in "
                               "the plain path. ")
                          : tr("Every key is masked: ℓ stays 0 and the output row is 0, as in "
                               "the plain path. ")) +
               text;
    return text;
}

void OnlineSoftmaxWidget::fill() {
    const int steps = stepCount();
    const bool done = steps > 0 && m_revealed == steps;
    if (steps > 0)
        m_heading->setText(tr("Query %1, key blocks of %2: m, \u2113 and acc start at "
                              "\u2212\u221e, 0 and 0; each block updates them.")
                               .arg(m_query)
                               .arg(m_walk.block));
    m_table->setRowCount(m_revealed + (done ? 1 : 0));
    auto label = [this](Eigen::Index k) {
        return k < m_keys.size() ? m_keys[k] : QString::number(k);
    };
    for (int r = 0; r < m_revealed; ++r) {
        const attn::OnlineStep &s = m_walk.steps[size_t(r)];
        const QString keys = s.first == s.last
                                 ? label(s.first)
                                 : QString("%1\u2026%2").arg(label(s.first), label(s.last));
        const QStringList cells = {keys,           num(s.blockMax), num(s.max),
                                   num(s.rescale), num(s.sum),      vectorText(s.acc)};
        for (int c = 0; c < 6; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (r == m_revealed - 1 && !done) { // the newest block stands out
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(r, c, item);
        }
    }
    if (done) {
        auto *what = new QTableWidgetItem(tr("acc / \u2113"));
        m_table->setItem(steps, 0, what);
        for (int c = 1; c < 5; ++c)
            m_table->setItem(steps, c, new QTableWidgetItem());
        auto *out = new QTableWidgetItem(vectorText(m_walk.output));
        QFont f = out->font();
        f.setBold(true);
        out->setFont(f);
        m_table->setItem(steps, 5, out);
    }
    m_table->resizeColumnsToContents();
    m_check->setText(checkText());
}

} // namespace attn::ui
