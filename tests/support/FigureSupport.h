// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checks shared by the figure tests: is a file a real PNG/SVG/PDF, and what is in it.

#include <QByteArray>
#include <QImage>
#include <QRegularExpression>
#include <QString>
#include <QXmlStreamReader>

namespace testsupport {

struct SvgSummary {
    bool wellFormed = false;
    QString error;
    int paths = 0;
    int rects = 0;
    int lines = 0; // polyline, polygon, line
    int images = 0;
    QString text; // every text node, concatenated with spaces
};

inline SvgSummary readSvg(const QByteArray &bytes) {
    SvgSummary s;
    QXmlStreamReader xml(bytes);
    bool root = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (!root && xml.name() != QLatin1String("svg")) {
                s.error = "the root element is not <svg>";
                return s;
            }
            root = true;
            if (xml.name() == QLatin1String("path"))
                ++s.paths;
            else if (xml.name() == QLatin1String("rect"))
                ++s.rects;
            else if (xml.name() == QLatin1String("polyline") ||
                     xml.name() == QLatin1String("polygon") || xml.name() == QLatin1String("line"))
                ++s.lines;
            else if (xml.name() == QLatin1String("image"))
                ++s.images;
        } else if (xml.isCharacters() && !xml.isWhitespace()) {
            s.text += xml.text().toString() + " ";
        }
    }
    s.wellFormed = root && !xml.hasError();
    if (xml.hasError())
        s.error = xml.errorString();
    return s;
}

// The number of pages of a PDF written by QPdfWriter (its page objects are "/Type /Page").
inline int pdfPageCount(const QByteArray &bytes) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
    return int(QString::fromLatin1(bytes).count(page));
}

inline bool isPdf(const QByteArray &bytes) {
    return bytes.startsWith("%PDF-") && bytes.trimmed().endsWith("%%EOF");
}

inline bool isPng(const QByteArray &bytes) {
    return bytes.startsWith("\x89PNG\r\n\x1a\n");
}

// The most common colour in a small square around a point (robust to a stray pixel of text).
inline QRgb dominantColor(const QImage &image, QPoint centre, int radius = 2) {
    QHash<QRgb, int> counts;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = centre + QPoint(dx, dy);
            if (image.rect().contains(p))
                ++counts[image.pixel(p) | 0xff000000u];
        }
    QRgb best = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    return best;
}

} // namespace testsupport
