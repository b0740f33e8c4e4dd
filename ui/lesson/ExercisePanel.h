// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/ResultSnapshot.h"
#include "lessons/ExerciseAnswer.h"

#include <QWidget>

#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QPushButton;

namespace attn::ui {

class Document;
class Recomputer;
class StagesView;

// Lesson › Exercise: predict, then reveal. A short exercise on the current numbers
// (attn::makeExercise: a score, a logit, a softmax of 3–4 logits, an output cell, which key
// wins), the cells it needs outlined in the heatmaps and the cells that would give the answer
// away covered. The teacher types the class's answer (right, close or wrong) or presses Reveal:
// then the worked solution, the tooltips' derivation, and the covered cells show. Next gives the
// next kind; an edit of the numbers makes the same exercise again on the new numbers.
class ExercisePanel : public QWidget {
    Q_OBJECT
public:
    ExercisePanel(Document &document, Recomputer &recomputer, StagesView &stages,
                  QWidget *parent = nullptr);

    bool isActive() const { return m_exercise.has_value(); }
    const std::optional<attn::Exercise> &exercise() const { return m_exercise; }
    bool isRevealed() const { return m_revealed; }
    int number() const { return m_number; } // 1 for the first exercise since start()

    // The kind of the first exercise and the seed of the sequence (tests; else random).
    void setSeed(quint64 seed) { m_seed = seed; }
    void start(); // the first exercise: a score
    void next();  // the next kind, on the current numbers
    void reveal();
    // The class's answer: shows right, close or wrong (or what to type) and returns it.
    attn::ExerciseVerdict check(const QString &typed);
    void close(); // the heatmaps as they were, the dock hidden
    void endWhenClosed(QDockWidget *dock);

    QString questionText() const;
    QString solutionText() const; // "" until revealed
    QString verdictText() const;

    QAction *startAction() const { return m_start; }
    QAction *nextAction() const { return m_next; }
    QAction *revealAction() const { return m_reveal; }

signals:
    void exerciseChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    derivation::Context context() const;
    void make(); // m_exercise again from the current snapshot, keeping kind and seed
    void show();
    void mark(); // outlines and covers in the heatmaps
    void revealCovered();
    void unmark();

    Document &m_document;
    Recomputer &m_recomputer;
    StagesView &m_stages;
    ResultSnapshot m_snapshot; // the exercise's numbers: the labels and derivations read it
    QStringList m_queries, m_keys;
    std::optional<attn::Exercise> m_exercise;
    attn::ExerciseKind m_kind = attn::ExerciseKind::Score;
    quint64 m_seed = 0;
    int m_number = 0;
    bool m_revealed = false;
    QList<attn::Stage> m_emphasisBefore;
    attn::Layout m_layoutBefore = attn::Layout::Rows;
    QList<attn::Stage> m_marked; // stages whose heatmaps carry marks

    QLabel *m_title;
    QLabel *m_question;
    QLineEdit *m_answer;
    QPushButton *m_checkButton;
    QLabel *m_verdict;
    QPushButton *m_revealButton;
    QPushButton *m_nextButton;
    QPushButton *m_closeButton;
    QLabel *m_solution;
    QAction *m_start;
    QAction *m_next;
    QAction *m_reveal;
};

} // namespace attn::ui
