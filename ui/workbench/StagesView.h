#pragma once

#include "ColorScale.h"
#include "Derivation.h"
#include "ResultSnapshot.h"
#include "Stage.h"

#include <QElapsedTimer>
#include <QMap>
#include <QWidget>

#include <memory>

class Document;
class Recomputer;
class HeatmapView;
class QGridLayout;

// Every stage of the computation as a heatmap, updated live: Q, K, V; scores; logits; weights;
// the head output; with several heads (or a Wo) also the concatenation and the final output.
// Selecting a query row in any heatmap selects it everywhere (through the Document); clicking
// a logits cell masks or unmasks it.
class StagesView : public QWidget {
    Q_OBJECT
public:
    StagesView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    HeatmapView *view(attn::Stage stage) const { return m_views.value(stage); }
    // Places the row-combination panel beside the head output, where the eye goes next.
    void setCombinationView(QWidget *widget);
    QList<HeatmapView *> visibleViews() const;
    void setColorMaps(ColorMapId sequential, ColorMapId diverging);
    // Draws attention to these stages (a coloured frame) and dims the others; empty = none.
    // The lesson uses it to show what each step talks about.
    void setEmphasis(const QList<attn::Stage> &stages);
    QList<attn::Stage> emphasis() const { return m_emphasis; }
    // Scrolls the enclosing scroll area (if any) so this stage's heatmap is shown and gives it
    // the keyboard focus; false when the stage has no heatmap or it is hidden (concat with one
    // head). attnviz --focus STAGE.
    bool showStage(attn::Stage stage);
    // Nanoseconds the last result took to reach every visible heatmap (data + replot).
    qint64 lastDrawNanoseconds() const { return m_drawNs; }

signals:
    void drawn(double computeMilliseconds, double drawMilliseconds);
    // A click on a cell of any stage (after the selection it implies was applied), so views
    // that explain a product can follow: rows are queries except for K and V (keys).
    void cellActivated(attn::Stage stage, int row, int col);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Draws the snapshot in the document's layout (the column layout transposes what it shows).
    void showResult(const ResultSnapshot &snapshot, double computeMs);
    void updateSelection();
    void updateMinimumSizes();
    void onCellClicked(attn::Stage stage, int row, int col, Qt::KeyboardModifiers modifiers);
    bool isPerQuery(attn::Stage stage) const; // K and V are per key
    bool queriesAreRows() const;              // false in the column layout
    QString tooltip(attn::Stage stage, int row, int col) const;

    Document *m_document;
    Recomputer *m_recomputer;
    QGridLayout *m_grid;
    QMap<attn::Stage, HeatmapView *> m_views;
    ResultSnapshot m_snapshot; // the one drawn: its inputs label and explain its result
    QStringList m_queries, m_keys;
    qint64 m_drawNs = 0;
    QList<attn::Stage> m_emphasis;
    bool m_columnsShown = false; // the selection was last drawn as column highlights
};
