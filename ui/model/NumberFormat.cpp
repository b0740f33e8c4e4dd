#include "NumberFormat.h"

#include "Matrix.h"
#include "Notation.h"
#include "NumberText.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

std::optional<double> parseNumber(const QString &text) {
    QString t = text.trimmed();
    t.replace(QChar(0x2212), u'-');
    if (t.isEmpty())
        return std::nullopt;
    double v = 0;
    if (attn::parseNumber(t.toStdString(), v) == attn::ParsedNumber::Ok)
        return v;
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
    QStringList lines = text.split(QRegularExpression(QStringLiteral("\\r\\n|\\n|\\r")));
    while (!lines.isEmpty() && lines.front().trimmed().isEmpty())
        lines.removeFirst();
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.isEmpty())
        return fail(QStringLiteral("the pasted text holds no numbers"));

    QRegularExpression separator;
    if (text.contains(u'\t'))
        separator.setPattern(QStringLiteral("\\t"));
    else if (text.contains(u';'))
        separator.setPattern(QStringLiteral("\\s*;\\s*"));
    else
        separator.setPattern(QStringLiteral("[\\s,]+"));

    std::vector<QStringList> rows;
    for (const QString &line : lines)
        rows.push_back(line.trimmed().split(separator));
    const qsizetype cols = rows.front().size();
    attn::Matrix block(Eigen::Index(rows.size()), Eigen::Index(cols));
    for (size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].size() != cols)
            return fail(QStringLiteral("the pasted rows differ in length: row 1 has %1 "
                                       "numbers, row %2 has %3")
                            .arg(cols)
                            .arg(i + 1)
                            .arg(rows[i].size()));
        for (qsizetype j = 0; j < cols; ++j) {
            const QString cell = rows[i][j].trimmed();
            const std::optional<double> v = parseNumber(cell);
            const QString where = QStringLiteral("row %1, column %2").arg(i + 1).arg(j + 1);
            if (!v)
                return fail(QStringLiteral("\u201c%1\u201d (%2 of the pasted text) is not a number")
                                .arg(cell, where));
            const QString problem = QString::fromStdString(attn::numberProblem(*v));
            if (!problem.isEmpty())
                return fail(QStringLiteral("\u201c%1\u201d (%2 of the pasted text) %3")
                                .arg(cell, where, problem));
            block(Eigen::Index(i), Eigen::Index(j)) = *v;
        }
    }
    return block;
}
