// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;

namespace attn::ui {

class Document;
class BiasEditor;
class MatrixEditor;
class TokenEditor;
struct DocumentChange;

// Every input the user types: tokens, X, the current head's Wq/Wk/Wv, Wo when there is one, and
// the context with its tokens when cross-attention is on. Observes the Document and shows or
// hides those sections itself.
class InputsPanel : public QWidget {
    Q_OBJECT
public:
    explicit InputsPanel(Document *doc, QWidget *parent = nullptr);

    TokenEditor *tokenEditor() const { return m_tokens; }
    TokenEditor *contextTokenEditor() const { return m_contextTokens; }
    MatrixEditor *xEditor() const { return m_x; }
    MatrixEditor *contextEditor() const { return m_context; }
    MatrixEditor *wqEditor() const { return m_wq; }
    MatrixEditor *wkEditor() const { return m_wk; }
    MatrixEditor *wvEditor() const { return m_wv; }
    MatrixEditor *woEditor() const { return m_wo; }
    BiasEditor *biasEditor() const { return m_biases; }

signals:
    // Any of its editors refused an entry (the window shows it in the status bar).
    void refused(const QString &message);

private:
    void updateSections();

    Document *m_doc;
    TokenEditor *m_tokens;
    TokenEditor *m_contextTokens;
    MatrixEditor *m_x;
    MatrixEditor *m_context;
    MatrixEditor *m_wq;
    MatrixEditor *m_wk;
    MatrixEditor *m_wv;
    MatrixEditor *m_wo;
    BiasEditor *m_biases;
    QLabel *m_contextCaption;
    QLabel *m_headCaption;
};

} // namespace attn::ui
