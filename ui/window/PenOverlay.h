// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QPointF>
#include <QWidget>

class QAction;

namespace attn::ui {

// A pen over the whole window for a projector: circle a cell, draw an arrow from a weight to
// its row of V. A transparent child of the window, laid over everything; while drawing it takes
// the mouse (a drag draws a stroke, Shift+drag a straight arrow), otherwise the mouse goes
// through it to the window. Three colours (keys 1, 2, 3). Strokes stay while the view stays:
// clear() drops them (Esc, a lesson step, a resize of the window; the window decides, see
// WindowAssembler). Figures of the window leave it out unless asked (figure settings).
class PenOverlay : public QWidget {
    Q_OBJECT
public:
    explicit PenOverlay(QWidget *window);

    bool isDrawing() const { return m_drawing; }
    void setDrawing(bool on);
    bool hasStrokes() const { return !m_strokes.isEmpty(); }
    int strokeCount() const { return int(m_strokes.size()); }
    void clear();
    // Esc: clears the strokes if there are any, else puts the pen down if it is drawing; false
    // when it had nothing to do (Esc then does what it did before: leave presentation mode).
    bool escape();

    static QList<QColor> colors(); // red, blue, green: readable on either theme
    int colorIndex() const { return m_color; }
    void setColorIndex(int index);

    QAction *toggleAction() const { return m_toggle; }               // P, checkable
    QList<QAction *> colorActions() const { return m_colorActions; } // 1, 2, 3 while drawing

signals:
    void drawingChanged(bool drawing);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Stroke {
        QList<QPointF> points;
        QColor color;
        bool arrow = false; // a straight arrow from the first point to the last
    };
    void updateVisibility();
    static void drawStroke(class QPainter &painter, const Stroke &stroke, double width);

    QList<Stroke> m_strokes;
    bool m_drawing = false;
    bool m_pressed = false;
    int m_color = 0;
    QAction *m_toggle;
    QList<QAction *> m_colorActions;
};

} // namespace attn::ui
