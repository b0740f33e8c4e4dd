// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkRunner.h"

#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"
#include "tokenizer/IdTokenizer.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"

#include <QCoreApplication>
#include <QDir>
#include <QThreadPool>

#include <algorithm>
#include <functional>

namespace attn::ui {

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
    m_running = true;
    m_cancelled = false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_progress = std::make_shared<std::atomic<int>>(0);
    const int layers = int(m_checkpoint->config().layers);
    m_progressTotal = m_interventions.empty() ? layers : 2 * layers;
    setRunning(true);
    m_clock.start();
    m_progressTimer.start();
    emit runStarted();
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
