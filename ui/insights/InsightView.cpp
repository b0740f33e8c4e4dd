// SPDX-License-Identifier: GPL-3.0-or-later
#include "InsightView.h"

#include "WorkerPool.h"
#include "document/Document.h"
#include "document/Recomputer.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QPromise>
#include <QThreadPool>
#include <QTimer>

#include <exception>

namespace attn::ui {

// One piece of work sent off the GUI thread: its future, and the watcher that brings its result
// back. The pool's task holds only the promise and the work's own captures.
class InsightView::Job {
public:
    QFuture<InsightView::Present> future;
    QFutureWatcher<InsightView::Present> watcher;
};

InsightView::InsightView(Document *document, Recomputer *recomputer, QWidget *parent)
    : QWidget(parent), m_document(document), m_recomputer(recomputer),
      m_computing(new QLabel(this)), m_computingDelay(new QTimer(this)) {
    connect(recomputer, &Recomputer::resultReady, this, [this](const ResultSnapshot &snapshot) {
        resultArrived(snapshot);
        invalidate();
    });
    ViewSelection *selection = &document->selection();
    connect(selection, &ViewSelection::selectedRowChanged, this, [this] { selectedRowChanged(); });
    connect(selection, &ViewSelection::currentHeadChanged, this, &InsightView::invalidate);
    // The layout is view state: the same result, displayed differently.
    connect(selection, &ViewSelection::layoutChanged, this, &InsightView::invalidate);
    // Token labels change without a new result.
    connect(document, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.what & DocumentChange::Tokens)
            invalidate();
    });
    m_computing->setObjectName("insightComputing");
    m_computing->setStyleSheet("QLabel { background: palette(window); padding: 2px 6px; "
                               "border: 1px solid palette(mid); }");
    m_computing->hide();
    m_computingDelay->setSingleShot(true);
    m_computingDelay->setInterval(200);
    connect(m_computingDelay, &QTimer::timeout, this, [this] {
        if (!m_job)
            return;
        m_computing->adjustSize();
        m_computing->move(width() - m_computing->width() - 4, 4);
        m_computing->raise();
        m_computing->show();
    });
}

const ResultSnapshot &InsightView::snapshot() const {
    return m_recomputer->snapshot();
}

const attn::AttentionInputs &InsightView::shownInputs() const {
    const ResultSnapshot &s = m_recomputer->snapshot();
    return s.inputs ? *s.inputs : m_document->inputs();
}

void InsightView::refreshNow() {
    bringUpToDate();
    if (m_job) {
        // Callers of refreshNow (tests, export) read the panel right after: finish here.
        m_job->future.waitForFinished();
        finishJob();
    }
}

void InsightView::bringUpToDate() {
    m_stale = false;
    refresh();
}

void InsightView::invalidate() {
    m_stale = true;
    if (isVisible())
        bringUpToDate();
}

void InsightView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (m_stale)
        bringUpToDate();
}

void InsightView::runOffThread(bool large, std::function<Present()> work) {
    // A newer refresh supersedes older work: its watcher goes (its task finishes unobserved).
    m_job.reset();
    if (!large) {
        m_computingDelay->stop();
        m_computing->hide();
        work()();
        return;
    }
    auto job = std::make_shared<Job>();
    auto promise = std::make_shared<QPromise<Present>>();
    job->future = promise->future();
    promise->start();
    connect(&job->watcher, &QFutureWatcherBase::finished, this, [this, raw = job.get()] {
        if (m_job.get() == raw)
            finishJob();
    });
    job->watcher.setFuture(job->future);
    m_job = job;
    m_computing->setText(tr("computing\u2026"));
    if (!m_computingDelay->isActive() && !m_computing->isVisible())
        m_computingDelay->start();
    attn::workerPool().start([promise, work = std::move(work), self = this] {
        try {
            promise->addResult(work());
        } catch (const std::exception &e) {
            // Out of memory, most likely: said in the panel's corner, the old numbers stay.
            const QString what = QString::fromUtf8(e.what());
            promise->addResult([self, what] { self->showFailure(what); });
        }
        promise->finish();
    });
}

void InsightView::finishJob() {
    const std::shared_ptr<Job> job = std::move(m_job);
    m_computingDelay->stop();
    m_computing->hide();
    if (job && job->future.resultCount() > 0)
        job->future.result()();
}

void InsightView::showFailure(const QString &what) {
    m_computing->setText(tr("could not compute: %1").arg(what));
    m_computing->adjustSize();
    m_computing->move(width() - m_computing->width() - 4, 4);
    m_computing->raise();
    m_computing->show();
}

} // namespace attn::ui
