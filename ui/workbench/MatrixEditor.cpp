// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixEditor.h"

#include "CompactTableView.h"
#include "NumberDelegate.h"
#include "document/Document.h"
#include "document/MatrixTableModel.h"
#include "document/NumberFormat.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace attn::ui {

namespace {

// What the rows and columns of each matrix are, in the article's letters (row layout).
QString axes(attn::Stage kind, bool context) {
    const QString keySide = context ? QStringLiteral("p_c") : QStringLiteral("p");
    switch (kind) {
    case attn::Stage::X:
        return QCoreApplication::translate("MatrixEditor", "tokens \u00d7 p");
    case attn::Stage::Context:
        return QCoreApplication::translate("MatrixEditor", "context tokens \u00d7 p_c");
    case attn::Stage::Wq:
        return QStringLiteral("p \u00d7 d_k");
    case attn::Stage::Wk:
        return keySide + QStringLiteral(" \u00d7 d_k");
    case attn::Stage::Wv:
        return keySide + QStringLiteral(" \u00d7 d_v");
    case attn::Stage::Wo:
        return QCoreApplication::translate("MatrixEditor", "H·d_v \u00d7 p_out");
    default: // editors show inputs only
        return {};
    }
}

// The same, of the matrix as the table shows it ("p × tokens" for Xᵀ).
QString shownAxes(attn::Stage kind, bool context, bool transposed) {
    const QString rowLayout = axes(kind, context);
    if (!transposed)
        return rowLayout;
    const QString times = QStringLiteral(" \u00d7 ");
    return rowLayout.section(times, 1) + times + rowLayout.section(times, 0, 0);
}

QString usageHint() {
    return MatrixEditor::tr(
        "Type or double-click to edit a cell.\n"
        "Mouse wheel over the selected cell (or any cell when the whole table is visible), or "
        "Alt+Up/Down: ±0.1, with Shift: ±0.01.\n"
        "Ctrl+C copies the selection, Ctrl+V pastes a block at the current cell (tab, comma or "
        "space separated).\n"
        "Right-click: randomize or refill the matrix.");
}

bool isNudgeKey(const QKeyEvent *event) {
    const auto mods = event->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    return mods == Qt::AltModifier && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down);
}

} // namespace

MatrixEditor::MatrixEditor(Document *doc, MatrixId id, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_model(new MatrixTableModel(doc, id, this)),
      m_title(new QLabel(this)), m_view(new CompactTableView(this)),
      m_message(new RefusalLabel(doc, this)) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::NoTextInteraction);
    layout->addWidget(m_title);

    m_view->setModel(m_model);
    m_view->setItemDelegate(new NumberDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    m_view->setToolTip(usageHint());
    m_title->setToolTip(usageHint());
    m_view->installEventFilter(this);
    m_view->viewport()->installEventFilter(this);
    layout->addWidget(m_view, 1, Qt::AlignLeft);

    layout->addWidget(m_message);

    connect(m_model, &MatrixTableModel::editRefused, this,
            [this](const QString &message) { showMessage(message); });
    connect(m_message, &RefusalLabel::refused, this, &MatrixEditor::refused);
    connect(m_model, &MatrixTableModel::editAccepted, this, &MatrixEditor::clearMessage);
    connect(m_view, &QWidget::customContextMenuRequested, this, &MatrixEditor::showContextMenu);
    // A nudge sequence belongs to one cell: moving on starts a new undo step.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, doc,
            &Document::breakMerge);
    connect(doc, &Document::changed, this, &MatrixEditor::updateTitle);
    connect(&doc->selection(), &ViewSelection::currentHeadChanged, this,
            &MatrixEditor::updateTitle);
    connect(&doc->selection(), &ViewSelection::layoutChanged, this, &MatrixEditor::updateTitle);
    // A layout switch resets the model (every index means another cell): keep the current
    // document cell current, at its new place.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        m_keptCell = current.isValid() ? m_model->toDocument(current.row(), current.column())
                                       : QPoint(-1, -1);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        const QModelIndex index = m_model->fromDocument(m_keptCell.y(), m_keptCell.x());
        if (index.isValid())
            m_view->setCurrentIndex(index);
        m_view->refreshGeometry();
    });
    updateTitle();
}

QTableView *MatrixEditor::view() const {
    return m_view;
}

QString MatrixEditor::title() const {
    return m_title->text();
}

QString MatrixEditor::message() const {
    return m_message->shown();
}

void MatrixEditor::showMessage(const QString &message, const QModelIndex &index) {
    const QModelIndex cell = index.isValid() ? index : m_view->currentIndex();
    m_message->refuse(message, m_view->viewport(),
                      cell.isValid() ? m_view->visualRect(cell) : QRect());
}

void MatrixEditor::clearMessage() {
    m_message->dismiss();
}

void MatrixEditor::updateTitle() {
    const MatrixId id = m_model->matrixId();
    const bool transposed = m_model->isTransposed();
    const attn::Matrix &m = m_doc->matrix(id);
    m_title->setText(
        QStringLiteral("%1 \u2014 %2 (%3)")
            .arg(m_model->shownName(), shownAxes(id.stage, m_doc->inputs().hasContext, transposed),
                 QString::fromStdString(transposed ? attn::shapeString(m.cols(), m.rows())
                                                   : attn::shapeString(m))));
}

QRect MatrixEditor::selectedRect() const {
    QRect rect;
    for (const QModelIndex &index : m_view->selectionModel()->selectedIndexes())
        rect |= QRect(index.column(), index.row(), 1, 1);
    const QModelIndex current = m_view->currentIndex();
    if (rect.isEmpty() && current.isValid())
        rect = QRect(current.column(), current.row(), 1, 1);
    return rect;
}

bool MatrixEditor::copySelection() {
    // Copied as the table shows it (transposed in the column layout).
    const QRect rect = m_model->toDocument(selectedRect());
    const attn::Matrix &m = m_doc->matrix(m_model->matrixId());
    if (rect.isEmpty() || rect.right() >= m.cols() || rect.bottom() >= m.rows())
        return false;
    const attn::Matrix block = m.block(rect.top(), rect.left(), rect.height(), rect.width());
    QApplication::clipboard()->setText(
        blockText(m_model->isTransposed() ? attn::Matrix(block.transpose()) : block));
    return true;
}

bool MatrixEditor::pasteFromClipboard() {
    return pasteText(QApplication::clipboard()->text());
}

bool MatrixEditor::pasteText(const QString &text) {
    QString error;
    std::optional<attn::Matrix> block = parseBlock(text, &error);
    if (!block) {
        showMessage(tr("Nothing pasted: %1").arg(error));
        return false;
    }
    // At the top-left of the selection, as a spreadsheet does; if the current cell lies outside
    // the selection (a leftover from earlier), the current cell wins.
    QRect target = selectedRect();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() && !target.contains(current.column(), current.row()))
        target = QRect(current.column(), current.row(), 1, 1);
    if (target.isEmpty())
        target = QRect(0, 0, 1, 1);
    // One number onto a selection fills the selection, as in a spreadsheet.
    if (block->size() == 1 && target.width() * target.height() > 1)
        block = attn::Matrix::Constant(target.height(), target.width(), (*block)(0, 0));
    // The block is pasted as the table shows it: transposed back onto the document's cells.
    const QRect cells = m_model->toDocument(target);
    if (m_model->isTransposed())
        block = attn::Matrix(block->transpose());
    if (!m_doc->setBlock(m_model->matrixId(), cells.top(), cells.left(), *block, &error)) {
        showMessage(tr("Nothing pasted: %1").arg(error));
        return false;
    }
    clearMessage();
    return true;
}

bool MatrixEditor::nudge(const QModelIndex &index, int steps, bool fine) {
    if (!index.isValid() || steps == 0)
        return false;
    QString error;
    const QPoint cell = m_model->toDocument(index.row(), index.column());
    if (!m_doc->nudgeCell(m_model->matrixId(), cell.y(), cell.x(),
                          steps * (fine ? kFineStep : kStep), &error)) {
        showMessage(error, index);
        return false;
    }
    clearMessage();
    return true;
}

bool MatrixEditor::nudgeCurrent(int steps, bool fine) {
    return nudge(m_view->currentIndex(), steps, fine);
}

bool MatrixEditor::handleKey(QKeyEvent *event) {
    if (isNudgeKey(event)) {
        nudgeCurrent(event->key() == Qt::Key_Up ? 1 : -1,
                     event->modifiers().testFlag(Qt::ShiftModifier));
        return true;
    }
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        return true;
    }
    if (event->matches(QKeySequence::Paste)) {
        pasteFromClipboard();
        return true;
    }
    return false;
}

bool MatrixEditor::handleWheel(QWheelEvent *event) {
    const QModelIndex index = m_view->indexAt(event->position().toPoint());
    if (!index.isValid())
        return false;
    // A table that scrolls needs the wheel for scrolling: there only the selected cell nudges.
    const bool scrolls =
        m_view->verticalScrollBar()->isVisible() || m_view->horizontalScrollBar()->isVisible();
    if (scrolls && index != m_view->currentIndex())
        return false;
    const QPoint delta = event->angleDelta();
    // Some platforms turn Shift+wheel into a horizontal wheel: take whichever axis moved.
    m_wheelRemainder += std::abs(delta.y()) >= std::abs(delta.x()) ? delta.y() : delta.x();
    const int steps = m_wheelRemainder / 120;
    m_wheelRemainder -= steps * 120;
    if (steps != 0) {
        if (index != m_view->currentIndex())
            m_view->setCurrentIndex(index);
        nudge(index, steps, event->modifiers().testFlag(Qt::ShiftModifier));
    }
    event->accept();
    return true;
}

bool MatrixEditor::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_view) {
        if (m_view->isEditing())
            return false; // the cell editor owns the keys while it is open
        if (event->type() == QEvent::ShortcutOverride) {
            // Claim our keys before window-wide shortcuts (e.g. a global Copy) take them.
            auto *key = static_cast<QKeyEvent *>(event);
            if (isNudgeKey(key) || key->matches(QKeySequence::Copy) ||
                key->matches(QKeySequence::Paste)) {
                event->accept();
                return true;
            }
        } else if (event->type() == QEvent::KeyPress) {
            return handleKey(static_cast<QKeyEvent *>(event));
        }
    } else if (watched == m_view->viewport() && event->type() == QEvent::Wheel) {
        return handleWheel(static_cast<QWheelEvent *>(event));
    } else if (watched == m_view->viewport() && event->type() == QEvent::ToolTip) {
        // The cell's exact value, then how to change it (the cell tooltip would hide the hint).
        auto *help = static_cast<QHelpEvent *>(event);
        const QModelIndex index = m_view->indexAt(help->pos());
        const QString cell = index.data(Qt::ToolTipRole).toString();
        QToolTip::showText(help->globalPos(),
                           cell.isEmpty() ? usageHint()
                                          : cell + QStringLiteral("\n\n") + usageHint(),
                           m_view->viewport(), m_view->visualRect(index));
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void MatrixEditor::showContextMenu(const QPoint &pos) {
    QMenu menu(this);
    const MatrixId id = m_model->matrixId();
    const QString name = matrixDisplayName(id, m_doc->headCount());
    QAction *copy = menu.addAction(tr("Copy"), this, &MatrixEditor::copySelection);
    copy->setShortcut(QKeySequence::Copy);
    QAction *paste = menu.addAction(tr("Paste"), this, &MatrixEditor::pasteFromClipboard);
    paste->setShortcut(QKeySequence::Paste);
    paste->setEnabled(!QApplication::clipboard()->text().isEmpty());
    menu.addSeparator();
    menu.addAction(tr("Randomize %1 (normal, seeded)").arg(name), this,
                   [this, id] { m_doc->randomize(id); });
    menu.addAction(tr("Fill %1 with %2").arg(name, initializerName(m_doc->initializer())), this,
                   [this, id] { m_doc->fill(id); });
    emit contextMenuAboutToShow(&menu, id);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

} // namespace attn::ui
