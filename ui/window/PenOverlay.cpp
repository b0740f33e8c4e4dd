// SPDX-License-Identifier: GPL-3.0-or-later
#include "PenOverlay.h"

#include <QAction>
#include <QCoreApplication>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace attn::ui {

PenOverlay::PenOverlay(QWidget *window)
    : QWidget(window),
      m_toggle(new QAction(QCoreApplication::translate("PenOverlay", "&Pen"), this)) {
    setObjectName(QStringLiteral("penOverlay"));
    setAttribute(Qt::WA_TranslucentBackground);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setGeometry(window->rect());
    window->installEventFilter(this);
    hide();

    m_toggle->setObjectName(QStringLiteral("penToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setShortcut(QKeySequence(Qt::Key_P));
    m_toggle->setStatusTip(QCoreApplication::translate(
        "PenOverlay", "Draw over the window: circle a cell, Shift+drag for an arrow; 1, 2, 3 "
                      "change the colour, Esc clears"));
    connect(m_toggle, &QAction::toggled, this, &PenOverlay::setDrawing);
    const QStringList names{QCoreApplication::translate("PenOverlay", "Pen: &red"),
                            QCoreApplication::translate("PenOverlay", "Pen: &blue"),
                            QCoreApplication::translate("PenOverlay", "Pen: &green")};
    for (int i = 0; i < int(names.size()); ++i) {
        auto *a = new QAction(names[i], this);
        a->setShortcut(QKeySequence(Qt::Key(Qt::Key_1 + i)));
        a->setEnabled(false); // the number keys belong to the editors unless the pen is down
        connect(a, &QAction::triggered, this, [this, i] { setColorIndex(i); });
        m_colorActions << a;
    }
}

QList<QColor> PenOverlay::colors() {
    return {QColor(0xe0, 0x10, 0x10), QColor(0x10, 0x50, 0xf0), QColor(0x00, 0x9a, 0x30)};
}

void PenOverlay::setColorIndex(int index) {
    m_color = std::clamp(index, 0, int(colors().size()) - 1);
    update();
}

void PenOverlay::setDrawing(bool on) {
    if (on == m_drawing)
        return;
    m_drawing = on;
    m_pressed = false;
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(on);
    }
    for (QAction *a : std::as_const(m_colorActions))
        a->setEnabled(on);
    setAttribute(Qt::WA_TransparentForMouseEvents, !on);
    setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
    updateVisibility();
    update();
    emit drawingChanged(on);
}

void PenOverlay::clear() {
    if (m_strokes.isEmpty())
        return;
    m_strokes.clear();
    m_pressed = false;
    updateVisibility();
    update();
}

bool PenOverlay::escape() {
    if (hasStrokes()) {
        clear();
        return true;
    }
    if (m_drawing) {
        setDrawing(false);
        return true;
    }
    return false;
}

void PenOverlay::updateVisibility() {
    const bool shown = m_drawing || !m_strokes.isEmpty();
    if (shown) {
        setGeometry(parentWidget()->rect());
        raise();
    }
    setVisible(shown);
}

void PenOverlay::drawStroke(QPainter &painter, const Stroke &stroke, double width) {
    if (stroke.points.isEmpty())
        return;
    // A white edge under the colour, so a stroke shows on dark cells as on light ones.
    for (const auto &[color, w] :
         {std::pair{QColor(255, 255, 255, 200), width + 3.0}, std::pair{stroke.color, width}}) {
        painter.setPen(QPen(color, w, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        if (stroke.arrow) {
            const QPointF a = stroke.points.front(), b = stroke.points.back();
            painter.drawLine(a, b);
            const double angle = std::atan2(b.y() - a.y(), b.x() - a.x());
            const double head = 6 * width;
            for (double side : {-0.45, 0.45})
                painter.drawLine(b, b - QPointF(std::cos(angle + side), std::sin(angle + side)) *
                                            head);
        } else if (stroke.points.size() == 1) {
            painter.drawPoint(stroke.points.front());
        } else {
            QPainterPath path(stroke.points.front());
            for (qsizetype i = 1; i < stroke.points.size(); ++i)
                path.lineTo(stroke.points[i]);
            painter.drawPath(path);
        }
    }
}

void PenOverlay::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const double width = std::max(4.0, font().pointSizeF() / 2.5);
    for (const Stroke &s : std::as_const(m_strokes))
        drawStroke(painter, s, width);
    if (m_drawing) {
        // A thin frame in the pen's colour says the mouse draws now.
        painter.setPen(QPen(colors()[m_color], 3));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
    }
}

void PenOverlay::mousePressEvent(QMouseEvent *event) {
    if (!m_drawing || event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    m_pressed = true;
    m_strokes.append(
        {{event->position()}, colors()[m_color], bool(event->modifiers() & Qt::ShiftModifier)});
    update();
}

void PenOverlay::mouseMoveEvent(QMouseEvent *event) {
    if (!m_pressed || m_strokes.isEmpty())
        return;
    Stroke &s = m_strokes.last();
    if (s.arrow && s.points.size() > 1)
        s.points.last() = event->position();
    else
        s.points.append(event->position());
    update();
}

void PenOverlay::mouseReleaseEvent(QMouseEvent *event) {
    if (m_pressed)
        mouseMoveEvent(event);
    m_pressed = false;
}

bool PenOverlay::eventFilter(QObject *watched, QEvent *event) {
    // The window's size changed: the strokes no longer lie over what they marked.
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        setGeometry(parentWidget()->rect());
        clear();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace attn::ui
