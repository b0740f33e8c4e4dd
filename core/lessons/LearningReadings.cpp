// SPDX-License-Identifier: GPL-3.0-or-later
#include "LearningReadings.h"

#include "Notation.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace learning {

using attn::Matrix;

namespace {

// The head's scores with the positions starting at `first` instead of 0.
Matrix scoresFrom(const attn::AttentionInputs &in, int head, int first) {
    const attn::HeadWeights &w = in.heads[size_t(head)];
    Matrix X = in.X, C = in.source();
    if (in.options.positional == attn::Positional::Sinusoidal) {
        X += attn::sinusoidalTable(first + X.rows(), X.cols()).bottomRows(X.rows());
        C += attn::sinusoidalTable(first + C.rows(), C.cols()).bottomRows(C.rows());
    }
    Matrix Q = X * w.Wq, K = C * in.heads[attn::kvSource(in, size_t(head))].Wk;
    const attn::HeadWeights &kv = in.heads[attn::kvSource(in, size_t(head))];
    if (w.bq.size() > 0)
        Q.rowwise() += w.bq.row(0);
    if (kv.bk.size() > 0)
        K.rowwise() += kv.bk.row(0);
    if (in.options.positional == attn::Positional::Rope) {
        attn::ropeRotateRows(Q, first, false, in.options.rope);
        attn::ropeRotateRows(K, first, false, in.options.rope);
    }
    return Q * K.transpose();
}

QString n(double v) {
    return attn::notation::number(v, 4);
}

} // namespace

PositionShiftCheck shiftPositions(const attn::AttentionInputs &in, int head, int shift) {
    attn::validate(in);
    PositionShiftCheck c;
    c.shift = shift;
    c.before = scoresFrom(in, head, 0);
    c.after = scoresFrom(in, head, shift);
    c.maxDifference = (c.after - c.before).cwiseAbs().maxCoeff();
    return c;
}

Matrix positionTable(const attn::AttentionInputs &in, int head) {
    switch (in.options.positional) {
    case attn::Positional::Sinusoidal:
        return attn::sinusoidalTable(in.X.rows(), in.X.cols());
    case attn::Positional::Rope:
        return attn::ropeAngles(std::max(in.queryCount(), in.keyCount()),
                                in.heads[size_t(head)].Wq.cols(), in.options.rope.theta);
    case attn::Positional::None:
        break;
    }
    return Matrix();
}

namespace {

// "a[i]·b[i]" terms of Σ_i a(i)·b(i), at most 8, then the total.
QString sumOfProducts(const QString &left, const QString &right, const attn::Vector &a,
                      const attn::Vector &b) {
    QStringList terms;
    const Eigen::Index shown = std::min<Eigen::Index>(a.size(), 8);
    for (Eigen::Index i = 0; i < shown; ++i)
        terms << QString("%1\u00b7%2").arg(n(a(i)), b(i) < 0 ? "(" + n(b(i)) + ")" : n(b(i)));
    if (a.size() > shown)
        terms << QCoreApplication::translate("LearningReadings", "\u2026 (%1 more)")
                     .arg(a.size() - shown);
    return QCoreApplication::translate("LearningReadings",
                                       "= \u03a3<sub>i</sub> %1 \u00b7 %2<br>= %3<br>= <b>%4</b>")
        .arg(left, right, attn::notation::sum(terms), n(a.dot(b)));
}

QString backToTheLoss(const attn::AttentionInputs &in, bool throughScores) {
    QString chain = QCoreApplication::translate(
        "LearningReadings",
        "<br><br>the chain back to the loss L = \u00bd\u03a3(output \u2212 target)\u00b2:"
        "<br>\u2202L/\u2202output = output \u2212 target");
    chain +=
        in.hasWo()
            ? QCoreApplication::translate(
                  "LearningReadings",
                  "<br>\u2202L/\u2202head output = (\u2202L/\u2202output\u00b7Wo\u1d40), "
                  "the head's columns")
            : QCoreApplication::translate(
                  "LearningReadings", "<br>\u2202L/\u2202head output = the head's columns of it");
    if (!throughScores)
        return chain + QCoreApplication::translate(
                           "LearningReadings",
                           "<br>\u2202L/\u2202V = A\u1d40\u00b7\u2202L/\u2202head output");
    chain += QCoreApplication::translate(
        "LearningReadings",
        "<br>\u2202L/∂A = \u2202L/\u2202head output\u00b7V\u1d40"
        "<br>\u2202L/\u2202logits = A \u2299 (\u2202L/∂A \u2212 row sums of "
        "A \u2299 \u2202L/∂A)   (softmax; masked cells give 0)"
        "<br>\u2202L/\u2202Q = factor\u00b7\u2202L/\u2202logits\u00b7K,  \u2202L/\u2202K = "
        "factor\u00b7\u2202L/\u2202logits"
        "\u1d40\u00b7Q   (factor = 1/√d_k/T)");
    if (in.options.positional == attn::Positional::Rope)
        chain += QCoreApplication::translate(
            "LearningReadings",
            "<br>RoPE: \u2202L/\u2202Q and \u2202L/\u2202K rotated back by \u2212pos\u00b7"
            "\u03b8<sub>i</sub> (a rotation's transpose)");
    return chain;
}

} // namespace

QString gradientChain(const attn::AttentionInputs &in, const attn::AttentionResult &result,
                      const attn::Gradient &g, GradientOf of, int head, int row, int col) {
    const Matrix X = attn::positionedQueries(in);
    const Matrix C = attn::positionedSource(in);
    const QString prime = in.options.positional == attn::Positional::Sinusoidal ? "\u2032" : "";
    const QString source = (in.hasContext ? "C" : "X") + prime;
    const QString at = QString("[%1,%2]").arg(row).arg(col);
    const attn::HeadGradient &h = g.heads[size_t(std::clamp(head, 0, int(g.heads.size()) - 1))];
    switch (of) {
    case GradientOf::Wq:
        return "\u2202L/\u2202Wq" + at + " " +
               sumOfProducts(QString("X%1[i,%2]").arg(prime).arg(row),
                             QString("\u2202L/\u2202Q[i,%1]").arg(col), X.col(row), h.Q.col(col)) +
               backToTheLoss(in, true);
    case GradientOf::Wk:
    case GradientOf::Wv: {
        // Heads of a key/value group share Wk and Wv: the entry sums ∂L/∂K (∂L/∂V) over them.
        const bool keys = of == GradientOf::Wk;
        const auto members =
            attn::kvGroupMembers(in, size_t(std::clamp(head, 0, int(g.heads.size()) - 1)));
        attn::Vector d = attn::Vector::Zero(C.rows());
        for (size_t m : members)
            d += (keys ? g.heads[m].K : g.heads[m].V).col(col);
        const QString over = members.size() > 1 ? QString("<sub>group</sub>") : QString();
        return QString("\u2202L/\u2202W%1").arg(keys ? "k" : "v") + at + " " +
               sumOfProducts(QString("%1[i,%2]").arg(source).arg(row),
                             QString("\u2202L/\u2202%1%2[i,%3]")
                                 .arg(QString(keys ? "K" : "V"), over)
                                 .arg(col),
                             C.col(row), d) +
               (members.size() > 1
                    ? QCoreApplication::translate(
                          "LearningReadings", "<br>summed over the heads of its key/value group, "
                                              "which share W%1")
                          .arg(keys ? "k" : "v")
                    : QString()) +
               backToTheLoss(in, keys);
    }
    case GradientOf::Wo:
        return "\u2202L/\u2202Wo" + at + " " +
               sumOfProducts(QString("concat[i,%1]").arg(row),
                             QString("\u2202L/\u2202output[i,%1]").arg(col),
                             result.concat().col(row), g.output.col(col)) +
               QCoreApplication::translate("LearningReadings",
                                           "<br><br>\u2202L/\u2202output = output \u2212 target");
    case GradientOf::X:
        break;
    }
    // X feeds the queries, and in self-attention the keys and values too: one sum per path.
    double viaQ = 0, viaK = 0, viaV = 0;
    for (size_t k = 0; k < in.heads.size(); ++k) {
        viaQ += g.heads[k].Q.row(row).dot(in.heads[k].Wq.row(col));
        if (!in.hasContext) {
            viaK += g.heads[k].K.row(row).dot(in.heads[k].Wk.row(col));
            viaV += g.heads[k].V.row(row).dot(in.heads[k].Wv.row(col));
        }
    }
    QString text = "\u2202L/\u2202X" + at +
                   QCoreApplication::translate("LearningReadings",
                                               " = \u03a3<sub>heads</sub> \u03a3<sub>b</sub> ") +
                   QString("\u2202L/\u2202Q[%1,b]\u00b7Wq[%2,b]").arg(row).arg(col);
    if (!in.hasContext)
        text +=
            QString(" + \u2202L/\u2202K[%1,b]\u00b7Wk[%2,b] + \u2202L/\u2202V[%1,b]\u00b7Wv[%2,b]")
                .arg(row)
                .arg(col);
    text += QCoreApplication::translate("LearningReadings", "<br>= %1 (through Q)").arg(n(viaQ));
    if (!in.hasContext)
        text +=
            QCoreApplication::translate("LearningReadings", " + %1 (through K) + %2 (through V)")
                .arg(n(viaK), n(viaV));
    text += QString("<br>= <b>%1</b>").arg(n(g.X(row, col)));
    if (in.options.positional == attn::Positional::Sinusoidal)
        text += QCoreApplication::translate(
            "LearningReadings",
            "<br>(X\u2032 = X + P and P is fixed, so \u2202L/\u2202X = \u2202L/\u2202X\u2032)");
    return text + backToTheLoss(in, true);
}

attn::AttentionInputs gradientStep(const attn::AttentionInputs &in, const attn::Gradient &g,
                                   double eta) {
    attn::AttentionInputs out = in;
    for (size_t k = 0; k < out.heads.size(); ++k) {
        out.heads[k].Wq -= eta * g.heads[k].Wq;
        out.heads[k].Wk -= eta * g.heads[k].Wk;
        out.heads[k].Wv -= eta * g.heads[k].Wv;
    }
    if (out.hasWo())
        out.Wo -= eta * g.Wo;
    return out;
}

} // namespace learning
