// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkRunner.h"

#include "Limits.h"
#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"
#include "tokenizer/IdTokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/RunGrowth.h"

#include <QCoreApplication>
#include <QDir>
#include <QThreadPool>

#include <algorithm>
#include <functional>

namespace attn::ui {

// The KV caches of a run's ids: the plain run's, and the edited run's when there are
// interventions. The checkpoint is held first, so the caches that refer to it go before it.
struct NetworkRunner::KvCache {
    std::shared_ptr<const attn::Checkpoint> checkpoint;
    std::unique_ptr<attn::ContinuedRun> plain, edited;
};

struct NetworkRunner::Opened {
    std::shared_ptr<const attn::Checkpoint> checkpoint;
    std::shared_ptr<const attn::Tokenizer> tokenizer;
    QString error;
};

namespace {

struct RunResult {
    NetworkRunner::Outcome outcome;
    QString error;
    double milliseconds = 0;
};

// The interventions a KV cache applies while positions are added (attn::ContinuedRun): the
// others (a mean, a patch, an edited head) depend on every position of the text.
bool cacheApplies(const attn::Intervention &e) {
    return e.kind == attn::Intervention::Kind::Zero || e.kind == attn::Intervention::Kind::Scale ||
           e.kind == attn::Intervention::Kind::Steer;
}

} // namespace

NetworkRunner::NetworkRunner(QObject *parent) : QObject(parent) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &NetworkRunner::start);
    m_progressTimer.setInterval(kProgressMs);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { emit progressChanged(progress(), m_progressTotal); });
}

NetworkRunner::~NetworkRunner() = default;

namespace {

// The folder's tokenizer; without any tokenizer file the model still opens, and its text is
// token ids (a tokenizer file that is there but broken is an error).
std::shared_ptr<const attn::Tokenizer> tokenizerOf(const QString &path,
                                                   const attn::Checkpoint &checkpoint) {
    if (!attn::hasTokenizer(path))
        return std::make_shared<attn::IdTokenizer>(int(checkpoint.config().vocab));
    return attn::loadTokenizer(path);
}

} // namespace

void NetworkRunner::open(const QString &folder) {
    const quint64 generation = ++m_openGeneration;
    m_opening = true;
    setRunning(m_running);
    const QString path = QDir(folder).absolutePath();
    onWorker<Opened>(
        this,
        [path] {
            Opened o;
            o.error = catching([&] {
                o.checkpoint = attn::Checkpoint::open(path);
                o.tokenizer = tokenizerOf(path, *o.checkpoint);
            });
            return o;
        },
        [this, path, generation](Opened o) {
            if (generation != m_openGeneration)
                return; // a later open replaced this one
            m_opening = false;
            if (!o.error.isEmpty()) {
                setRunning(m_running);
                emit openFailed(path, o.error);
                return;
            }
            adopt(path, o);
        });
}

bool NetworkRunner::openNow(const QString &folder, QString *error) {
    ++m_openGeneration; // an open still parsing is dropped
    m_opening = false;
    const QString path = QDir(folder).absolutePath();
    Opened o;
    o.error = catching([&] {
        o.checkpoint = attn::Checkpoint::open(path);
        o.tokenizer = tokenizerOf(path, *o.checkpoint);
    });
    if (!o.error.isEmpty()) {
        if (error)
            *error = o.error;
        setRunning(m_running);
        emit openFailed(path, o.error);
        return false;
    }
    adopt(path, o);
    return true;
}

void NetworkRunner::adopt(const QString &folder, const Opened &o) {
    m_checkpoint = o.checkpoint;
    m_tokenizer = o.tokenizer;
    m_folder = folder;
    m_outcome = {};
    m_error.clear();
    m_cache.reset();
    ++m_generation;
    stopRun();
    // Another model's heads: its interventions mean nothing here.
    if (!m_interventions.empty()) {
        m_interventions = {};
        emit interventionsChanged();
    }
    emit opened(folder);
    schedule();
}

void NetworkRunner::share(const NetworkRunner &other) {
    if (!other.m_checkpoint) {
        close();
        return;
    }
    ++m_openGeneration; // an open of this runner's own still parsing is dropped
    m_opening = false;
    adopt(other.m_folder, Opened{other.m_checkpoint, other.m_tokenizer, {}});
}

void NetworkRunner::close() {
    ++m_openGeneration;
    ++m_generation;
    stopRun();
    m_opening = false;
    m_timer.stop();
    m_checkpoint.reset();
    m_tokenizer.reset();
    m_folder.clear();
    m_outcome = {};
    m_error.clear();
    m_cache.reset();
    setRunning(m_running);
}

QString NetworkRunner::description() const {
    if (!m_checkpoint)
        return {};
    const attn::ModelConfig &c = m_checkpoint->config();
    return tr("%1, %2 layers \u00d7 %3 heads, d_model %4, %5; %6")
        .arg(QString::fromLatin1(attn::familyName(c.family)))
        .arg(c.layers)
        .arg(c.heads)
        .arg(c.dModel)
        .arg(m_checkpoint->dtype(), m_tokenizer ? m_tokenizer->description() : QString());
}

QString NetworkRunner::features() const {
    return m_checkpoint ? attn::describeFeatures(m_checkpoint->config()) : QString();
}

void NetworkRunner::setText(const QString &text) {
    if (text == m_text)
        return;
    m_text = text;
    ++m_generation;
    stopRun();
    schedule();
}

void NetworkRunner::setInterventions(attn::Interventions interventions) {
    m_interventions = std::move(interventions);
    m_cache.reset(); // made with the interventions before
    ++m_generation;
    stopRun();
    emit interventionsChanged();
    schedule();
}

void NetworkRunner::setKeep(attn::RunOptions::Keep keep) {
    if (keep == m_keep)
        return;
    m_keep = keep;
    ++m_generation;
    stopRun();
    schedule();
}

void NetworkRunner::stopRun() {
    if (m_running && m_cancel)
        m_cancel->store(true);
}

void NetworkRunner::cancel() {
    if (!m_running || !m_cancel)
        return;
    m_cancelled = true;
    m_cancel->store(true);
}

void NetworkRunner::schedule() {
    if (!m_checkpoint)
        return;
    // A run going on is left to finish (its result is dropped); the newest text runs after it.
    if (!m_running)
        m_timer.start();
    setRunning(m_running);
}

void NetworkRunner::start() {
    if (!m_checkpoint || m_running)
        return;
    const quint64 generation = m_generation;
    const int layers = int(m_checkpoint->config().layers);
    m_progressTotal = m_interventions.empty() ? layers : 2 * layers;
    begin();
    attn::RunOptions options;
    options.keep = m_keep;
    options.cancel = m_cancel.get();
    options.layerDone = [progress = m_progress](int) { ++*progress; };
    onWorker<RunResult>(
        this,
        [checkpoint = m_checkpoint, tokenizer = m_tokenizer, text = m_text,
         interventions = m_interventions, last = m_outcome.baseline, options, cancel = m_cancel,
         progress = m_progress, layers] {
            RunResult r;
            r.outcome.text = text;
            QElapsedTimer clock;
            clock.start();
            r.error = catching([&] {
                r.outcome.tokens = tokenizer->encode(text);
                if (r.outcome.tokens.empty())
                    return; // nothing to run on: an empty picture, not an error
                std::vector<std::int64_t> ids;
                ids.reserve(r.outcome.tokens.size());
                for (const attn::Token &t : r.outcome.tokens)
                    ids.push_back(t.id);
                // The plain run is kept for the comparison; an ablation of the same tokens
                // reuses the last one instead of running the model twice.
                // The same kind of run as asked for: a compact baseline stays compact.
                if (last && last->ids == ids &&
                    (options.keep == attn::RunOptions::Keep::Auto ||
                     last->compact == (options.keep == attn::RunOptions::Keep::Compact))) {
                    r.outcome.baseline = last;
                    *progress += layers;
                } else {
                    r.outcome.baseline = attn::runModel(*checkpoint, ids, {}, options);
                }
                // A head's edited output (sent back from the workbench) holds a row per token
                // of the text it was taken from: another text runs without it, and says so.
                attn::Interventions applied = interventions;
                const auto misfit = [n = Eigen::Index(ids.size())](const attn::Intervention &e) {
                    // A steering vector is one row for every position: it fits any text.
                    return e.kind != attn::Intervention::Kind::Steer && e.values.size() > 0 &&
                           e.values.rows() != n;
                };
                auto &edits = applied.edits;
                if (std::any_of(edits.begin(), edits.end(), misfit)) {
                    edits.erase(std::remove_if(edits.begin(), edits.end(), misfit), edits.end());
                    r.outcome.note = QCoreApplication::translate(
                        "NetworkRunner", "The edited head fits only the text it was taken from: "
                                         "this text runs without it.");
                }
                r.outcome.run = applied.empty()
                                    ? r.outcome.baseline
                                    : attn::runModel(*checkpoint, ids, applied, options);
            });
            r.milliseconds = double(clock.nsecsElapsed()) / 1e6;
            return r;
        },
        [this, generation](RunResult r) {
            m_running = false;
            m_progressTimer.stop();
            if (generation != m_generation) {
                // Outdated: the text or the model changed meanwhile. Run the newest one.
                if (m_checkpoint)
                    m_timer.start();
                setRunning(false);
                return;
            }
            if (r.error.isEmpty()) {
                m_outcome = std::move(r.outcome);
                if (!m_growthNote.isEmpty()) // why the KV cache did not grow this run
                    m_outcome.note = m_outcome.note.isEmpty()
                                         ? m_growthNote
                                         : m_growthNote + QLatin1Char(' ') + m_outcome.note;
                m_growthNote.clear();
                m_error.clear();
                setRunning(false);
                emit runFinished(r.milliseconds);
            } else {
                // Nothing of an older text stays as if it were this one's.
                m_outcome = {};
                m_outcome.text = r.outcome.text;
                m_error = m_cancelled ? tr("The run was cancelled: edit the text to run it again.")
                                      : r.error;
                m_cancelled = false;
                setRunning(false);
                emit runFailed(m_error);
            }
        });
}

void NetworkRunner::begin() {
    m_running = true;
    m_cancelled = false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_progress = std::make_shared<std::atomic<int>>(0);
    setRunning(true);
    m_clock.start();
    m_progressTimer.start();
    emit runStarted();
}

bool NetworkRunner::appendToken(std::int64_t id, const QString &piece, QString *why) {
    const auto refuse = [why](const QString &message) {
        if (why)
            *why = message;
        return false;
    };
    const attn::RunPtr run = m_outcome.run, baseline = m_outcome.baseline;
    if (!m_checkpoint || !run || !baseline || m_outcome.text != m_text || isBusy())
        return refuse(tr("There is no run of this text to continue yet."));
    const attn::ModelConfig &c = m_checkpoint->config();
    if (!c.decoder())
        return refuse(tr("This model does not write: it has no KV cache."));
    for (const attn::Intervention &e : m_interventions.edits)
        if (!cacheApplies(e))
            return refuse(tr("%1 depends on every position of the text, so the KV cache cannot "
                             "be reused: the longer text runs whole.")
                              .arg(QString::fromStdString(e.describe())));
    const auto n = std::int64_t(run->ids.size());
    if (attn::runValues(c, n + 1) > attn::kMaxRunValues)
        return refuse(tr("At %1 tokens the run keeps no head's weights: the longer text runs "
                         "whole.")
                          .arg(n + 1));
    attn::Token token;
    const QString error = catching([&] { token = m_tokenizer->token(int(id)); });
    if (!error.isEmpty())
        return refuse(error);

    m_text += piece;
    ++m_generation;
    const quint64 generation = m_generation;
    m_progressTotal = 1;
    begin();
    struct Grown {
        Outcome outcome;
        std::shared_ptr<KvCache> cache;
        QString error;
        double milliseconds = 0;
    };
    onWorker<Grown>(
        this,
        [checkpoint = m_checkpoint, cache = m_cache, outcome = m_outcome, text = m_text,
         interventions = m_interventions, id, token, progress = m_progress] {
            Grown g;
            QElapsedTimer clock;
            clock.start();
            g.error = catching([&] {
                const std::vector<std::int64_t> &ids = outcome.baseline->ids;
                const bool edited = !interventions.empty();
                g.cache = cache;
                // The cache holds the keys and values of exactly these ids, or is filled with
                // them once (the text's positions, run without keeping their numbers).
                if (!g.cache || g.cache->checkpoint != checkpoint || g.cache->plain->ids() != ids ||
                    bool(g.cache->edited) != edited ||
                    (edited && g.cache->edited->ids() != outcome.run->ids)) {
                    g.cache = std::make_shared<KvCache>();
                    g.cache->checkpoint = checkpoint;
                    g.cache->plain = std::make_unique<attn::ContinuedRun>(*checkpoint);
                    g.cache->plain->append(ids);
                    if (edited) {
                        g.cache->edited =
                            std::make_unique<attn::ContinuedRun>(*checkpoint, interventions);
                        g.cache->edited->append(outcome.run->ids);
                    }
                    g.outcome.filled = std::int64_t(ids.size());
                }
                const auto grow = [&](attn::ContinuedRun &kv, const attn::Run &before) {
                    std::vector<attn::LayerRun> layers;
                    const attn::Matrix logits = kv.append({id}, &layers);
                    return attn::growRun(*checkpoint, before, {id}, std::move(layers), logits);
                };
                g.outcome.text = text;
                g.outcome.tokens = outcome.tokens;
                g.outcome.tokens.push_back(token);
                g.outcome.baseline = grow(*g.cache->plain, *outcome.baseline);
                g.outcome.run = edited ? grow(*g.cache->edited, *outcome.run) : g.outcome.baseline;
                g.outcome.reused = std::int64_t(ids.size());
                g.outcome.added = 1;
                *progress = 1;
            });
            if (!g.error.isEmpty())
                g.cache.reset(); // its state is unknown after a failure
            g.milliseconds = double(clock.nsecsElapsed()) / 1e6;
            return g;
        },
        [this, generation](Grown g) {
            m_running = false;
            m_progressTimer.stop();
            // The cache went on with these ids, published or not: the next append checks them.
            m_cache = g.cache;
            if (generation != m_generation || !g.error.isEmpty()) {
                // Outdated (the text, the model or the interventions changed meanwhile), or
                // the cache failed: the newest text runs whole, and says why.
                if (generation == m_generation)
                    m_growthNote = tr("The KV cache could not grow the run (%1): the text ran "
                                      "whole.")
                                       .arg(g.error);
                if (m_checkpoint)
                    m_timer.start();
                setRunning(false);
                return;
            }
            m_outcome = std::move(g.outcome);
            m_error.clear();
            setRunning(false);
            emit runFinished(g.milliseconds);
        });
    return true;
}

void NetworkRunner::setRunning(bool running) {
    m_running = running;
    const bool busy = isBusy();
    if (busy != m_reportedBusy) {
        m_reportedBusy = busy;
        emit busyChanged(busy);
    }
}

bool NetworkRunner::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return isBusy(); }, milliseconds);
}

} // namespace attn::ui
