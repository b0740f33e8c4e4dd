// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelReadingControls.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace attn::ui {

namespace {

QSpinBox *sizeSpin(QWidget *parent, const QString &name, const QString &tip, int value) {
    auto *spin = new QSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(1, 4096);
    spin->setValue(value);
    spin->setToolTip(tip);
    spin->setFocusPolicy(Qt::ClickFocus); // the arrows belong to the view
    return spin;
}

} // namespace

KernelReadingControls::KernelReadingControls(QWidget *parent) : QWidget(parent) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tileRow = new QWidget(this);
    auto *tile = new QHBoxLayout(m_tileRow);
    tile->setContentsMargins(0, 0, 0, 0);
    tile->addWidget(
        new QLabel(QCoreApplication::translate("KernelReadingControls",
                                               "tile rows \u00d7 columns \u00d7 inner:"),
                   m_tileRow));
    m_tile[0] =
        sizeSpin(m_tileRow, "tileRows",
                 QCoreApplication::translate("KernelReadingControls", "Rows of P per tile"), 2);
    m_tile[1] =
        sizeSpin(m_tileRow, "tileCols",
                 QCoreApplication::translate("KernelReadingControls", "Columns of P per tile"), 2);
    m_tile[2] = sizeSpin(
        m_tileRow, "tileInner",
        QCoreApplication::translate("KernelReadingControls",
                                    "Inner block: how much of the sum one block product covers"),
        2);
    for (QSpinBox *spin : m_tile) {
        tile->addWidget(spin);
        connect(spin, &QSpinBox::valueChanged, this, [this] { emit tileSizeChanged(tileSize()); });
    }
    layout->addWidget(m_tileRow);
    m_blockRow = new QWidget(this);
    auto *block = new QHBoxLayout(m_blockRow);
    block->setContentsMargins(0, 0, 0, 0);
    block->addWidget(new QLabel(
        QCoreApplication::translate("KernelReadingControls", "keys per block:"), m_blockRow));
    m_block = sizeSpin(m_blockRow, "keyBlock",
                       QCoreApplication::translate("KernelReadingControls",
                                                   "How many keys one block of the walk covers"),
                       2);
    connect(m_block, &QSpinBox::valueChanged, this, &KernelReadingControls::keyBlockChanged);
    block->addWidget(m_block);
    layout->addWidget(m_blockRow);
    layout->addStretch(1);
    setMode(InterpretationMode::Dot);
}

void KernelReadingControls::setMode(InterpretationMode mode) {
    m_tileRow->setVisible(mode == InterpretationMode::Tiled);
    m_blockRow->setVisible(mode == InterpretationMode::Online);
    setVisible(mode == InterpretationMode::Tiled || mode == InterpretationMode::Online);
}

attn::TileSize KernelReadingControls::tileSize() const {
    return {m_tile[0]->value(), m_tile[1]->value(), m_tile[2]->value()};
}

int KernelReadingControls::keyBlock() const {
    return m_block->value();
}

} // namespace attn::ui
