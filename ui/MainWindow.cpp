#include "MainWindow.h"

#include "CombinationView.h"
#include "ControlsPanel.h"
#include "Document.h"
#include "FigureFeatures.h"
#include "InputsPanel.h"
#include "InsightViews.h"
#include "InterpretationsView.h"
#include "LessonPanel.h"
#include "Presentation.h"
#include "Presets.h"
#include "Recomputer.h"
#include "SessionFeatures.h"
#include "StagesView.h"

#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_document(new Document(this)),
      m_recomputer(new Recomputer(m_document, this)) {
    setWindowTitle("attnviz \u2014 scaled dot-product attention");
    m_recomputer->recomputeNow();

    m_stages = new StagesView(m_document, m_recomputer);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_stages);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setCentralWidget(scroll);

    auto dock = [this](const QString &title, const QString &name, QWidget *content,
                       Qt::DockWidgetArea area) { return addPanel(title, name, content, area); };
    // Controls on the left (full height); the input tables, laid out side by side, in a strip
    // under the heatmaps; the convex combination among the heatmaps, beside the head output.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_controls = new ControlsPanel(m_document);
    dock("Sizes and options", "controlsDock", m_controls, Qt::LeftDockWidgetArea);
    m_inputs = new InputsPanel(m_document);
    auto *inputsScroll = new QScrollArea;
    inputsScroll->setWidget(m_inputs);
    inputsScroll->setWidgetResizable(true);
    inputsScroll->setFrameShape(QFrame::NoFrame);
    QDockWidget *inputs = dock("Inputs \u2014 type, wheel or paste to edit", "inputsDock",
                               inputsScroll, Qt::BottomDockWidgetArea);
    resizeDocks({inputs}, {250}, Qt::Vertical);
    m_combination = new CombinationView(m_document, m_recomputer);
    m_stages->setCombinationView(m_combination);

    m_timing = new QLabel;
    m_error = new QLabel;
    m_error->setStyleSheet("color: #b00020;");
    statusBar()->addWidget(m_error, 1);
    statusBar()->addPermanentWidget(m_timing);
    connect(m_stages, &StagesView::drawn, this, &MainWindow::showTiming);
    connect(m_recomputer, &Recomputer::failed, this, &MainWindow::showError);
    connect(m_recomputer, &Recomputer::resultReady, this, [this] { m_error->clear(); });

    createMenus();
    installSessionFeatures(*this);
    installFigureFeatures(*this);
    installInterpretations(*this);
    installInsightViews(*this);
    m_lesson = installLesson(*this);
    // The explorer panels open on demand (View menu; Ctrl+Shift+I, Alt+1…6): on first start
    // the heatmaps keep the room their numbers need. A saved layout restores them below.
    for (QDockWidget *d : findChildren<QDockWidget *>())
        if (dockWidgetArea(d) == Qt::RightDockWidgetArea)
            d->hide();
    resize(1600, 1000);
    // Last: it restores the saved dock layout, so every dock must exist by now.
    installPresentation(*this);
    if (Presentation *presentation = Presentation::of(*this)) {
        presentation->setLessonStepHandler([this](int delta) { m_lesson->step(delta); });
        connect(presentation, &Presentation::activeChanged, m_lesson,
                [this](bool on) { m_lesson->setPageKeysEnabled(!on); });
    }
}

MainWindow::~MainWindow() = default;

QDockWidget *MainWindow::addPanel(const QString &title, const QString &objectName, QWidget *panel,
                                  Qt::DockWidgetArea area) {
    auto *d = new QDockWidget(title, this);
    d->setObjectName(objectName);
    d->setWidget(panel);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                   QDockWidget::DockWidgetClosable);
    addDockWidget(area, d);
    if (QMenu *view = findChild<QMenu *>("view"))
        view->addAction(d->toggleViewAction());
    return d;
}

QMenu *MainWindow::menu(const QString &name) {
    if (auto *m = menuBar()->findChild<QMenu *>(name, Qt::FindDirectChildrenOnly))
        return m;
    QString title = name;
    title[0] = title[0].toUpper();
    auto *m = new QMenu("&" + title, menuBar());
    m->setObjectName(name);
    QMenu *help = menuBar()->findChild<QMenu *>("help", Qt::FindDirectChildrenOnly);
    if (help)
        menuBar()->insertMenu(help->menuAction(), m);
    else
        menuBar()->addMenu(m);
    return m;
}

QString MainWindow::statusText() const {
    return m_timing->text();
}

void MainWindow::createMenus() {
    QMenu *file = menu("file");
    QAction *quit = file->addAction("&Quit", QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menu("edit");
    QAction *undo = m_document->undoStack()->createUndoAction(this, "&Undo");
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, "&Redo");
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction("Clear the &mask", m_document, &Document::clearMask);

    QMenu *presets = createPresetsMenu(m_document, menuBar());
    presets->setObjectName("presets");
    menuBar()->addMenu(presets);

    QMenu *view = menu("view");
    QAction *next = view->addAction("&Next query row", this, [this] { moveSelection(1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down));
    QAction *previous = view->addAction("&Previous query row", this, [this] { moveSelection(-1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up));
    view->addSeparator();
    createLayoutSwitch(view);
    view->addSeparator();
    QMenu *sequential = view->addMenu("&Weights colour map");
    auto *sequentialGroup = new QActionGroup(this);
    sequentialGroup->setObjectName("sequentialMaps");
    for (ColorMapId id : sequentialMaps()) {
        QAction *a = sequential->addAction(colorMapName(id), this,
                                           [this, id] { setColorMaps(id, m_diverging); });
        a->setCheckable(true);
        a->setChecked(id == m_sequential);
        a->setData(int(id));
        sequentialGroup->addAction(a);
    }
    QMenu *diverging = view->addMenu("&Signed colour map");
    auto *divergingGroup = new QActionGroup(this);
    divergingGroup->setObjectName("divergingMaps");
    for (ColorMapId id : divergingMaps()) {
        QAction *a = diverging->addAction(colorMapName(id), this,
                                          [this, id] { setColorMaps(m_sequential, id); });
        a->setCheckable(true);
        a->setChecked(id == m_diverging);
        a->setData(int(id));
        divergingGroup->addAction(a);
    }
    view->addSeparator();
    for (QDockWidget *d : findChildren<QDockWidget *>())
        view->addAction(d->toggleViewAction());

    QMenu *help = menu("help");
    help->addAction("&About attnviz", this, [this] {
        QMessageBox::about(
            this, "About attnviz",
            "<b>attnviz</b> " ATTNVIZ_VERSION "<br>Scaled dot-product attention, every number "
            "editable, every step visible.<br><br>Edit any input on the left; hover a cell to see "
            "how it was computed; click a query row to see its output built from the rows of V; "
            "click a logits cell to mask it.");
    });
}

void MainWindow::createLayoutSwitch(QMenu *view) {
    // The two conventions of the article "from Vector to Matrix", one click apart, with a note
    // that they are the same attention.
    auto *group = new QActionGroup(this);
    QAction *rows = view->addAction("&Row layout: softmax(QK\u1d40/\u221ad\u2096)\u00b7V");
    QAction *columns = view->addAction("&Column layout: V\u00b7softmax(K\u1d40Q/\u221ad\u2096)");
    for (QAction *a : {rows, columns}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    rows->setChecked(true);
    QAction *toggle = view->addAction("&Switch layout", this, [this] {
        m_document->setLayout(m_document->layout() == attn::Layout::Rows ? attn::Layout::Columns
                                                                         : attn::Layout::Rows);
    });
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(rows, &QAction::triggered, this, [this] { m_document->setLayout(attn::Layout::Rows); });
    connect(columns, &QAction::triggered, this,
            [this] { m_document->setLayout(attn::Layout::Columns); });

    auto *bar = addToolBar("Layout");
    bar->setObjectName("layoutToolBar");
    bar->addWidget(new QLabel(" Layout: "));
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
        note->setText(r ? "tokens are rows; softmax along each row. The column layout computes "
                          "the same attention, transposed."
                        : "tokens are columns; softmax down each column. Every matrix is the "
                          "transpose of the row layout's: the same attention.");
    };
    update(m_document->layout());
    connect(m_document, &Document::layoutChanged, this, update);
}

void MainWindow::setColorMaps(ColorMapId sequential, ColorMapId diverging) {
    m_sequential = sequential;
    m_diverging = diverging;
    m_stages->setColorMaps(sequential, diverging);
    m_combination->setColorMap(diverging);
    // The menu's check marks follow changes made elsewhere (settings, an opened session).
    for (const char *group : {"sequentialMaps", "divergingMaps"})
        if (auto *g = findChild<QActionGroup *>(group))
            for (QAction *a : g->actions())
                a->setChecked(ColorMapId(a->data().toInt()) == sequential ||
                              ColorMapId(a->data().toInt()) == diverging);
    emit colorMapsChanged(sequential, diverging);
}

void MainWindow::moveSelection(int delta) {
    const int n = int(m_document->inputs().queryCount());
    if (n == 0)
        return;
    const int row = m_document->selectedRow();
    m_document->setSelectedRow(row < 0 ? 0 : (row + delta + n) % n);
}

void MainWindow::showTiming(double computeMs, double drawMs) {
    m_timing->setText(QString("last update: %1 ms (compute %2 ms, draw %3 ms)")
                          .arg(computeMs + drawMs, 0, 'f', 1)
                          .arg(computeMs, 0, 'f', 1)
                          .arg(drawMs, 0, 'f', 1));
}

void MainWindow::showError(const QString &message) {
    m_error->setText(message);
}
