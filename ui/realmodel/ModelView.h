// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "heatmap/ColorScale.h"

#include <QTimer>
#include <QWidget>

class CircuitsView;
class ComparisonView;
class ModelComparison;
class HeadPopup;
class LayerDeltaView;
class LayerHeadGrid;
class LogitLensView;
class QTabWidget;
class RunReadings;
class ModelRunner;
class PredictionsView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class TokenStrip;

// A real model in the window: the text it runs on (typed in the box at the top), its tokens as
// pieces, every head of every layer (LayerHeadGrid, scrolled when there are many; the head
// under the pointer enlarged in a HeadPopup) and, beside them, what the model predicts. Shows
// what its ModelRunner publishes, never waits for it: a run that takes longer than
// kProgressDelayMs shows a progress bar meanwhile. The buttons and a click on a head ask the
// owner (ModelFeatures) to take a head or a layer apart, or to go back to the workbench.
class ModelView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kProgressDelayMs = 200;

    explicit ModelView(ModelRunner &runner, QWidget *parent = nullptr);

    LayerHeadGrid *grid() const { return m_grid; }
    PredictionsView *predictions() const { return m_predictions; }
    TokenStrip *tokens() const { return m_tokens; }
    QLineEdit *textEdit() const { return m_text; }
    HeadPopup *popup() const { return m_popup; }
    QProgressBar *progress() const { return m_progress; }
    QLabel *message() const { return m_message; }
    QPushButton *takeLayerButton() const { return m_takeLayer; }
    QScrollArea *gridScroll() const { return m_scroll; }
    QComboBox *scoreBox() const { return m_scoreBox; }
    QCheckBox *sortBox() const { return m_sortBox; }
    QLabel *bestHeads() const { return m_best; }
    LayerDeltaView *delta() const { return m_delta; }
    QComboBox *pictureBox() const { return m_pictureBox; }
    QLabel *pictureNote() const { return m_pictureNote; }
    QTabWidget *tabs() const { return m_tabs; }
    LogitLensView *lens() const { return m_lens; }
    CircuitsView *circuits() const { return m_circuits; }
    // The A/B comparison: the "Compare with…" box, run B and the tab that shows both.
    QLineEdit *compareEdit() const { return m_compareText; }
    ModelComparison &comparison() const { return *m_comparison; }
    ComparisonView *comparisonView() const { return m_comparisonView; }
    // The Circuits tab on head `head` of layer `layer` (the heads' context menu asks for it).
    void showCircuits(int layer, int head);
    RunReadings &readings() const { return *m_readings; }
    // The line the enlarged head says under value-weighted attention: why the sink it looks at
    // writes little ("" when it does not look at one key most).
    static QString sinkNote(const attn::Matrix &weights, const attn::RowVector &valueNorms,
                            const QStringList &tokens);
    QPushButton *restoreAllButton() const { return m_restoreAll; }

    void setColorMap(ColorMapId map);
    // A one-line message under the text (a failed open or run); "" hides it.
    void showMessage(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

signals:
    void openRequested();
    void backRequested();
    void takeHeadApart(int layer, int head);
    void takeLayerApart(int layer);
    // Interventions asked for in the overview (LayerHeadGrid's context menu, the restore button).
    void ablateRequested(int layer, int head, int kind, double factor);
    void restoreRequested(int layer, int head);
    void restoreAllRequested();

private:
    void showOutcome();
    void updateHeader();
    void updateChosen();
    void fitSide();
    void updateScores();
    void updateInterventions();
    void updatePicture();
    void updateLens();
    void updateCircuits();
    void hoverHead(int layer, int head, const QRect &near);

    ModelRunner &m_runner;
    QLabel *m_model;
    QLineEdit *m_text;
    QProgressBar *m_progress;
    QTimer m_progressDelay;
    TokenStrip *m_tokens;
    QLabel *m_message;
    LayerHeadGrid *m_grid;
    QScrollArea *m_scroll;
    PredictionsView *m_predictions;
    QWidget *m_side = nullptr; // the predictions and the buttons beside the heads
    QComboBox *m_scoreBox;
    QCheckBox *m_sortBox;
    QLabel *m_best;
    QLabel *m_chosen;
    LayerDeltaView *m_delta;
    QPushButton *m_restoreAll;
    RunReadings *m_readings;
    QComboBox *m_pictureBox;
    QLabel *m_pictureNote;
    QTabWidget *m_tabs;
    LogitLensView *m_lens;
    CircuitsView *m_circuits;
    QLineEdit *m_compareText;
    ModelComparison *m_comparison;
    ComparisonView *m_comparisonView;
    QPushButton *m_takeHead;
    QPushButton *m_takeLayer;
    HeadPopup *m_popup;
};
