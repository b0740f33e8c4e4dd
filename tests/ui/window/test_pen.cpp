// SPDX-License-Identifier: GPL-3.0-or-later
// The pen in presentation mode: P puts it down, a drag draws (the pixels change), 1/2/3 change
// the colour, Shift+drag draws an arrow, Esc clears the strokes before it leaves presentation
// mode, a lesson step and a resize drop them, outside presentation mode P does nothing, and a
// figure of the window includes the strokes only when asked. Run with --screenshots DIR for the
// pictures.

#include "document/Recomputer.h"
#include "figures/FigureExport.h"
#include "lesson/LessonPanel.h"
#include "support/SessionSupport.h"
#include "window/PenOverlay.h"
#include "window/Presentation.h"
#include "window/WindowAssembler.h"

#include <QApplication>
#include <QMainWindow>
#include <QMouseEvent>
#include <QtTest>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

namespace {

// A drag with the left button held, as the mouse sends it, in the overlay's coordinates.
void drag(QWidget *target, const QList<QPoint> &points, Qt::KeyboardModifiers modifiers = {}) {
    auto send = [&](QEvent::Type type, QPoint p, Qt::MouseButton button, Qt::MouseButtons held) {
        QMouseEvent event(type, QPointF(p), QPointF(target->mapToGlobal(p)), button, held,
                          modifiers);
        QApplication::sendEvent(target, &event);
    };
    send(QEvent::MouseButtonPress, points.front(), Qt::LeftButton, Qt::LeftButton);
    for (const QPoint &p : points.mid(1))
        send(QEvent::MouseMove, p, Qt::NoButton, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, points.back(), Qt::LeftButton, Qt::NoButton);
}

// A circle of 16 points around `centre`.
QList<QPoint> circle(QPoint centre, int radius) {
    QList<QPoint> points;
    for (int k = 0; k <= 16; ++k) {
        const double a = k * 2 * M_PI / 16;
        points << centre + QPoint(int(radius * std::cos(a)), int(radius * std::sin(a)));
    }
    return points;
}

int differingPixels(const QImage &a, const QImage &b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB32),
                 y = b.convertToFormat(QImage::Format_RGB32);
    if (x.size() != y.size())
        return -1;
    int n = 0;
    for (int r = 0; r < x.height(); ++r)
        for (int c = 0; c < x.width(); ++c)
            n += x.pixel(c, r) != y.pixel(c, r) ? 1 : 0;
    return n;
}

// A window in presentation mode at 1024×768 that has settled.
void present(WindowAssembler &wb) {
    QMainWindow &w = wb.window();
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    wb.presentation().setActive(true);
    w.setGeometry(QRect(0, 0, 1024, 768));
    wb.recomputer().recomputeNow();
    QTest::qWait(200);
}

} // namespace

class TestPen : public QObject {
    Q_OBJECT
private slots:
    void drawsAndEscClears() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        present(wb);
        PenOverlay &pen = wb.pen();
        const QImage before = w.grab().toImage();
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(pen.isDrawing());
        QVERIFY(pen.isVisible());
        QCOMPARE(pen.geometry(), w.rect());
        drag(&pen, circle(QPoint(400, 300), 40));
        QCOMPARE(pen.strokeCount(), 1);
        QTest::keyClick(&w, Qt::Key_2); // blue
        QCOMPARE(pen.colorIndex(), 1);
        drag(&pen, {QPoint(200, 500), QPoint(300, 520), QPoint(600, 550)}, Qt::ShiftModifier);
        QCOMPARE(pen.strokeCount(), 2);
        const QImage drawn = w.grab().toImage();
        QVERIFY(differingPixels(before, drawn) > 200);
        // The circle's red is on the circle, the arrow's blue at its end.
        const QColor onCircle = drawn.pixelColor(QPoint(440, 300) * drawn.devicePixelRatio());
        QVERIFY2(onCircle.red() > 150 && onCircle.green() < 100, qPrintable(onCircle.name()));
        const QColor atArrow = drawn.pixelColor(QPoint(600, 550) * drawn.devicePixelRatio());
        QVERIFY2(atArrow.blue() > 150 && atArrow.red() < 100, qPrintable(atArrow.name()));

        // Esc: the strokes go first, then the pen, then presentation mode.
        QTest::keyClick(&w, Qt::Key_Escape);
        QCOMPARE(pen.strokeCount(), 0);
        QVERIFY(pen.isDrawing());
        QVERIFY(wb.presentation().isActive());
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!pen.isDrawing());
        QVERIFY(!pen.isVisible());
        QVERIFY(wb.presentation().isActive());
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!wb.presentation().isActive());
    }

    void pTogglesOnlyInPresentationMode() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(!wb.pen().isDrawing()); // the editing mode keeps P for its widgets
        QVERIFY(!wb.pen().toggleAction()->isEnabled());
        wb.presentation().setActive(true);
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(wb.pen().isDrawing());
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(!wb.pen().isDrawing());
        QTest::keyClick(&w, Qt::Key_P);
        drag(&wb.pen(), circle(QPoint(300, 300), 30));
        QVERIFY(wb.pen().hasStrokes());
        wb.presentation().setActive(false); // leaving puts the pen down and drops the strokes
        QVERIFY(!wb.pen().isDrawing());
        QVERIFY(!wb.pen().hasStrokes());
    }

    void strokesStayWhileTheViewStays() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        present(wb);
        PenOverlay &pen = wb.pen();
        pen.setDrawing(true);
        drag(&pen, circle(QPoint(300, 300), 30));
        QTest::qWait(50);
        QCOMPARE(pen.strokeCount(), 1); // nothing else drops them
        wb.lesson().start();            // a lesson step: what they marked moved
        QCOMPARE(pen.strokeCount(), 0);
        drag(&pen, circle(QPoint(300, 300), 30));
        QCOMPARE(pen.strokeCount(), 1);
        w.resize(1000, 700);
        QTRY_COMPARE(pen.strokeCount(), 0);
        QCOMPARE(pen.geometry(), w.rect());
    }

    void figuresIncludeStrokesWhenAsked() {
        WindowAssembler wb;
        QMainWindow &w = wb.window();
        present(wb);
        wb.pen().setDrawing(true);
        drag(&wb.pen(), circle(QPoint(500, 400), 60));
        wb.pen().setDrawing(false); // the strokes stay, the frame of the drawing pen goes
        QVERIFY(wb.pen().hasStrokes());
        FigureOptions without;
        FigureOptions with;
        with.penStrokes = true;
        QString error;
        const QImage a = QImage::fromData(widgetFigureBytes(&w, without, &error));
        QVERIFY2(!a.isNull(), qPrintable(error));
        const QImage b = QImage::fromData(widgetFigureBytes(&w, with, &error));
        QVERIFY2(!b.isNull(), qPrintable(error));
        QVERIFY(differingPixels(a, b) > 100);
        const QColor red = b.pixelColor(QPoint(560, 400));
        QVERIFY2(red.red() > 150 && red.green() < 100, qPrintable(red.name()));
        QVERIFY(wb.pen().isVisible()); // shown again after the figure
    }
};

static int screenshots(const QString &dir) {
    WindowAssembler wb;
    QMainWindow &w = wb.window();
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return 1;
    wb.presentation().setActive(true);
    QTest::qWait(400);
    w.setGeometry(QRect(0, 0, 1024, 768));
    QTest::qWait(600);
    PenOverlay &pen = wb.pen();
    pen.setDrawing(true);
    drag(&pen, circle(QPoint(330, 250), 35));
    pen.setColorIndex(1);
    drag(&pen, {QPoint(360, 280), QPoint(520, 420)}, Qt::ShiftModifier);
    pen.setColorIndex(2);
    drag(&pen, {QPoint(600, 120), QPoint(640, 140), QPoint(700, 125), QPoint(760, 150)});
    QTest::qWait(200);
    w.grab().save(dir + "/pen-presentation-1024x768.png");
    return 0;
}

int main(int argc, char **argv) {
    testsupport::isolate("test_pen");
    QApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], "--screenshots") == 0)
        return screenshots(QString::fromLocal8Bit(argv[2]));
    TestPen test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_pen.moc"
