// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProductBuilder.h"

#include "WorkerPool.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QThreadPool>

namespace attn::ui {

namespace {

QStringList labelsOf(const std::vector<std::string> &tokens) {
    QStringList out;
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

std::shared_ptr<const InterpretedProduct> build(const ResultSnapshot &snapshot, attn::Layout layout,
                                                int head, Product product) {
    const attn::AttentionInputs &inputs = *snapshot.inputs; // the result's own tokens
    return std::make_shared<const InterpretedProduct>(
        interpretProduct(*snapshot.result, layout, head, product, labelsOf(inputs.tokens),
                         labelsOf(inputs.sourceTokens())));
}

} // namespace

std::shared_ptr<const InterpretedProduct> ProductBuilder::request(const ResultSnapshot &snapshot,
                                                                  attn::Layout layout, int head,
                                                                  Product product) {
    const quint64 generation = ++m_generation;
    double cells = 0;
    for (const attn::HeadResult &h : snapshot.result->heads)
        cells = std::max(cells, double(h.queryCount()) * double(h.keyCount()));
    if (cells <= kLargeCells) {
        m_building = false;
        return build(snapshot, layout, head, product);
    }
    m_building = true;
    using Built = std::shared_ptr<const InterpretedProduct>;
    auto promise = std::make_shared<QPromise<Built>>();
    auto *watcher = new QFutureWatcher<Built>(this);
    watcher->setFuture(promise->future());
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || watcher->future().resultCount() == 0)
            return; // a newer request is on its way
        m_building = false;
        emit built(watcher->future().result());
    });
    promise->start();
    // The task holds the snapshot (immutable, shared) and its promise, nothing of the window.
    attn::workerPool().start([snapshot, layout, head, product, promise] {
        try {
            promise->addResult(build(snapshot, layout, head, product));
        } catch (const std::bad_alloc &) {
            // Nothing arrives: the view keeps the product it shows.
        }
        promise->finish();
    });
    return nullptr;
}

} // namespace attn::ui
