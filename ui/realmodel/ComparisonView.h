// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"

#include <QTimer>
#include <QWidget>

#include <cstdint>

class HeatmapView;
class LayerHeadGrid;
class ModelComparison;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

// The model view's "A/B" tab (issue 27): the run of the text (A) and of the "Compare with…"
// text (B) side by side as layers × heads overviews; beside them, per head, how much its
// weights differ (max |w_B − w_A|) or, once every head was patched, how much of B's prediction
// patching it restores (activation patching); and both runs' top predictions in one table. A
// right click on a head of A (or a click on a cell of the per-head map) patches that head from
// B. Shows what its ModelComparison publishes; the work is on a worker.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum class PerHead { WeightChange, Restored };
    // The least room the panels take before they scroll, in average characters and lines.
    static constexpr int kContentColumns = 90, kContentLines = 26;

    explicit ComparisonView(ModelComparison &comparison, QWidget *parent = nullptr);

    LayerHeadGrid *gridA() const { return m_gridA; }
    LayerHeadGrid *gridB() const { return m_gridB; }
    HeatmapView *perHead() const { return m_perHead; }
    QComboBox *perHeadBox() const { return m_perHeadBox; }
    QTreeWidget *predictions() const { return m_predictions; }
    QLabel *status() const { return m_status; }
    QLabel *patchResult() const { return m_patchResult; }
    QPushButton *patchAllButton() const { return m_patchAll; }
    QProgressBar *progress() const { return m_progress; }
    void setColorMap(ColorMapId map);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitContent();
    void refresh();
    void showPerHead();
    void showPredictions();
    void showPatch();
    QString piece(std::int64_t id) const;

    ModelComparison &m_comparison;
    QWidget *m_content = nullptr; // the panels, in a scroll area
    QLabel *m_status;
    QLabel *m_titleA;
    QLabel *m_titleB;
    LayerHeadGrid *m_gridA;
    LayerHeadGrid *m_gridB;
    QComboBox *m_perHeadBox;
    HeatmapView *m_perHead;
    QTreeWidget *m_predictions;
    QPushButton *m_patchAll;
    QProgressBar *m_progress;
    QLabel *m_patchResult;
    QTimer m_poll;
};
