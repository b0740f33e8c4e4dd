// SPDX-License-Identifier: GPL-3.0-or-later
#include "OuterSteps.h"

#include "Decomposition.h"

#include <algorithm>

void OuterSteps::setProduct(std::shared_ptr<const InterpretedProduct> product) {
    m_product = std::move(product);
    const int count = m_count;
    m_count = -1; // forces a full recomputation on the new factors
    setCount(count);
}

void OuterSteps::setCount(int count) {
    if (!m_product || m_product->isEmpty()) {
        m_count = 0;
        m_term.resize(0, 0);
        m_partial.resize(0, 0);
        return;
    }
    const attn::Matrix &A = m_product->A, &B = m_product->B;
    const int next = std::clamp(count, 0, termCount());
    if (next == m_count)
        return;
    if (m_count >= 0 && next == m_count + 1) {
        m_term = attn::outerTerm(A, B, next - 1);
        m_partial += m_term;
    } else {
        m_partial = attn::outerPartialSum(A, B, next);
        m_term =
            next > 0 ? attn::outerTerm(A, B, next - 1) : attn::Matrix::Zero(A.rows(), B.cols());
    }
    m_count = next;
}

double OuterSteps::remainingError() const {
    if (!m_product || m_partial.size() == 0 || m_partial.rows() != m_product->P.rows() ||
        m_partial.cols() != m_product->P.cols())
        return 0.0;
    return (m_product->P - m_partial).cwiseAbs().maxCoeff();
}
