// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/ResultSnapshot.h"
#include "headreadings/InterpretedProduct.h"

#include <QObject>

#include <memory>

namespace attn::ui {

// Builds the product the Interpretations view explains. Its matrices are copies (P = Q·Kᵀ is
// 134 MB at 4096 tokens, and the weights of A·V are derived whole), so a large one is built on
// the worker pool and arrives through built(); a small one is returned at once, as before.
class ProductBuilder : public QObject {
    Q_OBJECT
public:
    // Products of more scores or weights than this (512 × 512) are built off the GUI thread.
    static constexpr double kLargeCells = 512.0 * 512.0;

    using QObject::QObject;

    // The product of `head` of the snapshot's result, shown in `layout`: returned when small;
    // otherwise null, and built() brings it unless a newer request comes first.
    std::shared_ptr<const InterpretedProduct>
    request(const ResultSnapshot &snapshot, attn::Layout layout, int head, Product product);
    bool isBuilding() const { return m_building; }

signals:
    void built(std::shared_ptr<const InterpretedProduct> product);

private:
    quint64 m_generation = 0; // the newest request; older ones are dropped when they arrive
    bool m_building = false;
};

} // namespace attn::ui
