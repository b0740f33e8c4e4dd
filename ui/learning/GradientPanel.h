// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Gradient.h"
#include "insights/InsightView.h"
#include "lessons/LearningReadings.h"

#include <optional>
#include <vector>

class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;

namespace attn::ui {

class HeatmapView;

// The loss ½·Σ(output − target)² and its gradient: each weight of the current head (and X, Wo)
// as a heatmap beside its gradient (diverging scale), a gradient cell's tooltip giving the
// chain of terms behind it, and the what-if "W − η·∂L/∂W": the loss one step would give,
// applied to the document (one undo step) on request. The target is set from the current
// output with one cell changed, or removed.
class GradientPanel : public InsightView {
    Q_OBJECT
public:
    GradientPanel(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    QLabel *lossLabel() const { return m_loss; }
    QLabel *stepLabel() const { return m_stepText; }
    QDoubleSpinBox *etaSpinBox() const { return m_eta; }
    QPushButton *applyStepButton() const { return m_applyStep; }
    QPushButton *targetButton() const { return m_setTarget; }
    // The gradient heatmap of a matrix (nullptr when not shown).
    HeatmapView *gradientView(learning::GradientOf of) const;
    HeatmapView *matrixView(learning::GradientOf of) const;
    // The gradient shown (none without a target).
    const std::optional<attn::Gradient> &gradient() const { return m_gradient; }

    // Target = the current output with output[selected row (or 0), 0] + 1.
    void setTargetFromOutput();
    void applyStep();

protected:
    void refresh() override;

private:
    struct Pair {
        learning::GradientOf of;
        HeatmapView *matrix;
        HeatmapView *gradient;
        QLabel *title;
    };
    void updateStep();

    QLabel *m_loss;
    QPushButton *m_setTarget, *m_clearTarget, *m_applyStep;
    QDoubleSpinBox *m_eta;
    QLabel *m_stepText;
    std::vector<Pair> m_pairs;
    std::optional<attn::Gradient> m_gradient;
};

} // namespace attn::ui
