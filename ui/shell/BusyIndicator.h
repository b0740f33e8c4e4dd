// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QMap>
#include <QTimer>
#include <QWidget>

#include <functional>

class QLabel;
class QProgressBar;

namespace attn::ui {

// "computing…", "opening large.attnviz…" in the status bar with a moving progress bar, for work
// that runs while the window stays responsive (a forward pass at 4,096 tokens, a file parsed on
// a worker). Shown only once a task has run for kDelayMs: quick work never flickers it.
// Tasks are keyed so that several may overlap; the newest one's text is shown. A task's text
// is given as a function, so a switch of language while it runs shows it in the new language.
class BusyIndicator : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDelayMs = 200;

    explicit BusyIndicator(QWidget *parent = nullptr);

    using Text = std::function<QString()>; // [] { return tr("computing…"); }
    void begin(const QString &key, Text text);
    void end(const QString &key);
    bool isBusy() const { return !m_tasks.isEmpty(); }
    QString text() const; // what is (or would be, once shown) written

protected:
    void changeEvent(QEvent *event) override;

private:
    void update();

    QLabel *m_label;
    QProgressBar *m_bar;
    QTimer m_delay;
    QMap<QString, Text> m_tasks; // key -> its text
    QString m_latest;            // the key begun last
};

} // namespace attn::ui
