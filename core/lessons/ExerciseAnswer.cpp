// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExerciseAnswer.h"

#include "Notation.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

using attn::notation::number;

QString tr(const char *text) {
    return QCoreApplication::translate("Exercise", text);
}

QString label(const QStringList &labels, int index) {
    return index >= 0 && index < labels.size() ? labels[index].toHtmlEscaped()
                                               : QString::number(index);
}

// Every number a double can be, in the text a person types: "−1,5" is −1.5 when it is alone.
std::vector<double> parseNumbers(QString text, size_t expected, bool *ok) {
    text = text.trimmed();
    text.replace(QChar(0x2212), '-');
    static const QRegularExpression decimalComma("^-?\\d+,\\d+$");
    if (expected == 1 && decimalComma.match(text).hasMatch())
        text.replace(',', '.');
    static const QRegularExpression separators("[\\s;,]+");
    std::vector<double> values;
    *ok = !text.isEmpty();
    for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
        bool good = false;
        const double v = part.toDouble(&good);
        if (!good || !std::isfinite(v)) {
            *ok = false;
            return {};
        }
        values.push_back(v);
    }
    return values;
}

} // namespace

ExerciseCheck checkExerciseAnswer(const Exercise &e, const QString &typed,
                                  const derivation::Context &c) {
    ExerciseCheck check;
    if (e.kind == ExerciseKind::LargestWeight) {
        QString t = typed.trimmed();
        int chosen = -1;
        for (int j : e.keys)
            if (j < c.keys.size() && t.compare(c.keys[j].trimmed(), Qt::CaseInsensitive) == 0)
                chosen = j;
        if (chosen < 0) {
            // "k₂", "k2" or "2": an index.
            static const QString digits = QString::fromUtf8("₀₁₂₃₄₅₆₇₈₉");
            for (QChar &ch : t)
                if (const qsizetype d = digits.indexOf(ch); d >= 0)
                    ch = QChar('0' + int(d));
            if (t.startsWith('k', Qt::CaseInsensitive))
                t = t.mid(1);
            bool ok = false;
            const int index = t.toInt(&ok);
            if (ok && std::find(e.keys.begin(), e.keys.end(), index) != e.keys.end())
                chosen = index;
        }
        if (chosen < 0) {
            check.message = tr("Type one of the keys: its name or its index (k2 or 2)");
            return check;
        }
        check.verdict = chosen == e.key ? ExerciseVerdict::Right : ExerciseVerdict::Wrong;
        check.message = chosen == e.key
                            ? tr("Right: %1").arg(label(c.keys, e.key))
                            : tr("Not %1: another key weighs more").arg(label(c.keys, chosen));
        return check;
    }
    bool ok = false;
    const std::vector<double> values = parseNumbers(typed, e.answer.size(), &ok);
    if (!ok || values.size() != e.answer.size()) {
        check.message = e.answer.size() == 1
                            ? tr("Type one number")
                            : tr("Type %1 numbers, one per key").arg(e.answer.size());
        return check;
    }
    const bool weights = e.kind == ExerciseKind::Softmax;
    double worst = 0; // the largest error relative to what is allowed as right
    double worstClose = 0;
    for (size_t k = 0; k < values.size(); ++k) {
        const double error = std::abs(values[k] - e.answer[k]);
        const double right = weights ? 0.01 : std::max(0.01, 0.01 * std::abs(e.answer[k]));
        const double close = weights ? 0.05 : std::max(0.1, 0.1 * std::abs(e.answer[k]));
        worst = std::max(worst, error / right);
        worstClose = std::max(worstClose, error / close);
    }
    QStringList shown;
    for (double v : e.answer)
        shown << number(v);
    if (worst <= 1) {
        check.verdict = ExerciseVerdict::Right;
        check.message = tr("Right: %1").arg(shown.join(", "));
    } else if (worstClose <= 1) {
        check.verdict = ExerciseVerdict::Close;
        check.message = tr("Close: check the rounding (Reveal shows the exact value)");
    } else {
        check.verdict = ExerciseVerdict::Wrong;
        check.message = tr("Not yet: try again, or Reveal the solution");
    }
    return check;
}

} // namespace attn
