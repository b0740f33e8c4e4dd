// SPDX-License-Identifier: GPL-3.0-or-later
#include "VectorFormView.h"

#include "Formula.h"
#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/Derivation.h"
#include "headreadings/TokenLabels.h"

#include <QCoreApplication>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

using attn::notation::number;
using insight::vectorText;

namespace {

QString sub(int i) {
    return derivation::subscript(i);
}

// Σ = exp(a) + exp(b) + … written out, then its value; ln Σ beyond double range.
QString denominator(const VectorForm &f) {
    QStringList parts;
    const int shown = std::min<int>(int(f.terms.size()), 6);
    for (int k = 0; k < shown; ++k)
        parts << "exp(" + number(f.terms[size_t(k)].logit) + ")";
    if (int(f.terms.size()) > shown)
        parts << QCoreApplication::translate("VectorFormView", "\u2026 (%1 terms)")
                     .arg(f.terms.size());
    const QString value = f.logSumExp < 700 ? number(std::exp(f.logSumExp), 6)
                                            : "exp(" + number(f.logSumExp, 6) + ")";
    return parts.join(" + ") + " = " + value;
}

} // namespace

VectorFormView::VectorFormView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent), m_text(new QTextBrowser) {
    setObjectName("vectorFormView");
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
    m_text->setOpenLinks(false);
    QFont f = m_text->font();
    f.setPointSizeF(f.pointSizeF() * 1.15); // read from the back of a classroom
    m_text->setFont(f);
}

QString VectorFormView::html() const {
    return m_text->toHtml();
}

QString VectorFormView::formula(int dk) const {
    const attn::AttentionOptions &o = snapshot().inputs->options;
    const bool rows = m_layout == attn::Layout::Rows;
    const QString text = vectorFormEquation(m_layout, formulaContext(dk));
    QStringList notes;
    notes << (o.scale
                  ? tr("scaled by 1/%1, %2 = %3").arg(attn::scaleSymbol(), attn::dkSymbol()).arg(dk)
                  : attn::scaleSymbol() + tr(" scaling switched off"));
    if (o.temperature != 1)
        notes << tr("temperature T = ") + number(o.temperature);
    if (!rows)
        notes << tr("column layout ") + attn::attentionFormula(attn::Layout::Columns) +
                     tr(": vectors are columns");
    return "<p style='font-size:large'>" + text + "</p><p><i>" + notes.join("; ") + "</i></p>";
}

attn::FormulaContext VectorFormView::formulaContext(int dk) const {
    attn::FormulaContext c = attn::formulaContext(*snapshot().inputs);
    c.dk = dk; // the shown head's
    return c;
}

std::vector<size_t> VectorFormView::shownTerms() const {
    // All terms when few, else the largest weights (kept in key order).
    const VectorForm &f = m_form;
    std::vector<size_t> shown(f.terms.size());
    std::iota(shown.begin(), shown.end(), size_t(0));
    if (int(shown.size()) > kMaxTermLines + 2) {
        std::stable_sort(shown.begin(), shown.end(), [&f](size_t a, size_t b) {
            return f.terms[a].weight > f.terms[b].weight;
        });
        shown.resize(kMaxTermLines);
        std::sort(shown.begin(), shown.end());
    }
    return shown;
}

QString VectorFormView::exponentTable(const QStringList &keys, int dk) const {
    const QString divisor = vectorFormDivisors(formulaContext(dk));
    const QString dot = vectorFormDot(m_layout);
    QString html = tr("<table cellspacing='0' cellpadding='2'><tr><th align='left'>key "
                      "j&nbsp;&nbsp;</th><th align='right'>") +
                   dot + tr("&nbsp;&nbsp;</th><th align='left'>\u2113\u2c7c = ") + dot + divisor +
                   "</th></tr>";
    for (size_t k : shownTerms()) {
        const VectorFormTerm &t = m_form.terms[k];
        const QString key = t.key < keys.size() ? keys[t.key].toHtmlEscaped() : QString();
        html += tr("<tr><td>%1 %2</td><td align='right'>%3&nbsp;&nbsp;</td><td>%3%4 = "
                   "<b>%5</b></td></tr>")
                    .arg(t.key)
                    .arg(key, number(t.score), divisor, number(t.logit));
    }
    return html + "</table>";
}

QString VectorFormView::termLines(const QStringList &keys) const {
    const VectorForm &f = m_form;
    const bool rows = m_layout == attn::Layout::Rows;
    // A vector of the column layout is a column: written as the transposed row.
    const QString T = rows ? QString() : attn::transposed(QString());
    QString html;
    attn::RowVector rest = attn::RowVector::Zero(f.sum.size());
    double restWeight = 0;
    const std::vector<size_t> shown = shownTerms();
    size_t next = 0;
    for (size_t k = 0; k < f.terms.size(); ++k) {
        const VectorFormTerm &t = f.terms[k];
        if (next >= shown.size() || shown[next] != k) {
            rest += t.weighted;
            restWeight += t.weight;
            continue;
        }
        ++next;
        const QString key = t.key < keys.size() ? keys[t.key].toHtmlEscaped() : QString();
        const QString v = "v" + sub(t.key);
        // "exp(7.51)/Σ · v₁ = 0.9596 · (4, 8, 4) = (3.84, 7.68, 3.84)"
        const QString term =
            rows ? tr("exp(%1)/\u03a3 \u00b7 %2 = <b>%3</b> \u00b7 %4")
                       .arg(number(t.logit), v, number(t.weight), vectorText(t.v) + T)
                 : tr("%2 \u00b7 exp(%1)/\u03a3 = %4 \u00b7 <b>%3</b>")
                       .arg(number(t.logit), v, number(t.weight), vectorText(t.v) + T);
        html += tr("<p style='margin:2px 0 6px 0'><span style='color:#555'>%1</span> "
                   "&nbsp;%2 = %3</p>")
                    .arg(key, term, vectorText(t.weighted) + T);
    }
    if (f.terms.size() > shown.size())
        html += tr("<p><i>+ %1 other keys, total weight %2</i> = %3</p>")
                    .arg(f.terms.size() - shown.size())
                    .arg(number(restWeight), vectorText(rest) + T);
    return html;
}

void VectorFormView::refresh() {
    m_form = {};
    m_outputDifference = 0;
    const ResultSnapshot &snap = snapshot();
    const auto &result = snap.result;
    const int row = document()->selection().selectedRow();
    if (!snap.isValid() || result->heads.empty() || row < 0) {
        m_text->setHtml(tr("<p>Select a query (click a row of any heatmap) to see its output "
                           "written as a weighted sum of value vectors.</p>"));
        return;
    }
    // The numbers come from the row-layout result; the column layout only writes them as columns.
    m_layout = document()->selection().layout();
    const int head = insight::headOf(*document(), *result);
    m_form = vectorForm(*result, head, row);
    const attn::AttentionInputs &in = *snap.inputs;
    const QStringList queries = attn::tokenLabels(in.tokens);
    const QStringList keys = attn::tokenLabels(in.sourceTokens());
    const bool rows = m_layout == attn::Layout::Rows;
    const QString what = rows ? "row" : "column";
    const QString query = row < queries.size() ? queries[row].toHtmlEscaped() : QString();
    const bool several = result->heads.size() > 1;
    QString html = tr("<h3>Output %1 %2 (\u201c%3\u201d)%4 as a sum of value vectors</h3>")
                       .arg(what)
                       .arg(row)
                       .arg(query, several ? tr(", head %1").arg(head) : QString());
    const int dk = int(result->heads[size_t(head)].Q.cols());
    html += formula(dk);
    if (!m_form.valid) {
        html += m_form.maskedKeys.empty()
                    ? tr("<p>Query %1 is not in the last result yet.</p>").arg(row)
                    : tr("<p>Every key is masked for this query: no term is left, and the "
                         "output %1 is zero.</p>")
                          .arg(what);
        m_text->setHtml(html);
        return;
    }
    const attn::RowVector output = result->heads[size_t(head)].output.row(row);
    m_outputDifference = (m_form.sum - output).cwiseAbs().maxCoeff();
    // A vector of the column layout is a column: written as the transposed row.
    const QString T = rows ? QString() : attn::transposed(QString());
    html += QString("<p>q%1 = %2%3</p>").arg(sub(row), vectorText(m_form.q), T);
    html += exponentTable(keys, dk);
    html += tr("<p>\u03a3 = \u03a3\u2097 exp(\u2113\u2097) = ") + denominator(m_form) + "</p>";
    html += termLines(keys);
    double total = 0;
    for (const VectorFormTerm &t : m_form.terms)
        total += t.weight;
    html += tr("<p style='font-size:large'><b>o%1 = %2%3</b> &nbsp; (\u03a3 weights = "
               "%4)</p>")
                .arg(sub(row), vectorText(m_form.sum, 5), T, number(total, 6));
    html += tr("<p>\u2713 equals output %1 %2 of the result%3 (largest difference %4).</p>")
                .arg(what)
                .arg(row)
                .arg(several ? tr(" for head %1").arg(head) : QString())
                .arg(number(m_outputDifference, 2));
    if (!m_form.maskedKeys.empty()) {
        QStringList masked;
        bool causal = false, custom = false;
        for (int j : m_form.maskedKeys) {
            masked << (j < keys.size() ? keys[j].toHtmlEscaped() : QString::number(j));
            const bool byCausal = in.options.causal && j > row;
            causal = causal || byCausal;
            custom = custom || !byCausal;
        }
        QStringList why;
        if (causal)
            why << tr("causal mask: keys after the query");
        if (custom)
            why << tr("custom mask");
        html += tr("<p><i>Masked: %1 (%2). exp(\u2212\u221e) = 0, so they are left out "
                   "of both sums.</i></p>")
                    .arg(masked.join(", "), why.join("; "));
    }
    if (several || in.hasWo())
        html += tr("<p><i>This is head %1's output. The final output %2.</i></p>")
                    .arg(head)
                    .arg(in.hasWo() ? tr("concatenates the heads' outputs and multiplies by Wo")
                                    : tr("concatenates the heads' outputs"));
    m_text->setHtml(html);
}

} // namespace attn::ui
