// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIfPanel.h"

#include "Formula.h"
#include "InputError.h"
#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "shell/Translations.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

using attn::notation::number;

namespace {

QLabel *richLabel() {
    auto *l = new QLabel;
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QGroupBox *section(const QString &title, const QString &explanation) {
    auto *box = new QGroupBox(title);
    auto *layout = new QVBoxLayout(box);
    auto *why = new QLabel(explanation);
    why->setWordWrap(true);
    layout->addWidget(why);
    return box;
}

QString tokenName(const std::vector<std::string> &labels, int i) {
    return i >= 0 && i < int(labels.size())
               ? QString::fromStdString(labels[size_t(i)]).toHtmlEscaped()
               : QString::number(i);
}

QString tableRow(const QStringList &cells, bool header = false) {
    const QString tag = header ? "th" : "td";
    QString row = "<tr>";
    for (const QString &c : cells)
        row += QString("<%1 align='right'>%2</%1>").arg(tag, c);
    return row + "</tr>";
}

} // namespace

WhatIfPanel::WhatIfPanel(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_status(new QLabel),
      m_compute(
          new QPushButton(QCoreApplication::translate("WhatIfPanel", "&Compute the what-ifs"))) {
    setObjectName("whatIfPanel");
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(QCoreApplication::translate(
        "WhatIfPanel", "Each demonstration computes on a copy of the inputs: the document "
                       "is not changed (except by the d_k = 512 button, which Ctrl+Z "
                       "undoes)."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    layout->addWidget(m_compute);
    m_compute->hide();
    connect(m_compute, &QPushButton::clicked, this, &WhatIfPanel::computeAll);
    layout->addWidget(buildScaling());
    layout->addWidget(buildShift());
    layout->addWidget(buildPermutation());
    layout->addWidget(buildQkScaling());
    layout->addStretch(1);
}

double WhatIfPanel::qkFactorAt(int position) {
    return std::pow(10.0, (position - 100) / 100.0);
}

QString WhatIfPanel::tokenWord() const {
    return document()->selection().layout() == attn::Layout::Rows ? tr("row") : tr("column");
}

QString WhatIfPanel::text() const {
    return QStringList{m_status->text(), m_scalingText->text(), m_shiftText->text(),
                       m_permutationText->text(), m_qkText->text()}
        .join("\n");
}

QWidget *WhatIfPanel::buildScaling() {
    QGroupBox *box = section(QString(), QString());
    auto *why = box->findChild<QLabel *>();
    Translations::setTexts(box, [box, why] {
        box->setTitle(tr("(a) Why divide by ") + attn::scaleSymbol() + "?");
        why->setText(
            tr("q\u00b7k adds up d_k products, so its spread grows like %1. Without the "
               "scaling, large d_k pushes the logits far apart and the softmax saturates into "
               "near one-hot rows (and its gradients vanish). Dividing by %1 keeps the logits' "
               "spread near 1.")
                .arg(attn::scaleSymbol()));
    });
    m_scalingText = richLabel();
    box->layout()->addWidget(m_scalingText);
    m_demo = new QPushButton(tr("&Load a d_k = 512 random case (undoable)"));
    Translations::setTexts(m_demo, [this] {
        m_demo->setToolTip(tr("8 tokens, p = 16, d_k = 512, q and k entries of variance about 1, "
                              "seed ") +
                           QString::number(whatif::kScalingDemoSeed));
    });
    connect(m_demo, &QPushButton::clicked, this, &WhatIfPanel::loadScalingDemo);
    box->layout()->addWidget(m_demo);
    return box;
}

QWidget *WhatIfPanel::buildShift() {
    QGroupBox *box = section(tr("(b) Adding a constant to a row of logits"),
                             tr("softmax(\u2113 + c) = softmax(\u2113): exp(\u2113\u2c7c + c) = "
                                "e\u1d9c·exp(\u2113\u2c7c), and e\u1d9c cancels between the "
                                "numerator and the sum. (It is also why the softmax may subtract "
                                "the row's maximum first: exp then never overflows.)"));
    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("Con&stant c:"));
    m_shift = new QDoubleSpinBox;
    m_shift->setRange(-1000, 1000);
    m_shift->setDecimals(2);
    m_shift->setValue(100);
    label->setBuddy(m_shift);
    row->addWidget(label);
    row->addWidget(m_shift);
    row->addStretch(1);
    qobject_cast<QVBoxLayout *>(box->layout())->addLayout(row);
    m_shiftText = richLabel();
    box->layout()->addWidget(m_shiftText);
    connect(m_shift, &QDoubleSpinBox::valueChanged, this, &WhatIfPanel::updateShift);
    return box;
}

QWidget *WhatIfPanel::buildPermutation() {
    QGroupBox *box = section(tr("(c) Permuting the tokens"),
                             tr("Attention has no notion of order: shuffle the tokens and the "
                                "output is shuffled the same way (positions only matter through "
                                "a causal mask or position encodings added to X)."));
    m_shuffle = new QPushButton(tr("S&huffle again"));
    connect(m_shuffle, &QPushButton::clicked, this, [this] {
        ++m_seed;
        updatePermutation();
    });
    box->layout()->addWidget(m_shuffle);
    m_permutationText = richLabel();
    box->layout()->addWidget(m_permutationText);
    return box;
}

QWidget *WhatIfPanel::buildQkScaling() {
    QGroupBox *box = section(tr("(d) Wq·c and Wk/c"),
                             tr("q\u00b7k = (c\u00b7q)\u00b7(k/c): scaling the query projection up "
                                "and the key projection down by the same factor changes Q and K "
                                "but not a single score, so Wq and Wk are not identifiable "
                                "separately, only their product."));
    auto *row = new QHBoxLayout;
    auto *label = new QLabel("&c:");
    m_c = new QSlider(Qt::Horizontal);
    m_c->setRange(0, 200);
    m_c->setValue(150);
    label->setBuddy(m_c);
    m_cValue = new QLabel;
    m_cValue->setMinimumWidth(60);
    row->addWidget(label);
    row->addWidget(m_c, 1);
    row->addWidget(m_cValue);
    qobject_cast<QVBoxLayout *>(box->layout())->addLayout(row);
    m_qkText = richLabel();
    box->layout()->addWidget(m_qkText);
    connect(m_c, &QSlider::valueChanged, this, &WhatIfPanel::updateQkScaling);
    return box;
}

void WhatIfPanel::loadScalingDemo() {
    // Another document, not an edit of this one: asked first, untitled after.
    if (!document()->mayReplace())
        return;
    QString error;
    if (!document()->replaceDocument(whatif::scalingDemoInputs(), tr("The d_k = 512 scaling demo"),
                                     &error))
        m_status->setText(error);
}

void WhatIfPanel::refresh() {
    m_scaling.reset();
    m_shiftCheck.reset();
    m_permutation.reset();
    m_qk.reset();
    const auto result = snapshot().result;
    const attn::AttentionInputs &in = shownInputs();
    if (!result || result->heads.empty()) {
        m_status->setText(tr("No result yet."));
        return;
    }
    m_head = insight::headOf(*document(), *result);
    m_row = document()->selection().selectedRow();
    if (m_row < 0 || m_row >= in.queryCount())
        m_row = 0;
    if (Recomputer::cost(in) > kMaxLiveCost) {
        m_status->setText(tr("These inputs are large: the what-ifs (about seven forward passes) "
                             "run when you press the button."));
        m_compute->show();
        for (QLabel *l : {m_scalingText, m_shiftText, m_permutationText, m_qkText})
            l->setText(tr("<i>not computed yet</i>"));
        return;
    }
    computeAll();
}

void WhatIfPanel::computeAll() {
    m_compute->hide();
    const attn::AttentionInputs &in = shownInputs();
    const bool several = in.heads.size() > 1;
    m_status->setText(
        tr("Query %1 (\u201c%2\u201d)%3 \u2014 select another query in any "
           "view.")
            .arg(m_row)
            .arg(tokenName(in.tokens, m_row), several ? tr(", head %1").arg(m_head) : QString()));
    updateScaling();
    updateShift();
    updatePermutation();
    updateQkScaling();
}

void WhatIfPanel::updateScaling() {
    const attn::AttentionInputs &in = shownInputs();
    try {
        m_scaling = whatif::compareScaling(in, m_head, m_row);
    } catch (const attn::InputError &e) {
        m_scaling.reset();
        m_scalingText->setText(QString::fromStdString(e.what()).toHtmlEscaped());
        return;
    }
    const whatif::ScalingComparison &c = *m_scaling;
    const auto &keys = in.sourceTokens();
    // "0.9596 (t1)", or "0.5 (t0, tie)" when another key has as much
    auto largest = [&keys](const whatif::Sharpness &sh) {
        return QString("%1 (%2%3)")
            .arg(number(sh.rowMax), tokenName(keys, sh.rowArgmax), sh.rowTie ? tr(", tie") : "");
    };
    const QString yes = in.options.scale ? tr(" (current)") : "";
    const QString no = in.options.scale ? "" : tr(" (current)");
    QString html = tr("<p>d_k = %1, temperature %2:</p><table cellspacing='0' "
                      "cellpadding='3'>")
                       .arg(c.dk)
                       .arg(number(in.options.temperature));
    html += tableRow({"", tr("with 1/") + attn::scaleSymbol() + yes, tr("without") + no}, true);
    html += tableRow(
        {tr("query %1: largest weight").arg(m_row), largest(c.scaled), largest(c.unscaled)});
    html += tableRow({tr("query %1: entropy (nats)").arg(m_row), number(c.scaled.rowEntropy),
                      number(c.unscaled.rowEntropy)});
    html +=
        tableRow({tr("mean largest weight"), number(c.scaled.meanMax), number(c.unscaled.meanMax)});
    html += tableRow(
        {tr("mean entropy (nats)"), number(c.scaled.meanEntropy), number(c.unscaled.meanEntropy)});
    m_scalingText->setText(html + "</table>");
}

void WhatIfPanel::updateShift() {
    const auto result = snapshot().result;
    if (!result || m_head >= int(result->heads.size()))
        return;
    const attn::HeadResult &h = result->heads[size_t(m_head)];
    if (m_row >= h.queryCount()) {
        m_shiftCheck.reset();
        return;
    }
    // The query's logits and weights: a row of the (row-layout) result in either layout.
    using Derived = attn::HeadResult::Derived;
    m_shiftCheck =
        whatif::shiftLogits(h.queryRows(Derived::Logits, m_row, 1).row(0),
                            h.queryRows(Derived::Weights, m_row, 1).row(0), m_shift->value());
    const whatif::ShiftCheck &s = *m_shiftCheck;
    const auto &keys = shownInputs().sourceTokens();
    QString html = "<table cellspacing='0' cellpadding='3'>";
    html += tableRow({tr("key"), "\u2113", "\u2113 + c", tr("weight"), tr("weight after")}, true);
    const int shown = std::min<int>(int(s.logits.size()), 12);
    for (int j = 0; j < shown; ++j)
        html +=
            tableRow({tokenName(keys, j), number(s.logits(j)), number(s.logits(j) + s.shift),
                      QString::number(s.before(j), 'f', 6), QString::number(s.after(j), 'f', 6)});
    html += "</table>";
    if (s.logits.size() > shown)
        html += tr("<p>(first %1 of %2 keys)</p>").arg(shown).arg(s.logits.size());
    html += tr("<p><b>Largest difference of the weights: %1</b> (rounding only)</p>")
                .arg(number(s.maxDifference, 2));
    m_shiftText->setText(html);
}

void WhatIfPanel::updatePermutation() {
    const attn::AttentionInputs &in = shownInputs();
    try {
        m_permutation = whatif::checkPermutation(in, m_seed);
    } catch (const attn::InputError &e) {
        m_permutation.reset();
        m_permutationText->setText(QString::fromStdString(e.what()).toHtmlEscaped());
        return;
    }
    const whatif::PermutationCheck &c = *m_permutation;
    const QString word = tokenWord();
    QStringList order;
    for (int i : c.permutation)
        order << tokenName(in.tokens, i);
    QString html = tr("<p>New order: %1</p>").arg(order.join(", "));
    html += "<table cellspacing='0' cellpadding='3'>";
    html += tableRow({tr("new %1").arg(word), tr("token"), tr("output %1 after").arg(word),
                      tr("= old %1").arg(word)},
                     true);
    const int shown = std::min<int>(int(c.permutation.size()), 10);
    for (int k = 0; k < shown; ++k)
        html += tableRow({QString::number(k), tokenName(in.tokens, c.permutation[size_t(k)]),
                          insight::vectorText(c.after.row(k), 4, 4),
                          QString::number(c.permutation[size_t(k)])});
    html += "</table>";
    html += tr("<p><b>Largest difference between output %1 k after and output %1 "
               "\u03c0(k) before: %2</b></p>")
                .arg(word, number(c.maxDifference, 2));
    if (c.positional)
        html += tr("<p><i>The causal mask is tied to positions (query i sees keys \u2264 i), so "
                   "here the outputs are not simply permuted: the difference is real.</i></p>");
    if (c.positionEncoded)
        html += tr("<p><i>Positions are on: a token moved to another place gets that place's "
                   "position, so the outputs are not simply permuted. Without positions attention "
                   "sees a set of tokens, not a sequence; RoPE makes the scores depend on the "
                   "offset m \u2212 n only (the Positions panel shifts every position to show "
                   "it).</i></p>");
    if (c.hasContext)
        html += tr("<p>Cross-attention: only the queries were permuted. Permuting the "
                   "context's tokens (keys and values together) changes the output by "
                   "%1.</p>")
                    .arg(number(c.contextDifference, 2));
    m_permutationText->setText(html);
}

void WhatIfPanel::updateQkScaling() {
    const double c = qkFactorAt(m_c->value());
    m_cValue->setText(number(c, 3));
    const attn::AttentionInputs &in = shownInputs();
    if (m_head >= int(in.heads.size()))
        return;
    try {
        m_qk = whatif::scaleQueryKey(in, m_head, c);
    } catch (const attn::InputError &e) {
        m_qk.reset();
        m_qkText->setText(QString::fromStdString(e.what()).toHtmlEscaped());
        return;
    }
    const whatif::QkScalingCheck &q = *m_qk;
    QString html = "<table cellspacing='0' cellpadding='3'>";
    html += tableRow({tr("largest change of"), ""}, true);
    html += tableRow({"Q", number(q.maxQDifference)});
    html += tableRow({attn::stageFormula(attn::Stage::Scores, attn::Layout::Rows),
                      number(q.maxScoreDifference, 2)});
    html += tableRow(
        {"<b>" + tr("weights") + "</b>", "<b>" + number(q.maxWeightDifference, 2) + "</b>"});
    html += tableRow({tr("output"), number(q.maxOutputDifference, 2)});
    m_qkText->setText(html + "</table>");
}

} // namespace attn::ui
