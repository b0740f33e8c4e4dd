// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "heatmap/ColorScale.h"
#include "network/RunReadings.h"
#include "overview/LayerHeadGrid.h"

#include <QTimer>
#include <QWidget>

#include <memory>

namespace attn {
struct HeadProjections;
}

class QTabWidget;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSortFilterProxyModel;
class QTableView;

namespace attn::ui {

class AttributionView;
class CircuitsView;
class ComparisonView;
class NetworkComparison;
class HeadPopup;
class HeadSummaryModel;
class RunOverview;
class LayerDeltaView;

class LogitLensView;
class NetworkRunner;
class NetworkDocument;
class PredictionsView;
class TextContinuation;
class TokenStrip;

// A real model in the window: the text it runs on (typed in the box at the top), its tokens as
// pieces, every head of every layer (LayerHeadGrid, scrolled when there are many; the head
// under the pointer enlarged in a HeadPopup) and, beside them, what the model predicts. Shows
// what its NetworkRunner publishes, never waits for it: a run that takes longer than
// kProgressDelayMs shows a progress bar meanwhile. It shows its NetworkDocument (the text, text
// B, the chosen head, the interventions' marks) and edits it: typing, choosing a head, the
// heads' context menu. What only the owner (NetworkController) can do it asks for by a signal:
// take a head or a layer apart, go back to the workbench, open another model.
class NetworkView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kProgressDelayMs = 200;

    // `readings`: of the runner's runs; the view asks for those its pictures need.
    NetworkView(NetworkRunner &runner, NetworkDocument &document, RunReadings &readings,
                QWidget *parent = nullptr);

    // The tab a figure opens on (attnviz --focus lens|circuits|compare).
    enum class Tab { Heads, Lens, Circuits, Compare, Attribution };
    void showTab(Tab tab);
    // What every head's thumbnail shows (the "Show:" box): its reading is asked for.
    void showPicture(LayerHeadGrid::Picture picture);
    // Whether the view's own work is under way (run B, the circuits, the readings): a
    // screenshot waits for it.
    bool isBusy() const;

    // The parts the tests type into and read; they find the others by their object names.
    QLineEdit *textEdit() const { return m_text; }
    QTabWidget *tabs() const { return m_tabs; }
    LogitLensView *lens() const { return m_lens; }
    CircuitsView *circuits() const { return m_circuits; }
    // Direct logit attribution of the top prediction (its tab; the button beside the
    // predictions shows it).
    AttributionView *attribution() const { return m_attribution; }
    QPushButton *attributeButton() const { return m_attribute; }
    // The model writes: Continue ▸ (one greedy token) and Continue 10 (Stop while it writes).
    TextContinuation &continuation() const { return *m_continuation; }
    QPushButton *continueButton() const { return m_continueOne; }
    QPushButton *continueTenButton() const { return m_continueTen; }
    // What the KV cache did for the run shown: "KV cache: 37 keys and values reused, 1 new
    // row…" after Continue; hidden after a whole run.
    QLabel *cacheNote() const { return m_cacheNote; }
    // Asks for two texts and a scale, then steers the residual after `layer` by their
    // difference (NetworkInterventions::steerByTexts). The heads' context menu calls it.
    void askSteering(int layer);
    // The A/B comparison: the "Compare with…" box, run B and the tab that shows both.
    QLineEdit *compareEdit() const { return m_compareText; }
    NetworkComparison &comparison() const { return *m_comparison; }
    ComparisonView *comparisonView() const { return m_comparisonView; }
    // The Circuits tab on head `head` of layer `layer` (the heads' context menu asks for it).
    void showCircuits(int layer, int head);
    // The Circuits tab on `head`'s weights as given (a head edited in the workbench), `title`
    // above them.
    void showProjections(std::shared_ptr<const attn::HeadProjections> head, const QString &title);
    RunReadings &readings() const { return m_readings; }
    // Every head's block maxima and summary, read layer by layer for the overview and the head
    // table (a compact run's thumbnails come from it).
    RunOverview &overview() const { return *m_overview; }
    // What the head table beside the overview lists: one row per head (the table sorts it).
    HeadSummaryModel &headSummary() const { return *m_summary; }

    void setColorMap(ColorMapId map);
    // A one-line message under the text (a failed open or run); "" hides it.
    void showMessage(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

signals:
    void openRequested();
    void backRequested();
    // Head `head` of layer `layer` into the workbench; −1: every head of the layer.
    void takeApartRequested(int layer, int head);

private:
    // The line the enlarged head says under value-weighted attention: why the sink it looks at
    // writes little ("" when it does not look at one key most).
    static QString sinkNote(const attn::Matrix &weights, const attn::RowVector &valueNorms,
                            const QStringList &tokens);
    void showOutcome();
    void updateHeader();
    void updateChosen();
    void fitSide();
    void updateScores();
    void updateInterventions();
    void updatePicture();
    // The picture note while a reading is not there: reading, its error, or cancelled.
    QString readingNote(RunReadings::Kind kind) const;
    void updateLens();
    void updateAttribution();
    void updateContinue();
    void updateCacheNote();
    void updateCircuits();
    void hoverHead(int layer, int head, const QRect &near);
    void updateFind();
    void updateOverviewProgress();

    NetworkRunner &m_runner;
    NetworkDocument &m_document;
    RunReadings &m_readings;
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
    QComboBox *m_pictureBox;
    QLabel *m_pictureNote;
    QPushButton *m_readingCancel;
    bool m_readingStopped = false; // Cancel pressed: not asked for again by itself
    QTabWidget *m_tabs;
    LogitLensView *m_lens;
    CircuitsView *m_circuits;
    AttributionView *m_attribution;
    QPushButton *m_attribute;
    TextContinuation *m_continuation;
    QPushButton *m_continueOne;
    QPushButton *m_continueTen;
    QLabel *m_cacheNote;
    QLineEdit *m_compareText;
    NetworkComparison *m_comparison;
    ComparisonView *m_comparisonView;
    QPushButton *m_takeHead;
    QPushButton *m_takeLayer;
    HeadPopup *m_popup;
    QPushButton *m_cancelRun;
    RunOverview *m_overview;
    HeadSummaryModel *m_summary;
    QSortFilterProxyModel *m_summarySort;
    QTableView *m_table;
    QProgressBar *m_overviewProgress;
    QPushButton *m_overviewCancel;
    QLabel *m_overviewNote;
    QLineEdit *m_find;
    QComboBox *m_foundBox;
    QLabel *m_foundNote;
};

} // namespace attn::ui
