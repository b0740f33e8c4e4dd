// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace attn::ui {

// One stop of a tour: a region of the window and what a first-time user should know about it.
struct TourStep {
    QString title;
    QString text;
    std::function<QWidget *()> target; // the region to highlight
    // Optional: brings a region shown on demand into view (opens its panel, scrolls to it);
    // leave undoes what enter did when the tour moves on.
    std::function<void()> enter;
    std::function<void()> leave;
};

// Help › Tour: the window dimmed but for one region at a time, with a sentence beside it and
// Back / Next / Close (keys: ← →, Enter, Esc). Steps whose region is hidden (the editing panels
// in presentation mode) are left out, but for panels opened on demand and tabs enter raises. Knows
// no feature: the assembler hands it the steps. Covers `window` as a child, following its size.
class Tour : public QWidget {
    Q_OBJECT
public:
    Tour(QWidget &window, QList<TourStep> steps);
    ~Tour() override;

    void start(); // from the first step that can be shown
    void finish();
    void next();
    void back();
    bool isRunning() const { return m_current >= 0; }
    // The steps of this run, their count and which one is shown (0-based, -1 when not running).
    int stepCount() const { return int(m_shown.size()); }
    int currentStep() const { return m_current; }
    QString currentTitle() const;
    QWidget *currentTarget() const { return m_target; }
    // The highlighted rectangle, in this widget's coordinates: the region, but for a band the
    // callout takes when the region fills the window (the callout never covers the highlight).
    QRect highlight() const;

signals:
    void finished();

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void show(int index);
    void leaveCurrent();
    void place();
    QRect region() const; // the target's part on screen, with its halo
    bool available(const TourStep &step) const;

    QWidget &m_window;
    QList<TourStep> m_steps;
    QList<int> m_shown; // indices into m_steps of this run
    int m_current = -1; // index into m_shown
    QPointer<QWidget> m_target;
    QRect m_reserved; // the band the callout took from a region that fills the window
    QWidget *m_callout;
    QLabel *m_title, *m_text, *m_counter;
    QPushButton *m_back, *m_next;
};

} // namespace attn::ui
