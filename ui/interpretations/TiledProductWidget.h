// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretedProduct.h"
#include "heatmap/ColorScale.h"
#include "kernels/TiledProduct.h"

#include <QWidget>

#include <memory>

namespace attn::ui {

// The tiled reading of P = A·B drawn as a GPU kernel computes it: A on the left, B above P, and
// P as a grid of tiles (rows × columns) filled one block product at a time (inner blocks of K).
// The current step's block of A, block of B and tile of P are outlined; tiles not reached yet
// are blank, finished ones hold their sums, so the grid is seen to become P tile by tile.
class TiledProductWidget : public QWidget {
    Q_OBJECT
public:
    explicit TiledProductWidget(QWidget *parent = nullptr);

    void setProduct(std::shared_ptr<const InterpretedProduct> product);
    void setTileSize(attn::TileSize size);
    attn::TileSize tileSize() const { return m_size; }
    // How many block products the partial sum holds, 0..stepCount().
    void setCount(int count);
    int count() const { return m_count; }
    int stepCount() const;
    // The partial sum drawn now (P after count() steps).
    const attn::Matrix &partialSum() const { return m_partial; }
    // The current step's parts in P's, A's and B's cells (x = column, y = row); empty before
    // the first step.
    struct Blocks {
        QRect a, b, p;
    };
    Blocks currentBlocks() const;
    QString caption() const;
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void recompute();

    std::shared_ptr<const InterpretedProduct> m_product;
    attn::TileSize m_size{2, 2, 2};
    int m_count = 0;
    attn::Matrix m_partial;
    ColorLut m_diverging{ColorMapId::RdBu};
    ColorLut m_sequential{ColorMapId::Viridis};
};

} // namespace attn::ui
