// SPDX-License-Identifier: GPL-3.0-or-later
#include "TextContinuation.h"

#include "InputError.h"
#include "NetworkDocument.h"
#include "NetworkRunner.h"
#include "WorkerTask.h"
#include "checkpoint/Checkpoint.h"

namespace attn::ui {

TextContinuation::TextContinuation(NetworkRunner &runner, NetworkDocument &document,
                                   QObject *parent)
    : QObject(parent), m_runner(runner), m_document(document) {
    connect(&m_runner, &NetworkRunner::runFinished, this, &TextContinuation::step);
    connect(&m_runner, &NetworkRunner::runFailed, this, [this](const QString &message) {
        if (!isActive())
            return;
        finish();
        emit failed(message);
    });
    connect(&m_runner, &NetworkRunner::opened, this, &TextContinuation::stop);
}

void TextContinuation::start(int tokens) {
    if (isActive() || tokens <= 0 || !m_runner.isOpen())
        return;
    m_total = tokens;
    m_done = 0;
    m_refused.clear();
    m_expected = m_document.text();
    emit activeChanged(true);
    emit progress(0, m_total);
    step();
}

void TextContinuation::stop() {
    if (isActive())
        finish();
}

void TextContinuation::finish() {
    m_total = 0;
    m_done = 0;
    emit activeChanged(false);
}

void TextContinuation::step() {
    if (!isActive())
        return;
    if (m_document.text() != m_expected) {
        finish(); // typed over: the user writes now
        return;
    }
    const NetworkRunner::Outcome &o = m_runner.outcome();
    if (m_runner.isBusy() || o.text != m_expected)
        return; // the run of the text is on its way: runFinished comes back here
    if (m_done >= m_total) {
        finish();
        return;
    }
    const auto checkpoint = m_runner.checkpoint();
    const auto tokenizer = m_runner.tokenizer();
    const auto fail = [this](const QString &message) {
        finish();
        emit failed(message);
    };
    if (!o.run)
        return fail(tr("Type a text first: the model continues it."));
    if (!checkpoint || !tokenizer || !checkpoint->config().decoder() || o.run->logits.cols() == 0)
        return fail(tr("This model does not predict a next token: there is nothing to continue."));
    if (std::int64_t(o.run->ids.size()) >= checkpoint->config().maxPositions)
        return fail(tr("The text fills the model's %1 positions: it cannot continue.")
                        .arg(checkpoint->config().maxPositions));
    // Greedy, as attn::generate chooses: the first largest logit after the last token.
    Eigen::Index next = 0;
    o.run->logits.row(o.run->logits.rows() - 1).maxCoeff(&next);
    std::vector<int> ids(o.run->ids.begin(), o.run->ids.end());
    QString piece;
    const QString error = catching([&] {
        const QString before = tokenizer->decode(ids);
        ids.push_back(int(next));
        const QString after = tokenizer->decode(ids);
        piece =
            after.startsWith(before) ? after.mid(before.size()) : tokenizer->decode({int(next)});
    });
    if (!error.isEmpty()) // a model's vocabulary can be larger than its tokenizer's
        return fail(
            tr("The next token, id %1, cannot be written as text: %2").arg(next).arg(error));
    if (piece.isEmpty())
        return fail(tr("The next token (id %1) has no text to append.").arg(next));
    // A byte-level token can be a piece of a character (an emoji's first bytes): the text box
    // holds characters, and the replacement character would run as other tokens.
    if (piece.contains(QChar::ReplacementCharacter))
        return fail(tr("The next token (id %1) is part of a character split over several "
                       "tokens: a text cannot hold it alone, so Continue stops here.")
                        .arg(next));
    m_expected += piece;
    ++m_done;
    // The runner grows its run by the token with its KV cache, its text already the longer one,
    // so the document's new text (below) is not run again. When the cache cannot (a mean
    // ablation, a patch, a long text), the controller runs the longer text whole.
    m_refused.clear();
    if (!m_runner.appendToken(std::int64_t(next), piece, &m_refused) && m_refused.isEmpty())
        m_refused = tr("the KV cache was not used");
    m_document.setText(m_expected); // runFinished comes back here
    emit progress(m_done, m_total); // after: a text typed in answer is the newer one
}

bool TextContinuation::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return isActive() || m_runner.isBusy(); }, milliseconds);
}

} // namespace attn::ui
