// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkreadings/HeadOverview.h"
#include "transformer/Run.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>
#include <vector>

namespace attn {
class Checkpoint;
}

namespace attn::ui {

// Every head of a run reduced to what the overview draws and the head table lists
// (attn::layerOverview: block maxima of the weights and a summary), read on a worker one layer
// after the other, so a compact run of thousands of tokens costs one layer's vectors at a time,
// never its n × n maps. Each layer is published as it is read (layerReady), with the layers
// done so far (progressChanged); a new run, or cancel(), stops the reading at the next block
// of queries and drops what was under way. Reading starts kStartMs after the run comes, so
// the runs of fast typing, each replaced by the next, are not read at all.
class RunOverview : public QObject {
    Q_OBJECT
public:
    // Blocks a side of a head's picture: LayerHeadGrid's images and HeadPopup's enlargement.
    static constexpr int kCells = 256;
    static constexpr int kStartMs = 150;
    using Layer = std::vector<attn::HeadOverview>;

    explicit RunOverview(QObject *parent = nullptr);
    ~RunOverview() override;

    // Starts reading `run` (nothing: forgets the last one).
    void setRun(std::shared_ptr<const attn::Checkpoint> checkpoint, attn::RunPtr run);
    attn::RunPtr run() const { return m_run; }
    // The heads of layer `layer` once read; null before (or when cancelled first).
    std::shared_ptr<const Layer> layer(int layer) const;
    // The head's overview once its layer is read; null before.
    const attn::HeadOverview *head(int layer, int head) const;
    int layersRead() const { return m_read; }
    int layerCount() const { return int(m_layers.size()); }
    bool isBusy() const { return m_busy; }
    // Stopped by cancel() before every layer was read.
    bool wasCancelled() const { return m_cancelled; }
    QString error() const { return m_error; }
    // Stops reading after the block of queries under way; what was read stays.
    void cancel();
    // Reads the layers cancel() left, from where it stopped.
    void resume();
    // Waits (working the event loop) until nothing is read; false after `milliseconds`.
    bool waitUntilIdle(int milliseconds = 30000);

signals:
    void layerReady(int layer);
    void progressChanged(int read, int total);
    void busyChanged(bool busy);
    // Every layer read, cancelled or failed: the reading is over for this run.
    void finished();

private:
    void readLayer(int layer);
    void setBusy(bool busy);

    std::shared_ptr<const attn::Checkpoint> m_checkpoint;
    attn::RunPtr m_run;
    std::vector<std::shared_ptr<const Layer>> m_layers;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_read = 0;
    bool m_busy = false;
    bool m_cancelled = false;
    QString m_error;
    QTimer m_start;
};

} // namespace attn::ui
