// SPDX-License-Identifier: GPL-3.0-or-later
// attnviz_render_icon SVG PNG SIZE: draws the application's scalable icon as a SIZE×SIZE PNG.
// The build runs it for each size the hicolor theme gets (packaging/CMakeLists.txt), so the
// PNGs always match packaging/attnviz.svg, the one drawing of the icon.

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char **argv) {
    // A build machine has no display: QSvgRenderer needs only a QGuiApplication, not a screen.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    bool ok = args.size() == 4;
    const int size = ok ? args[3].toInt(&ok) : 0;
    if (!ok || size < 8 || size > 1024) {
        std::fprintf(stderr, "usage: attnviz_render_icon SVG PNG SIZE (8..1024)\n");
        return 2;
    }
    QSvgRenderer renderer(args[1]);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "attnviz_render_icon: cannot read %s\n", qPrintable(args[1]));
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        renderer.render(&painter, QRectF(0, 0, size, size));
    }
    if (!image.save(args[2], "PNG")) {
        std::fprintf(stderr, "attnviz_render_icon: cannot write %s\n", qPrintable(args[2]));
        return 1;
    }
    return 0;
}
