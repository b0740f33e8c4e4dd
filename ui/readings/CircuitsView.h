// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "networkreadings/HeadCircuits.h"
#include "transformer/TakeApart.h"

#include <QTimer>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace attn {
class Checkpoint;
class Tokenizer;
} // namespace attn

class QCustomPlot;
class QLabel;
class QProgressBar;
class QScrollArea;
class QSplitter;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace attn::ui {

class HeatmapView;

// The circuits of one head (Elhage et al. 2021; core/networkreadings/HeadCircuits.h), the model
// view's "Circuits" tab: W_QK = Wq_h·Wk_hᵀ and W_OV = Wv_h·Wo_h as d × d heatmaps, their singular
// values, W_OV's eigenvalues on the complex plane, the copying score with what it means and,
// for a vocabulary of at most kMaxCircuitVocabulary tokens, the token pairs the full QK and OV
// circuits favour most. Everything is computed on a worker (a d = 2048 head is two d × d
// products of 4 M cells each, and a vocabulary of 8192 tokens two 8192² circuits): a bar shows
// the steps done, Cancel or another head stops the work between blocks of rows, and what
// arrives for a head no longer asked for is dropped.
class CircuitsView : public QWidget {
    Q_OBJECT
public:
    // What the worker reads, published whole when it is done.
    struct Result {
        attn::HeadCircuit circuit;
        std::shared_ptr<const attn::Matrix> qk, ov;
        std::vector<attn::TokenPair> qkPairs, ovPairs;
        QString pairsNote; // why there are no pairs ("" when there are)
        QString error;
        bool cancelled = false;
    };
    static constexpr int kSteps = 5; // spectra, W_QK, W_OV, QK pairs, OV pairs
    static constexpr int kPairs = 12;
    // W_OV's eigenvalues of largest modulus, ringed in the plot (graph 1; graph 0: all).
    static constexpr std::size_t kRinged = 3;
    // The least room the panels take before they scroll, in average characters and lines.
    static constexpr int kContentColumns = 80, kContentLines = 24;
    // The least height of the copying score, the singular values and the pairs, in lines.
    static constexpr int kBelowLines = 12;

    explicit CircuitsView(QWidget *parent = nullptr);
    ~CircuitsView() override;

    // The model whose heads are shown (nullptr: none); drops what was shown.
    void setModel(std::shared_ptr<const attn::Checkpoint> checkpoint,
                  std::shared_ptr<const attn::Tokenizer> tokenizer);
    // Starts reading head `head` of layer `layer` of the model (the spin boxes follow).
    void showHead(int layer, int head);
    // A head that is no checkpoint's (an edited head, a test's): no token pairs.
    void showProjections(std::shared_ptr<const attn::HeadProjections> head, const QString &title);
    // Stops the work under way; what was shown stays.
    void cancel();

    bool isBusy() const { return m_busy; }
    // Waits (working the event loop) until the work is done; false after `milliseconds`.
    bool waitUntilIdle(int milliseconds = 60000);
    // The last result shown; nullptr before.
    const Result *result() const { return m_result.get(); }
    int layer() const { return m_layer; }
    int head() const { return m_head; }

    HeatmapView *qkView() const { return m_qkView; }
    HeatmapView *ovView() const { return m_ovView; }
    QCustomPlot *singularPlot() const { return m_singular; }
    QCustomPlot *eigenPlot() const { return m_eigen; }
    QLabel *copyingLabel() const { return m_copying; }
    QLabel *statusLabel() const { return m_status; }
    // The favoured pairs: column 0 the QK circuit's, column 1 the OV circuit's, best first.
    QTableWidget *pairsTable() const { return m_pairs; }
    QProgressBar *progress() const { return m_progress; }
    QPushButton *cancelButton() const { return m_cancel; }
    QSpinBox *layerBox() const { return m_layerBox; }
    QSpinBox *headBox() const { return m_headBox; }
    // A token as a pair table names it (its id without a tokenizer).
    QString tokenText(std::int64_t id) const;

signals:
    void busyChanged(bool busy);
    void ready();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void start(const QString &title,
               std::function<Result(const std::atomic<bool> &, std::atomic<int> &)> work);
    void finish(std::uint64_t generation, Result result);
    void setBusy(bool busy);
    void showResult();
    void showPairs();
    void updateTexts();
    void fitPlots();

    std::shared_ptr<const attn::Checkpoint> m_checkpoint;
    std::shared_ptr<const attn::Tokenizer> m_tokenizer;
    int m_layer = -1, m_head = -1;
    QString m_title;
    std::uint64_t m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    std::shared_ptr<std::atomic<int>> m_steps;
    std::unique_ptr<Result> m_result;
    bool m_busy = false;
    QTimer m_poll; // reads the worker's step count into the bar

    QWidget *m_content = nullptr; // the panels, in a scroll area
    QScrollArea *m_scroll = nullptr;
    QSplitter *m_split = nullptr; // the pictures above, the plots below
    QLabel *m_heading;
    QSpinBox *m_layerBox;
    QSpinBox *m_headBox;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
    HeatmapView *m_qkView;
    HeatmapView *m_ovView;
    QCustomPlot *m_singular;
    QCustomPlot *m_eigen;
    QLabel *m_copying;
    QTableWidget *m_pairs;
};

} // namespace attn::ui
