// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "headreadings/WhatIfs.h"

#include <optional>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;

namespace attn::ui {

// Four demonstrations with the user's own numbers, each computed on a modified copy of the
// inputs (whatif::…), so the document is not changed — except the one button that loads the
// d_k = 512 case, which is an undoable edit: (a) without the 1/√d_k scaling the softmax
// saturates; (b) a constant added to a row of logits changes nothing; (c) permuting the tokens
// permutes the output; (d) Wq·c with Wk/c changes nothing. Large inputs are not recomputed on
// every edit: a button runs the what-ifs on demand.
class WhatIfPanel : public InsightView {
    Q_OBJECT
public:
    // Above this many multiply-adds (Recomputer::cost) the what-ifs wait for the button: they
    // run about seven forward passes.
    static constexpr qint64 kMaxLiveCost = 3'000'000;

    WhatIfPanel(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    QPushButton *scalingDemoButton() const { return m_demo; }
    QDoubleSpinBox *shiftSpinBox() const { return m_shift; }
    QPushButton *shuffleButton() const { return m_shuffle; }
    QSlider *qkSlider() const { return m_c; }
    QPushButton *computeButton() const { return m_compute; }
    static double qkFactorAt(int position); // log slider: 0 → 0.1, 100 → 1, 200 → 10

    // What is on display; empty when not computed (no result, or large inputs not yet run).
    const std::optional<whatif::ScalingComparison> &scaling() const { return m_scaling; }
    const std::optional<whatif::ShiftCheck> &shift() const { return m_shiftCheck; }
    const std::optional<whatif::PermutationCheck> &permutation() const { return m_permutation; }
    const std::optional<whatif::QkScalingCheck> &qkScaling() const { return m_qk; }
    QString text() const; // every section's text, for tests

    void loadScalingDemo(); // replaceInputs(whatif::scalingDemoInputs()): undoable

protected:
    void refresh() override;

private:
    QWidget *buildScaling();
    QWidget *buildShift();
    QWidget *buildPermutation();
    QWidget *buildQkScaling();
    void computeAll();
    void updateScaling();
    void updateShift();
    void updatePermutation();
    void updateQkScaling();
    QString tokenWord() const; // "row" or "column"

    QLabel *m_status;
    QPushButton *m_compute;
    QLabel *m_scalingText, *m_shiftText, *m_permutationText, *m_qkText;
    QPushButton *m_demo;
    QDoubleSpinBox *m_shift;
    QPushButton *m_shuffle;
    QSlider *m_c;
    QLabel *m_cValue;
    quint32 m_seed = 1;
    int m_head = 0;
    int m_row = 0;
    std::optional<whatif::ScalingComparison> m_scaling;
    std::optional<whatif::ShiftCheck> m_shiftCheck;
    std::optional<whatif::PermutationCheck> m_permutation;
    std::optional<whatif::QkScalingCheck> m_qk;
};

} // namespace attn::ui
