// SPDX-License-Identifier: GPL-3.0-or-later
#include "LessonPanel.h"

#include "document/Document.h"
#include "document/Recomputer.h"
#include "document/ViewStateRegistry.h"
#include "heatmap/HeatmapView.h"
#include "heatmap/HeatmapZoom.h"
#include "lessons/LearningLesson.h"
#include "shell/Shell.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QJsonValue>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QRectF>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

namespace {

// A lesson step's heatmap shows every number up to this many tokens at 1024×768; beyond, the
// cells around the quoted one, this many a side.
constexpr int kWholeLessonCells = 12;
constexpr int kLessonWindowCells = 7;

} // namespace

LessonPanel::LessonPanel(Document &document, Recomputer &recomputer, StagesView &stages,
                         QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer), m_stages(stages),
      m_title(new QLabel), m_text(new QLabel), m_counter(new QLabel),
      m_previousButton(
          new QPushButton(QCoreApplication::translate("LessonPanel", "\u25c0 Previous"))),
      m_nextButton(new QPushButton(QCoreApplication::translate("LessonPanel", "Next \u25b6"))) {
    setObjectName("lessonPanel");
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setWordWrap(true);
    // Rich text, as the steps write their titles: √d<sub>k</sub>, not "√d_k".
    m_title->setTextFormat(Qt::RichText);
    QFont body = font();
    body.setPointSizeF(body.pointSizeF() * 1.2);
    m_text->setFont(body);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setMinimumWidth(280);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_previousButton);
    buttons->addWidget(m_counter, 1, Qt::AlignCenter);
    buttons->addWidget(m_nextButton);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    m_previousButton->setToolTip(
        QCoreApplication::translate("LessonPanel", "Previous step (Page Up)"));
    m_nextButton->setToolTip(QCoreApplication::translate("LessonPanel", "Next step (Page Down)"));
    connect(m_previousButton, &QPushButton::clicked, this, &LessonPanel::previous);
    connect(m_nextButton, &QPushButton::clicked, this, &LessonPanel::next);

    m_start = new QAction(QCoreApplication::translate("LessonPanel", "&Start lesson"), this);
    m_start->setShortcut(QKeySequence(Qt::Key_F5));
    m_next = new QAction(QCoreApplication::translate("LessonPanel", "&Next step"), this);
    m_previous = new QAction(QCoreApplication::translate("LessonPanel", "&Previous step"), this);
    // Page Down/Up are what presentation remotes send.
    setPageKeysEnabled(true);
    m_stop = new QAction(QCoreApplication::translate("LessonPanel", "&End lesson"), this);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    connect(m_start, &QAction::triggered, this, &LessonPanel::start);
    m_startLearning = new QAction(
        QCoreApplication::translate("LessonPanel", "Start lesson: &where the weights come from"),
        this);
    m_startLearning->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F5));
    connect(m_startLearning, &QAction::triggered, this, &LessonPanel::startLearning);
    connect(m_next, &QAction::triggered, this, &LessonPanel::next);
    connect(m_previous, &QAction::triggered, this, &LessonPanel::previous);
    connect(m_stop, &QAction::triggered, this, &LessonPanel::stop);

    // The numbers in the text follow every edit, the selected query and the head.
    connect(&m_recomputer, &Recomputer::resultReady, this, [this] {
        if (isActive())
            rebuild();
    });
    connect(&m_document.selection(), &ViewSelection::selectedRowChanged, this, [this] {
        if (isActive())
            rebuild();
    });
    connect(&m_document.selection(), &ViewSelection::currentHeadChanged, this, [this] {
        if (isActive())
            rebuild();
    });
    rebuild();
    apply();
}

QString LessonPanel::title() const {
    return m_step >= 0 && m_step < stepCount() ? m_steps[size_t(m_step)].title : QString();
}

QString LessonPanel::text() const {
    return m_step >= 0 && m_step < stepCount() ? m_steps[size_t(m_step)].html : QString();
}

void LessonPanel::start() {
    m_script = Script::Attention;
    rebuild();
    goTo(0);
}

void LessonPanel::startLearning() {
    m_script = Script::Learning;
    rebuild();
    goTo(0);
}

void LessonPanel::stop() {
    const bool wasActive = isActive();
    m_step = -1;
    if (auto *dock = qobject_cast<QDockWidget *>(parentWidget()))
        dock->hide();
    apply();
    // Step 8 switched to the column layout for its own sake: the user's layout comes back.
    if (wasActive)
        m_document.selection().setLayout(m_layoutBefore);
    emit stepChanged(m_step);
}

void LessonPanel::endWhenClosed(QDockWidget *dock) {
    dock->installEventFilter(this);
    // Unticked in the View menu: the dock hides without a close event.
    connect(dock->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        if (!shown && isActive())
            stop();
    });
}

bool LessonPanel::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Close && isActive() &&
        watched == qobject_cast<QDockWidget *>(parentWidget()))
        stop();
    return QWidget::eventFilter(watched, event);
}

void LessonPanel::next() {
    if (isActive())
        goTo(std::min(m_step + 1, stepCount() - 1));
}

void LessonPanel::previous() {
    if (isActive())
        goTo(std::max(m_step - 1, 0));
}

void LessonPanel::step(int delta) {
    if (!isActive())
        start();
    else if (delta > 0)
        next();
    else
        previous();
}

void LessonPanel::setPageKeysEnabled(bool enabled) {
    QList<QKeySequence> next{QKeySequence(Qt::CTRL | Qt::Key_Right)};
    QList<QKeySequence> previous{QKeySequence(Qt::CTRL | Qt::Key_Left)};
    if (enabled) {
        next.prepend(QKeySequence(Qt::Key_PageDown));
        previous.prepend(QKeySequence(Qt::Key_PageUp));
    }
    m_next->setShortcuts(next);
    m_previous->setShortcuts(previous);
}

void LessonPanel::goTo(int step) {
    rebuild();
    if (m_steps.empty())
        return;
    if (!isActive())
        m_layoutBefore = m_document.selection().layout();
    m_step = std::clamp(step, 0, stepCount() - 1);
    if (auto *dock = qobject_cast<QDockWidget *>(parentWidget()); dock && dock->isHidden()) {
        dock->show();
        // A third of a small window at most (a 1024-pixel projector): the heatmaps beside it
        // keep the width their numbers need, and the text wraps in the height it has.
        if (auto *window = qobject_cast<QMainWindow *>(dock->parentWidget()))
            window->resizeDocks(
                {dock},
                {std::clamp(window->width() / 3, dock->minimumWidth(),
                            std::max(dock->minimumWidth(), dock->sizeHint().width()))},
                Qt::Horizontal);
    }
    apply();
    emit stepChanged(m_step);
}

void LessonPanel::rebuild() {
    // The snapshot's row-layout result with the inputs it was computed from: read as is, in
    // either layout (a step's layout is only how the stages draw it).
    const ResultSnapshot &snapshot = m_recomputer.snapshot();
    if (!snapshot.isValid())
        return;
    Document *doc = &m_document;
    const int query = std::max(doc->selection().selectedRow(), 0);
    m_steps = m_script == Script::Learning
                  ? learningLessonSteps(*snapshot.inputs, *snapshot.result, query,
                                        doc->selection().currentHead())
                  : lessonSteps(*snapshot.inputs, *snapshot.result, query,
                                doc->selection().currentHead());
    if (isActive()) {
        m_step = std::min(m_step, stepCount() - 1);
        m_title->setText(title());
        m_text->setText(text());
        const LessonStep &s = m_steps[size_t(m_step)];
        if (s.cell != m_markedCell || markedShape() != m_markedShape)
            markCell(&s);
    }
}

void LessonPanel::apply() {
    const bool active = isActive();
    m_next->setEnabled(active);
    m_previous->setEnabled(active);
    m_stop->setEnabled(active);
    m_previousButton->setEnabled(active && m_step > 0);
    m_nextButton->setEnabled(active && m_step + 1 < stepCount());
    if (!active) {
        m_title->setText(tr("Lesson"));
        m_text->setText(tr("A guided walk through scaled dot-product attention on the numbers "
                           "shown, step by step. Start it with <b>F5</b>; Page Down / Page Up move "
                           "between steps."));
        m_counter->clear();
        m_stages.setEmphasis({});
        markCell(nullptr);
        return;
    }
    const LessonStep &s = m_steps[size_t(m_step)];
    m_title->setText(s.title);
    m_text->setText(s.html);
    m_counter->setText(QString("%1 / %2").arg(m_step + 1).arg(stepCount()));
    m_document.selection().setLayout(s.layout);
    m_stages.setEmphasis(s.emphasis);
    markCell(&s);
}

QSize LessonPanel::markedShape() const {
    const HeatmapView *view = m_stages.view(attn::Stage::Weights);
    return view ? QSize(view->cols(), view->rows()) : QSize();
}

void LessonPanel::markCell(const LessonStep *step) {
    m_markedCell = step ? step->cell : QPoint(-1, -1);
    m_markedShape = markedShape();
    for (attn::Stage stage : std::as_const(m_marked))
        if (HeatmapView *view = m_stages.view(stage)) {
            view->setMarkedBlocks({});
            view->zoom()->reset();
        }
    m_marked.clear();
    if (!step || step->cell.x() < 0)
        return;
    // The text quotes "29.35" of this cell: the class finds it outlined, in either layout.
    const bool rows = step->layout == attn::Layout::Rows;
    const QRect cell = rows ? QRect(step->cell.x(), step->cell.y(), 1, 1)
                            : QRect(step->cell.y(), step->cell.x(), 1, 1);
    for (attn::Stage stage : step->emphasis) {
        if (stage != attn::Stage::Scores && stage != attn::Stage::Capped &&
            stage != attn::Stage::Logits && stage != attn::Stage::Weights)
            continue;
        HeatmapView *view = m_stages.view(stage);
        if (!view || view->isHidden())
            continue;
        view->setMarkedBlocks({cell});
        // Beyond 12 tokens a projector has no room for every number: the heatmap shows the
        // cells around the one the text quotes, enlarged with their numbers and names (the
        // zoom's Reset button, or key 0, shows the whole matrix again).
        if (view->rows() > kWholeLessonCells || view->cols() > kWholeLessonCells) {
            const int down = std::min(view->rows(), kLessonWindowCells);
            const int across = std::min(view->cols(), kLessonWindowCells);
            const int top = std::clamp(cell.y() - down / 2, 0, view->rows() - down);
            const int left = std::clamp(cell.x() - across / 2, 0, view->cols() - across);
            view->zoom()->setWindow(QRectF(left - 0.5, top - 0.5, across, down));
        }
        m_marked << stage;
    }
    if (!m_marked.isEmpty())
        m_stages.revealCells(m_marked.front(), cell);
}

} // namespace attn::ui
