// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "networkreadings/LogitAttribution.h"
#include "networkreadings/LogitLens.h"
#include "networkreadings/ValueWeightedNorms.h"
#include "transformer/Run.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace attn {
class Checkpoint;
}

namespace attn::ui {

// The microscope's readings of the current run (issue 27), computed on a worker only when a
// view asks for them: value-weighted attention of every head (Kobayashi et al.), attention
// rollout through each layer (Abnar & Zuidema), the logit lens and the direct logit
// attribution of the top prediction at the last position (issue 42). A logit lens of a large
// model is the LM head once per layer (seconds for GPT-2 small on a long text), so nothing is
// computed for a view nobody looks at. A new run drops what was read of the old one; a
// reading that finishes for a run that is no longer current is dropped too.
class RunReadings : public QObject {
    Q_OBJECT
public:
    enum class Kind { ValueWeighted, Rollout, LogitLens, Attribution };
    using Norms = std::vector<std::vector<attn::ValueWeightedHead>>;

    explicit RunReadings(QObject *parent = nullptr);

    void setRun(std::shared_ptr<const attn::Checkpoint> checkpoint, attn::RunPtr run);
    attn::RunPtr run() const { return m_run; }
    // Starts reading `kind` of the current run unless it is there or on its way.
    void request(Kind kind);
    bool has(Kind kind) const;
    bool isBusy() const { return !m_pending.isEmpty(); }
    bool isReading(Kind kind) const { return m_pending.contains(int(kind)); }
    // Waits (working the event loop) until nothing is pending; false after `milliseconds`.
    bool waitUntilIdle(int milliseconds = 30000);

    // Stops the readings under way (a compact run's value-weighted attention and rollout read
    // layer by layer); they report "cancelled" and can be asked for again.
    void cancel();

    // What was read of the current run; nullptr until then. For a compact run (a long text)
    // each head's norms and each rollout are the largest of each block of cells
    // (RunOverview::kCells blocks a side), as the overview's weights are: blockMaxima() says so.
    std::shared_ptr<const Norms> norms() const { return m_norms; }
    bool blockMaxima() const { return m_run && m_run->compact; }
    // The rollout through layers 0 … l, for each l (the last one: through every layer).
    std::shared_ptr<const std::vector<attn::Matrix>> rollouts() const { return m_rollouts; }
    std::shared_ptr<const attn::LogitLens> lens() const { return m_lens; }
    // The logit of the most probable token after the last position (the smaller id on a tie),
    // split into what each head, MLP, the embeddings and the biases write (attributeLogit).
    std::shared_ptr<const attn::LogitAttribution> attribution() const { return m_attribution; }
    QString error(Kind kind) const;

signals:
    void ready(RunReadings::Kind kind);
    void failed(RunReadings::Kind kind, const QString &message);
    void busyChanged(bool busy);
    // A reading read layer by layer (a compact run's): `done` of `total` layers.
    void progress(RunReadings::Kind kind, int done, int total);

private:
    void finish(Kind kind, const QString &error, bool keepError = true);

    std::shared_ptr<const attn::Checkpoint> m_checkpoint;
    attn::RunPtr m_run;
    QSet<int> m_pending;
    // Set to stop the current run's readings; a new run gets a new one.
    std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<const Norms> m_norms;
    std::shared_ptr<const std::vector<attn::Matrix>> m_rollouts;
    std::shared_ptr<const attn::LogitLens> m_lens;
    std::shared_ptr<const attn::LogitAttribution> m_attribution;
    QString m_errors[4];
};

} // namespace attn::ui
