// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkComparison.h"

#include "InputError.h"
#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

struct Patched {
    NetworkComparison::Patch patch;
    QString error;
};

// What a patch of `edit` reads of run B. A compact run (a long text) keeps its residual stream
// but no head's output: the layer patched from is recomputed (expandLayer, the same bits as the
// run) into a run that holds only that layer, which is all a patch reads.
attn::RunPtr patchSource(const attn::Checkpoint &checkpoint, const attn::RunPtr &b,
                         const attn::Intervention &edit) {
    if (!b->compact)
        return b;
    auto source = std::make_shared<attn::Run>();
    source->ids = b->ids;
    source->compact = true;
    source->layers.resize(b->layers.size());
    attn::LayerRun &layer = source->layers[std::size_t(edit.layer)];
    layer = attn::expandLayer(checkpoint, *b, edit.layer,
                              std::vector<bool>(std::size_t(checkpoint.config().heads), false));
    layer.hidden = b->layers[std::size_t(edit.layer)].hidden; // the run's own, bit for bit
    return source;
}

// A patched with B's activation that `edit` names, and what it restores at the last position.
// Long texts' runs are compact, and so is the patched run.
NetworkComparison::Patch patchOne(const attn::Checkpoint &checkpoint, const attn::RunPtr &a,
                                  const attn::RunPtr &b, const attn::Intervention &edit) {
    if (a->logits.cols() == 0)
        throw attn::InputError(
            QCoreApplication::translate("NetworkComparison",
                                        "patching reads a prediction: this model has no LM head")
                .toStdString());
    NetworkComparison::Patch p;
    p.layer = edit.layer;
    p.head = edit.head;
    p.position = std::int64_t(a->ids.size()) - 1;
    attn::Interventions patch;
    patch.edits.push_back(edit);
    patch.source = patchSource(checkpoint, b, edit);
    attn::RunOptions options;
    if (a->compact || b->compact)
        options.keep = attn::RunOptions::Keep::Compact;
    p.run = attn::runModel(checkpoint, a->ids, patch, options);
    p.token = attn::topPredictions(*b, p.position, 1).front().id;
    p.before = attn::probabilityAt(*a, p.position, p.token);
    p.patched = attn::probabilityAt(*p.run, p.position, p.token);
    p.wanted = attn::probabilityAt(*b, p.position, p.token);
    p.fraction = attn::restoredFraction(*a, *p.run, *b, p.position);
    return p;
}

} // namespace

NetworkComparison::NetworkComparison(NetworkRunner &a, QObject *parent)
    : QObject(parent), m_a(a), m_b(new NetworkRunner(this)) {
    m_b->share(m_a);
    connect(&m_a, &NetworkRunner::opened, this, [this] {
        endFiles(); // another model in A: B's file is not of it
        m_b->share(m_a);
    });
    // Comparing files, B runs A's text: each run of A brings B along.
    connect(&m_a, &NetworkRunner::runStarted, this, [this] {
        if (comparesFiles() && m_b->text() != m_a.text())
            m_b->setText(m_a.text());
    });
    connect(m_b, &NetworkRunner::opened, this, [this](const QString &path) {
        if (!comparesFiles())
            return;
        const auto checkpointA = m_a.checkpoint(), checkpointB = m_b->checkpoint();
        const attn::ModelConfig *ca = checkpointA ? &checkpointA->config() : nullptr,
                                &cb = checkpointB->config();
        if (!ca || ca->family != cb.family || ca->layers != cb.layers || ca->heads != cb.heads ||
            ca->vocab != cb.vocab) {
            const QString why =
                tr("%1: not a file of the model in A (the same architecture, layers, heads and "
                   "vocabulary are needed)")
                    .arg(path);
            endFiles();
            m_b->share(m_a);
            emit failed(why);
            update();
            return;
        }
        m_b->setText(m_a.text());
    });
    connect(m_b, &NetworkRunner::openFailed, this, [this](const QString &, const QString &why) {
        if (!comparesFiles())
            return;
        endFiles();
        m_b->share(m_a);
        emit failed(why);
        update();
    });
    connect(&m_a, &NetworkRunner::runFinished, this, &NetworkComparison::update);
    connect(m_b, &NetworkRunner::runFinished, this, &NetworkComparison::update);
    connect(m_b, &NetworkRunner::runFailed, this, &NetworkComparison::failed);
    connect(m_b, &NetworkRunner::busyChanged, this, [this] { emit busyChanged(isBusy()); });
}

NetworkComparison::~NetworkComparison() {
    if (m_cancel)
        m_cancel->store(true);
}

void NetworkComparison::endFiles() {
    if (m_fileB.isEmpty())
        return;
    m_fileB.clear();
    m_files.reset();
}

void NetworkComparison::openFileB(const QString &path) {
    if (path.isEmpty()) {
        if (!comparesFiles())
            return;
        endFiles();
        m_b->share(m_a);
        m_b->setText(QString());
        update();
        return;
    }
    m_fileB = path;
    m_files.reset();
    m_b->setText(QString()); // nothing of the old B while the file opens
    m_b->open(path);
    update();
}

void NetworkComparison::setTextB(const QString &text) {
    if (comparesFiles()) { // a typed sentence: back to comparing texts on A's model
        endFiles();
        m_b->share(m_a);
    }
    if (text == m_b->text())
        return;
    m_b->setText(text);
    if (text.isEmpty())
        update();
}

bool NetworkComparison::comparable() const {
    const attn::RunPtr a = runA(), b = runB();
    // Two files' comparison reads every head's weights whole: not of compact runs.
    return isActive() && a && b && a->ids.size() == b->ids.size() && !a->ids.empty() &&
           (!comparesFiles() || (!a->compact && !b->compact));
}

bool NetworkComparison::isBusy() const {
    return m_b->isBusy() || m_work > 0;
}

void NetworkComparison::setWork(int delta) {
    const bool was = isBusy();
    m_work += delta;
    if (isBusy() != was)
        emit busyChanged(isBusy());
}

template <typename R, typename Work, typename Use>
void NetworkComparison::read(Work work, Use use) {
    // Counted as busy until it is back; what comes back for an older pair of runs is dropped,
    // and a failure is said rather than used.
    const quint64 generation = m_generation;
    setWork(+1);
    onWorker<R>(this, std::move(work), [this, generation, use = std::move(use)](R r) {
        setWork(-1);
        if (generation != m_generation)
            return;
        if (!r.error.isEmpty()) {
            emit failed(r.error);
            return;
        }
        use(std::move(r));
    });
}

void NetworkComparison::cancelPatching() {
    if (m_cancel)
        m_cancel->store(true);
    m_cancel.reset();
}

void NetworkComparison::update() {
    if (runA() == m_seenA && runB() == m_seenB && isActive() == m_seenActive)
        return; // the same plain runs (A ablated, say): what was read of them stands
    m_seenA = runA();
    m_seenB = runB();
    m_seenActive = isActive();
    // New runs: what was read of the old pair goes, and is read again for this one.
    ++m_generation;
    cancelPatching();
    m_difference.reset();
    m_files.reset();
    m_patch.reset();
    m_all.clear();
    m_positions.clear();
    if (const attn::RunPtr a = runA(), b = runB();
        isActive() && a && b && (a->compact || b->compact) && comparesFiles())
        emit failed(tr("Comparing two files reads every head's weights whole: at %1 tokens the "
                       "runs do not keep them. Compare shorter texts.")
                        .arg(qlonglong((a->compact ? a : b)->ids.size())));
    if (comparable() && comparesFiles()) {
        struct Files {
            std::shared_ptr<const attn::RunComparison> files;
            QString error;
        };
        read<Files>(
            [a = runA(), b = runB()] {
                Files r;
                r.error = catching([&] {
                    r.files =
                        std::make_shared<const attn::RunComparison>(attn::compareRuns(*a, *b));
                });
                return r;
            },
            [this](Files r) {
                m_files = std::move(r.files);
                emit changed();
            });
    }
    if (comparable()) {
        struct Read {
            std::shared_ptr<const attn::RunDifference> difference;
            QString error;
        };
        // Long texts' runs are compact: each layer is recomputed, a block of queries at a time.
        read<Read>(
            [checkpoint = m_a.checkpoint(), a = runA(), b = runB()] {
                Read r;
                r.error = catching([&] {
                    const std::int64_t last = std::int64_t(a->ids.size()) - 1;
                    r.difference = std::make_shared<const attn::RunDifference>(
                        checkpoint ? attn::runDifference(*checkpoint, *a, *b, last, 5)
                                   : attn::runDifference(*a, *b, last, 5));
                });
                return r;
            },
            [this](Read r) {
                m_difference = std::move(r.difference);
                emit changed();
            });
    }
    emit changed();
}

void NetworkComparison::patch(int layer, int head) {
    const auto checkpoint = m_a.checkpoint();
    if (!comparable() || !checkpoint)
        return;
    read<Patched>(
        [checkpoint, a = runA(), b = runB(), layer, head] {
            Patched r;
            r.error = catching([&] {
                r.patch = patchOne(*checkpoint, a, b, attn::Intervention::patchHead(layer, head));
            });
            return r;
        },
        [this](Patched r) {
            m_patch = std::move(r.patch);
            emit patched();
        });
}

void NetworkComparison::patchAll() {
    const auto checkpoint = m_a.checkpoint();
    if (!comparable() || !checkpoint)
        return;
    cancelPatching();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto progress = std::make_shared<std::atomic<int>>(0);
    m_cancel = cancel;
    m_progress = progress;
    m_count = int(checkpoint->config().layers * checkpoint->config().heads);
    struct All {
        std::vector<std::vector<double>> fractions;
        QString error;
        bool cancelled = false;
    };
    read<All>(
        [checkpoint, a = runA(), b = runB(), cancel, progress] {
            All r;
            r.error = catching([&] {
                const attn::ModelConfig &c = checkpoint->config();
                r.fractions.assign(std::size_t(c.layers),
                                   std::vector<double>(std::size_t(c.heads),
                                                       std::numeric_limits<double>::quiet_NaN()));
                for (int l = 0; l < int(c.layers); ++l)
                    for (int h = 0; h < int(c.heads); ++h) {
                        if (*cancel) {
                            r.cancelled = true;
                            return;
                        }
                        r.fractions[std::size_t(l)][std::size_t(h)] =
                            patchOne(*checkpoint, a, b, attn::Intervention::patchHead(l, h))
                                .fraction;
                        ++*progress;
                    }
            });
            return r;
        },
        [this, cancel](All r) {
            if (r.cancelled || *cancel) // cancelled after the last run, too: nothing shows
                return;
            m_cancel.reset(); // done: nothing left to cancel
            m_all = std::move(r.fractions);
            emit patchedAll();
        });
}

void NetworkComparison::patchPositions() {
    const auto checkpoint = m_a.checkpoint();
    if (!comparable() || !checkpoint)
        return;
    cancelPatching();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto progress = std::make_shared<std::atomic<int>>(0);
    m_cancel = cancel;
    m_progress = progress;
    const int layers = int(checkpoint->config().layers), positions = int(runA()->ids.size());
    m_count = layers * positions;
    struct Positions {
        std::vector<std::vector<double>> fractions;
        QString error;
        bool cancelled = false;
    };
    read<Positions>(
        [checkpoint, a = runA(), b = runB(), cancel, progress, layers, positions] {
            Positions r;
            r.error = catching([&] {
                r.fractions.assign(std::size_t(positions),
                                   std::vector<double>(std::size_t(layers),
                                                       std::numeric_limits<double>::quiet_NaN()));
                for (int p = 0; p < positions; ++p)
                    for (int l = 0; l < layers; ++l) {
                        if (*cancel) {
                            r.cancelled = true;
                            return;
                        }
                        r.fractions[std::size_t(p)][std::size_t(l)] =
                            patchOne(*checkpoint, a, b, attn::Intervention::patchResidual(l, p))
                                .fraction;
                        ++*progress;
                    }
            });
            return r;
        },
        [this, cancel](Positions r) {
            if (r.cancelled || *cancel)
                return;
            m_cancel.reset();
            m_positions = std::move(r.fractions);
            emit positionsPatched();
        });
}

bool NetworkComparison::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return isBusy(); }, milliseconds);
}

} // namespace attn::ui
