// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExercisePanel.h"

#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"
#include "shell/Translations.h"
#include "workbench/StagesView.h"

#include <QAction>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QVBoxLayout>

#include <set>

namespace attn::ui {

using attn::ExerciseKind;
using attn::ExerciseVerdict;
using attn::Stage;

ExercisePanel::ExercisePanel(Document &document, Recomputer &recomputer, StagesView &stages,
                             QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer), m_stages(stages),
      m_seed(QRandomGenerator::global()->generate64()), m_title(new QLabel), m_question(new QLabel),
      m_answer(new QLineEdit), m_checkButton(new QPushButton(tr("Check"))), m_verdict(new QLabel),
      m_revealButton(new QPushButton(tr("Reveal"))),
      m_nextButton(new QPushButton(tr("Next exercise \u25b6"))),
      m_closeButton(new QPushButton(tr("Close"))), m_solution(new QLabel) {
    setObjectName("exercisePanel");
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    QFont body = font();
    body.setPointSizeF(body.pointSizeF() * 1.2);
    for (QLabel *label : {m_question, m_verdict, m_solution}) {
        label->setFont(body);
        label->setWordWrap(true);
        label->setTextFormat(Qt::RichText);
        label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_answer->setFont(body);
    m_answer->setPlaceholderText(tr("The class's answer"));
    m_answer->setObjectName("exerciseAnswer");
    m_solution->setObjectName("exerciseSolution");
    m_solution->hide();

    // The question and the solution scroll when long (presentation mode at 1024×768); the
    // buttons stay in view.
    auto *content = new QWidget;
    auto *text = new QVBoxLayout(content);
    text->setContentsMargins(0, 0, 0, 0);
    text->addWidget(m_question);
    auto *answerRow = new QHBoxLayout;
    answerRow->addWidget(m_answer, 1);
    answerRow->addWidget(m_checkButton);
    text->addLayout(answerRow);
    text->addWidget(m_verdict);
    text->addWidget(m_solution);
    text->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_revealButton);
    buttons->addWidget(m_nextButton);
    buttons->addStretch(1);
    buttons->addWidget(m_closeButton);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);

    m_start = new QAction(tr("E&xercise: predict, then reveal"), this);
    m_start->setShortcut(QKeySequence(Qt::Key_F6));
    m_start->setStatusTip(tr("A short exercise on the numbers shown, to do by hand"));
    m_next = new QAction(tr("Ne&xt exercise"), this);
    m_next->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    m_reveal = new QAction(tr("&Reveal the solution"), this);
    m_reveal->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F6));
    // Composed texts, and the exercise itself (core writes it in the language in effect), again
    // after a switch of language.
    Translations::setTexts(this, [this] {
        m_revealButton->setToolTip(
            tr("Show the worked solution (%1)")
                .arg(m_reveal->shortcut().toString(QKeySequence::NativeText)));
        m_nextButton->setToolTip(tr("Another kind of exercise on the same numbers (%1)")
                                     .arg(m_next->shortcut().toString(QKeySequence::NativeText)));
        if (isActive()) {
            make();
            show();
        }
    });
    connect(m_start, &QAction::triggered, this, [this] { isActive() ? next() : start(); });
    connect(m_next, &QAction::triggered, this, &ExercisePanel::next);
    connect(m_reveal, &QAction::triggered, this, &ExercisePanel::reveal);
    connect(m_revealButton, &QPushButton::clicked, this, &ExercisePanel::reveal);
    connect(m_nextButton, &QPushButton::clicked, this, &ExercisePanel::next);
    connect(m_closeButton, &QPushButton::clicked, this, &ExercisePanel::close);
    connect(m_checkButton, &QPushButton::clicked, this, [this] { check(m_answer->text()); });
    connect(m_answer, &QLineEdit::returnPressed, this, [this] { check(m_answer->text()); });
    // The same exercise on the new numbers after an edit (the answer it asks for changes).
    connect(&m_recomputer, &Recomputer::resultReady, this, [this] {
        if (isActive()) {
            make();
            show();
        }
    });
    m_next->setEnabled(false);
    m_reveal->setEnabled(false);
}

derivation::Context ExercisePanel::context() const {
    derivation::Context c;
    c.inputs = m_snapshot.inputs.get();
    c.result = m_snapshot.result.get();
    c.head = m_snapshot.result ? std::clamp(m_document.selection().currentHead(), 0,
                                            int(m_snapshot.result->heads.size()) - 1)
                               : 0;
    c.queries = m_queries;
    c.keys = m_keys;
    return c;
}

void ExercisePanel::make() {
    m_snapshot = m_recomputer.snapshot();
    if (!m_snapshot.isValid())
        return;
    m_queries = attn::tokenLabels(m_snapshot.inputs->tokens);
    m_keys = attn::tokenLabels(m_snapshot.inputs->sourceTokens());
    try {
        m_exercise = attn::makeExercise(context(), m_kind, m_seed + quint64(m_number));
    } catch (const std::exception &e) {
        m_exercise.reset();
        m_verdict->setText(QString::fromStdString(e.what()).toHtmlEscaped());
    }
}

void ExercisePanel::start() {
    m_recomputer.recomputeNow();
    if (!isActive()) {
        m_emphasisBefore = m_stages.emphasis();
        m_layoutBefore = m_document.selection().layout();
    }
    m_number = 1;
    m_kind = ExerciseKind::Score;
    m_revealed = false;
    // The exercise's cells are named in the row layout's indices: the heatmaps draw it so.
    m_document.selection().setLayout(attn::Layout::Rows);
    make();
    if (auto *dock = qobject_cast<QDockWidget *>(parentWidget()))
        dock->show();
    show();
    revealCovered();
}

void ExercisePanel::next() {
    if (!isActive()) {
        start();
        return;
    }
    ++m_number;
    m_kind = ExerciseKind((int(m_kind) + 1) % attn::kExerciseKinds);
    m_revealed = false;
    m_answer->clear();
    m_verdict->clear();
    make();
    show();
    revealCovered();
}

void ExercisePanel::revealCovered() {
    // A new exercise's "?" in sight, even when it reads the stages the last one did (and the
    // class scrolled away since) or its stages are taller than the window; Reveal leaves the
    // view where it is.
    if (!m_exercise)
        return;
    for (const attn::ExerciseCells &c : m_exercise->hidden)
        if (HeatmapView *v = m_stages.view(c.stage); v && !v->isHidden()) {
            m_stages.revealCells(c.stage, QRect(c.col, c.row, c.cols, c.rows));
            return;
        }
    m_stages.revealEmphasis();
}

void ExercisePanel::reveal() {
    if (!isActive())
        return;
    m_revealed = true;
    show();
}

ExerciseVerdict ExercisePanel::check(const QString &typed) {
    if (!isActive())
        return ExerciseVerdict::Unreadable;
    const attn::ExerciseCheck result = attn::checkExerciseAnswer(*m_exercise, typed, context());
    const char *colour = result.verdict == ExerciseVerdict::Right   ? "#1a7f37"
                         : result.verdict == ExerciseVerdict::Close ? "#b35900"
                         : result.verdict == ExerciseVerdict::Wrong ? "#c62828"
                                                                    : "#555555";
    m_verdict->setText(
        QString("<b style='color:%1'>%2</b>").arg(colour, result.message.toHtmlEscaped()));
    return result.verdict;
}

void ExercisePanel::close() {
    if (!isActive())
        return;
    m_exercise.reset();
    unmark();
    m_stages.setEmphasis(m_emphasisBefore);
    m_document.selection().setLayout(m_layoutBefore);
    m_next->setEnabled(false);
    m_reveal->setEnabled(false);
    if (auto *dock = qobject_cast<QDockWidget *>(parentWidget()))
        dock->hide();
    emit exerciseChanged();
}

void ExercisePanel::endWhenClosed(QDockWidget *dock) {
    dock->installEventFilter(this);
    connect(dock->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        if (!shown)
            close();
    });
}

bool ExercisePanel::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Close && isActive() &&
        watched == qobject_cast<QDockWidget *>(parentWidget()))
        close();
    return QWidget::eventFilter(watched, event);
}

QString ExercisePanel::questionText() const {
    return m_exercise ? m_exercise->question : QString();
}

QString ExercisePanel::solutionText() const {
    return m_exercise && m_revealed ? m_exercise->solution : QString();
}

QString ExercisePanel::verdictText() const {
    return m_verdict->text();
}

void ExercisePanel::show() {
    m_next->setEnabled(isActive());
    m_reveal->setEnabled(isActive() && !m_revealed);
    if (!m_exercise) {
        unmark();
        m_title->setText(tr("Exercise"));
        m_question->clear();
        m_solution->hide();
        emit exerciseChanged();
        return;
    }
    const attn::Exercise &e = *m_exercise;
    m_title->setText(tr("Exercise %1: %2").arg(m_number).arg(e.title));
    m_question->setText(e.question);
    m_revealButton->setEnabled(!m_revealed);
    m_solution->setVisible(m_revealed);
    m_solution->setText(m_revealed ? "<b>" + e.answerText + "</b><br><br>" + e.solution
                                   : QString());
    // The combination panel draws the selected row's weights and output: while they are the
    // answer, another row is selected.
    if (!m_revealed && m_snapshot.isValid()) {
        const int selected = m_document.selection().selectedRow();
        const int rows = int(m_snapshot.inputs->tokens.size());
        for (const attn::ExerciseCells &c : e.hidden)
            if ((c.stage == Stage::Weights || c.stage == Stage::HeadOutput) && c.row == selected &&
                rows > 1) {
                m_document.selection().setSelectedRow((selected + 1) % rows);
                break;
            }
    }
    mark();
    emit exerciseChanged();
}

void ExercisePanel::mark() {
    unmark();
    if (!m_exercise)
        return;
    QMap<attn::Stage, QList<QRect>> given, hidden;
    for (const attn::ExerciseCells &c : m_exercise->given)
        given[c.stage] << QRect(c.col, c.row, c.cols, c.rows);
    // Revealed, the answer's cells are outlined where they were covered.
    for (const attn::ExerciseCells &c : m_exercise->hidden)
        (m_revealed ? given : hidden)[c.stage] << QRect(c.col, c.row, c.cols, c.rows);
    QList<attn::Stage> emphasis; // the same before and after Reveal: the view stays put
    for (const attn::ExerciseCells &c : m_exercise->given)
        if (!emphasis.contains(c.stage))
            emphasis << c.stage;
    // The stage holding the answer stays bright too: its "?" is what the class looks for.
    for (const attn::ExerciseCells &c : m_exercise->hidden)
        if (!emphasis.contains(c.stage) && m_stages.view(c.stage) &&
            !m_stages.view(c.stage)->isHidden())
            emphasis << c.stage;
    for (attn::Stage stage : emphasis) {
        HeatmapView *view = m_stages.view(stage);
        if (!view)
            continue;
        view->setMarkedBlocks(given.value(stage));
        view->setCoveredBlocks(hidden.value(stage));
        m_marked << stage;
    }
    // Covered or revealed cells of stages not emphasised (a single head's concatenation) too.
    for (auto it = given.begin(); it != given.end(); ++it)
        if (HeatmapView *view = m_stages.view(it.key()); view && !m_marked.contains(it.key())) {
            view->setMarkedBlocks(it.value());
            m_marked << it.key();
        }
    for (auto it = hidden.begin(); it != hidden.end(); ++it)
        if (HeatmapView *view = m_stages.view(it.key()); view && !m_marked.contains(it.key())) {
            view->setCoveredBlocks(it.value());
            m_marked << it.key();
        }
    if (emphasis != m_stages.emphasis())
        m_stages.setEmphasis(emphasis);
}

void ExercisePanel::unmark() {
    for (attn::Stage stage : std::as_const(m_marked))
        if (HeatmapView *view = m_stages.view(stage)) {
            view->setMarkedBlocks({});
            view->setCoveredBlocks({});
        }
    m_marked.clear();
}

} // namespace attn::ui
