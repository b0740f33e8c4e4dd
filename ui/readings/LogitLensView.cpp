// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogitLensView.h"

#include "InputError.h"
#include "Notation.h"

#include <QHeaderView>

#include <algorithm>

namespace attn::ui {

LogitLensView::LogitLensView(QWidget *parent) : QTableWidget(parent) {
    setObjectName("logitLensView");
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setMouseTracking(true);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

QString LogitLensView::pieceOf(std::int64_t id) const {
    if (m_tokenizer) {
        try {
            return attn::displayLabel(m_tokenizer->token(int(id)));
        } catch (const attn::InputError &) {
            // An id of the model's vocabulary beyond the tokenizer's: its number below.
        }
    }
    return QStringLiteral("#%1").arg(id);
}

void LogitLensView::setMessage(const QString &text) {
    m_lens.reset();
    clear();
    setRowCount(1);
    setColumnCount(1);
    horizontalHeader()->hide();
    verticalHeader()->hide();
    auto *item = new QTableWidgetItem(text);
    item->setForeground(palette().color(QPalette::PlaceholderText));
    setItem(0, 0, item);
}

void LogitLensView::setLens(std::shared_ptr<const attn::LogitLens> lens,
                            const std::vector<attn::Token> &tokens,
                            std::shared_ptr<const attn::Tokenizer> tokenizer) {
    m_lens = std::move(lens);
    m_tokenizer = std::move(tokenizer);
    clear();
    if (!m_lens || m_lens->top.empty()) {
        setMessage(tr("Type a text above"));
        return;
    }
    horizontalHeader()->show();
    verticalHeader()->show();
    const int layers = int(m_lens->top.size()), positions = int(m_lens->top[0].size());
    setRowCount(layers);
    setColumnCount(positions);
    QStringList columns, rows;
    for (int i = 0; i < positions; ++i)
        columns << (std::size_t(i) < tokens.size() ? attn::displayLabel(tokens[std::size_t(i)])
                                                   : QString::number(i));
    for (int l = 0; l < layers; ++l)
        rows << tr("after L%1").arg(l);
    setHorizontalHeaderLabels(columns);
    setVerticalHeaderLabels(rows);
    const QColor base = palette().color(QPalette::Base);
    const QColor blue(0x00, 0x72, 0xb2); // Okabe–Ito blue: a sure prediction is dark
    for (int l = 0; l < layers; ++l)
        for (int i = 0; i < positions; ++i) {
            const std::vector<attn::Prediction> &top = m_lens->top[std::size_t(l)][std::size_t(i)];
            auto *item = new QTableWidgetItem;
            if (!top.empty()) {
                const double p = top.front().probability;
                item->setText(pieceOf(top.front().id));
                const double t = std::clamp(p, 0.0, 1.0);
                const QColor shade(int(base.red() + (blue.red() - base.red()) * t),
                                   int(base.green() + (blue.green() - base.green()) * t),
                                   int(base.blue() + (blue.blue() - base.blue()) * t));
                item->setBackground(shade);
                item->setForeground(t > 0.5 ? QColor(Qt::white) : palette().color(QPalette::Text));
                QStringList lines{tr("After layer %1, at %2 (token %3), the model would predict:")
                                      .arg(l)
                                      .arg(columns[i])
                                      .arg(i)};
                for (const attn::Prediction &pr : top)
                    lines << QStringLiteral("%1  %2").arg(
                        pieceOf(pr.id), attn::notation::weightBeside(pr.probability, 3));
                item->setToolTip(lines.join('\n'));
            }
            setItem(l, i, item);
        }
}

} // namespace attn::ui
