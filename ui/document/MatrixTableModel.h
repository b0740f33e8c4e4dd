// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DocumentChange.h"
#include "MatrixId.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace attn::ui {

class Document;

// A table onto one matrix of the Document. Editing never writes the matrix: setData parses the
// text and asks Document::setCell, whose undo command changes the document; the model hears of
// it through Document::changed like every other view (so undo updates it the same way).
// Wq/Wk/Wv follow the document's current head unless setFollowCurrentHead(false).
//
// In the column layout the table shows the transposed matrix, as the article writes the inputs
// (Xᵀ: tokens as columns; Wqᵀ: d_k × p): table cell (r, c) is document cell (c, r), and every
// edit goes to that document cell. toDocument/fromDocument translate for the editors.
class MatrixTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    MatrixTableModel(Document *doc, MatrixId id, QObject *parent = nullptr);

    MatrixId matrixId() const { return m_id; }
    bool followsCurrentHead() const { return m_followHead; }
    void setFollowCurrentHead(bool follow);
    Document *document() const { return m_doc; }
    // Whether the table shows the matrix transposed (the document's column layout).
    bool isTransposed() const { return m_transposed; }
    // A table cell (x = column, y = row) or rectangle as the document's, and back.
    QPoint toDocument(int row, int column) const;
    QRect toDocument(const QRect &cells) const;
    QModelIndex fromDocument(int row, int column) const;
    // The table's title name: "X", "Xᵀ", "Wqᵀ of head 1".
    QString shownName() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    // DisplayRole: compact text ("0.3333"); EditRole: the double; ToolTipRole: the exact value.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    // Rows of X and of the context are labelled with their tokens, everything else by index.
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // Accepts a double or text (C locale, then the user's locale). Refusals emit editRefused.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    // e.g. "“abc” is not a number — the cell keeps 1".
    void editRefused(const QString &message);
    void editAccepted();

private:
    void onChanged(const DocumentChange &change);
    void onCurrentHeadChanged(int head);
    void onLayoutChanged();
    // Brings the cached shape to the matrix's, with insert/remove notifications (so the view
    // keeps its current cell), then repaints everything.
    void syncShape();
    bool hasTokens() const; // X and the context: one of the axes is the tokens
    Qt::Orientation tokenHeaders() const;
    QSize shownShape() const; // columns × rows of the table for the matrix now

    QPointer<Document> m_doc;
    MatrixId m_id;
    bool m_followHead = true;
    bool m_transposed = false;
    int m_rows = 0, m_cols = 0; // the shape the views were last told about
};

} // namespace attn::ui
