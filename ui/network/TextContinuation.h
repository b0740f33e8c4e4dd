// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

namespace attn::ui {

class NetworkDocument;
class NetworkRunner;

// The model writes (issue 42): Continue appends the model's most probable next token (greedy,
// the smaller id on a tie, with the interventions in force) to the document's text, and the
// runner grows its run by that token's row with its KV cache (NetworkRunner::appendToken: one
// position of work, the earlier positions' keys and values reused), so the overview grows a row
// per token; where the cache does not apply (a mean ablation, a patch, an edited head, a long
// text) the longer text runs whole instead, and cacheRefused() says why. Continue 10 repeats
// that, a token per finished step. Each step is the runner's, on its worker: the window never
// waits, and a Stop (or typing in the text box) ends it between two tokens. The token's text is
// what the tokenizer decodes of the ids with it minus without it, so a space or a byte-level piece
// comes out as the model wrote it. A token the text cannot hold (one outside the tokenizer's
// vocabulary, a piece of a character) stops it with a message. No widgets: the model view's
// buttons drive it.
class TextContinuation : public QObject {
    Q_OBJECT
public:
    // The controller runs the document's text on `runner`; both outlive this.
    TextContinuation(NetworkRunner &runner, NetworkDocument &document, QObject *parent = nullptr);

    // Appends `tokens` tokens, one a run; ignored while a continuation is under way.
    void start(int tokens);
    // Ends it after the token being run (the text keeps what was written).
    void stop();
    bool isActive() const { return m_total > 0; }
    int done() const { return m_done; }
    int total() const { return m_total; }
    // Why the last token's run was whole instead of grown with the KV cache ("" when it grew).
    QString cacheRefused() const { return m_refused; }
    // Works the event loop until the continuation and its last run are over.
    bool waitUntilIdle(int milliseconds = 60000);

signals:
    void activeChanged(bool active);
    void progress(int done, int total);
    // Why it stopped early: a model that predicts no next token, a full context, a token
    // without text.
    void failed(const QString &message);

private:
    void step();
    void finish();

    NetworkRunner &m_runner;
    NetworkDocument &m_document;
    QString m_expected; // the text the last step wrote: another one means the user typed
    int m_done = 0, m_total = 0;
    QString m_refused;
};

} // namespace attn::ui
