// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "headreadings/VectorForm.h"

class QTextBrowser;

namespace attn::ui {

// The selected query's output as the article's vector form, with the live numbers:
// oᵢ = Σⱼ exp(qᵢ·kⱼ/√d_k)/Σₗ exp(qᵢ·kₗ/√d_k) · vⱼ, one line per key ("exp(7.51)/Σ · v₁ =
// 0.9596 · (4, 8, 4)"), then the sum, checked against the result's output row. Follows the
// options exactly (scaling off drops √d_k, a temperature divides inside the exponent, masked
// keys are left out with a note) and the layout (columns: oᵢ = Σⱼ vⱼ·aⱼᵢ with column vectors).
class VectorFormView : public InsightView {
    Q_OBJECT
public:
    // Above this many keys only the largest weights get a line; the rest are summed in one.
    static constexpr int kMaxTermLines = 16;

    VectorFormView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    const VectorForm &form() const { return m_form; } // what is written out
    QString html() const;                             // the text on display
    // Largest |Σ weight·v − output row| of the result (a consistency check shown to the user).
    double outputDifference() const { return m_outputDifference; }

protected:
    void refresh() override;

private:
    QString formula(int dk) const;
    attn::FormulaContext formulaContext(int dk) const; // the snapshot's options, this head's d_k
    std::vector<size_t> shownTerms() const;
    QString exponentTable(const QStringList &keys, int dk) const;
    QString termLines(const QStringList &keys) const;

    QTextBrowser *m_text;
    VectorForm m_form;
    attn::Layout m_layout = attn::Layout::Rows;
    double m_outputDifference = 0;
};

} // namespace attn::ui
