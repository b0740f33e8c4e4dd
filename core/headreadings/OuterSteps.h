// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InterpretedProduct.h"

#include <memory>

// The outer-product reading of P = A·B stepped through k: term k = (column k of A)(row k of B)
// and the partial sum of the first `count` terms. Stepping forward adds one rank-one term to
// the cached partial sum (O(rows·cols)), so playing through 1024 terms of a 1024×64 product
// never recomputes the whole sum; any other jump recomputes it with attn::outerPartialSum.
class OuterSteps {
public:
    void setProduct(std::shared_ptr<const InterpretedProduct> product);
    const InterpretedProduct *product() const { return m_product.get(); }
    int termCount() const { return m_product ? m_product->termCount() : 0; }

    // Moves to `count` terms (clamped to 0..termCount()).
    void setCount(int count);
    int count() const { return m_count; }
    // The last term added (index count − 1); a zero matrix when count is 0.
    const attn::Matrix &term() const { return m_term; }
    int termIndex() const { return m_count - 1; }
    const attn::Matrix &partialSum() const { return m_partial; }
    // Largest |P − partial sum|: 0 up to rounding once every term is in.
    double remainingError() const;

private:
    std::shared_ptr<const InterpretedProduct> m_product;
    int m_count = 0;
    attn::Matrix m_term, m_partial;
};
