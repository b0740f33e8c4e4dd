// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Stage.h"
#include "document/ResultSnapshot.h"
#include "headreadings/Derivation.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/ColorScale.h"
#include "heatmap/HeatmapPicture.h"

#include <QElapsedTimer>
#include <QMap>
#include <QPointer>
#include <QWidget>

#include <array>
#include <memory>
#include <optional>

class QBoxLayout;
class QScrollArea;
class QVBoxLayout;

namespace attn::ui {

struct StageTables;

class Document;
class Recomputer;
class HeatmapView;

// Every stage of the computation as a heatmap, updated live: Q, K, V; scores; logits; weights;
// the head output; with several heads (or a Wo) also the concatenation and the final output.
// Selecting a query row in any heatmap selects it everywhere (through the Document); clicking
// a logits cell masks or unmasks it.
//
// A priority layout: the weights and, beside them (or under them when the width is short), the
// selected row's combination come first; the other stages follow in the order they are computed,
// as many on a row as fit. Every heatmap keeps its readable size (HeatmapView::readableSize:
// cells of 24 pixels with their numbers, token names on both axes), so in a small window the
// view scrolls instead of squeezing heatmaps into strips. A double click on a heatmap enlarges
// it: it takes the weights' place at the top, with room for up to 64 named cells a side.
class StagesView : public QWidget {
    Q_OBJECT
public:
    StagesView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    HeatmapView *view(attn::Stage stage) const { return m_views.value(stage); }
    // Places the row-combination panel beside the head output, where the eye goes next.
    void setCombinationView(QWidget *widget);
    QList<HeatmapView *> visibleViews() const;
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);
    // Draws attention to these stages (a coloured frame) and dims the others; empty = none.
    // The lesson uses it to show what each step talks about.
    void setEmphasis(const QList<attn::Stage> &stages);
    QList<attn::Stage> emphasis() const { return m_emphasis; }
    // Scrolls the emphasised stages into view (all of them when they fit the height, else the
    // first from its title). setEmphasis does it once the heatmaps are arranged; a screenshot
    // taken after the window settles calls it again.
    void revealEmphasis();
    // The same, then these cells of the stage's heatmap (row/column indices, as cellRect takes
    // them) in sight whatever else must give way: the "?" of an exercise.
    void revealCells(attn::Stage stage, const QRect &cells);
    // Scrolls the enclosing scroll area (if any) so this stage's heatmap is shown and gives it
    // the keyboard focus; false when the stage has no heatmap or it is hidden (concat with one
    // head). attnviz --focus STAGE.
    bool showStage(attn::Stage stage);
    // Nothing left to arrange or to scroll to: the layout has settled (tests wait for it).
    bool isSettled() const { return !m_relayoutPending && !m_revealPending; }
    // The stage shown first and largest (a double click on its heatmap); nullopt = the weights.
    void setEnlargedStage(std::optional<attn::Stage> stage);
    std::optional<attn::Stage> enlargedStage() const { return m_enlarged; }
    // Decimals of every heatmap's cell numbers (-1 = automatic); the figure and view settings.
    void setDecimals(int decimals);
    int decimals() const { return m_decimals; }
    // What the weights heatmap shows instead of the weights (or beside them, as a tooltip
    // line), asked at every draw with the snapshot and the head shown: a real model's head as
    // value-weighted attention or rollout (issue 27). nullopt, or no provider: the weights.
    using WeightsPicture =
        std::function<std::optional<HeatmapPicture>(const ResultSnapshot &, int head)>;
    void setWeightsPicture(WeightsPicture provider);
    // Draws the last snapshot again (a provider's picture changed).
    void redraw();

    // Nanoseconds the last result took to reach every visible heatmap (data + replot).
    qint64 lastDrawNanoseconds() const { return m_drawNs; }

    // The hover text of a stage's cell (row, col as drawn): the core's derivation of it.
    QString tooltip(attn::Stage stage, int row, int col) const;

signals:
    void decimalsChanged(int decimals);
    void drawn(double computeMilliseconds, double drawMilliseconds);
    // A click on a cell of any stage (after the selection it implies was applied), so views
    // that explain a product can follow: rows are queries except for K and V (keys).
    void cellActivated(attn::Stage stage, int row, int col);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Draws the snapshot in the document's layout (the column layout transposes what it shows).
    void showResult(const ResultSnapshot &snapshot, double computeMs);
    void updateSelection();
    void updateMinimumSizes();
    void scheduleRelayout();
    // Scrolls to the emphasis again (or to the cells last revealed), once the moves are over.
    void scheduleReveal();
    void relayout();
    int availableWidth() const;
    // The scroll area the view sits in (the window's centre), whose viewport is the room
    // heatmaps fit; null outside one (a test, a figure).
    QScrollArea *scrollArea() const;
    void onCellClicked(attn::Stage stage, int row, int col, Qt::KeyboardModifiers modifiers);
    bool isPerQuery(attn::Stage stage) const; // K and V are per key
    bool queriesAreRows() const;              // false in the column layout

    Document *m_document;
    Recomputer *m_recomputer;
    QPointer<QWidget> m_viewport; // the enclosing scroll area's, watched for its size
    QVBoxLayout *m_bands;
    QWidget *m_combination = nullptr;
    std::optional<attn::Stage> m_enlarged;
    int m_decimals = -1;
    std::array<qsizetype, 4> m_shape{}; // queries, keys, heads, d_k of the snapshot drawn
    QList<QList<int>> m_arrangement;    // rows of stages (as int) last laid out; -1 = the panel
    bool m_relayoutPending = false;
    QMap<attn::Stage, HeatmapView *> m_views;
    // Per derived stage (scores, logits, weights): what its heatmap is drawn from, kept between
    // results (DerivedStageSource).
    QMap<attn::Stage, std::shared_ptr<StageTables>> m_tables;
    ResultSnapshot m_snapshot; // the one drawn: its inputs label and explain its result
    QStringList m_queries, m_keys;
    attn::TokenLabelCache m_queryLabels, m_keyLabels;
    qint64 m_drawNs = 0;
    QList<attn::Stage> m_emphasis;
    std::optional<std::pair<attn::Stage, QRect>> m_revealCells; // the cells last revealed
    bool m_revealPending = false;
    WeightsPicture m_weightsPicture;
    std::function<QString(int, int)> m_weightsNote; // of the picture drawn, row layout
    bool m_columnsShown = false; // the selection was last drawn as column highlights
};

} // namespace attn::ui
