// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/ColorScale.h"

#include <QStringList>
#include <QWidget>

#include <memory>

namespace attn {
struct AttentionResult;
}

namespace attn::ui {

class Document;
class Recomputer;

// The heart of the program: the selected query's output row drawn as the convex combination
// of V's rows that makes it. One line per key: its weight as a bar, × its row of V, = the
// scaled row; then Σ: the weights add up to 1 and the scaled rows add up to the output row.
// Colours use one diverging scale for V, the scaled rows and the output, so sizes compare.
class CombinationView : public QWidget {
    Q_OBJECT
public:
    CombinationView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);
    // The title as drawn: the formula and, when the width allows, the sentence after it.
    QString shownTitle() const;

    int row() const { return m_row; }
    int head() const { return m_head; }
    // What is drawn: row `row()` of the weights, the rows of V they weigh (the result's own V,
    // not a copy) and their weighted sum, the output row. A key's weighted row a·v is taken
    // only for the keys drawn: at 4,096 keys, all of them cost every edit a millisecond.
    const Eigen::VectorXd &weights() const { return m_weights; }
    const attn::Matrix &values() const;
    const Eigen::RowVectorXd &sum() const { return m_sum; }
    // The keys drawn on lines of their own (all of them unless there are many, or as many of the
    // largest weights as fit the height; the others are folded into one "other keys" line so
    // the sum still holds and the Σ line stays in view).
    QList<int> shownKeys() const { return m_shown; }
    // What the "other keys" line says: how many keys it folds and the weight they carry
    // together; empty when every key has a line.
    QString omittedText() const;
    // The sentence under the Σ line: a convex combination, or, when every key of the query is
    // masked, that it has nothing to attend to and its output is 0 by convention.
    QString conclusion() const;
    bool rowFullyMasked() const { return m_fullyMasked; }
    // Where the Σ line is drawn at the current size (empty with no row selected).
    QRectF sumLineRect() const;
    void setColorMap(ColorMapId diverging);

    // Texts the last paint had to cut, for want of room even in their short forms; empty when
    // every one was drawn whole.
    QStringList cutTexts() const { return m_cut; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    static constexpr int kMaxShownKeys = 12;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Widths of the key names', the weight bar's and its number's columns at this font.
    struct Columns {
        int label = 0, track = 0, number = 0;
    };
    Columns columns() const;
    void refresh();
    void chooseShownKeys();
    int keyLinesThatFit() const;
    void paintCells(QPainter &p, const QRectF &rect, const Eigen::RowVectorXd &values,
                    bool numbers) const;

    Document *m_document;
    Recomputer *m_recomputer;
    std::shared_ptr<const attn::AttentionResult> m_result;
    Eigen::VectorXd m_weights;
    Eigen::RowVectorXd m_sum;
    QStringList m_keys;
    attn::TokenLabelCache m_keyLabels;
    QString m_query;
    QList<int> m_shown;
    int m_row = -1;
    bool m_fullyMasked = false; // every key of the selected query is masked: weights sum to 0
    bool m_columns = false;     // the document shows the column layout
    int m_head = 0;
    ColorLut m_lut{ColorMapId::RdBu};
    double m_range = 1; // colours span [−m_range, m_range]
    mutable QStringList m_cut;
};

} // namespace attn::ui
