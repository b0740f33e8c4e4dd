// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "NetworkRunner.h"
#include "networkreadings/RunComparison.h"
#include "networkreadings/RunDifference.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace attn::ui {

// Two sentences compared (issue 27's A/B): run A is the model view's own (its NetworkRunner, the
// plain run without interventions), run B a second NetworkRunner on the same mapped model
// (NetworkRunner::share) running the "Compare with…" text. When both have as many tokens, the
// difference of every head's weights and of the predictions (attn::runDifference) is read on a
// worker, and one head of A can be patched with B's output of it (activation patching): the run
// of A with that head's output replaced by B's, and how much of B's prediction at the last
// position it restores (attn::restoredFraction). Every head patched in turn gives the layers ×
// heads picture of where B's answer comes from. No widgets: ComparisonView shows it.
//
// Or two files of one model on the same text (issue 40's quantization lens): openFileB() gives
// run B its own checkpoint (F16 beside Q4_K_M, a safetensors folder beside a GGUF file), B runs
// A's text, and the comparison also reads attn::compareRuns: each head's JS divergence, the
// final KL and the top-1 agreement.
class NetworkComparison : public QObject {
    Q_OBJECT
public:
    // One patch: head `layer`:`head` of A given B's output.
    struct Patch {
        int layer = -1, head = -1;
        std::int64_t position = 0;                  // where the prediction is read (the last token)
        std::int64_t token = 0;                     // B's most probable token there
        double before = 0, patched = 0, wanted = 0; // its probability in A, patched A, B
        double fraction = 0; // attn::restoredFraction: (patched − before) / (wanted − before)
        attn::RunPtr run;    // A patched
    };

    NetworkComparison(NetworkRunner &a, QObject *parent = nullptr);
    ~NetworkComparison() override;

    NetworkRunner &a() const { return m_a; }
    NetworkRunner &b() const { return *m_b; }
    // The text of run B; "" ends the comparison. Ends a comparison of files.
    void setTextB(const QString &text);
    // Run B is the model in `path` (a folder or a .gguf file of A's architecture and
    // vocabulary) on A's text; opened asynchronously, failed() says why it cannot be. "" or a
    // new model in A ends it.
    void openFileB(const QString &path);
    QString fileB() const { return m_fileB; }
    bool comparesFiles() const { return !m_fileB.isEmpty(); }
    QString textB() const { return m_b->text(); }
    bool isActive() const { return !m_b->text().isEmpty(); }

    // The plain runs compared (nullptr until each is there).
    attn::RunPtr runA() const { return m_a.outcome().baseline; }
    attn::RunPtr runB() const { return m_b->outcome().baseline; }
    // Both runs there, of as many tokens: the difference and the patches can be read (of long
    // texts too, a layer at a time, when both are texts on A's model).
    bool comparable() const;
    // What differs between A and B; nullptr until read (or when not comparable).
    std::shared_ptr<const attn::RunDifference> difference() const { return m_difference; }
    // The files' comparison (JS divergence per head, final KL, top-1 agreement); nullptr until
    // read, and when comparing texts.
    std::shared_ptr<const attn::RunComparison> files() const { return m_files; }

    // Starts patching head `layer`:`head` of A from B; patched() follows.
    void patch(int layer, int head);
    // Patches every head in turn (one run each, on the worker); patchedAll() follows, with
    // patchProgress() on the way. Cancelled by a new run or cancelPatching().
    void patchAll();
    void cancelPatching();
    const std::optional<Patch> &lastPatch() const { return m_patch; }
    // [layer][head] restored fractions of the last patchAll (empty before or after a new run).
    const std::vector<std::vector<double>> &allPatches() const { return m_all; }
    // Patches the residual stream after each layer L at each position P in turn (issue 42: the
    // causal tracing picture of ROME and the IOI paper): one run of A per (P, L) with that one
    // row of the residual stream replaced by B's, and how much of B's top prediction at the
    // last position it restores. positionsPatched() follows, with patchProgress() of
    // patchCount() on the way; cancelled as patchAll is.
    void patchPositions();
    // [position][layer] restored fractions of the last patchPositions (empty before, or after a
    // new run).
    const std::vector<std::vector<double>> &positionPatches() const { return m_positions; }
    int patchProgress() const { return m_progress ? m_progress->load() : 0; }
    // How many runs the patching under way needs (0 when none is under way).
    int patchCount() const { return m_cancel ? m_count : 0; }

    bool isBusy() const;
    bool waitUntilIdle(int milliseconds = 60000);

signals:
    // A run of A or B, or the difference, changed: the views redraw.
    void changed();
    void patched();
    void patchedAll();
    void positionsPatched();
    void failed(const QString &message);
    void busyChanged(bool busy);

private:
    void update();
    void endFiles();
    void setWork(int delta);
    // `work` on a worker, returning an R with an `error`; `use` its R back on this thread.
    template <typename R, typename Work, typename Use> void read(Work work, Use use);

    NetworkRunner &m_a;
    NetworkRunner *m_b;
    std::shared_ptr<const attn::RunDifference> m_difference;
    std::shared_ptr<const attn::RunComparison> m_files;
    QString m_fileB;
    std::optional<Patch> m_patch;
    std::vector<std::vector<double>> m_all;
    std::vector<std::vector<double>> m_positions;
    int m_count = 0; // runs of the patching under way
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<int>> m_progress;
    attn::RunPtr m_seenA, m_seenB; // the pair last read (an ablation of A keeps its plain run)
    bool m_seenActive = false;
    quint64 m_generation = 0; // bumped by every new pair of runs
    int m_work = 0;           // worker tasks under way
};

} // namespace attn::ui
