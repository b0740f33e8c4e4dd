// SPDX-License-Identifier: GPL-3.0-or-later
#include "Worksheet.h"

#include "Attention.h"
#include "InputError.h"
#include "headreadings/TokenLabels.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QHashFunctions>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTextDocument>

namespace attn::ui {

namespace {

// QPdfWriter stamps the time of writing (/CreationDate, the XMP dates) and a random document id
// (the XMP uuids, the trailer's /ID) into every file. Each is overwritten in place with a fixed
// value of the same length, so the cross-reference offsets stay right.
void makeDeterministic(QByteArray &pdf) {
    auto fill = [&pdf](const QRegularExpression &pattern, auto replacement) {
        const QString latin = QString::fromLatin1(pdf);
        auto it = pattern.globalMatch(latin);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QByteArray fixed = replacement(m.captured(0)).toLatin1();
            pdf.replace(m.capturedStart(0), fixed.size(), fixed);
        }
    };
    // D:20261126193012+01'00' and 2026-11-26T19:30:12+01:00
    fill(QRegularExpression("D:\\d{14}"),
         [](const QString &) { return QString("D:20000101000000"); });
    fill(QRegularExpression("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d"),
         [](const QString &) { return QString("2000-01-01T00:00:00"); });
    // Time zones: Z, +hh'mm' or +hh:mm, set to +00.
    fill(QRegularExpression("(?<=D:20000101000000)[+-]\\d\\d'\\d\\d'?"), [](const QString &s) {
        QString z = s;
        for (QChar &c : z)
            if (c.isDigit())
                c = '0';
        z[0] = '+';
        return z;
    });
    fill(QRegularExpression("(?<=2000-01-01T00:00:00)[+-]\\d\\d:\\d\\d"),
         [](const QString &) { return QString("+00:00"); });
    fill(QRegularExpression(
             "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"),
         [](const QString &s) { return QString(s.size(), '0'); });
    fill(QRegularExpression("(?<=/ID \\[)[^\\]]*"), [](const QString &s) {
        QString z = s;
        for (QChar &c : z)
            if (c.isLetterOrNumber())
                c = '0';
        return z;
    });
}

QString plain(const QString &html) {
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText();
}

// Draws rich text blocks top to bottom over pages, a new page when one does not fit.
class PageWriter {
public:
    PageWriter(QPdfWriter &pdf, QPainter &painter) : m_pdf(pdf), m_painter(painter) {
        m_width = pdf.width();
        m_height = pdf.height();
        m_pages = 1;
    }
    int pages() const { return m_pages; }
    double width() const { return m_width; }

    // The height `html` takes at the page's width.
    double measure(QTextDocument &doc, const QString &html, double pointSize) const {
        doc.documentLayout()->setPaintDevice(&m_pdf);
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPointSizeF(pointSize);
        doc.setDefaultFont(font);
        doc.setDocumentMargin(0);
        doc.setHtml(html);
        doc.setTextWidth(m_width);
        return doc.size().height();
    }
    void text(const QString &html, double pointSize, double spaceAfter, double keepWith = 0) {
        QTextDocument doc;
        const double h = measure(doc, html, pointSize);
        if (m_y > 0 && m_y + h + keepWith > m_height)
            newPage();
        m_painter.save();
        m_painter.translate(0, m_y);
        doc.drawContents(&m_painter);
        m_painter.restore();
        m_y += h + spaceAfter * dots();
    }
    // Room to write: a framed box with faint lines.
    void box(double millimetres) {
        const double h = millimetres / 25.4 * m_pdf.resolution();
        if (m_y + h > m_height)
            newPage();
        m_painter.save();
        m_painter.setPen(QPen(QColor(0xb0, 0xb0, 0xb0), 0.3 * dots()));
        const double line = 8 / 25.4 * m_pdf.resolution();
        for (double y = m_y + line; y < m_y + h - 1; y += line)
            m_painter.drawLine(QPointF(0, y), QPointF(m_width, y));
        m_painter.setPen(QPen(QColor(0x60, 0x60, 0x60), 0.6 * dots()));
        m_painter.drawRect(QRectF(0, m_y, m_width, h));
        m_painter.restore();
        m_y += h + 6 * dots();
    }
    void newPage() {
        m_pdf.newPage();
        ++m_pages;
        m_y = 0;
    }
    double remaining() const { return m_height - m_y; }

private:
    double dots() const { return m_pdf.resolution() / 72.0; } // per point
    QPdfWriter &m_pdf;
    QPainter &m_painter;
    double m_width = 0, m_height = 0, m_y = 0;
    int m_pages = 0;
};

} // namespace

Worksheet makeWorksheet(const attn::AttentionInputs &inputs, const WorksheetOptions &options) {
    return makeWorksheet(inputs, attn::compute(inputs, attn::Layout::Rows), options);
}

Worksheet makeWorksheet(const attn::AttentionInputs &inputs, const attn::AttentionResult &result,
                        const WorksheetOptions &options) {
    if (options.head < 0 || options.head >= int(result.heads.size()))
        throw attn::InputError(
            QCoreApplication::translate("Worksheet", "there is no head %1 (the session has %2)")
                .arg(options.head)
                .arg(result.heads.size()));
    derivation::Context c;
    c.inputs = &inputs;
    c.result = &result;
    c.head = options.head;
    c.queries = attn::tokenLabels(inputs.tokens);
    c.keys = attn::tokenLabels(inputs.sourceTokens());
    Worksheet sheet;
    sheet.exercises = attn::makeExercises(c, options.count, options.seed);

    const attn::HeadResult &h = result.heads[size_t(options.head)];
    QString about = QCoreApplication::translate("Worksheet", "%1 tokens (%2), d<sub>k</sub> = %3")
                        .arg(inputs.tokens.size())
                        .arg(c.queries.mid(0, 12).join(" ").toHtmlEscaped() +
                             (c.queries.size() > 12 ? " \u2026" : ""))
                        .arg(h.Q.cols());
    if (result.heads.size() > 1)
        about += QCoreApplication::translate("Worksheet", ", head %1 of %2")
                     .arg(options.head)
                     .arg(result.heads.size());
    if (!options.source.isEmpty())
        about = options.source.toHtmlEscaped() + " \u2014 " + about;
    about += QCoreApplication::translate("Worksheet", " \u2014 sheet %1").arg(options.seed);

    // QPdfWriter keeps its fonts in a QHash and writes them in its order, which the process's
    // random hash seed decides: fixed while the sheet is written (each hash keeps the seed it was
    // made with, so hashes made before or after are untouched).
    struct DeterministicHashes {
        DeterministicHashes() { QHashSeed::setDeterministicGlobalSeed(); }
        ~DeterministicHashes() { QHashSeed::resetRandomGlobalSeed(); }
    } const deterministicHashes;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(300);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageMargins(QMarginsF(18, 16, 18, 16), QPageLayout::Millimeter);
        pdf.setCreator(QStringLiteral("attnviz"));
        pdf.setTitle(QCoreApplication::translate("Worksheet", "Attention by hand: worksheet"));
        QPainter painter;
        if (!painter.begin(&pdf))
            throw attn::InputError(
                QCoreApplication::translate("Worksheet", "the PDF could not be started"));
        PageWriter page(pdf, painter);
        page.text("<h2>" + QCoreApplication::translate("Worksheet", "Attention by hand") + "</h2>" +
                      about,
                  11, 8);
        page.text(QCoreApplication::translate(
                      "Worksheet",
                      "Work with the numbers as printed; round to two decimals. Name the key "
                      "for the last kind of question, and say why."),
                  10, 10);
        for (size_t k = 0; k < sheet.exercises.size(); ++k) {
            const attn::Exercise &e = sheet.exercises[k];
            page.text(QString("<b>%1. %2</b><br>").arg(k + 1).arg(e.title) + e.question, 11, 4,
                      45 / 25.4 * 300);
            page.box(e.kind == attn::ExerciseKind::Softmax ? 50 : 40);
        }
        // The key on pages of its own: the sheet can be handed out without it.
        page.newPage();
        page.text("<h2>" + QCoreApplication::translate("Worksheet", "Answer key") + "</h2>" + about,
                  11, 8);
        for (size_t k = 0; k < sheet.exercises.size(); ++k) {
            const attn::Exercise &e = sheet.exercises[k];
            page.text(QString("<b>%1. %2:</b> %3<br>").arg(k + 1).arg(e.title, e.answerText) +
                          "<span style='color:#333'>" + e.solution + "</span>",
                      10, 10);
        }
        painter.end();
        sheet.pages = page.pages();
    }
    buffer.close();
    makeDeterministic(bytes);
    sheet.pdf = bytes;

    QStringList text;
    text << plain("<b>" + QCoreApplication::translate("Worksheet", "Attention by hand") +
                  "</b><br>" + about)
         << "";
    for (size_t k = 0; k < sheet.exercises.size(); ++k) {
        const attn::Exercise &e = sheet.exercises[k];
        text << plain(QString("%1. [%2] %3<br>")
                          .arg(k + 1)
                          .arg(attn::exerciseKindName(e.kind), e.title) +
                      e.question)
             << "";
    }
    text << "-- " + QCoreApplication::translate("Worksheet", "Answer key") + " --"
         << "";
    for (size_t k = 0; k < sheet.exercises.size(); ++k) {
        const attn::Exercise &e = sheet.exercises[k];
        text << plain(QString("%1. %2").arg(k + 1).arg(e.answerText)) << plain(e.solution) << "";
    }
    sheet.text = text.join('\n');
    return sheet;
}

} // namespace attn::ui
