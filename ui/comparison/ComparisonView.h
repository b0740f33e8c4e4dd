// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"

#include <QTimer>
#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTreeWidget;

namespace attn::ui {

class HeatmapView;
class LayerDeltaView;
class LayerHeadGrid;
class NetworkComparison;

// The model view's "A/B" tab (issue 27): the run of the text (A) and of the "Compare with…"
// text (B) side by side as layers × heads overviews; beside them, per head, how much its
// weights differ (max |w_B − w_A|) or, once every head was patched, how much of B's prediction
// patching it restores (activation patching); and both runs' top predictions in one table. A
// right click on a head of A (or a click on a cell of the per-head map) patches that head from
// B. "Patch each position" colours a positions × layers map instead: how much of B's
// prediction patching the residual stream after each layer at each position restores (issue
// 42). Shows what its NetworkComparison publishes; the work is on a worker, with a Cancel.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum class PerHead { WeightChange, Restored, Divergence, Positions };
    // The least room the panels take before they scroll, in average characters and lines.
    static constexpr int kContentColumns = 90, kContentLines = 26;
    // Narrower than this many average characters (presentation mode's type in a 1024 × 768
    // window), the map and the predictions go under the overviews, which keep the width.
    static constexpr int kSideBySideColumns = 120;
    // The least thumbnail of the two overviews: all 12 heads of a 12-head model in the
    // side-by-side halves of a 1280 × 800 window.
    static constexpr int kMinimumCell = 16;

    explicit ComparisonView(NetworkComparison &comparison, QWidget *parent = nullptr);

    LayerHeadGrid *gridA() const { return m_gridA; }
    LayerHeadGrid *gridB() const { return m_gridB; }
    HeatmapView *perHead() const { return m_perHead; }
    QComboBox *perHeadBox() const { return m_perHeadBox; }
    QTreeWidget *predictions() const { return m_predictions; }
    QLabel *status() const { return m_status; }
    QLabel *patchResult() const { return m_patchResult; }
    QPushButton *patchAllButton() const { return m_patchAll; }
    QPushButton *patchPositionsButton() const { return m_patchPositions; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progress() const { return m_progress; }
    // How far B's residual stream is from A's after each layer (hidden when not comparable).
    LayerDeltaView *residual() const { return m_residual; }
    // Whether the map and the predictions are under the overviews (narrow) or beside them.
    bool stacked() const;
    void setColorMap(ColorMapId map);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitContent();
    void refresh();
    void showPerHead();
    void showPredictions();
    void showPatch();
    void showPositions();
    void startPatching(PerHead map);
    QString positionTip(int position, int layer) const;
    QString piece(std::int64_t id) const;
    QString perHeadTip(int layer, int head) const;

    NetworkComparison &m_comparison;
    QWidget *m_content = nullptr; // the panels, in a scroll area
    QScrollArea *m_scroll = nullptr;
    QSplitter *m_split = nullptr;
    QWidget *m_side = nullptr; // the map, the patching and the predictions
    bool m_sized = false;      // the splitter's first sizes are set
    QLabel *m_status;
    QLabel *m_titleA;
    QLabel *m_titleB;
    LayerHeadGrid *m_gridA;
    LayerHeadGrid *m_gridB;
    QComboBox *m_perHeadBox;
    HeatmapView *m_perHead;
    QTreeWidget *m_predictions;
    QPushButton *m_patchAll;
    QPushButton *m_patchPositions;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_patchResult;
    LayerDeltaView *m_residual;
    QTimer m_poll;
};

} // namespace attn::ui
