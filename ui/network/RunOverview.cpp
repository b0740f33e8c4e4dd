// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunOverview.h"

#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"

namespace attn::ui {

namespace {

struct LayerRead {
    std::shared_ptr<const RunOverview::Layer> heads;
    QString error;
};

} // namespace

RunOverview::RunOverview(QObject *parent) : QObject(parent) {
    m_start.setSingleShot(true);
    m_start.setInterval(kStartMs);
    connect(&m_start, &QTimer::timeout, this, [this] {
        if (!m_layers.empty())
            readLayer(0);
    });
}

RunOverview::~RunOverview() {
    if (m_cancel)
        m_cancel->store(true);
}

void RunOverview::setRun(std::shared_ptr<const attn::Checkpoint> checkpoint, attn::RunPtr run) {
    if (run == m_run && checkpoint == m_checkpoint)
        return;
    if (m_cancel)
        m_cancel->store(true); // the layer under way stops; its result finds another run
    m_cancel.reset();
    m_start.stop();
    m_checkpoint = std::move(checkpoint);
    m_run = std::move(run);
    m_layers.assign(m_run && m_checkpoint ? m_run->layers.size() : 0, nullptr);
    m_read = 0;
    m_cancelled = false;
    m_error.clear();
    emit progressChanged(0, layerCount());
    if (m_layers.empty()) {
        setBusy(false);
        return;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    setBusy(true);
    m_start.start();
}

std::shared_ptr<const RunOverview::Layer> RunOverview::layer(int layer) const {
    return layer >= 0 && layer < layerCount() ? m_layers[std::size_t(layer)] : nullptr;
}

const attn::HeadOverview *RunOverview::head(int layer, int head) const {
    const auto heads = this->layer(layer);
    return heads && head >= 0 && std::size_t(head) < heads->size() ? &(*heads)[std::size_t(head)]
                                                                   : nullptr;
}

void RunOverview::readLayer(int layer) {
    const attn::RunPtr run = m_run;
    const auto cancel = m_cancel;
    onWorker<LayerRead>(
        this,
        [checkpoint = m_checkpoint, run, layer, cancel] {
            LayerRead r;
            r.error = catching([&] {
                auto heads = attn::layerOverview(*checkpoint, *run, layer, kCells, cancel.get());
                if (!heads.empty())
                    r.heads = std::make_shared<const Layer>(std::move(heads));
            });
            return r;
        },
        [this, run, layer, cancel](LayerRead r) {
            if (run != m_run || cancel != m_cancel)
                return; // of a run that is gone
            if (!r.error.isEmpty()) {
                m_error = r.error;
                setBusy(false);
                emit finished();
                return;
            }
            if (!r.heads || cancel->load()) { // cancelled while it read
                m_cancelled = true;
                setBusy(false);
                emit finished();
                return;
            }
            m_layers[std::size_t(layer)] = r.heads;
            ++m_read;
            emit layerReady(layer);
            emit progressChanged(m_read, layerCount());
            if (layer + 1 < layerCount()) {
                readLayer(layer + 1);
                return;
            }
            setBusy(false);
            emit finished();
        });
}

void RunOverview::cancel() {
    if (!m_busy || !m_cancel)
        return;
    m_cancel->store(true);
    if (m_start.isActive()) { // not started: nothing to wait for
        m_start.stop();
        m_cancelled = true;
        setBusy(false);
        emit finished();
    }
}

void RunOverview::resume() {
    if (m_busy || !m_run || m_read >= layerCount() || !m_error.isEmpty())
        return;
    m_cancelled = false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    setBusy(true);
    readLayer(m_read);
}

void RunOverview::setBusy(bool busy) {
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

bool RunOverview::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return m_busy; }, milliseconds);
}

} // namespace attn::ui
