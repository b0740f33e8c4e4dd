// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunReadings.h"

#include "InputError.h"
#include "RunOverview.h"
#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"
#include "networkreadings/AttentionRollout.h"
#include "transformer/Forward.h"

#include <QCoreApplication>
#include <QPointer>

namespace attn::ui {

namespace {

// What one reading made: one of the three, or the line that says why not.
struct Read {
    std::shared_ptr<const RunReadings::Norms> norms;
    std::shared_ptr<const std::vector<attn::Matrix>> rollouts;
    std::shared_ptr<const attn::LogitLens> lens;
    std::shared_ptr<const attn::LogitAttribution> attribution;
    QString error;
};

// The last position of a compact run as a run of one position: each layer recomputed
// (expandLayer, without weights) and only its last row kept, which is all the direct logit
// attribution of that position reads.
attn::Run lastPositionOf(const attn::Checkpoint &checkpoint, const attn::Run &run) {
    attn::Run last;
    last.ids = {run.ids.back()};
    last.embedded = run.embedded.bottomRows(1);
    last.final = run.final.bottomRows(1);
    last.logits = run.logits.bottomRows(1);
    const std::vector<bool> none(std::size_t(checkpoint.config().heads), false);
    for (int l = 0; l < int(run.layers.size()); ++l) {
        const attn::LayerRun whole = attn::expandLayer(checkpoint, run, l, none);
        attn::LayerRun row;
        row.attnOut = whole.attnOut.bottomRows(1);
        row.mlpOut = whole.mlpOut.bottomRows(1);
        row.hidden = whole.hidden.bottomRows(1);
        for (const attn::HeadRun &h : whole.heads) {
            attn::HeadRun head;
            head.output = h.output.bottomRows(1);
            row.heads.push_back(std::move(head));
        }
        last.layers.push_back(std::move(row));
    }
    return last;
}

} // namespace

RunReadings::RunReadings(QObject *parent) : QObject(parent) {}

void RunReadings::setRun(std::shared_ptr<const attn::Checkpoint> checkpoint, attn::RunPtr run) {
    if (run == m_run && checkpoint == m_checkpoint)
        return;
    m_checkpoint = std::move(checkpoint);
    m_run = std::move(run);
    m_norms.reset();
    m_rollouts.reset();
    m_lens.reset();
    m_attribution.reset();
    for (QString &e : m_errors)
        e.clear();
    const bool wasBusy = isBusy();
    m_cancel->store(true); // the old run's readings stop where they are …
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_pending.clear(); // … and their results will find another run and be dropped
    if (wasBusy)
        emit busyChanged(false);
}

bool RunReadings::has(Kind kind) const {
    switch (kind) {
    case Kind::ValueWeighted:
        return bool(m_norms);
    case Kind::Rollout:
        return bool(m_rollouts);
    case Kind::LogitLens:
        return bool(m_lens);
    case Kind::Attribution:
        return bool(m_attribution);
    }
    return false;
}

QString RunReadings::error(Kind kind) const {
    return m_errors[int(kind)];
}

void RunReadings::request(Kind kind) {
    if (!m_run || !m_checkpoint || has(kind) || m_pending.contains(int(kind)) ||
        !m_errors[int(kind)].isEmpty())
        return;
    const bool wasBusy = isBusy();
    m_pending.insert(int(kind));
    if (!wasBusy)
        emit busyChanged(true);
    const attn::RunPtr run = m_run;
    const std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    const int layers = int(run->layers.size());
    // Each layer read of a compact run, reported on this thread (dropped if this is gone).
    const QPointer<RunReadings> self(this);
    const auto layerDone = [self, run, kind, layers](int done) {
        QMetaObject::invokeMethod(
            self,
            [self, run, kind, done, layers] {
                if (self && self->m_run == run && self->m_pending.contains(int(kind)))
                    emit self->progress(kind, done, layers);
            },
            Qt::QueuedConnection);
    };
    onWorker<Read>(
        this,
        [checkpoint = m_checkpoint, run, kind, cancel, layerDone, layers] {
            Read r;
            r.error = catching([&] {
                const QString stopped =
                    QCoreApplication::translate("RunReadings", "cancelled: ask again to read it");
                switch (kind) {
                case Kind::ValueWeighted:
                    if (run->compact) {
                        // A long text: each head's norms as the largest of each block of cells,
                        // a layer at a time, never a head's n × n.
                        auto norms = std::make_shared<Norms>();
                        for (int l = 0; l < layers; ++l) {
                            norms->push_back(attn::layerValueWeightedOverview(
                                *checkpoint, *run, l, RunOverview::kCells, cancel.get()));
                            if (cancel->load())
                                throw attn::InputError(stopped.toStdString());
                            layerDone(l + 1);
                        }
                        r.norms = norms;
                    } else {
                        r.norms =
                            std::make_shared<Norms>(attn::valueWeightedNorms(*checkpoint, *run));
                    }
                    break;
                case Kind::Rollout: {
                    auto rollouts = std::make_shared<std::vector<attn::Matrix>>();
                    if (run->compact) {
                        // Three n × n at a time and one n × n × n product a layer: a limit of
                        // time, shown layer by layer, that Cancel stops.
                        *rollouts = attn::rolloutOverview(*checkpoint, *run, RunOverview::kCells,
                                                          cancel.get(), layerDone);
                        if (cancel->load())
                            throw attn::InputError(stopped.toStdString());
                    } else {
                        for (int l = 1; l <= layers; ++l)
                            rollouts->push_back(attn::attentionRollout(*run, l));
                    }
                    r.rollouts = rollouts;
                    break;
                }
                case Kind::LogitLens:
                    r.lens = std::make_shared<attn::LogitLens>(attn::logitLens(*checkpoint, *run));
                    break;
                case Kind::Attribution: {
                    if (run->logits.rows() == 0 || run->logits.cols() == 0)
                        throw attn::InputError(
                            QCoreApplication::translate(
                                "RunReadings", "this model has no LM head: nothing to attribute")
                                .toStdString());
                    // The top prediction, as generation's greedy choice: the first largest.
                    const Eigen::Index last = run->logits.rows() - 1;
                    Eigen::Index top = 0;
                    run->logits.row(last).maxCoeff(&top);
                    if (run->compact) {
                        attn::LogitAttribution a = attn::attributeLogit(
                            *checkpoint, lastPositionOf(*checkpoint, *run), top, 0);
                        a.position = std::int64_t(run->ids.size()) - 1;
                        r.attribution = std::make_shared<attn::LogitAttribution>(std::move(a));
                    } else {
                        r.attribution = std::make_shared<attn::LogitAttribution>(
                            attn::attributeLogit(*checkpoint, *run, top, last));
                    }
                    break;
                }
                }
            });
            return r;
        },
        [this, run, kind, cancel](Read r) {
            if (run != m_run || !m_pending.contains(int(kind)))
                return; // read of a run that is gone
            m_norms = r.norms ? r.norms : m_norms;
            m_rollouts = r.rollouts ? r.rollouts : m_rollouts;
            m_lens = r.lens ? r.lens : m_lens;
            m_attribution = r.attribution ? r.attribution : m_attribution;
            // Cancelled, not failed: no error is kept, so it may be asked for again.
            finish(kind, r.error, !cancel->load());
        });
}

void RunReadings::finish(Kind kind, const QString &error, bool keepError) {
    m_pending.remove(int(kind));
    m_errors[int(kind)] = keepError ? error : QString();
    if (error.isEmpty())
        emit ready(kind);
    else
        emit failed(kind, error);
    if (!isBusy())
        emit busyChanged(false);
}

void RunReadings::cancel() {
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
}

bool RunReadings::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return isBusy(); }, milliseconds);
}

} // namespace attn::ui
