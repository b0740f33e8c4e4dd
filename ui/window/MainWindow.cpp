// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "Formula.h"
#include "SpinBoxUndoFilter.h"
#include "document/Document.h"
#include "shell/Shell.h"
#include "shell/Translations.h"

#include <QActionGroup>
#include <QEvent>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

#include <cmath>

namespace attn::ui {

MainWindow::MainWindow(Document &document, QWidget *parent)
    : QMainWindow(parent), m_document(document), m_shell(new Shell(*this)), m_timing(new QLabel),
      m_error(new QLabel) {
    m_timing->setObjectName(QStringLiteral("timingLabel"));
    m_error->setObjectName(QStringLiteral("errorLabel"));
    setWindowTitle(tr("attnviz \u2014 scaled dot-product attention"));
    m_error->setStyleSheet("color: #b00020;");
    m_timing->setAlignment(Qt::AlignRight | Qt::AlignVCenter); // its fixed width has room to spare
    statusBar()->addWidget(m_error, 1);
    statusBar()->addPermanentWidget(m_timing);
    statusBar()->installEventFilter(this);
    createMenus();
    new SpinBoxUndoFilter(this);
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
    QMenu *file = m_shell->menu(MenuId::File);
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = m_shell->menu(MenuId::Edit);
    QAction *undo = m_document.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document.undoStack()->createRedoAction(this, tr("&Redo"));
    // The platform's redo keys, and Ctrl+Shift+Z everywhere (Windows binds Ctrl+Y first).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    const QKeySequence shiftZ(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    if (!redoKeys.contains(shiftZ))
        redoKeys << shiftZ;
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Clear the &mask"), &m_document, &Document::clearMask);

    QMenu *view = m_shell->menu(MenuId::View);
    QAction *next = view->addAction(tr("&Next query row"), this, [this] { moveSelection(1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down));
    QAction *previous =
        view->addAction(tr("&Previous query row"), this, [this] { moveSelection(-1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up));
    view->addSeparator();
    createLayoutSwitch();
    view->addSeparator();
    createColorMapMenus();
    view->addSeparator();
    createLanguageMenu();
    view->addSeparator();

    QMenu *help = m_shell->menu(MenuId::Help);
    help->addAction(tr("&About attnviz"), this, [this] {
        QMessageBox::about(
            this, tr("About attnviz"),
            tr("<b>attnviz</b> %1<br>Scaled dot-product attention, every number editable, every "
               "step visible.<br><br>Edit any input in the tables at the bottom (sizes and "
               "options on the left); hover a cell to see how it was "
               "computed; click a query row to see its output built from the rows of V; click a "
               "logits cell to mask it.")
                .arg(QStringLiteral(ATTNVIZ_VERSION)));
    });
}

void MainWindow::createColorMapMenus() {
    // One checkable group per scale; the check marks follow changes made elsewhere (settings,
    // an opened session) through the shell.
    QMenu *view = m_shell->menu(MenuId::View);
    auto group = [&](const QString &title, const char *name, const QList<ColorMapId> &maps,
                     bool sequential) {
        QMenu *menu = view->addMenu(title);
        auto *actions = new QActionGroup(this);
        actions->setObjectName(QString::fromLatin1(name));
        for (ColorMapId id : maps) {
            QAction *a = menu->addAction(colorMapName(id), this, [this, id, sequential] {
                if (sequential)
                    m_shell->setColorMaps(id, m_shell->divergingMap());
                else
                    m_shell->setColorMaps(m_shell->sequentialMap(), id);
            });
            a->setCheckable(true);
            a->setData(int(id));
            actions->addAction(a);
        }
        auto check = [actions, sequential](ColorMapId s, ColorMapId d) {
            for (QAction *a : actions->actions())
                a->setChecked(ColorMapId(a->data().toInt()) == (sequential ? s : d));
        };
        check(m_shell->sequentialMap(), m_shell->divergingMap());
        connect(m_shell, &Shell::colorMapsChanged, actions, check);
    };
    group(tr("&Weights colour map"), "sequentialMaps", sequentialMaps(), true);
    group(tr("&Signed colour map"), "divergingMaps", divergingMaps(), false);
}

void MainWindow::createLayoutSwitch() {
    QMenu *view = m_shell->menu(MenuId::View);
    // The two conventions of the article "from Vector to Matrix", one click apart, with a note
    // that they are the same attention.
    auto *group = new QActionGroup(this);
    QAction *rows = view->addAction(QString());
    QAction *columns = view->addAction(QString());
    auto names = [rows, columns] {
        rows->setText(tr("&Row layout: %1").arg(attn::attentionFormula(attn::Layout::Rows)));
        columns->setText(
            tr("&Column layout: %1").arg(attn::attentionFormula(attn::Layout::Columns)));
    };
    names();
    m_retranslations.push_back(names);
    for (QAction *a : {rows, columns}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    rows->setChecked(true);
    QAction *toggle = view->addAction(tr("&Switch layout"), this, [this] {
        m_document.selection().setLayout(m_document.selection().layout() == attn::Layout::Rows
                                             ? attn::Layout::Columns
                                             : attn::Layout::Rows);
    });
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(rows, &QAction::triggered, this,
            [this] { m_document.selection().setLayout(attn::Layout::Rows); });
    connect(columns, &QAction::triggered, this,
            [this] { m_document.selection().setLayout(attn::Layout::Columns); });

    auto *bar = addToolBar(tr("Layout"));
    bar->setObjectName("layoutToolBar");
    bar->addWidget(new QLabel(tr(" Layout: ")));
    bar->addAction(rows);
    bar->addAction(columns);
    auto *note = new QLabel;
    note->setObjectName("layoutNote");
    note->setContentsMargins(12, 0, 0, 0);
    bar->addWidget(note);
    auto update = [note, rows, columns](attn::Layout layout) {
        const bool r = layout == attn::Layout::Rows;
        rows->setChecked(r);
        columns->setChecked(!r);
        note->setText(r ? tr("tokens are rows; softmax along each row. The column layout computes "
                             "the same attention, transposed.")
                        : tr("tokens are columns; softmax down each column. Every matrix is the "
                             "transpose of the row layout's: the same attention."));
    };
    update(m_document.selection().layout());
    connect(&m_document.selection(), &ViewSelection::layoutChanged, this, update);
    m_retranslations.push_back([this, update] { update(m_document.selection().layout()); });
}

void MainWindow::createLanguageMenu() {
    // The choice is kept for the next start; the window switches at once (changeEvent).
    QMenu *menu = m_shell->menu(MenuId::View)->addMenu(tr("&Language"));
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto *group = new QActionGroup(this);
    group->setObjectName(QStringLiteral("languages"));
    for (const Translations::Language &language : Translations::languages()) {
        const QString code = language.code;
        QAction *a = menu->addAction(language.name, this, [code] {
            Translations::save(code);
            Translations::instance().apply(code);
        });
        a->setCheckable(true);
        a->setData(code);
        group->addAction(a);
    }
    // The tick is the language in effect, which `attnviz --language` may have chosen over the
    // saved one; it follows every later switch too.
    auto tick = [group] {
        const QString chosen = Translations::instance().chosen();
        for (QAction *a : group->actions())
            a->setChecked(a->data().toString() == chosen);
    };
    tick();
    connect(&Translations::instance(), &Translations::changed, group, tick);
}

void MainWindow::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) {
        Translations::instance().retranslate(*this);
        for (const auto &retranslate : m_retranslations)
            retranslate();
        // Composed with its numbers: "last update: …" stayed English after View › Language.
        if (!std::isnan(m_computeMs))
            showTiming(m_computeMs, m_drawMs);
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::moveSelection(int delta) {
    const int n = int(m_document.inputs().queryCount());
    if (n == 0)
        return;
    const int row = m_document.selection().selectedRow();
    m_document.selection().setSelectedRow(row < 0 ? 0 : (row + delta + n) % n);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event) {
    // A widget shown or hidden in the status bar asks it for a new layout; so does a resize.
    if (watched == statusBar() &&
        (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Resize))
        fitStatusBar();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::fitStatusBar() {
    QStatusBar *bar = statusBar();
    // What the other widgets need (permanent or not, bar the error line, which takes what is
    // left), the timing line's own width, and some room for a message to be read.
    int others = 0;
    for (QWidget *w : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        if (w != m_timing && w != m_error && !w->isHidden() && !w->isWindow())
            others += std::max(w->sizeHint().width(), w->minimumWidth()) + 8;
    const int timing = std::max(m_timing->minimumWidth(), m_timing->sizeHint().width()) + 8;
    const int message = 12 * bar->fontMetrics().averageCharWidth();
    const bool fits = others + timing + message <= bar->width();
    if (fits == m_timing->isHidden()) // shown or hidden once, not on every layout request
        m_timing->setVisible(fits);
}

void MainWindow::showTiming(double computeMs, double drawMs) {
    m_computeMs = computeMs;
    m_drawMs = drawMs;
    m_timing->setText(tr("last update: %1 ms (compute %2 ms, draw %3 ms)")
                          .arg(computeMs + drawMs, 0, 'f', 1)
                          .arg(computeMs, 0, 'f', 1)
                          .arg(drawMs, 0, 'f', 1));
    // Of a fixed size, the label asks for no new layout of the window when its text changes
    // (after every edit); it only grows when a longer text needs it, or follows a new font.
    // Room for a few more digits, so it rarely has to grow.
    const QSize need =
        m_timing->sizeHint() + QSize(m_timing->fontMetrics().horizontalAdvance("88"), 0);
    const QSize fixed = m_timing->minimumSize();
    if (m_timing->maximumSize() != fixed || need.height() != fixed.height())
        m_timing->setFixedSize(need);
    else if (need.width() > fixed.width() + m_timing->fontMetrics().horizontalAdvance("88"))
        m_timing->setFixedWidth(need.width());
}

void MainWindow::showError(const QString &message) {
    m_error->setText(message);
}

} // namespace attn::ui
