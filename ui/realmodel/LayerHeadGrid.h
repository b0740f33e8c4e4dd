// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"
#include "transformer/Run.h"

#include <QImage>
#include <QWidget>

#include <vector>

// Every head of every layer of a run as a small heatmap of its attention weights, one row per
// layer, one column per head, all on the same fixed [0, 1] scale (BertViz's model view). The
// thumbnails share the width they are given (between kMinCell and kMaxCell pixels) and the
// rows grow downwards, for a scroll area to scroll. Drawn by hand into images of at most
// kMaxImageCells cells a side (the largest weight of a block of cells when there are more), so
// 144 heads of 4096 tokens cost 144 small images, not 144 plots. Hovering a head says so
// (headHovered, for the enlarged popup); clicking it or pressing Enter asks to take it apart;
// the arrow keys move the chosen head, the context menu also takes the whole layer apart.
class LayerHeadGrid : public QWidget {
    Q_OBJECT
public:
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
    // The weights the thumbnail of (layer, head) is drawn from: the run's own matrix.
    const attn::Matrix &weights(int layer, int head) const;
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
    // The height of the scroll area's viewport: the heads get smaller (down to kComfortCell)
    // to show every layer in it.
    void setFitHeight(int height);

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
    void buildImages();
    void hover(int layer, int head);

    attn::RunPtr m_run;
    bool m_causal = false;
    std::vector<QImage> m_images; // layer-major
    ColorMapId m_map = ColorMapId::Viridis;
    int m_cell = kMinCell;
    int m_fitHeight = 0;
    int m_layer = -1, m_head = -1;
    int m_hoverLayer = -1, m_hoverHead = -1;
};
