// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "document/ResultSnapshot.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QTimer;

namespace attn::ui {

class Document;
class Recomputer;

// Base of the insight panels: follows the Recomputer's results and the Document's view state
// (selected query, current head, layout) and redraws through refresh(). The panels live in
// tabbed docks, most of them hidden at any moment, so a hidden panel only notes that it is
// stale and catches up when it is shown: an edit at n = 1024 pays only for what is on screen.
class InsightView : public QWidget {
    Q_OBJECT
public:
    InsightView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    Document *document() const { return m_document; }
    Recomputer *recomputer() const { return m_recomputer; }
    bool isStale() const { return m_stale; }
    // The (inputs, result) pair to draw: the Recomputer's last snapshot. Its inputs are the ones
    // the result was computed from, and the result is in the row layout whatever the document
    // shows; a panel transposes only what it displays.
    const ResultSnapshot &snapshot() const;
    // snapshot()'s inputs (the document's before the first result): what the numbers on
    // display were computed from, which the document's current inputs may not be yet.
    const attn::AttentionInputs &shownInputs() const;
    // Brings the panel up to date now, shown or not (tests, export); waits for work it left
    // to a worker thread.
    void refreshNow();
    // Work of the last refresh still runs on a worker thread (the panel shows older numbers).
    bool isComputing() const { return m_job != nullptr; }

protected:
    // Reads snapshot() (never the document's inputs beside it: they may be one edit newer) and
    // the document's view state.
    virtual void refresh() = 0;
    // Something it shows changed: refresh now when visible, otherwise when next shown.
    void invalidate();
    // refresh() now, shown or not, leaving large work to finish on its worker (a button's
    // response; refreshNow waits for it).
    void bringUpToDate();
    void showEvent(QShowEvent *event) override;
    // Called for every new result, shown or not, before the panel is invalidated (a panel that
    // must remember results, like the before/after difference, keeps them here).
    virtual void resultArrived(const ResultSnapshot &) {}
    // The selected query moved. By default a full refresh; a panel that only highlights the
    // selection (the readouts table) does less, and is not rebuilt under its own click.
    virtual void selectedRowChanged() { invalidate(); }

    // What to do on the GUI thread with the findings of work done elsewhere.
    using Present = std::function<void()>;
    // Work that would hold the GUI thread at large sizes (n × m weights of thousands of tokens):
    // when `large`, `work` runs on a pool thread and reads only what it captured (snapshots are
    // immutable and shared; never the panel, the document or a widget), and its Present runs on
    // the GUI thread when it is done, unless a newer call came first (then it is dropped). Small
    // work runs at once, so small documents draw exactly as before. A panel whose work takes
    // longer than 200 ms says "computing…" in its corner meanwhile.
    void runOffThread(bool large, std::function<Present()> work);

private:
    class Job;
    void finishJob();
    void showFailure(const QString &what);

    Document *m_document;
    Recomputer *m_recomputer;
    bool m_stale = true;
    std::shared_ptr<Job> m_job; // the newest work still running off the GUI thread
    QLabel *m_computing = nullptr;
    QTimer *m_computingDelay = nullptr;
};

} // namespace attn::ui
