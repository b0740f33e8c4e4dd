// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadWeightSource.h"

#include "Dimension.h"
#include "Document.h"
#include "OptionalError.h"
#include "io/MatrixImport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <random>
#include <vector>

namespace attn::ui {

namespace {

struct Plan {
    std::vector<attn::Matrix> parts; // fused: one; separate: query, key, value
    int p = 0, d = 0;
};

// Reads and checks the tensors; false with *error when they cannot fill the heads.
bool plan(const Document &doc, const HeadWeightSource &source, Plan &out, QString *error) {
    if (doc.inputs().hasContext)
        return fail(error, QCoreApplication::translate(
                               "HeadWeightSource",
                               "Turn cross-attention off first: a checkpoint's Wk and Wv "
                               "take the tokens' own vectors."));
    if (source.heads < 1 || source.heads > Document::maximumDimension(Dimension::Heads))
        return fail(error, QCoreApplication::translate("HeadWeightSource",
                                                       "%1 heads: at most %2 are supported")
                               .arg(source.heads)
                               .arg(Document::maximumDimension(Dimension::Heads)));
    const QStringList names = source.fused ? QStringList{source.fusedTensor}
                                           : QStringList{source.query, source.key, source.value};
    for (const QString &name : names) {
        if (name.isEmpty())
            return fail(error,
                        QCoreApplication::translate("HeadWeightSource",
                                                    "Choose a tensor for each of Wq, Wk and Wv."));
        const attn::ImportResult r =
            attn::importMatrix(source.file, attn::ImportSelection{name, {}, source.transpose});
        if (!r.ok())
            return fail(error, r.error);
        out.parts.push_back(r.matrix);
    }
    const attn::Matrix &first = out.parts.front();
    out.p = int(first.rows());
    const int width = source.fused ? 3 * out.p : out.p;
    for (std::size_t k = 0; k < out.parts.size(); ++k)
        if (out.parts[k].rows() != out.p || out.parts[k].cols() != width)
            return fail(
                error, QCoreApplication::translate("HeadWeightSource",
                                                   "%1 is %2\u00d7%3; %4 (p \u00d7 %5) is needed%6")
                           .arg(names[qsizetype(k)])
                           .arg(out.parts[k].rows())
                           .arg(out.parts[k].cols())
                           .arg(QStringLiteral("%1\u00d7%2").arg(out.p).arg(width))
                           .arg(source.fused ? QStringLiteral("3p") : QStringLiteral("p"))
                           .arg(source.transpose ? QString()
                                                 : QCoreApplication::translate("HeadWeightSource",
                                                                               " (transposed?)")));
    if (out.p % source.heads != 0)
        return fail(error,
                    QCoreApplication::translate(
                        "HeadWeightSource", "p = %1 cannot be shared by %2 heads (not a multiple)")
                        .arg(out.p)
                        .arg(source.heads));
    out.d = out.p / source.heads;
    if (out.p > Document::maximumDimension(Dimension::Embedding))
        return fail(error, QCoreApplication::translate("HeadWeightSource",
                                                       "p = %1: at most %2 is supported")
                               .arg(out.p)
                               .arg(Document::maximumDimension(Dimension::Embedding)));
    return true;
}

} // namespace

bool describeHeadWeights(const Document &doc, const HeadWeightSource &source, QString *summary,
                         QString *error) {
    Plan p;
    if (!plan(doc, source, p, error))
        return false;
    const attn::AttentionInputs &in = doc.inputs();
    if (summary)
        *summary = QCoreApplication::translate(
                       "HeadWeightSource",
                       "H %1 \u2192 %2, p %3 \u2192 %4, d_k %5 \u2192 %6, d_v %7 \u2192 "
                       "%6; Wq, Wk, Wv of every head from the file")
                       .arg(in.heads.size())
                       .arg(source.heads)
                       .arg(dimensionOf(in, Dimension::Embedding))
                       .arg(p.p)
                       .arg(dimensionOf(in, Dimension::KeyDim))
                       .arg(p.d)
                       .arg(dimensionOf(in, Dimension::ValueDim));
    return true;
}

bool fillHeadWeights(Document &doc, const HeadWeightSource &source, QString *error) {
    Plan p;
    if (!plan(doc, source, p, error))
        return false;
    std::mt19937 rng(doc.randomSeed() ^ 0x5eed4eadu);
    attn::AttentionInputs after = doc.inputs();
    after = withDimension(after, Dimension::Heads, source.heads, doc.initializer(), rng);
    after = withDimension(after, Dimension::Embedding, p.p, doc.initializer(), rng);
    after = withDimension(after, Dimension::KeyDim, p.d, doc.initializer(), rng);
    after = withDimension(after, Dimension::ValueDim, p.d, doc.initializer(), rng);
    for (int h = 0; h < source.heads; ++h) {
        attn::HeadWeights &head = after.heads[std::size_t(h)];
        const int col = h * p.d;
        if (source.fused) {
            head.Wq = p.parts[0].middleCols(col, p.d);
            head.Wk = p.parts[0].middleCols(p.p + col, p.d);
            head.Wv = p.parts[0].middleCols(2 * p.p + col, p.d);
        } else {
            head.Wq = p.parts[0].middleCols(col, p.d);
            head.Wk = p.parts[1].middleCols(col, p.d);
            head.Wv = p.parts[2].middleCols(col, p.d);
        }
    }
    return doc.replaceInputs(
        after,
        QCoreApplication::translate("HeadWeightSource", "Fill Wq, Wk, Wv of %1 heads from %2")
            .arg(source.heads)
            .arg(QFileInfo(source.file).fileName()),
        error);
}

} // namespace attn::ui
