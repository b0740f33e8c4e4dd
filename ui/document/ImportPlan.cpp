// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImportPlan.h"

#include "Document.h"
#include "InputError.h"
#include "OptionalError.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <random>

namespace attn::ui {

namespace {

// The article's letter for a dimension, for compact messages ("n 4 → 5").
QString letter(Dimension dim) {
    switch (dim) {
    case Dimension::Tokens:
        return QStringLiteral("n");
    case Dimension::Embedding:
        return QStringLiteral("p");
    case Dimension::KeyDim:
        return QStringLiteral("d_k");
    case Dimension::ValueDim:
        return QStringLiteral("d_v");
    case Dimension::Heads:
        return QStringLiteral("H");
    case Dimension::ContextLength:
        return QStringLiteral("m");
    case Dimension::OutputDim:
        return QStringLiteral("p_out");
    case Dimension::ContextEmbedding:
        return QStringLiteral("p_c");
    }
    return {};
}

// Everything a change of `dim` resizes besides the imported matrix, so a resize never
// surprises: changing p also reshapes Wq (and, in self-attention, Wk and Wv).
QString alsoResizes(const Document &doc, Dimension dim) {
    const bool context = doc.inputs().hasContext;
    const bool heads = doc.headCount() > 1;
    const QString every =
        heads ? QCoreApplication::translate("ImportPlan", " of every head") : QString();
    switch (dim) {
    case Dimension::Tokens:
        return context ? QCoreApplication::translate("ImportPlan", "X, the tokens, the mask")
                       : QCoreApplication::translate("ImportPlan",
                                                     "X, the tokens (queries and keys), the mask");
    case Dimension::Embedding:
        return context ? QStringLiteral("X, Wq") + every : QStringLiteral("X, Wq, Wk, Wv") + every;
    case Dimension::KeyDim:
        return QStringLiteral("Wq, Wk") + every;
    case Dimension::ValueDim:
        return QStringLiteral("Wv") + every + (doc.inputs().hasWo() ? ", Wo" : "");
    case Dimension::ContextLength:
        return QCoreApplication::translate("ImportPlan", "the context, its tokens, the mask");
    case Dimension::ContextEmbedding:
        return QCoreApplication::translate("ImportPlan", "the context, Wk, Wv") + every;
    case Dimension::OutputDim:
        return QStringLiteral("Wo");
    case Dimension::Heads:
        return QCoreApplication::translate("ImportPlan", "the heads");
    }
    return {};
}

QString shapeText(Eigen::Index rows, Eigen::Index cols) {
    return QStringLiteral("%1\u00d7%2").arg(rows).arg(cols);
}

attn::Matrix *matrixIn(attn::AttentionInputs &in, MatrixId id) {
    switch (id.stage) {
    case attn::Stage::X:
        return &in.X;
    case attn::Stage::Context:
        return in.hasContext ? &in.context : nullptr;
    case attn::Stage::Wo:
        return in.hasWo() ? &in.Wo : nullptr;
    case attn::Stage::Wq:
    case attn::Stage::Wk:
    case attn::Stage::Wv: {
        if (id.head < 0 || id.head >= int(in.heads.size()))
            return nullptr;
        attn::HeadWeights &h = in.heads[size_t(id.head)];
        return id.stage == attn::Stage::Wq ? &h.Wq : id.stage == attn::Stage::Wk ? &h.Wk : &h.Wv;
    }
    default: // a computed stage: nothing to import into
        return nullptr;
    }
}

QString missingTarget(const Document &doc, MatrixId target) {
    const QString name = matrixDisplayName(target, doc.headCount());
    switch (target.stage) {
    case attn::Stage::Context:
        return QCoreApplication::translate(
            "ImportPlan", "there is no context to import into: switch cross-attention on "
                          "first");
    case attn::Stage::Wo:
        return QCoreApplication::translate(
            "ImportPlan", "there is no Wo to import into: it exists with several heads");
    default:
        return QCoreApplication::translate("ImportPlan", "there is no %1 to import into (%2 heads)")
            .arg(name)
            .arg(doc.headCount());
    }
}

} // namespace

MatrixAxes matrixAxes(const Document &doc, attn::Stage kind) {
    const Dimension keySide =
        doc.inputs().hasContext ? Dimension::ContextEmbedding : Dimension::Embedding;
    switch (kind) {
    case attn::Stage::X:
        return {Dimension::Tokens, Dimension::Embedding};
    case attn::Stage::Context:
        return {Dimension::ContextLength, Dimension::ContextEmbedding};
    case attn::Stage::Wq:
        return {Dimension::Embedding, Dimension::KeyDim};
    case attn::Stage::Wk:
        return {keySide, Dimension::KeyDim};
    case attn::Stage::Wv:
        return {keySide, Dimension::ValueDim};
    case attn::Stage::Wo:
        return {Dimension::ValueDim, Dimension::OutputDim, doc.headCount()};
    default:
        return {Dimension::Tokens, Dimension::Embedding};
    }
}

ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const QString &arrayName) {
    return planImport(doc, target, fileName, attn::ImportSelection{arrayName, {}, false});
}

ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const attn::ImportSelection &selection) {
    // Nothing is read for a target the document does not have.
    if (!doc.hasMatrix(target))
        return planImport(doc, target, fileName, selection, attn::ImportResult());
    return planImport(doc, target, fileName, selection, attn::importMatrix(fileName, selection));
}

ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const attn::ImportSelection &selection, attn::ImportResult read) {
    ImportPlan plan;
    plan.target = target;
    plan.fileName = fileName;
    plan.arrayName = selection.array;
    plan.selection = selection;
    plan.targetName = matrixDisplayName(target, doc.headCount());
    if (!doc.hasMatrix(target)) {
        plan.error = missingTarget(doc, target);
        return plan;
    }
    const attn::Matrix &current = doc.matrix(target);
    const MatrixAxes axes = matrixAxes(doc, target.stage);
    const QString rowName = axes.rowFactor > 1 ? QStringLiteral("H·d_v") : letter(axes.rows);
    plan.targetShape =
        QStringLiteral("%1 (%2 \u00d7 %3)")
            .arg(shapeText(current.rows(), current.cols()), rowName, letter(axes.cols));

    plan.read = std::move(read);
    if (!plan.read.ok()) {
        plan.error = plan.read.error;
        return plan;
    }
    const attn::Matrix &m = plan.read.matrix;
    if (m.size() == 0) {
        plan.error =
            fileName + QCoreApplication::translate("ImportPlan", ": the file holds no numbers");
        return plan;
    }
    plan.fits = m.rows() == current.rows() && m.cols() == current.cols();
    if (plan.fits)
        return plan;

    QStringList differences, changes;
    if (m.rows() != current.rows()) {
        differences << QCoreApplication::translate("ImportPlan", "%1 rows, not %2 (%3)")
                           .arg(m.rows())
                           .arg(current.rows())
                           .arg(rowName);
        const int factor = axes.rowFactor;
        if (m.rows() % factor != 0)
            plan.resizeProblem = QCoreApplication::translate(
                                     "ImportPlan", "Wo has H·d_v rows: with %1 heads, %2 rows "
                                                   "is not a multiple of %1")
                                     .arg(factor)
                                     .arg(m.rows());
        else
            plan.changes.push_back({axes.rows, doc.dimension(axes.rows), int(m.rows() / factor)});
    }
    if (m.cols() != current.cols()) {
        differences << QCoreApplication::translate("ImportPlan", "%1 columns, not %2 (%3)")
                           .arg(m.cols())
                           .arg(current.cols())
                           .arg(letter(axes.cols));
        plan.changes.push_back({axes.cols, doc.dimension(axes.cols), int(m.cols())});
    }
    plan.mismatch = QCoreApplication::translate("ImportPlan", "The file has %1 but %2 is %3: %4.")
                        .arg(shapeText(m.rows(), m.cols()), plan.targetName,
                             shapeText(current.rows(), current.cols()), differences.join("; "));
    for (const DimensionChange &c : plan.changes) {
        const int max = Document::maximumDimension(c.dimension);
        if (plan.resizeProblem.isEmpty() && c.to > max)
            plan.resizeProblem =
                QCoreApplication::translate("ImportPlan", "%1 would be %2: at most %3 is supported")
                    .arg(letter(c.dimension))
                    .arg(c.to)
                    .arg(max);
        changes << QCoreApplication::translate("ImportPlan", "%1 %2 \u2192 %3 (resizes %4)")
                       .arg(letter(c.dimension))
                       .arg(c.from)
                       .arg(c.to)
                       .arg(alsoResizes(doc, c.dimension));
    }
    plan.resizeSummary = changes.join("; ");
    // Each dimension may be within its limit while all of them together are not (4096 tokens
    // × 4096 dimensions is more input than is supported): check the whole shape before a
    // resize builds anything.
    if (plan.resizeProblem.isEmpty()) {
        std::vector<std::pair<Dimension, int>> all;
        for (const DimensionChange &c : plan.changes)
            all.emplace_back(c.dimension, c.to);
        try {
            attn::checkLimits(shapeWithDimensions(doc.inputs(), all));
        } catch (const attn::InputError &e) {
            plan.resizeProblem = QString::fromStdString(e.what());
        }
    }
    return plan;
}

bool applyImport(Document &doc, const ImportPlan &plan, bool resize, QString *error) {
    if (!plan.ok())
        return fail(error, plan.error);
    if (!plan.fits && !resize)
        return fail(error, plan.mismatch);
    if (!plan.fits && !plan.canResize())
        return fail(error, plan.mismatch + " " + plan.resizeProblem);

    attn::AttentionInputs after = doc.inputs();
    // The document's own generator is private; a generator seeded from its seed keeps new
    // cells reproducible for a given seed all the same.
    std::mt19937 rng(doc.randomSeed() ^ 0x1a2b3c4du);
    if (!plan.fits)
        for (const DimensionChange &c : plan.changes)
            after = withDimension(after, c.dimension, c.to, doc.initializer(), rng);
    attn::Matrix *target = matrixIn(after, plan.target);
    const attn::Matrix &m = plan.read.matrix;
    if (!target)
        return fail(error, missingTarget(doc, plan.target));
    if (target->rows() != m.rows() || target->cols() != m.cols())
        // The document changed since the plan was made (another edit, an undo).
        return fail(error, QCoreApplication::translate(
                               "ImportPlan", "%1 is now %2, not the %3 of the file: import again")
                               .arg(plan.targetName, shapeText(target->rows(), target->cols()),
                                    shapeText(m.rows(), m.cols())));
    *target = m;
    QString text = QCoreApplication::translate("ImportPlan", "Import %1 from %2")
                       .arg(plan.targetName, QFileInfo(plan.fileName).fileName());
    if (!plan.read.arrayName.isEmpty() && plan.read.format == attn::ImportFormat::Npz)
        text += QCoreApplication::translate("ImportPlan", " (array %1)").arg(plan.read.arrayName);
    if (!plan.read.arrayName.isEmpty() && plan.read.format == attn::ImportFormat::Safetensors)
        text += QCoreApplication::translate("ImportPlan", " (tensor %1%2)")
                    .arg(plan.read.arrayName, plan.selection.slice);
    return doc.replaceInputs(after, text, error);
}

} // namespace attn::ui
