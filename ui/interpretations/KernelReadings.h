// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretedProduct.h"

#include <QObject>
#include <QPointer>

#include <memory>

class QFont;

namespace attn::ui {

class Document;
class KernelReadingControls;
class OnlineSoftmaxWidget;
class Recomputer;
class StagesView;
class TiledProductWidget;

// The Interpretations view's two kernel readings, how attention is computed in practice: the
// product in tiles and the online softmax of the picked query over key blocks. It owns what
// depends on their sizes: the widgets that draw them, the controls of the tile and the key
// block, the step counts and the outlines on the stages' heatmaps. The view lays the widgets
// out and says which product and reading are shown and how many steps are revealed, so the
// mode, the product and the animation keep one owner (InterpretationsView).
class KernelReadings : public QObject {
    Q_OBJECT
public:
    // Reads the picked query and the head from `document`, the inputs and the plain output from
    // `recomputer`'s snapshot. stages may be null (no outlines to draw).
    KernelReadings(const Document &document, const Recomputer &recomputer, StagesView *stages,
                   QObject *parent = nullptr);

    // Created without a parent: the view places them (and so owns them).
    KernelReadingControls *controls() const { return m_controls; }
    TiledProductWidget *tiled() const { return m_tiled; }
    OnlineSoftmaxWidget *online() const { return m_online; }

    // How many steps the reading of `mode` (Tiled or Online) takes: block products of `product`,
    // or key blocks of the current result.
    int stepCount(InterpretationMode mode, const InterpretedProduct &product) const;
    // The sizes of `mode`'s reading are shown, the others' hidden (all of them for the four
    // classic readings).
    void showControls(InterpretationMode mode);
    // Draws `mode`'s reading (Tiled or Online) of `product`: the online softmax walks the
    // Document's selected query of its current head.
    void refresh(InterpretationMode mode, std::shared_ptr<const InterpretedProduct> product);
    // Reveals the first `steps` steps of `mode`'s reading.
    void setRevealed(InterpretationMode mode, int steps);
    // Outlines what the newest step of `mode`'s reading reads and writes on the heatmaps of
    // `product`'s stages (nothing before the first step, nor for the classic readings).
    void applyHighlights(InterpretationMode mode, const InterpretedProduct &product);
    void setFont(const QFont &font); // of the readings' text

signals:
    void sizeChanged(); // the tile or the key block: the steps are counted again

private:
    void refreshOnline(bool queryIsRow);

    const Document &m_document;
    const Recomputer &m_recomputer;
    QPointer<StagesView> m_stages;
    KernelReadingControls *m_controls;
    TiledProductWidget *m_tiled;
    OnlineSoftmaxWidget *m_online;
};

} // namespace attn::ui
