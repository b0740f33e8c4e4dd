// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RefusalLabel.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTimer;

namespace attn::ui {

class CompactTableView;
class Document;
class TokenListModel;

// Edits the token labels (or the context tokens) as a one-row table, a token per column, with
// an inline message for refused labels (empty, too long).
class TokenEditor : public QWidget {
    Q_OBJECT
public:
    TokenEditor(Document *doc, bool context, QWidget *parent = nullptr);

    TokenListModel *model() const { return m_model; }
    QTableView *view() const;
    QString message() const; // "" when none is shown

signals:
    // A label was refused: the message, for the status bar.
    void refused(const QString &message);

private:
    void scheduleFit();
    void fitColumns();

    TokenListModel *m_model;
    CompactTableView *m_view;
    RefusalLabel *m_message;
    QTimer *m_fitTimer;
};

} // namespace attn::ui
