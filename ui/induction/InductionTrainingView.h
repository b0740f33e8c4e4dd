// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCustomPlot;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attn::ui {

class InductionTrainer;
class LayerHeadGrid;

// "Watch a circuit form" (issue 26): an InductionTrainer's model trained live on sequences of
// random tokens that repeat, with Play, Pause, Step and Reset; the loss curve and its drop; each
// head's induction score (solid) and previous-token score (dashed) as training runs; and the
// layers × heads overview of the model on a held-out sequence, scored by induction, updating
// after each chunk of steps. The class sees the previous-token head of layer 0 form first, then
// the induction head of layer 1 that reads it. The third lesson, "How a circuit forms"
// (attn::circuitLessonSteps), runs inside the panel: a box of steps above the plots whose
// numbers follow the training, down to the ablation that breaks the circuit.
class InductionTrainingView : public QWidget {
    Q_OBJECT
public:
    explicit InductionTrainingView(InductionTrainer &trainer, QWidget *parent = nullptr);

    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QSpinBox *headsBox() const { return m_heads; }
    QSpinBox *seedBox() const { return m_seed; }
    QLabel *status() const { return m_status; }

    // The lesson: step 0 … lessonStepCount() − 1 shown in the box, or −1 (no lesson).
    void startLesson();
    void stopLesson();
    void goToLessonStep(int step);
    int lessonStep() const { return m_lessonStep; }
    int lessonStepCount() const;
    QLabel *lessonText() const { return m_lessonText; }
    QPushButton *lessonNextButton() const { return m_lessonNext; }
    QCustomPlot *lossPlot() const { return m_loss; }
    QCustomPlot *scorePlot() const { return m_scores; }
    LayerHeadGrid *grid() const { return m_grid; }

private:
    void showProgress();
    void showLesson();
    void applySettings();
    void retranslate();

    InductionTrainer &m_trainer;
    QLabel *m_intro;
    QSpinBox *m_heads, *m_seed;
    QLabel *m_headsLabel, *m_seedLabel;
    QPushButton *m_play, *m_step, *m_reset;
    QLabel *m_status;
    QWidget *m_lessonBox;
    QLabel *m_lessonTitle, *m_lessonText;
    QPushButton *m_lessonPrevious, *m_lessonNext, *m_lessonEnd;
    int m_lessonStep = -1;
    QCustomPlot *m_loss, *m_scores;
    LayerHeadGrid *m_grid;
};

} // namespace attn::ui
