// SPDX-License-Identifier: GPL-3.0-or-later
#include "PositionsPanel.h"

#include "InputError.h"
#include "Notation.h"
#include "document/Document.h"
#include "heatmap/HeatmapView.h"
#include "insights/InsightSupport.h"
#include "lessons/LearningReadings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attn::ui {

PositionsPanel::PositionsPanel(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent) {
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_table = new HeatmapView(this);
    m_table->setObjectName("positionsTableView");
    m_table->setMinimumSize(260, 240);
    layout->addWidget(m_table, 1);
    auto *shift = new QHBoxLayout;
    shift->addWidget(new QLabel(tr("What if every position moves by"), this));
    m_shift = new QSpinBox(this);
    m_shift->setRange(-1000, 1000);
    m_shift->setValue(3);
    shift->addWidget(m_shift);
    shift->addStretch(1);
    layout->addLayout(shift);
    m_shiftText = new QLabel(this);
    m_shiftText->setWordWrap(true);
    layout->addWidget(m_shiftText);
    connect(m_shift, &QSpinBox::valueChanged, this, &PositionsPanel::refreshNow);
}

void PositionsPanel::refresh() {
    const ResultSnapshot &s = snapshot();
    if (!s.isValid())
        return;
    const attn::AttentionInputs &in = shownInputs();
    const int head = std::max(0, insight::headOf(*document(), *s.result));
    QStringList positions;
    for (Eigen::Index i = 0; i < std::max(in.queryCount(), in.keyCount()); ++i)
        positions << QString::number(i);
    const attn::Matrix table = learning::positionTable(in, head);
    m_table->setVisible(table.size() > 0);
    switch (in.options.positional) {
    case attn::Positional::None:
        m_intro->setText(tr("<b>No positions.</b> Attention compares every query with every "
                            "key whatever their places: it sees a set of tokens. Choose "
                            "sinusoidal or RoPE beside the temperature."));
        break;
    case attn::Positional::Sinusoidal: {
        m_intro->setText(tr("<b>Sinusoidal:</b> X\u2032 = X + P before the projections, "
                            "P[pos, 2i] = sin(pos/10000^(2i/p)), P[pos, 2i+1] = cos(\u2026). "
                            "Low columns turn fast, high ones slowly: each row is a position's "
                            "fingerprint."));
        QStringList cols;
        for (Eigen::Index j = 0; j < table.cols(); ++j)
            cols << QString::number(j);
        m_table->setTitle(tr("P \u2014 %1\u00d7%2").arg(table.rows()).arg(table.cols()));
        m_table->setAxisTitles(tr("position"), tr("feature"));
        m_table->setData(table, positions.mid(0, int(table.rows())), cols, ScaleKind::Diverging);
        break;
    }
    case attn::Positional::Rope: {
        m_intro->setText(tr("<b>RoPE:</b> each pair (2i, 2i+1) of a row of Q and of K is "
                            "rotated by the angle pos·10000^(−2i/d_k) (radians, "
                            "below); the Q and K shown are the rotated ones."));
        QStringList cols;
        for (Eigen::Index j = 0; j < table.cols(); ++j)
            cols << QString("(%1,%2)").arg(2 * j).arg(2 * j + 1);
        m_table->setTitle(tr("RoPE angles, head %1 \u2014 %2\u00d7%3")
                              .arg(head)
                              .arg(table.rows())
                              .arg(table.cols()));
        m_table->setAxisTitles(tr("position"), tr("pair"));
        m_table->setData(table, positions, cols, ScaleKind::Sequential);
        break;
    }
    }
    try {
        const learning::PositionShiftCheck c = learning::shiftPositions(in, head, m_shift->value());
        const QString diff = attn::notation::number(c.maxDifference, 2);
        switch (in.options.positional) {
        case attn::Positional::Rope:
            m_shiftText->setText(
                tr("Scores with every position + %1: the largest change is <b>%2</b> (rounding). "
                   "Rotating q by m\u03b8 and k by n\u03b8 leaves q\u00b7k depending on "
                   "(m \u2212 n)\u03b8 only: RoPE encodes offsets, not places.")
                    .arg(c.shift)
                    .arg(diff));
            break;
        case attn::Positional::Sinusoidal:
            m_shiftText->setText(tr("Scores with every position + %1: the largest change is "
                                    "<b>%2</b>. X + P mixes the place itself into q and k, so "
                                    "moving the sentence changes the scores (compare RoPE).")
                                     .arg(c.shift)
                                     .arg(diff));
            break;
        case attn::Positional::None:
            m_shiftText->setText(
                tr("Without positions nothing moves (change %1); instead, permuting the tokens "
                   "just permutes the outputs: see What if \u203a permutation.")
                    .arg(diff));
            break;
        }
    } catch (const attn::InputError &e) {
        m_shiftText->setText(QString::fromStdString(e.what()).toHtmlEscaped());
    }
}

} // namespace attn::ui
