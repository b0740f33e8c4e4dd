// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "headreadings/InterpretationTerms.h"
#include "heatmap/ColorScale.h"

#include <QList>
#include <QStringList>
#include <QWidget>

namespace attn::ui {

// Draws a sum of terms (the dot, row and column views): one line per term — its label, its
// coefficient, ×, its vector, =, the scaled vector — then the partial sum of the revealed terms
// and the part of P it must equal. In the column view (Vertical) the same pieces stand up:
// vectors are columns and the terms stand side by side. Terms not revealed yet (an animation in
// progress) are drawn faded, the current one on a highlighted band. With many terms at most
// kMaxShownTerms are drawn individually and the others are folded into one line with their sum,
// so a 1024-term sum draws as fast as a 4-term one and the sum still visibly adds up.
class TermsWidget : public QWidget {
    Q_OBJECT
public:
    explicit TermsWidget(QWidget *parent = nullptr);

    void setTerms(InterpretationTerms terms);
    const InterpretationTerms &terms() const { return m_terms; }
    void setRevealed(int count); // how many terms are revealed, clamped to 0..termCount
    int revealed() const { return m_revealed; }
    bool isComplete() const { return m_revealed >= m_terms.termCount(); }
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);

    static constexpr int kMaxShownTerms = 16;

    // One drawn line: a term, or several folded into one.
    struct Line {
        enum Kind { Term, FoldedBefore, FoldedAfter, FoldedOthers };
        Kind kind = Term;
        int term = -1;       // Term: its index; folded: the first folded index
        int count = 1;       // how many terms the line stands for
        attn::RowVector sum; // Σ of their scaled vectors (not for FoldedAfter: not revealed)
        double coefficientSum = 0;
        double running = 0; // dot product: the running sum after this line, as drawn
    };
    const QList<Line> &lines() const { return m_lines; }

    // Texts the last paint had to cut short (the term labels, headers and sums fit unless a
    // token name is longer than the label column's limit).
    const QStringList &clippedTexts() const { return m_clippedTexts; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    enum Segment { Label, Coef, Times, Vector, Equals, Scaled, Running, SegmentCount };
    struct Geometry {
        double start[SegmentCount] = {};
        double length[SegmentCount] = {};
        double headerStart = 0, headerLength = 0;     // header line / header column
        double elementsStart = 0, elementsLength = 0; // element labels (0 = none)
        double linesStart = 0, thickness = 0;
    };
    Geometry geometry() const;
    QRectF place(const Geometry &g, Segment s, double across, double acrossLength) const;
    bool horizontal() const { return m_terms.orientation == Qt::Horizontal; }
    bool dot() const { return m_terms.mode == InterpretationMode::Dot; }
    double labelLength() const;
    double headerLength(const QString &header) const;
    double vectorLength() const;
    QString elided(QPainter &p, const QString &text, double width);
    void rebuildLines();
    void buildLines();
    void paintHeader(QPainter &p, const Geometry &g);
    void paintLine(QPainter &p, const Geometry &g, double across, const Line &line);
    void paintTotals(QPainter &p, const Geometry &g, double across);
    double noteHeight() const;
    void paintCoefficient(QPainter &p, const QRectF &rect, double value, double opacity);

    InterpretationTerms m_terms;
    int m_revealed = 0;
    QList<Line> m_lines;
    ColorLut m_diverging{ColorMapId::RdBu};
    ColorLut m_sequential{ColorMapId::Viridis};
    ValueRange m_sumRange, m_factorRange, m_coefRange;
    QFont m_numberFont;
    QStringList m_clippedTexts;
};

} // namespace attn::ui
