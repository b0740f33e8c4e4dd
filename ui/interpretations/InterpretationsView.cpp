// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationsView.h"

#include "InterpretationHighlights.h"
#include "InterpretationsControls.h"
#include "KernelReadingControls.h"
#include "OnlineSoftmaxWidget.h"
#include "OuterProductWidget.h"
#include "ProductBuilder.h"
#include "TermAnimator.h"
#include "TermsWidget.h"
#include "TiledProductWidget.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/InterpretationTerms.h"
#include "heatmap/HeatmapView.h"

#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

using attn::Stage;

// The stages whose outlines the view may change: A, B and P of either product.
constexpr Stage kLinkedStages[] = {Stage::Q,       Stage::K, Stage::Scores,
                                   Stage::Weights, Stage::V, Stage::HeadOutput};

} // namespace

InterpretationsView::InterpretationsView(Document *document, Recomputer *recomputer,
                                         StagesView *stages, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer), m_stages(stages),
      m_animator(new TermAnimator(this)) {
    setObjectName("interpretationsView");
    setFocusPolicy(Qt::StrongFocus);
    m_seenRow = document->selection().selectedRow();
    m_seenColumn = document->selection().selectedColumn();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    m_controls = new InterpretationsControls(m_animator);
    layout->addWidget(m_controls);
    connect(m_controls, &InterpretationsControls::productChosen, this,
            &InterpretationsView::setProduct);
    connect(m_controls, &InterpretationsControls::modeChosen, this, &InterpretationsView::setMode);
    connect(m_controls, &InterpretationsControls::rowPicked, this,
            &InterpretationsView::setPickedRow);
    connect(m_controls, &InterpretationsControls::columnPicked, this,
            &InterpretationsView::setPickedColumn);
    m_kernel = new KernelReadings(*document, *recomputer, stages, this);
    layout->addWidget(m_kernel->controls());
    connect(m_kernel, &KernelReadings::sizeChanged, this, [this] {
        m_animator->reset(stepCount());
        refreshMode();
    });
    m_formula = new QLabel;
    m_formula->setObjectName("interpretationFormula");
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_formula);
    m_note = new QLabel;
    m_note->setObjectName("interpretationNote");
    m_note->setWordWrap(true);
    m_note->setStyleSheet("color: palette(placeholder-text); font-style: italic;");
    layout->addWidget(m_note);

    m_terms = new TermsWidget;
    m_terms->setObjectName("interpretationTerms");
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_terms);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFocusPolicy(Qt::NoFocus); // arrow keys step the terms, not the scroll bars
    m_outer = new OuterProductWidget;
    m_outer->setObjectName("interpretationOuter");
    // Scrolls when readable numbers need more room than the dock has (heightForWidth).
    auto *outerScroll = new QScrollArea;
    outerScroll->setWidget(m_outer);
    outerScroll->setWidgetResizable(true);
    outerScroll->setFrameShape(QFrame::NoFrame);
    outerScroll->setFocusPolicy(Qt::NoFocus);
    m_pages = new QStackedWidget;
    m_pages->addWidget(scroll);
    m_pages->addWidget(outerScroll);
    m_pages->addWidget(m_kernel->tiled());
    m_pages->addWidget(m_kernel->online());
    layout->addWidget(m_pages, 1);

    applyFonts();

    m_builder = new ProductBuilder(this);
    connect(m_builder, &ProductBuilder::built, this, &InterpretationsView::productBuilt);
    connect(recomputer, &Recomputer::resultReady, this, &InterpretationsView::onResult);
    ViewSelection *selection = &document->selection();
    connect(selection, &ViewSelection::selectedRowChanged, this, &InterpretationsView::onSelection);
    connect(selection, &ViewSelection::selectedColumnChanged, this,
            &InterpretationsView::onSelection);
    connect(selection, &ViewSelection::currentHeadChanged, this, &InterpretationsView::onResult);
    // The layout is view state: the same result, read as the other product.
    connect(selection, &ViewSelection::layoutChanged, this, &InterpretationsView::onResult);
    if (stages)
        connect(stages, &StagesView::cellActivated, this, &InterpretationsView::activateStageCell);
    connect(m_animator, &TermAnimator::positionChanged, this, &InterpretationsView::updatePosition);
    rebuildProduct();
    restartAnimation();
    refreshMode();
}

InterpretationsView::~InterpretationsView() {
    clearHighlights();
}

int InterpretationsView::stepCount() const {
    if (!m_current || m_current->isEmpty())
        return 0;
    switch (m_mode) {
    case InterpretationMode::Tiled:
    case InterpretationMode::Online:
        return m_kernel->stepCount(m_mode, *m_current);
    default:
        return m_current->termCount();
    }
}

bool InterpretationsView::queryIsRow() const {
    // The product drawn decides (a hidden view rebuilds it only when shown).
    return (m_current ? m_current->layout : m_document->selection().layout()) == attn::Layout::Rows;
}

int InterpretationsView::pickedRow() const {
    const int rows = m_current ? m_current->rows() : 0;
    const int v = queryIsRow() ? m_document->selection().selectedRow()
                               : m_document->selection().selectedColumn();
    return std::clamp(v, 0, std::max(0, rows - 1));
}

int InterpretationsView::pickedColumn() const {
    const int cols = m_current ? m_current->cols() : 0;
    const int v = queryIsRow() ? m_document->selection().selectedColumn()
                               : m_document->selection().selectedRow();
    return std::clamp(v, 0, std::max(0, cols - 1));
}

void InterpretationsView::setPickedRow(int row) {
    row = std::clamp(row, 0, std::max(0, m_current ? m_current->rows() - 1 : row));
    if (queryIsRow())
        m_document->selection().setSelectedRow(row);
    else
        m_document->selection().setSelectedColumn(row);
}

void InterpretationsView::setPickedColumn(int column) {
    column = std::clamp(column, 0, std::max(0, m_current ? m_current->cols() - 1 : column));
    if (queryIsRow())
        m_document->selection().setSelectedColumn(column);
    else
        m_document->selection().setSelectedRow(column);
}

void InterpretationsView::setProduct(Product product) {
    if (product == m_product && m_current && m_current->product == product)
        return;
    m_product = product;
    rebuildProduct();
    restartAnimation();
    refreshMode();
}

void InterpretationsView::setMode(InterpretationMode mode) {
    if (mode == m_mode)
        return;
    m_mode = mode;
    restartAnimation();
    refreshMode();
}

void InterpretationsView::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_terms->setColorMaps(sequential, diverging);
    m_outer->setColorMaps(sequential, diverging);
}

void InterpretationsView::onResult() {
    rebuildProduct();
    // Live data: keep the animation where it is if the number of terms still allows it.
    m_animator->setCount(stepCount());
    refreshMode();
}

void InterpretationsView::onSelection() {
    // Remember each index as it was before its latest change, for a short while: a click on a
    // matrix that fixes only one index (a row of Q) must keep the other one, which the main
    // window has just overwritten with the clicked column (activateStageCell).
    const int row = m_document->selection().selectedRow(),
              column = m_document->selection().selectedColumn();
    if (row != m_seenRow) {
        m_previousRow = m_seenRow;
        m_rowChangedRecently = true;
    }
    if (column != m_seenColumn) {
        m_previousColumn = m_seenColumn;
        m_columnChangedRecently = true;
    }
    m_seenRow = row;
    m_seenColumn = column;
    if (!m_forgetTimerPending) {
        m_forgetTimerPending = true;
        QTimer::singleShot(0, this, [this] {
            m_forgetTimerPending = false;
            m_rowChangedRecently = m_columnChangedRecently = false;
        });
    }
    if (m_mode != InterpretationMode::Outer)
        restartAnimation();
    refreshMode();
}

void InterpretationsView::activateStageCell(Stage stage, int row, int col) {
    const StagePick pick = pickFromStage(stage, row, col, m_document->selection().layout());
    if (!pick.product)
        return;
    const int before = m_rowChangedRecently ? m_previousRow : m_document->selection().selectedRow();
    const int beforeColumn =
        m_columnChangedRecently ? m_previousColumn : m_document->selection().selectedColumn();
    m_rowChangedRecently = m_columnChangedRecently = false;
    if (*pick.product != m_product) {
        m_product = *pick.product;
        rebuildProduct();
    }
    m_document->selection().setSelectedRow(pick.query.value_or(before));
    m_document->selection().setSelectedColumn(pick.other.value_or(beforeColumn));
    restartAnimation();
    if (pick.term && m_mode == InterpretationMode::Outer)
        m_animator->setPosition(*pick.term + 1); // the clicked term k
    refreshMode();
}

void InterpretationsView::restartAnimation() {
    // A sum of terms opens complete (the whole sum, ready to replay from 0); the outer products
    // open at their first term, so Play runs through all the others and → adds the next.
    const int count = stepCount();
    m_animator->reset(count, m_mode == InterpretationMode::Outer ? std::min(1, count) : count);
}

void InterpretationsView::rebuildProduct() {
    if (!isVisible() && m_current) {
        m_dirty = true; // built when shown: a hidden view costs nothing per edit
        return;
    }
    m_dirty = false;
    const ResultSnapshot &snapshot = m_recomputer->snapshot();
    if (!snapshot.isValid() || snapshot.result->heads.empty()) {
        m_current.reset();
        return;
    }
    // A large product arrives later (productBuilt); meanwhile the view shows the last one.
    if (auto built = m_builder->request(snapshot, m_document->selection().layout(),
                                        m_document->selection().currentHead(), m_product))
        m_current = std::move(built);
}

void InterpretationsView::productBuilt(std::shared_ptr<const InterpretedProduct> product) {
    m_current = std::move(product);
    m_animator->setCount(stepCount());
    refreshMode();
}

void InterpretationsView::refreshMode() {
    updateControls();
    if (!isVisible()) {
        m_dirty = true; // a hidden panel costs nothing per edit; showEvent catches up
        return;
    }
    if (!m_current)
        return;
    const InterpretedProduct &p = *m_current;
    switch (m_mode) {
    case InterpretationMode::Dot:
        m_terms->setTerms(dotTerms(p, pickedRow(), pickedColumn()));
        break;
    case InterpretationMode::Row:
        m_terms->setTerms(rowTerms(p, pickedRow()));
        break;
    case InterpretationMode::Column:
        m_terms->setTerms(columnTerms(p, pickedColumn()));
        break;
    case InterpretationMode::Outer:
        m_outer->setProduct(m_current);
        break;
    case InterpretationMode::Tiled:
    case InterpretationMode::Online:
        m_kernel->refresh(m_mode, m_current);
        break;
    }
    m_kernel->showControls(m_mode);
    const int page = m_mode == InterpretationMode::Outer    ? 1
                     : m_mode == InterpretationMode::Tiled  ? 2
                     : m_mode == InterpretationMode::Online ? 3
                                                            : 0;
    m_pages->setCurrentIndex(page);
    m_formula->setText(formulaText());
    m_note->setText(noteText());
    updatePosition();
}

QString InterpretationsView::formulaText() const {
    if (!m_current || m_current->isEmpty())
        return tr("No result yet.");
    if (m_mode == InterpretationMode::Tiled)
        return tr("%1[I, J] = \u03a3_K %2[I, K]\u00b7%3[K, J], one tile at a time")
            .arg(m_current->pName, m_current->aName, m_current->bName);
    if (m_mode == InterpretationMode::Online)
        return tr("output of one query = \u03a3\u2c7c exp(logit\u2c7c \u2212 m)\u00b7V[j] / "
                  "\u2113, one key block at a time");
    if (m_mode == InterpretationMode::Outer)
        return tr("%1 = \u03a3\u2096 (column k of %2)\u00b7(row k of %3), k = 0\u2026%4 (%5)")
            .arg(m_current->pName, m_current->aName, m_current->bName)
            .arg(m_current->termCount() - 1)
            .arg(m_current->termNoun);
    return m_terms->terms().title;
}

QString InterpretationsView::noteText() const {
    return m_current ? layoutNote(*m_current, m_mode) : QString();
}

void InterpretationsView::updateControls() {
    m_controls->setProduct(m_product,
                           m_current ? m_current->layout : m_document->selection().layout());
    m_controls->setMode(m_mode);
    const InterpretedProduct *p = m_current.get();
    if (p)
        m_controls->setPicks(p->rowNoun, p->colNoun, p->rows(), p->cols(), pickedRow(),
                             pickedColumn(), !p->isEmpty());
}

void InterpretationsView::updatePosition() {
    m_controls->updateAnimation();
    const int r = m_animator->position();
    if (m_mode == InterpretationMode::Outer)
        m_outer->setCount(r);
    else if (m_mode == InterpretationMode::Tiled || m_mode == InterpretationMode::Online)
        m_kernel->setRevealed(m_mode, r);
    else
        m_terms->setRevealed(r);
    applyHighlights();
}

void InterpretationsView::applyHighlights() {
    if (!m_stages || !m_current || !isVisible())
        return;
    const InterpretedProduct &p = *m_current;
    const InterpretationParts parts =
        interpretationParts(p, m_mode, pickedRow(), pickedColumn(), m_animator->position());
    for (Stage stage : kLinkedStages) {
        HeatmapView *view = m_stages->view(stage);
        if (stage == p.aSource.stage)
            applyPart(view, parts.a, p.aSource.transposed);
        else if (stage == p.bSource.stage)
            applyPart(view, parts.b, p.bSource.transposed);
        else if (stage == p.pSource.stage)
            applyPart(view, parts.p, p.pSource.transposed);
        else
            restoreStageOutline(view, stage, *m_document);
    }
    m_kernel->applyHighlights(m_mode, p);
    m_highlighted = true;
}

void InterpretationsView::clearHighlights() {
    if (!m_stages || !m_highlighted || !m_document)
        return;
    for (Stage stage : kLinkedStages)
        restoreStageOutline(m_stages->view(stage), stage, *m_document);
    m_highlighted = false;
}

void InterpretationsView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (m_dirty) {
        rebuildProduct();
        m_animator->setCount(stepCount());
    }
    if (!event->spontaneous())
        restartAnimation(); // the panel opens at the beginning of its reading
    refreshMode();
}

void InterpretationsView::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (!event->spontaneous())
        clearHighlights(); // a closed panel leaves no outlines behind
}

void InterpretationsView::applyFonts() {
    // Read from the back of a classroom: at least 11 pt at zoom 1, and the same factor over
    // the window's font at every zoom (presentation mode zooms the application font).
    QFont text = font();
    text.setPointSizeF(text.pointSizeF() * m_fontScale);
    m_terms->setFont(text);
    m_outer->setFont(text);
    m_kernel->setFont(text);
    QFont big = text;
    big.setPointSizeF(text.pointSizeF() * 1.25);
    big.setBold(true);
    m_formula->setFont(big);
}

void InterpretationsView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void InterpretationsView::keyPressEvent(QKeyEvent *event) {
    TermAnimator *a = m_animator;
    switch (event->key()) {
    case Qt::Key_Space:
        a->togglePlay();
        break;
    case Qt::Key_Left:
        a->stepBack();
        break;
    case Qt::Key_Right:
        a->stepForward();
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        a->faster();
        break;
    case Qt::Key_Minus:
        a->slower();
        break;
    case Qt::Key_Home:
        a->showFirst();
        break;
    case Qt::Key_End:
        a->showAll();
        break;
    case Qt::Key_1:
    case Qt::Key_2:
    case Qt::Key_3:
    case Qt::Key_4:
    case Qt::Key_5:
    case Qt::Key_6:
        setMode(InterpretationMode(event->key() - Qt::Key_1));
        break;
    case Qt::Key_P:
        setProduct(m_product == Product::Scores ? Product::Output : Product::Scores);
        break;
    case Qt::Key_Up:
    case Qt::Key_Down:
        setPickedRow(pickedRow() + (event->key() == Qt::Key_Down ? 1 : -1));
        break;
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
        setPickedColumn(pickedColumn() + (event->key() == Qt::Key_PageDown ? 1 : -1));
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

} // namespace attn::ui
