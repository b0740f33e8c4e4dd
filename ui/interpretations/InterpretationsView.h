// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelReadings.h"
#include "headreadings/InterpretedProduct.h"
#include "heatmap/ColorScale.h"
#include "workbench/StagesView.h"

#include <QPointer>
#include <QWidget>

#include <algorithm>
#include <memory>

class QLabel;
class QStackedWidget;

namespace attn::ui {

class Document;
class InterpretationsControls;
class OuterProductWidget;
class ProductBuilder;
class Recomputer;
class TermAnimator;
class TermsWidget;

// The four readings of attention's two products — scores = Q·Kᵀ and output = A·V (in the
// column layout, with the article's matrices, scores = Kᵀ·Q and output = V·A) — on the current
// result and head: a cell as a dot product, a row as a combination of B's rows, a column as a
// combination of A's columns, the whole product as a sum of rank-one terms. Each can be played term
// by term.
//
// Linked both ways with the main window: the picked cell is the Document's selected query and
// selected column (a key of the scores, a feature of the output), so picking here moves the
// selection everywhere; a click on a stage's heatmap switches the product and picks the cell;
// and the rows and columns the current reading uses are outlined on the heatmaps of A, B and P.
//
// Two more readings show how kernels compute attention (KernelReadings): the product in tiles,
// and the online softmax of the picked query over key blocks.
//
// Keys (when the view has focus): Space play/pause, Left/Right step, +/− speed, Home/End first/
// all terms, 1–6 the modes, P the other product, Up/Down the picked row, PgUp/PgDn the column.
class InterpretationsView : public QWidget {
    Q_OBJECT
public:
    // stages may be null (no outlines to draw).
    InterpretationsView(Document *document, Recomputer *recomputer, StagesView *stages = nullptr,
                        QWidget *parent = nullptr);
    ~InterpretationsView() override;

    Product product() const { return m_product; }
    void setProduct(Product product);
    InterpretationMode mode() const { return m_mode; }
    void setMode(InterpretationMode mode);

    // The picked cell in P's own coordinates (the layout's): clamped to P, 0 when nothing is
    // selected. Setting them sets the Document's selection.
    int pickedRow() const;
    int pickedColumn() const;
    void setPickedRow(int row);
    void setPickedColumn(int column);

    TermAnimator *animator() const { return m_animator; }
    TermsWidget *termsWidget() const { return m_terms; }
    OuterProductWidget *outerWidget() const { return m_outer; }
    TiledProductWidget *tiledWidget() const { return m_kernel->tiled(); }
    OnlineSoftmaxWidget *onlineWidget() const { return m_kernel->online(); }
    KernelReadingControls *kernelControls() const { return m_kernel->controls(); }
    // How many steps the current reading animates: terms, block products or key blocks.
    int stepCount() const;
    // What is explained now (null before the first result).
    const InterpretedProduct *currentProduct() const { return m_current.get(); }
    QString formulaText() const;
    QString noteText() const;
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    // A click on a stage's heatmap (StagesView::cellActivated): the product it belongs to and
    // the cell it picks. row and col are the cell as the heatmap draws it, in the layout.
    void activateStageCell(attn::Stage stage, int row, int col);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onResult();
    void onSelection();
    void rebuildProduct();
    void productBuilt(std::shared_ptr<const InterpretedProduct> product);
    void restartAnimation();
    void refreshMode();
    void updateControls();
    void updatePosition();
    void applyHighlights();
    void clearHighlights();
    void applyFonts();
    bool queryIsRow() const;

    QPointer<Document> m_document;
    Recomputer *m_recomputer;
    QPointer<StagesView> m_stages;
    TermAnimator *m_animator;
    Product m_product = Product::Scores;
    InterpretationMode m_mode = InterpretationMode::Dot;
    std::shared_ptr<const InterpretedProduct> m_current;
    ProductBuilder *m_builder; // builds m_current, off the GUI thread when large
    bool m_dirty = true;       // the product must be rebuilt before it is drawn
    bool m_highlighted = false;
    // The terms' and the formula's text over the window's font: 11 pt at least at zoom 1.
    const double m_fontScale = std::max(1.0, 11.0 / font().pointSizeF());
    // The Document's selection as last seen, and each index before its latest change while
    // that change is recent (same event-loop turn): a click sets the query and the column,
    // then reports the cell it was on.
    int m_seenRow = 0, m_seenColumn = -1;
    int m_previousRow = 0, m_previousColumn = -1;
    bool m_rowChangedRecently = false, m_columnChangedRecently = false;
    bool m_forgetTimerPending = false;

    InterpretationsControls *m_controls = nullptr;
    QLabel *m_formula = nullptr;
    QLabel *m_note = nullptr;
    QStackedWidget *m_pages = nullptr;
    TermsWidget *m_terms = nullptr;
    OuterProductWidget *m_outer = nullptr;
    KernelReadings *m_kernel = nullptr; // the tiled and online readings
};

} // namespace attn::ui
