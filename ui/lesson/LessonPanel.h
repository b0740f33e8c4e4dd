// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/LessonScript.h"

#include <QWidget>

class QAction;
class QDockWidget;
class QLabel;
class QPushButton;

namespace attn::ui {

class Document;
class Recomputer;
class StagesView;
class Shell;
class ViewStateRegistry;

// Lesson mode: a guided walk for a projector, X → Q, K, V → scores → √d_k → softmax →
// weights·V as row combinations → the column view → the transposed convention. Next and
// previous by keyboard (Page Down / Page Up, also what presentation remotes send). Each step
// emphasizes what it talks about in the live heatmaps and states its formula with the current
// numbers, rebuilt whenever they change.
class LessonPanel : public QWidget {
    Q_OBJECT
public:
    LessonPanel(Document &document, Recomputer &recomputer, StagesView &stages,
                QWidget *parent = nullptr);

    bool isActive() const { return m_step >= 0; }
    int step() const { return m_step; } // -1 when no lesson runs
    int stepCount() const { return int(m_steps.size()); }
    QString title() const;
    QString text() const;

    // Which walk: attention itself, or "where the weights come from" (LearningLesson.h).
    enum class Script { Attention, Learning };
    Script script() const { return m_script; }
    void start(); // the attention lesson
    void startLearning();
    // Ends the lesson and gives back the layout the user had before it started.
    void stop();
    // Closing `dock` (the panel's own) ends the lesson, as stop() does.
    void endWhenClosed(QDockWidget *dock);
    void next();
    void previous();
    void goTo(int step);
    // +1 / −1 from a remote or presentation key: starts the lesson if none runs.
    void step(int delta);
    // Page Down / Page Up as next/previous; off while presentation mode has those keys.
    void setPageKeysEnabled(bool enabled);

    QAction *startAction() const { return m_start; }
    QAction *startLearningAction() const { return m_startLearning; }
    QAction *nextAction() const { return m_next; }
    QAction *previousAction() const { return m_previous; }
    QAction *stopAction() const { return m_stop; }

signals:
    void stepChanged(int step);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void apply();
    // Outlines the step's cell in the emphasised query × key stages (and only there), or none.
    void markCell(const LessonStep *step);
    QSize markedShape() const; // the weights heatmap's columns × rows as drawn now

    Document &m_document;
    Recomputer &m_recomputer;
    StagesView &m_stages;
    std::vector<LessonStep> m_steps;
    int m_step = -1;
    QLabel *m_title;
    QLabel *m_text;
    QLabel *m_counter;
    QPushButton *m_previousButton;
    QPushButton *m_nextButton;
    QAction *m_start;
    QAction *m_startLearning;
    Script m_script = Script::Attention;
    attn::Layout m_layoutBefore = attn::Layout::Rows; // the user's, while a lesson runs
    QAction *m_next;
    QAction *m_previous;
    QAction *m_stop;
    QList<attn::Stage> m_marked; // the stages markCell outlined a cell in
    // What markCell marked: the cell and the query × key shape it was marked in, so that a new
    // document (a file opened, training's task) or another query marks its own cell again.
    QPoint m_markedCell{-1, -1};
    QSize m_markedShape;
};

} // namespace attn::ui
