// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResizeJob.h"

#include "InputError.h"
#include "InputsMatrix.h"
#include "WorkerPool.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <new>

namespace attn::ui {

attn::AttentionInputs ResizeJob::filled(const attn::AttentionInputs &base, MatrixId id,
                                        Initializer init, std::mt19937 &rng) {
    attn::AttentionInputs after = base;
    attn::Matrix *m = matrixIn(after, id);
    *m = initialMatrix(m->rows(), m->cols(), init, rng);
    // The heads of a key/value group share Wk and Wv: the fill is the whole group's.
    if (id.stage == attn::Stage::Wk || id.stage == attn::Stage::Wv)
        for (std::size_t h : attn::kvGroupMembers(after, std::size_t(id.head)))
            if (int(h) != id.head)
                *matrixIn(after, {id.stage, int(h)}) = *m;
    return after;
}

ResizeJob::ResizeJob(Done done)
    : m_token(std::make_shared<Token>(Token{this})), m_done(std::move(done)) {}

ResizeJob::~ResizeJob() = default;

void ResizeJob::cancel() {
    ++m_generation; // a job still running reports to nobody
    m_running = false;
}

void ResizeJob::start(std::shared_ptr<const attn::AttentionInputs> base, Request request) {
    const quint64 generation = ++m_generation;
    m_request = request;
    m_running = true;
    const std::weak_ptr<Token> token = m_token;
    attn::workerPool().start([token, generation, base = std::move(base),
                              request = std::move(request)]() mutable {
        Outcome out;
        out.base = base;
        try {
            attn::AttentionInputs after =
                request.kind == Request::Kind::Fill
                    ? filled(*base, request.matrix, request.init, request.rng)
                    : withDimension(*base, request.dim, request.value, request.init, request.rng);
            attn::shareKeyValueGroups(after); // e.g. each grouped head filled on its own
            attn::validateOnAllCores(after);
            out.inputs = std::make_shared<const attn::AttentionInputs>(std::move(after));
            out.rng = request.rng;
        } catch (const attn::InputError &e) {
            out.error = QString::fromStdString(e.what());
        } catch (const std::bad_alloc &) {
            out.error = QCoreApplication::translate("Document", "not enough memory for that size");
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [token, generation, out = std::move(out)]() mutable {
                const std::shared_ptr<Token> t = token.lock();
                if (!t || t->job->m_generation != generation)
                    return; // superseded, cancelled or gone
                t->job->m_running = false;
                t->job->m_done(std::move(out));
            },
            Qt::QueuedConnection);
    });
}

} // namespace attn::ui
