// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationsControls.h"

#include "TermAnimator.h"
#include "shell/Translations.h"

#include <QButtonGroup>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

InterpretationsControls::InterpretationsControls(TermAnimator *animator, QWidget *parent)
    : QWidget(parent), m_animator(animator) {
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    // Four short rows, so a dock of 460 pixels clips nothing and, presenting at 1024×768 with
    // the larger type, the heatmaps keep room beside the dock: what to explain and which part
    // of it, the four readings, the kernels' readings, and the animation.
    auto *top = new QHBoxLayout;
    auto *readings = new QHBoxLayout;
    auto *picks = new QHBoxLayout;
    auto *bottom = new QHBoxLayout;
    rows->addLayout(top);
    rows->addLayout(readings);
    rows->addLayout(picks);
    rows->addLayout(bottom);

    m_productGroup = new QButtonGroup(this);
    for (Product p : {Product::Scores, Product::Output}) {
        QToolButton *b = toolButton("", "");
        b->setObjectName(p == Product::Scores ? "productScores" : "productOutput");
        b->setCheckable(true);
        m_productGroup->addButton(b, int(p));
        top->addWidget(b);
    }
    connect(m_productGroup, &QButtonGroup::idClicked, this,
            [this](int id) { emit productChosen(Product(id)); });
    connect(&Translations::instance(), &Translations::changed, this,
            [this] { setProduct(Product(m_productGroup->checkedId()), m_layout); });
    top->addSpacing(12);
    m_modeGroup = new QButtonGroup(this);
    const InterpretationMode modes[] = {InterpretationMode::Dot,    InterpretationMode::Row,
                                        InterpretationMode::Column, InterpretationMode::Outer,
                                        InterpretationMode::Tiled,  InterpretationMode::Online};
    const char *tips[] = {
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "a cell: a row of A times a column of B, summed"),
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "a row: the rows of B weighted by a row of A"),
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "a column: the columns of A weighted by a column of B"),
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "the whole product: a sum of rank-one terms"),
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "as a GPU kernel computes it: tile by tile, each tile a sum of block "
                          "products"),
        QT_TRANSLATE_NOOP("attn::ui::InterpretationsControls",
                          "the FlashAttention recurrence: the picked query's softmax and output "
                          "over key blocks, the n×m weights never stored")};
    QList<QToolButton *> kernelButtons;
    for (int i = 0; i < 6; ++i) {
        QToolButton *b = toolButton(QString(), QString());
        Translations::setTexts(b, [b, mode = modes[i], tip = tips[i], key = i + 1] {
            b->setText(interpretationModeName(mode));
            b->setToolTip(
                QCoreApplication::translate("InterpretationsControls", "%1 \u2014 %2 (key %3)")
                    .arg(interpretationModeName(mode), tr(tip))
                    .arg(key));
        });
        b->setObjectName(QString("mode%1").arg(i + 1));
        b->setCheckable(true);
        m_modeGroup->addButton(b, int(modes[i]));
        // The kernel readings (5, 6) get a row of their own.
        if (i < 4)
            readings->addWidget(b);
        else
            kernelButtons << b;
    }
    connect(m_modeGroup, &QButtonGroup::idClicked, this,
            [this](int id) { emit modeChosen(InterpretationMode(id)); });
    readings->addStretch(1);

    m_rowName = new QLabel;
    m_rowSpin = new QSpinBox;
    m_rowSpin->setObjectName("pickedRow");
    m_rowSpin->setToolTip(QCoreApplication::translate(
        "InterpretationsControls", "The picked row of the product (Up/Down in the view)"));
    m_colName = new QLabel;
    m_colSpin = new QSpinBox;
    m_colSpin->setObjectName("pickedColumn");
    m_colSpin->setToolTip(QCoreApplication::translate(
        "InterpretationsControls", "The picked column of the product (PgUp/PgDn in the view)"));
    for (QWidget *w : {static_cast<QWidget *>(m_rowName), static_cast<QWidget *>(m_rowSpin),
                       static_cast<QWidget *>(m_colName), static_cast<QWidget *>(m_colSpin)})
        top->addWidget(w);
    top->addStretch(1);
    picks->addWidget(new QLabel(tr("as kernels do:")));
    for (QToolButton *b : kernelButtons)
        picks->addWidget(b);
    picks->addStretch(1);
    connect(m_rowSpin, &QSpinBox::valueChanged, this, &InterpretationsControls::rowPicked);
    connect(m_colSpin, &QSpinBox::valueChanged, this, &InterpretationsControls::columnPicked);

    QStyle *s = style();
    auto add = [&](QStyle::StandardPixmap icon, const QString &name, const QString &tip,
                   void (TermAnimator::*slot)()) {
        QToolButton *b = toolButton(name, tip);
        b->setObjectName(name);
        b->setIcon(s->standardIcon(icon));
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
        connect(b, &QToolButton::clicked, m_animator, slot);
        bottom->addWidget(b);
        return b;
    };
    add(QStyle::SP_MediaSkipBackward, "firstTerm",
        QCoreApplication::translate("InterpretationsControls", "No terms yet (Home)"),
        &TermAnimator::showFirst);
    add(QStyle::SP_MediaSeekBackward, "stepBack",
        QCoreApplication::translate("InterpretationsControls", "Step back one term (Left)"),
        &TermAnimator::stepBack);
    m_play = add(QStyle::SP_MediaPlay, "play",
                 QCoreApplication::translate("InterpretationsControls", "Play / pause (Space)"),
                 &TermAnimator::togglePlay);
    add(QStyle::SP_MediaSeekForward, "stepForward",
        QCoreApplication::translate("InterpretationsControls", "Step forward one term (Right)"),
        &TermAnimator::stepForward);
    add(QStyle::SP_MediaSkipForward, "allTerms",
        QCoreApplication::translate("InterpretationsControls", "All terms (End)"),
        &TermAnimator::showAll);
    QToolButton *slower = toolButton(
        "\u2212", QCoreApplication::translate("InterpretationsControls", "Slower (\u2212)"));
    slower->setObjectName("slower");
    connect(slower, &QToolButton::clicked, m_animator, &TermAnimator::slower);
    m_speed = new QLabel;
    m_speed->setObjectName("speed");
    m_speed->setToolTip(
        QCoreApplication::translate("InterpretationsControls", "Playing speed (+/\u2212)"));
    m_speed->setAlignment(Qt::AlignCenter);
    m_speed->setMinimumWidth(m_speed->fontMetrics().horizontalAdvance("0.25\u00d7") + 6);
    QToolButton *faster =
        toolButton("+", QCoreApplication::translate("InterpretationsControls", "Faster (+)"));
    faster->setObjectName("faster");
    connect(faster, &QToolButton::clicked, m_animator, &TermAnimator::faster);
    bottom->addWidget(slower);
    bottom->addWidget(m_speed);
    bottom->addWidget(faster);
    bottom->addSpacing(8);
    m_position = new QLabel;
    m_position->setObjectName("position");
    m_position->setMinimumWidth(m_position->fontMetrics().horizontalAdvance(
        QCoreApplication::translate("InterpretationsControls", "9999 of 9999 terms")));
    bottom->addWidget(m_position);
    bottom->addStretch(1);

    connect(animator, &TermAnimator::positionChanged, this,
            &InterpretationsControls::updateAnimation);
    connect(animator, &TermAnimator::playingChanged, this,
            &InterpretationsControls::updateAnimation);
    connect(animator, &TermAnimator::speedChanged, this, &InterpretationsControls::updateAnimation);
    updateAnimation();
}

QToolButton *InterpretationsControls::toolButton(const QString &text, const QString &tip) {
    auto *b = new QToolButton(this);
    b->setText(text);
    b->setToolTip(tip);
    b->setAccessibleName(tip);
    b->setFocusPolicy(Qt::NoFocus); // Space and the arrows belong to the view
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return b;
}

void InterpretationsControls::setProduct(Product product, attn::Layout layout) {
    m_layout = layout;
    const QString names[2] = {attn::productFormula(Product::Scores, layout),
                              attn::productFormula(Product::Output, layout)};
    for (int id : {int(Product::Scores), int(Product::Output)}) {
        QAbstractButton *b = m_productGroup->button(id);
        b->setText(names[id]);
        b->setToolTip(
            tr("Explain %1%2 (P switches)")
                .arg(names[id], id == int(Product::Output) ? tr(", A = the weights") : ""));
        b->setChecked(id == int(product));
    }
}

void InterpretationsControls::setMode(InterpretationMode mode) {
    m_mode = mode;
    m_modeGroup->button(int(mode))->setChecked(true);
}

void InterpretationsControls::setPicks(const QString &rowNoun, const QString &colNoun, int rows,
                                       int cols, int row, int col, bool enabled) {
    m_rowName->setText(tr("row (%1):").arg(rowNoun));
    m_colName->setText(tr("column (%1):").arg(colNoun));
    {
        const QSignalBlocker b1(m_rowSpin), b2(m_colSpin);
        // Set only when they change: a new range asks for a new layout (on every edit).
        for (auto [spin, count] : {std::pair{m_rowSpin, rows}, std::pair{m_colSpin, cols}})
            if (spin->minimum() != 0 || spin->maximum() != std::max(0, count - 1))
                spin->setRange(0, std::max(0, count - 1));
        m_rowSpin->setValue(row);
        m_colSpin->setValue(col);
    }
    // The online softmax walks the picked query: P's row, or its column in the column layout.
    const bool online = m_mode == InterpretationMode::Online;
    const bool queryRow = m_layout == attn::Layout::Rows;
    const bool usesRow = m_mode == InterpretationMode::Dot || m_mode == InterpretationMode::Row ||
                         (online && queryRow);
    const bool usesCol = m_mode == InterpretationMode::Dot ||
                         m_mode == InterpretationMode::Column || (online && !queryRow);
    m_rowSpin->setEnabled(usesRow && enabled);
    m_colSpin->setEnabled(usesCol && enabled);
    m_rowName->setEnabled(usesRow);
    m_colName->setEnabled(usesCol);
}

void InterpretationsControls::updateAnimation() {
    const bool playing = m_animator->isPlaying();
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? "pause" : "play");
    m_speed->setText(m_animator->speedText());
    const int r = m_animator->position(), count = m_animator->count();
    const QString noun = m_mode == InterpretationMode::Tiled    ? tr("block products")
                         : m_mode == InterpretationMode::Online ? tr("key blocks")
                                                                : "terms";
    m_position->setText(r >= count ? tr("all %1 %2").arg(count).arg(noun)
                                   : QString("%1 of %2 %3").arg(r).arg(count).arg(noun));
}

} // namespace attn::ui
