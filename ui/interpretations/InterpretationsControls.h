// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretedProduct.h"

#include <QWidget>

class QButtonGroup;
class QLabel;
class QSpinBox;
class QToolButton;

namespace attn::ui {

class TermAnimator;

// The Interpretations view's controls, in three short rows (a 600-pixel dock clips nothing):
// the product and the mode; the picked row and column; the animation (first, back, play,
// forward, all, slower, speed, faster, position). The buttons take no keyboard focus: Space
// and the arrows belong to the view, and the tooltips name those keys.
class InterpretationsControls : public QWidget {
    Q_OBJECT
public:
    explicit InterpretationsControls(TermAnimator *animator, QWidget *parent = nullptr);

    void setProduct(Product product, attn::Layout layout);
    void setMode(InterpretationMode mode);
    // The pickers: what P's rows and columns are, how many, which is picked; a picker the mode
    // does not use is disabled. Setting them emits nothing.
    void setPicks(const QString &rowNoun, const QString &colNoun, int rows, int cols, int row,
                  int col, bool enabled);

public slots:
    // Play/pause icon, speed and "2 of 4 terms" from the animator.
    void updateAnimation();

signals:
    void productChosen(Product product);
    void modeChosen(InterpretationMode mode);
    void rowPicked(int row);
    void columnPicked(int column);

private:
    QToolButton *toolButton(const QString &text, const QString &tip);

    TermAnimator *m_animator;
    InterpretationMode m_mode = InterpretationMode::Dot;
    attn::Layout m_layout = attn::Layout::Rows;
    QButtonGroup *m_productGroup;
    QButtonGroup *m_modeGroup;
    QLabel *m_rowName;
    QLabel *m_colName;
    QSpinBox *m_rowSpin;
    QSpinBox *m_colSpin;
    QToolButton *m_play = nullptr;
    QLabel *m_speed;
    QLabel *m_position;
};

} // namespace attn::ui
