// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace attn::ui {

class Document;

// The biases of the current head (bq, bk, bv: one row each, one column per feature) and the
// output projection's bo, as GPT-2, BERT and Qwen2 heads taken apart have them. Shown only
// when the inputs have a bias; every cell is editable, an edit is one undo step
// (Document::setBias), and a refused value says why (refused()) and shows the document's again.
class BiasEditor : public QWidget {
    Q_OBJECT
public:
    explicit BiasEditor(Document *document, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }

signals:
    void refused(const QString &message);

private:
    void refresh();
    void commit(int row, int col);

    Document *m_doc;
    QLabel *m_caption;
    QTableWidget *m_table;
    QList<char> m_rows; // which bias each row shows: 'q', 'k', 'v' or 'o'
    bool m_filling = false;
};

} // namespace attn::ui
