#pragma once

#include "ColorScale.h"
#include "OuterSteps.h"

#include <QWidget>

#include <memory>

// The outer-product reading drawn: term k as the column k of A down its left, the row k of B
// across its top and their rank-one product between them; then the partial sum of the terms
// so far and P itself, all three on one colour range so the partial sum is seen to become P.
class OuterProductWidget : public QWidget {
    Q_OBJECT
public:
    explicit OuterProductWidget(QWidget *parent = nullptr);

    void setProduct(std::shared_ptr<const InterpretedProduct> product);
    void setCount(int count); // terms in the partial sum; the newest one is drawn as "term k"
    const OuterSteps &steps() const { return m_steps; }
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Layout {
        double cell;                 // square cells, the same in the three grids
        bool stacked;                // P under the partial sum rather than beside it
        QRectF aStrip, bStrip, term; // the term and its two factors
        QRectF partial, target;      // the partial sum and P
        double captionTop;
    };
    Layout layoutFor(QSize size) const;
    void updateRanges();

    OuterSteps m_steps;
    ColorLut m_diverging{ColorMapId::RdBu};
    ColorLut m_sequential{ColorMapId::Viridis};
    ValueRange m_gridRange, m_aRange, m_bRange;
};
