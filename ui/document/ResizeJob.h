// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Dimension.h"
#include "Initializer.h"
#include "MatrixId.h"

#include <QString>

#include <functional>
#include <memory>
#include <random>

namespace attn::ui {

// One resize of the document's inputs built on a worker thread: withDimension() at 4,096 tokens
// of 768 features draws three million random numbers (about 100 ms), too long for the GUI
// thread (Document::setDimension uses it for large resizes). Or a large matrix filled anew
// (Document::randomize and fill: the same three million numbers for X at that size). One at a
// time: start() and cancel() drop the result of a job still running (it is not waited for: it
// owns copies of all it reads, and reports to nobody once superseded or once this object is
// gone).
class ResizeJob {
public:
    struct Request {
        enum class Kind { Resize, Fill };
        Kind kind = Kind::Resize;
        Dimension dim = Dimension::Tokens; // Resize: to `value`
        int value = 0;
        Initializer init = Initializer::RandomNormal;
        std::mt19937 rng; // the new cells' random numbers start here
        MatrixId matrix;  // Fill: every cell of it from `init`
        QString text;     // its undo text
    };
    struct Outcome {
        std::shared_ptr<const attn::AttentionInputs> base;   // what it was built from
        std::shared_ptr<const attn::AttentionInputs> inputs; // null when it failed
        std::mt19937 rng;                                    // after the draws it took
        QString error;
    };
    using Done = std::function<void(Outcome outcome)>;

    // `done` is called on the GUI thread (queued) with the outcome of the latest job.
    explicit ResizeJob(Done done);
    ~ResizeJob();
    ResizeJob(const ResizeJob &) = delete;
    ResizeJob &operator=(const ResizeJob &) = delete;

    void start(std::shared_ptr<const attn::AttentionInputs> base, Request request);
    // `base` with matrix `id` (present in it) filled from `init`, as the job builds it: the
    // numbers initialMatrix() draws, as Document::fillNow does on the GUI thread for small
    // matrices (tests/ui/document/test_resize.cpp checks they agree).
    static attn::AttentionInputs filled(const attn::AttentionInputs &base, MatrixId id,
                                        Initializer init, std::mt19937 &rng);
    void cancel();
    bool isRunning() const { return m_running; }
    const Request &request() const { return m_request; }

private:
    struct Token {
        ResizeJob *job;
    };
    // Held weakly by the workers' reports: gone with this object, so none reaches it then.
    std::shared_ptr<Token> m_token;
    Done m_done;
    Request m_request;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace attn::ui
