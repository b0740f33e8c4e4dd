// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QBoxLayout;
class QCustomPlot;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QSplitter;

namespace attn::ui {

class InductionTrainer;
class LayerHeadGrid;

// "Watch a circuit form" (issue 26): an InductionTrainer's model trained live on sequences of
// random tokens that repeat, with Play, Pause, Step and Reset; the loss curves (the training
// batch's and the held-out repeat's, named in a legend and in the status line); each head's
// induction score (solid) and previous-token score (dashed) as training runs; and the layers ×
// heads overview of the model on a held-out sequence, scored by induction, updating after each
// chunk of steps. The class sees the previous-token head of layer 0 form first, then the
// induction head of layer 1 that reads it. The third lesson, "How a circuit forms"
// (attn::circuitLessonSteps), runs inside the panel: its step's text beside the overview, whose
// numbers follow the training, down to the ablation that breaks the circuit.
//
// Laid out for a projector (issue 39): the plots keep one height whatever the step's text (the
// text scrolls instead, so the panel never asks the window for more than the screen), they sit
// side by side when the panel is wide, their step axes keep their labels apart, and the overview
// takes the height left beside the text.
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

signals:
    // The lesson started (true) or ended (false): the panel takes the window meanwhile.
    void lessonRunningChanged(bool running);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void showProgress();
    void showLesson();
    void applySettings();
    void retranslate();
    void buildScoreLegend();
    // The plots' height in lines of the panel's font, and side by side or stacked.
    void fitPlots();
    // Step-axis ticks as far apart as their labels need.
    void spaceTicks(QCustomPlot *plot);

    InductionTrainer &m_trainer;
    QLabel *m_intro;
    QSpinBox *m_heads, *m_seed;
    QLabel *m_headsLabel, *m_seedLabel;
    QPushButton *m_play, *m_step, *m_reset;
    QLabel *m_status;
    QSplitter *m_middle;
    QWidget *m_lessonBox;
    QLabel *m_lessonTitle, *m_lessonText;
    QScrollArea *m_lessonScroll;
    QPushButton *m_lessonPrevious, *m_lessonNext, *m_lessonEnd;
    int m_lessonStep = -1;
    QBoxLayout *m_plotRow;
    QCustomPlot *m_loss, *m_scores;
    QScrollArea *m_gridScroll;
    LayerHeadGrid *m_grid;
    int m_legendHeads = -1, m_legendLayers = -1; // the score legend as last built
};

} // namespace attn::ui
