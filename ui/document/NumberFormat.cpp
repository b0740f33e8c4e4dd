// SPDX-License-Identifier: GPL-3.0-or-later
#include "NumberFormat.h"

#include "InputError.h"
#include "Matrix.h"
#include "Notation.h"
#include "NumberText.h"
#include "io/DelimitedText.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace attn::ui {

std::optional<double> parseNumber(const QString &text, bool *outOfRange) {
    if (outOfRange)
        *outOfRange = false;
    QString t = text.trimmed();
    t.replace(QChar(0x2212), u'-');
    if (t.isEmpty())
        return std::nullopt;
    double v = 0;
    const attn::ParsedNumber parsed = attn::parseNumber(t.toStdString(), v);
    if (parsed == attn::ParsedNumber::Ok)
        return v;
    if (parsed == attn::ParsedNumber::OutOfRange) {
        // Beyond a double: too large ("1e400"), or so small it is 0 ("1e-400": a negative
        // exponent; strtod would follow the user's locale).
        const qsizetype e = t.indexOf(u'e', 0, Qt::CaseInsensitive);
        if (e >= 0 && e + 1 < t.size() && t[e + 1] == u'-')
            return 0.0;
        if (outOfRange)
            *outOfRange = true;
        return std::nullopt;
    }
    bool ok = false;
    v = QLocale().toDouble(t, &ok);
    if (!ok)
        return std::nullopt;
    return v;
}

QString blockText(const attn::Matrix &block) {
    QStringList lines;
    for (Eigen::Index i = 0; i < block.rows(); ++i) {
        QStringList cells;
        for (Eigen::Index j = 0; j < block.cols(); ++j)
            cells << attn::notation::exact(block(i, j));
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n');
}

std::optional<attn::Matrix> parseBlock(const QString &text, QString *error) {
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const std::string utf8 = text.toStdString();
    attn::DelimitedText lines(utf8);
    std::vector<std::vector<double>> rows;
    std::vector<std::string> fields;
    try {
        while (lines.next(fields)) {
            const int row = int(rows.size()) + 1; // rows of the block, not lines of the text
            if (!rows.empty() && fields.size() != rows.front().size())
                return fail(QCoreApplication::translate(
                                "NumberFormat", "the pasted rows differ in length: row 1 has %1 "
                                                "numbers, row %2 has %3")
                                .arg(rows.front().size())
                                .arg(row)
                                .arg(fields.size()));
            std::vector<double> values;
            for (std::size_t k = 0; k < fields.size(); ++k) {
                std::string field = fields[k];
                lines.toDecimalPoint(field);
                const std::optional<double> v = parseNumber(QString::fromStdString(field));
                const QString cell = QString::fromStdString(fields[k]);
                const QString where =
                    QCoreApplication::translate("NumberFormat", "row %1, column %2")
                        .arg(row)
                        .arg(k + 1);
                if (!v)
                    return fail(QCoreApplication::translate(
                                    "NumberFormat",
                                    "\u201c%1\u201d (%2 of the pasted text) is not a number")
                                    .arg(cell, where));
                const QString problem = QString::fromStdString(attn::numberProblem(*v));
                if (!problem.isEmpty())
                    return fail(QCoreApplication::translate(
                                    "NumberFormat", "\u201c%1\u201d (%2 of the pasted text) %3")
                                    .arg(cell, where, problem));
                values.push_back(*v);
            }
            rows.push_back(std::move(values));
        }
    } catch (const attn::InputError &e) {
        // A broken quote or an overlong line: the tokenizer's message counts lines.
        return fail(QCoreApplication::translate("NumberFormat", "the pasted text, %1")
                        .arg(QString::fromUtf8(e.what())));
    }
    if (rows.empty())
        return fail(
            QCoreApplication::translate("NumberFormat", "the pasted text holds no numbers"));
    attn::Matrix block(Eigen::Index(rows.size()), Eigen::Index(rows.front().size()));
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = 0; j < rows[i].size(); ++j)
            block(Eigen::Index(i), Eigen::Index(j)) = rows[i][j];
    return block;
}

} // namespace attn::ui
