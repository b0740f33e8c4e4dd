// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tokenizer/Tokenizer.h"
#include "transformer/Forward.h"
#include "transformer/Interventions.h"
#include "transformer/Run.h"

#include <QElapsedTimer>
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

// One model folder, opened (attn::Checkpoint::open and the folder's tokenizer), and the text it
// runs on: no widgets, so the window's views and the tests share it. Opening parses the
// tokenizer and maps the weights on a worker (attn::workerPool); a folder that cannot be opened
// leaves the model that was open as it was and says why in one line. Each text is tokenized and
// run (attn::runModel) on a worker too. Like the Recomputer, runs are coalesced: edits of the
// text in one turn of the event loop make one run, a text that arrives while a run is going
// waits for it and only the newest text runs next; a run of an outdated text is dropped, never
// published. So typing fast never queues a run per keystroke, and a newer text (or model, or
// intervention) cancels the run going on after its current layer.
//
// A run keeps what fits (attn::RunOptions::Keep::Auto): every head's weights while the run fits
// kMaxRunValues, past it a compact run (attn::Run::compact: the residual stream and the softmax
// statistics), whose views derive a layer when they need it. A text past the compact cap fails
// like any other, and the outcome is then empty: no view goes on showing an older text's run as
// if it were this one's.
//
// Interventions (ablated or scaled heads: attn::Interventions) apply to every run until they are
// changed; a change reruns the text the same way. A run with interventions also keeps the plain
// run of the same tokens (Outcome::baseline, reused while the tokens stay), so the views can
// show what the interventions changed.
class NetworkRunner : public QObject {
    Q_OBJECT
public:
    static constexpr int kProgressMs = 100;
    // What one run made: the tokens of the text and the run of their ids.
    struct Outcome {
        QString text;
        std::vector<attn::Token> tokens;
        attn::RunPtr run;      // with the interventions
        attn::RunPtr baseline; // without them: `run` itself when there are none
        QString note;          // an intervention left out of this run, and why; "" when none
        // How the run was made. A whole run of the text: all 0. A run grown by appendToken with
        // the KV cache: `reused` positions' keys and values came from the cache, `added` rows
        // (query, key, value and everything after) were computed now, and `filled` is how many
        // positions the cache was filled with first (the text's, once, when it had none).
        std::int64_t reused = 0, added = 0, filled = 0;
    };

    explicit NetworkRunner(QObject *parent = nullptr);
    ~NetworkRunner() override;

    // Starts opening `folder`; opened() or openFailed() follows. A later open supersedes it.
    void open(const QString &folder);
    // The same on this thread (the command line, tests): false and *error on failure.
    bool openNow(const QString &folder, QString *error = nullptr);
    // Forgets the model (a session without one).
    void close();
    // Runs the model `other` has open (or none), sharing its mapped weights and tokenizer: run B
    // of an A/B comparison (NetworkComparison). Drops this runner's interventions and outcome.
    void share(const NetworkRunner &other);

    bool isOpen() const { return bool(m_checkpoint); }
    QString folder() const { return m_folder; }
    std::shared_ptr<const attn::Checkpoint> checkpoint() const { return m_checkpoint; }
    std::shared_ptr<const attn::Tokenizer> tokenizer() const { return m_tokenizer; }
    // "gpt2, 12 layers × 12 heads, d_model 768, F32, vocab.json": for a status line.
    QString description() const;
    // What its layers compute, in plain words ("Gemma 2: soft-capped attention (50), …").
    QString features() const;

    // The text to run; runs it once the event loop turns (coalesced, see above).
    void setText(const QString &text);
    QString text() const { return m_text; }

    // The interventions every run applies from now on (none: the plain forward pass); reruns.
    void setInterventions(attn::Interventions interventions);
    const attn::Interventions &interventions() const { return m_interventions; }

    // The model writes (TextContinuation): appends token `id`, which reads `piece`, to text()
    // and grows the published run by its row with a KV cache (attn::ContinuedRun, kept between
    // calls), on the worker: one position of work per token (two with interventions: the plain
    // run grows too), not a run of the whole text. The grown run is the whole run of the
    // longer ids (attn::growRun), and Outcome::reused and added say what the cache saved.
    // False, and *why, when the cache cannot grow this run: nothing then changes, and the
    // caller sets the longer text to run it whole. Refused: no run of text() published yet, a
    // run on its way, an encoder, interventions the cache refuses (a mean ablation, a patch, a
    // head sent back from the workbench: they depend on every position), a run past what a
    // whole run keeps (kMaxRunValues: a whole run is compact there). A failure on the worker
    // runs the longer text whole instead, and says why in Outcome::note.
    bool appendToken(std::int64_t id, const QString &piece, QString *why = nullptr);

    // What runs keep (Auto unless a test asks for one kind); reruns.
    void setKeep(attn::RunOptions::Keep keep);
    attn::RunOptions::Keep keep() const { return m_keep; }
    // Stops the run going on after its current layer; runFailed says so and the outcome is
    // emptied. Nothing happens when no run is going on.
    void cancel();
    // The layers the run going on has done, of layerCount() (the plain run's and the edited
    // one's together when there are interventions: twice as many).
    int progress() const { return m_progress ? m_progress->load() : 0; }
    int progressTotal() const { return m_progressTotal; }

    // The last published run (of text() when nothing is pending); empty before the first and
    // after a run that failed.
    const Outcome &outcome() const { return m_outcome; }
    QString error() const { return m_error; } // of the last run ("" after a success)
    bool isBusy() const { return m_running || m_timer.isActive() || m_opening; }
    // Waits (working the event loop) until nothing is pending or running; false after
    // `milliseconds`. For the command line's screenshots and the tests.
    bool waitUntilIdle(int milliseconds = 30000);

signals:
    void opened(const QString &folder);
    void openFailed(const QString &folder, const QString &message);
    void runStarted();
    // A run of the current text is ready (outcome()).
    void runFinished(double milliseconds);
    void runFailed(const QString &message); // outcome() is then empty (its text only)
    // While a run goes on, every kProgressMs: progress() of progressTotal().
    void progressChanged(int done, int total);
    void busyChanged(bool busy);
    void interventionsChanged();

private:
    struct Opened;
    struct KvCache;
    void adopt(const QString &folder, const Opened &o);
    void schedule();
    void start();
    void setRunning(bool running);
    void stopRun(); // a newer text, model or interventions: the run going on stops early
    void begin();   // a run or a growth starts: the flags, the clock and the progress

    std::shared_ptr<const attn::Checkpoint> m_checkpoint;
    std::shared_ptr<const attn::Tokenizer> m_tokenizer;
    QString m_folder, m_tokenizerFile;
    QString m_text;
    attn::Interventions m_interventions;
    Outcome m_outcome;
    QString m_error;
    QTimer m_timer;           // coalesces the edits of one turn
    quint64 m_generation = 0; // bumped by every new text or model
    quint64 m_openGeneration = 0;
    bool m_running = false;
    bool m_opening = false;
    bool m_reportedBusy = false;
    QElapsedTimer m_clock;
    attn::RunOptions::Keep m_keep = attn::RunOptions::Keep::Auto;
    std::shared_ptr<std::atomic<bool>> m_cancel; // of the run going on
    std::shared_ptr<std::atomic<int>> m_progress;
    int m_progressTotal = 0;
    bool m_cancelled = false; // cancel() asked for it (not a newer text)
    QTimer m_progressTimer;
    // The KV cache of the published run's ids (appendToken), used on the worker one task at a
    // time; dropped with the model or the interventions it was made with.
    std::shared_ptr<KvCache> m_cache;
    QString m_growthNote; // why the last growth failed, for the whole run after it
};

} // namespace attn::ui
