// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attn::ui {

class Document;
class TrainingRunner;

// Train one attention head on a toy task and watch it learn: task, optimiser, learning rate and
// seed; Play / Pause / Step / Reset; the held-out loss and accuracy as curves. Training runs
// off the GUI thread (TrainingRunner); each progress it reports puts the watched sentence with
// the current weights into the document, so every heatmap follows, and a run (Play to Pause,
// one Step, a Reset) is one undo step.
class TrainPanel : public QWidget {
    Q_OBJECT
public:
    explicit TrainPanel(Document *document, QWidget *parent = nullptr);

    TrainingRunner *runner() const { return m_runner; }
    QComboBox *taskCombo() const { return m_task; }
    QComboBox *optimizerCombo() const { return m_optimizer; }
    // Fast or classroom pace of Play, kept in the settings.
    QComboBox *speedCombo() const { return m_speed; }
    QDoubleSpinBox *learningRateSpinBox() const { return m_learningRate; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QCustomPlot *plot() const { return m_plot; }
    QLabel *statusLabel() const { return m_status; }

    // Starts over with the chosen settings and puts the task's sentence in the document.
    void reset();

private:
    void showProgress();
    void updateDescription();

    Document *m_doc;
    TrainingRunner *m_runner;
    QComboBox *m_task, *m_positional, *m_optimizer, *m_speed;
    QDoubleSpinBox *m_learningRate;
    QSpinBox *m_seed;
    QPushButton *m_play, *m_step, *m_reset;
    QLabel *m_description, *m_status;
    QCustomPlot *m_plot;
    int m_run = 0;
    bool m_started = false; // nothing is put in the document before the first Reset/Play/Step
};

} // namespace attn::ui
