// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"
#include "network/RunOverview.h"
#include "networkreadings/HeadScores.h"
#include "networkreadings/ValueWeightedNorms.h"
#include "transformer/Interventions.h"
#include "transformer/Run.h"

#include <QFont>
#include <QHash>
#include <QImage>
#include <QPair>
#include <QWidget>

#include <memory>
#include <vector>

class QPainter;

namespace attn::ui {

// Every head of every layer of a run as a small heatmap of its attention weights, one row per
// layer, one column per head, all on the same fixed [0, 1] scale (BertViz's model view). The
// thumbnails share the width they are given (between kMinCell and kMaxCell pixels) and the
// rows grow downwards, for a scroll area to scroll. Drawn by hand into images of at most
// kMaxImageCells cells a side (the largest weight of a block of cells when there are more), so
// 144 heads of 4096 tokens cost 144 small images, not 144 plots. Hovering a head says so
// (headHovered, for the enlarged popup); clicking it or pressing Enter asks to take it apart;
// the arrow keys move the chosen head, the context menu also takes the whole layer apart.
//
// Scored (setScore), each head shows a score of what its pattern does (previous-token,
// first-token, induction, duplicate-token: attn::headScores on the run's ids) as a bar and a
// number under it, and the heads of each layer may be sorted by it, so that "find the induction
// head" is a matter of looking at the left of each row.
//
// A compact run (attn::Run::compact: thousands of tokens) keeps no head's weights: its
// thumbnails are drawn from each head's block maxima (RunOverview, read layer by layer on a
// worker and handed over with setLayerOverview), the same picture the weights would give, and
// its scores are the overview's. Found positions (setFoundPositions: a word looked for) are lit
// on every thumbnail, as a line along the query's row and the key's column.
class LayerHeadGrid : public QWidget {
    Q_OBJECT
public:
    enum class Score { None, PreviousToken, FirstToken, Induction, DuplicateToken };
    // What the thumbnails show: the attention weights; value-weighted attention ‖w·v·Wo‖
    // (Kobayashi et al.) on one scale for every head, 0 … the largest; or attention rollout
    // (Abnar & Zuidema) through each layer, one picture per layer in the first column.
    enum class Picture { Weights, ValueWeighted, Rollout };
    using Norms = std::vector<std::vector<attn::ValueWeightedHead>>;

    static constexpr int kMinCell = 28;
    static constexpr int kMaxCell = 120;
    static constexpr int kMaxImageCells = 256;
    // Heads shrink towards the height they are shown in (every layer in sight), not below it.
    static constexpr int kComfortCell = 30;

    explicit LayerHeadGrid(QWidget *parent = nullptr);

    // `causal`: cells above the diagonal are masked (drawn as the background, not as 0).
    void setRun(attn::RunPtr run, bool causal);
    attn::RunPtr run() const { return m_run; }
    int layers() const;
    int heads() const;
    // The number of head heatmaps drawn (layers × heads).
    int headCount() const { return layers() * heads(); }
    // The weights the thumbnail of (layer, head) is drawn from: the run's own matrix (empty for
    // a compact run).
    const attn::Matrix &weights(int layer, int head) const;
    // The heads of layer `layer` as RunOverview read them for the current run: a compact run's
    // thumbnails and scores come from them.
    void setLayerOverview(int layer, std::shared_ptr<const RunOverview::Layer> heads);
    // The overview of a head once given (null before).
    const attn::HeadOverview *overviewOf(int layer, int head) const;
    // Positions to light on every thumbnail (a word found in the text); at most kMaxFound drawn.
    static constexpr int kMaxFound = 64;
    void setFoundPositions(std::vector<std::int64_t> positions);
    const std::vector<std::int64_t> &foundPositions() const { return m_found; }
    // A run grown by a KV cache (NetworkRunner::appendToken): its first `reused` rows were
    // computed before and are veiled, its last `added` query rows (computed now, reading every
    // cached key) are outlined; 0, 0: a whole run, nothing marked. setRun forgets it.
    void setCacheRows(std::int64_t reused, std::int64_t added);
    std::int64_t reusedRows() const { return m_reused; }
    std::int64_t addedRows() const { return m_added; }

    // Switches the picture; the readings it needs come with it (nullptr: not read yet, the
    // thumbnails are blank until they come).
    void setPicture(Picture picture, std::shared_ptr<const Norms> norms = {},
                    std::shared_ptr<const std::vector<attn::Matrix>> rollouts = {});
    Picture picture() const { return m_picture; }
    // The matrix a thumbnail shows (empty: none, as the heads after the first in rollout; a
    // compact run's weights: their block maxima, once read) and the
    // top of the colour scale every thumbnail shares (1, or the largest value-weighted norm).
    const attn::Matrix &shown(int layer, int head) const;
    double scaleTop() const { return m_scaleTop; }
    // Where a head is drawn (widget coordinates), and which head is at a point ({-1, -1}).
    QRect headRect(int layer, int head) const;
    std::pair<int, int> headAt(QPoint pos) const;
    int cellSize() const { return m_cell; }
    // The colour of a thumbnail's image cell (tests: the picture is the numbers').
    QRgb imageColor(int layer, int head, int row, int col) const;

    // The chosen head, outlined (the one a session remembers); −1, −1 when none.
    int chosenLayer() const { return m_layer; }
    int chosenHead() const { return m_head; }
    void choose(int layer, int head);

    void setColorMap(ColorMapId map);

    // Scores every head by `score` (None: no scores) and, when `sorted`, draws each layer's
    // heads from the highest score to the lowest (heads without a score last, in order).
    void setScore(Score score, bool sorted);
    Score score() const { return m_score; }
    bool sorted() const { return m_sorted; }
    // The shown score of a head: NaN when none is shown or the run gives none (no token repeats
    // for induction and duplicate-token).
    double scoreOf(int layer, int head) const;
    // Where a head is drawn in its layer's row (its own number unless sorted).
    int columnOf(int layer, int head) const;
    // The name of a score, as the menus and the labels say it ("induction").
    static QString scoreName(Score score);
    static double pick(const attn::HeadScores &scores, Score score);

    // Heads an intervention changes (ablated, scaled), each with its mark ("0", "μ", "×0.5"):
    // drawn crossed out with the mark on them.
    void setMarks(const QHash<QPair<int, int>, QString> &marks);
    // Run A of an A/B comparison (ComparisonView): a click only chooses a head and the context
    // menu offers patching, the head from run B (patchRequested) or the residual stream at each
    // position after each layer (patchPositionsRequested).
    void setPatchMenu(bool patch) { m_patchMenu = patch; }
    QString markOf(int layer, int head) const { return m_marks.value({layer, head}); }

    // The height of the scroll area's viewport: the heads get smaller (down to kComfortCell)
    // to show every layer in it.
    void setFitHeight(int height);
    // The smallest thumbnail before the grid needs more width (kMinCell unless set): two
    // overviews side by side (the A/B tab) show every head smaller rather than half of them.
    void setMinimumCell(int pixels);
    int minimumCell() const { return m_minCell; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // (−1, −1) when the pointer leaves the heads; `globalRect`: the thumbnail on the screen.
    void headHovered(int layer, int head, const QRect &globalRect);
    void chosen(int layer, int head);
    void takeHeadApart(int layer, int head);
    void takeLayerApart(int layer);
    // The context menu's "Circuits of the head": its W_QK and W_OV (CircuitsView).
    void circuitsRequested(int layer, int head);
    // The context menu's interventions: Zero, Mean, or Scale by `factor`.
    void ablateRequested(int layer, int head, attn::Intervention::Kind kind, double factor);
    void restoreRequested(int layer, int head);
    void restoreAllRequested();
    // The context menu's "Steer the residual after layer L…" (ActAdd).
    void steerRequested(int layer);
    void patchRequested(int layer, int head);
    void patchPositionsRequested();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int cellFor(int width) const;
    int labelWidth() const;
    int left() const; // where the layer labels begin
    int headerHeight() const;
    int scoreHeight() const; // under each thumbnail, when scored
    int rowPitch() const;
    void updateOrder();
    void buildImages();
    QImage imageOf(int layer, int head, const ColorLut &lut, QRgb masked) const;
    void paintFound(QPainter &p, const QRect &cell) const;
    void paintCacheRows(QPainter &p, const QRect &cell) const;
    void hover(int layer, int head);
    void paintScore(QPainter &p, int layer, int head, const QFont &small) const;
    void paintMark(QPainter &p, const QRect &cell, const QString &mark) const;

    attn::RunPtr m_run;
    bool m_causal = false;
    std::vector<QImage> m_images; // layer-major
    ColorMapId m_map = ColorMapId::Viridis;
    int m_cell = kMinCell;
    int m_fitHeight = 0;
    int m_minCell = kMinCell;
    int m_layer = -1, m_head = -1;
    int m_hoverLayer = -1, m_hoverHead = -1;
    Score m_score = Score::None;
    bool m_sorted = false;
    bool m_patchMenu = false;
    std::vector<attn::HeadScores> m_scores; // layer-major, of the run
    std::vector<int> m_order;               // layer-major: the head drawn in each column
    QHash<QPair<int, int>, QString> m_marks;
    Picture m_picture = Picture::Weights;
    std::shared_ptr<const Norms> m_norms;
    std::shared_ptr<const std::vector<attn::Matrix>> m_rollouts;
    double m_scaleTop = 1;
    std::vector<std::shared_ptr<const RunOverview::Layer>> m_overviews; // a layer's once read
    std::vector<std::int64_t> m_found;
    std::int64_t m_reused = 0, m_added = 0;
};

} // namespace attn::ui
