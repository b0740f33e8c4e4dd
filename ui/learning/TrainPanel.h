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
// one Step) is one undo step. The task's sentence is another document than the one it
// replaces: Reset (or the first Step or Play) asks the document whether it may be replaced and
// puts it there as a new, untitled one (Document::replaceDocument), so Save never writes the
// toy over the file it replaced; when something else replaced the toy since, training pauses
// instead of writing over that.
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

    // Starts over with the chosen settings and puts the task's sentence in place of the
    // document (ask Document::mayReplace() first).
    void reset();
    // Whether the document shown is this panel's task (after a Reset, until something else
    // replaces it).
    bool showsTask() const;

private:
    void showProgress();
    // Before a button puts training's numbers in the document: true when it is the task's
    // already, or may be replaced (the session asked about unsaved changes).
    bool claimDocument();
    // Step and Play: the first starts the task (reset()); after something else replaced the
    // task's document, the run goes on in a new one.
    void resumeTask();
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
    bool m_started = false;     // nothing is put in the document before the first Reset/Play/Step
    bool m_replaceNext = false; // the next progress replaces the document (after a Reset)
    quint64 m_taskDocument = 0; // Document::documentGeneration() of the task's document
    bool m_hasTaskDocument = false;
    QString m_taskName; // the document's name: "Training: previous token"
};

} // namespace attn::ui
