// SPDX-License-Identifier: GPL-3.0-or-later
#include "GradientPanel.h"

#include "InputError.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "insights/InsightSupport.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace attn::ui {

using learning::GradientOf;

namespace {

const char *matrixName(GradientOf of) {
    switch (of) {
    case GradientOf::X:
        return "X";
    case GradientOf::Wq:
        return "Wq";
    case GradientOf::Wk:
        return "Wk";
    case GradientOf::Wv:
        return "Wv";
    case GradientOf::Wo:
        return "Wo";
    }
    return "";
}

QStringList indices(Eigen::Index count) {
    QStringList out;
    for (Eigen::Index i = 0; i < count; ++i)
        out << QString::number(i);
    return out;
}

QStringList tokenLabels(const attn::AttentionInputs &in) {
    QStringList out;
    for (const std::string &token : in.tokens)
        out << QString::fromStdString(token);
    return out;
}

} // namespace

GradientPanel::GradientPanel(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent) {
    auto *layout = new QVBoxLayout(this);
    m_loss = new QLabel(this);
    m_loss->setWordWrap(true);
    m_loss->setTextFormat(Qt::RichText);
    layout->addWidget(m_loss);
    auto *targets = new QHBoxLayout;
    m_setTarget = new QPushButton(tr("Target = output, one cell + 1"), this);
    m_setTarget->setToolTip(tr("Set the target to the current output with output[selected "
                               "query, 0] + 1: the loss is then \u00bd, and the gradient shows "
                               "what every weight would do to move that one number."));
    m_clearTarget = new QPushButton(tr("Remove target"), this);
    targets->addWidget(m_setTarget);
    targets->addWidget(m_clearTarget);
    targets->addStretch(1);
    layout->addLayout(targets);

    auto *step = new QHBoxLayout;
    step->addWidget(new QLabel(tr("What if W \u2212 \u03b7\u00b7\u2202L/\u2202W, \u03b7 ="), this));
    m_eta = new QDoubleSpinBox(this);
    m_eta->setDecimals(3);
    m_eta->setRange(0.001, 10.0);
    m_eta->setSingleStep(0.01);
    m_eta->setValue(0.01);
    step->addWidget(m_eta);
    m_applyStep = new QPushButton(tr("Apply the step"), this);
    m_applyStep->setToolTip(tr("Move every weight (Wq, Wk, Wv of every head, Wo) one step "
                               "against its gradient: one undo step."));
    step->addWidget(m_applyStep);
    step->addStretch(1);
    layout->addLayout(step);
    m_stepText = new QLabel(this);
    m_stepText->setWordWrap(true);
    layout->addWidget(m_stepText);

    auto *grid = new QGridLayout;
    int row = 0;
    for (GradientOf of :
         {GradientOf::Wq, GradientOf::Wk, GradientOf::Wv, GradientOf::X, GradientOf::Wo}) {
        Pair pair{of, new HeatmapView(this), new HeatmapView(this), new QLabel(this)};
        for (HeatmapView *view : {pair.matrix, pair.gradient})
            view->setMinimumSize(180, 170);
        pair.gradient->setObjectName(QString("gradient%1View").arg(matrixName(of)));
        grid->addWidget(pair.title, row, 0, 1, 2);
        grid->addWidget(pair.matrix, row + 1, 0);
        grid->addWidget(pair.gradient, row + 1, 1);
        row += 2;
        m_pairs.push_back(pair);
    }
    layout->addLayout(grid);
    layout->addStretch(1);

    connect(m_setTarget, &QPushButton::clicked, this, &GradientPanel::setTargetFromOutput);
    connect(m_clearTarget, &QPushButton::clicked, this,
            [this] { this->document()->setTarget(attn::Matrix(), tr("Remove the target")); });
    connect(m_applyStep, &QPushButton::clicked, this, &GradientPanel::applyStep);
    connect(m_eta, &QDoubleSpinBox::valueChanged, this, &GradientPanel::updateStep);
}

HeatmapView *GradientPanel::gradientView(GradientOf of) const {
    for (const Pair &p : m_pairs)
        if (p.of == of)
            return p.gradient;
    return nullptr;
}

HeatmapView *GradientPanel::matrixView(GradientOf of) const {
    for (const Pair &p : m_pairs)
        if (p.of == of)
            return p.matrix;
    return nullptr;
}

void GradientPanel::setTargetFromOutput() {
    const ResultSnapshot &s = snapshot();
    if (!s.isValid())
        return;
    attn::Matrix target = s.result->output();
    const int row = std::max(0, document()->selection().selectedRow());
    if (row < target.rows())
        target(row, 0) += 1.0;
    document()->setTarget(target, tr("Target = output with [%1, 0] + 1").arg(row));
}

void GradientPanel::applyStep() {
    if (!m_gradient)
        return;
    const double eta = m_eta->value();
    document()->replaceInputs(learning::gradientStep(shownInputs(), *m_gradient, eta),
                              tr("Gradient step, \u03b7 = %1").arg(attn::notation::number(eta, 3)));
}

void GradientPanel::refresh() {
    const ResultSnapshot &s = snapshot();
    m_gradient.reset();
    const attn::AttentionInputs &in = shownInputs();
    if (s.isValid() && in.hasTarget()) {
        try {
            m_gradient = attn::gradient(in, *s.result);
        } catch (const attn::InputError &e) {
            m_loss->setText(QString::fromStdString(e.what()).toHtmlEscaped());
        }
    }
    m_clearTarget->setEnabled(in.hasTarget());
    m_applyStep->setEnabled(m_gradient.has_value());
    if (!m_gradient) {
        if (!in.hasTarget())
            m_loss->setText(tr("<b>No target.</b> The loss L = \u00bd\u00b7\u03a3(output \u2212 "
                               "target)\u00b2 needs one: set it from the output below, open a "
                               "session with <tt>inputs.target</tt>, or train a task."));
        for (const Pair &p : m_pairs) {
            p.matrix->setVisible(false);
            p.gradient->setVisible(false);
            p.title->setVisible(false);
        }
        m_stepText->clear();
        return;
    }
    const int head = std::max(0, insight::headOf(*document(), *s.result));
    m_loss->setText(tr("L = \u00bd\u00b7\u03a3(output \u2212 target)\u00b2 = <b>%1</b> "
                       "(head %2; hover a gradient cell for the chain of terms)")
                        .arg(attn::notation::number(m_gradient->loss, 6))
                        .arg(head));
    // Shared by the tooltips: the snapshot's inputs and result are shared already.
    const auto gradient = std::make_shared<const attn::Gradient>(*m_gradient);
    for (const Pair &p : m_pairs) {
        const attn::Matrix *value = nullptr, *grad = nullptr;
        switch (p.of) {
        case GradientOf::X:
            value = &in.X;
            grad = &m_gradient->X;
            break;
        case GradientOf::Wq:
            value = &in.heads[size_t(head)].Wq;
            grad = &m_gradient->heads[size_t(head)].Wq;
            break;
        case GradientOf::Wk:
            value = &in.heads[size_t(head)].Wk;
            grad = &m_gradient->heads[size_t(head)].Wk;
            break;
        case GradientOf::Wv:
            value = &in.heads[size_t(head)].Wv;
            grad = &m_gradient->heads[size_t(head)].Wv;
            break;
        case GradientOf::Wo:
            value = in.hasWo() ? &in.Wo : nullptr;
            grad = in.hasWo() ? &m_gradient->Wo : nullptr;
            break;
        }
        const bool shown = value != nullptr;
        p.matrix->setVisible(shown);
        p.gradient->setVisible(shown);
        p.title->setVisible(shown);
        if (!shown)
            continue;
        const QString name = matrixName(p.of);
        p.title->setText(tr("<b>%1</b> and \u2202L/\u2202%1").arg(name));
        const QStringList rows = p.of == GradientOf::X ? tokenLabels(in) : indices(value->rows());
        const QStringList cols = indices(value->cols());
        p.matrix->setTitle(name);
        p.matrix->setData(*value, rows, cols, ScaleKind::Diverging);
        p.gradient->setTitle("\u2202L/\u2202" + name);
        p.gradient->setData(*grad, rows, cols, ScaleKind::Diverging);
        const GradientOf of = p.of;
        p.gradient->setTooltipProvider(
            [inputs = s.inputs, result = s.result, gradient, of, head](int r, int c) {
                return learning::gradientChain(*inputs, *result, *gradient, of, head, r, c);
            });
    }
    updateStep();
}

void GradientPanel::updateStep() {
    if (!m_gradient)
        return;
    const double eta = m_eta->value();
    try {
        const attn::AttentionInputs after = learning::gradientStep(shownInputs(), *m_gradient, eta);
        const double loss = 0.5 * (attn::compute(after).output() - after.target).squaredNorm();
        m_stepText->setText(
            tr("One step W \u2212 %1\u00b7\u2202L/\u2202W on every weight: the loss would go "
               "from %2 to <b>%3</b>%4")
                .arg(attn::notation::number(eta, 3), attn::notation::number(m_gradient->loss, 6),
                     attn::notation::number(loss, 6),
                     loss < m_gradient->loss ? tr(" (down: the gradient points uphill, the step "
                                                  "goes the other way).")
                                             : tr(" (up: \u03b7 is too large for this step).")));
    } catch (const attn::InputError &e) {
        m_stepText->setText(QString::fromStdString(e.what()).toHtmlEscaped());
    }
}

} // namespace attn::ui
