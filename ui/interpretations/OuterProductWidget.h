// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/OuterSteps.h"
#include "heatmap/ColorScale.h"

#include <QWidget>

#include <memory>

namespace attn::ui {

// The outer-product reading drawn: term k as the column k of A down its left, the row k of B
// across its top and their rank-one product between them; then the partial sum of the terms
// so far and P itself, all three on one colour range so the partial sum is seen to become P.
//
// Every number is written while the product is small enough to read number by number: the
// cells are as wide as the widest value's text and the three grids are arranged side by side,
// two over two, or one under another, whichever gives the largest cells in the widget's width;
// heightForWidth asks a scroll area for the height that arrangement needs. A large product is
// shrunk into the space instead (colours only).
class OuterProductWidget : public QWidget {
    Q_OBJECT
public:
    explicit OuterProductWidget(QWidget *parent = nullptr);

    void setProduct(std::shared_ptr<const InterpretedProduct> product);
    void setCount(int count); // terms in the partial sum; the newest one is drawn as "term k"
    const OuterSteps &steps() const { return m_steps; }
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    // Up to this many rows and columns every number is kept readable (scrolling if need be).
    static constexpr int kMaxReadable = 24;
    enum class Arrangement { Across, Stacked, Down };
    Arrangement arrangement() const { return layoutFor(size()).arrangement; }
    // Whether every number of the term, its factors, the partial sum and P is written in its
    // cell at the widget's current size.
    bool allNumbersShown() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Layout {
        Arrangement arrangement = Arrangement::Across;
        QSizeF cell;                 // the same in the three grids and the factors
        double labels = 0;           // width of the row labels left of the grids
        QRectF aStrip, bStrip, term; // the term and its two factors
        QRectF partial, target;      // the partial sum and P
        double captionTop = 0;
        QSizeF extent; // what the whole drawing needs
    };
    Layout arrange(Arrangement arrangement, QSizeF cell) const;
    Layout layoutFor(QSize size) const;
    QSizeF readableCell() const; // the cell every number needs
    bool readable() const;       // small enough to keep every number readable
    double rowLabelWidth() const;
    QFont numberFont() const;
    void updateRanges();
    void paintLabels(QPainter &p, const Layout &l);
    void paintCaptions(QPainter &p, const Layout &l, bool equal, double error);

    OuterSteps m_steps;
    ColorLut m_diverging{ColorMapId::RdBu};
    ColorLut m_sequential{ColorMapId::Viridis};
    ValueRange m_gridRange, m_aRange, m_bRange;
    QSizeF m_readableCell{48, 20};
};

} // namespace attn::ui
