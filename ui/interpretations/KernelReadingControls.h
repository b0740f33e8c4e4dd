// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretedProduct.h"
#include "kernels/TiledProduct.h"

#include <QWidget>

class QSpinBox;

namespace attn::ui {

// The sizes of the kernel readings of the Interpretations view: the tile (rows × columns ×
// inner block) of the tiled reading, the key block of the online softmax. Only the current
// reading's sizes are shown; the row is hidden for the other readings.
class KernelReadingControls : public QWidget {
    Q_OBJECT
public:
    explicit KernelReadingControls(QWidget *parent = nullptr);

    void setMode(InterpretationMode mode);
    attn::TileSize tileSize() const;
    int keyBlock() const;
    QSpinBox *tileSpinBox(int index) const { return m_tile[index]; } // 0 rows, 1 cols, 2 inner
    QSpinBox *blockSpinBox() const { return m_block; }

signals:
    void tileSizeChanged(attn::TileSize size);
    void keyBlockChanged(int block);

private:
    QWidget *m_tileRow;
    QWidget *m_blockRow;
    QSpinBox *m_tile[3];
    QSpinBox *m_block;
};

} // namespace attn::ui
