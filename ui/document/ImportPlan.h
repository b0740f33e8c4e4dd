// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Dimension.h"
#include "MatrixId.h"
#include "io/MatrixImport.h"

#include <QString>

#include <vector>

namespace attn::ui {

class Document;

// What importing a file into one input matrix would do, worked out before anything changes, so
// that the import dialog can preview it and the tests can check it without a dialog: the
// matrix read (or the core's message why not), whether its shape fits the target, and if not,
// exactly what differs and which dimension changes would make it fit.
struct DimensionChange {
    Dimension dimension;
    int from = 0;
    int to = 0;
};

struct ImportPlan {
    MatrixId target;
    QString fileName;
    QString arrayName;               // the .npz array or tensor asked for ("" = the first)
    attn::ImportSelection selection; // that array, its slice, transposed or not
    attn::ImportResult read; // the matrix, its description and notes (read.error on failure)
    QString error;           // why nothing can be imported: the file's problem, or no target
    QString targetName;      // "X", "Wq of head 1"
    QString targetShape;     // "4×3 (tokens n × embedding p)"
    bool fits = false;       // same shape as the target: imports as it is
    QString mismatch;        // "the file has 5×3 but X is 4×3: 5 rows, not 4 (n)"
    std::vector<DimensionChange> changes; // what a resize changes to make it fit
    QString resizeSummary; // "n 4 → 5; also resizes the mask" — what changes besides
    QString resizeProblem; // why the file cannot be made to fit (empty when it can)

    bool ok() const { return error.isEmpty(); }
    bool canImport() const { return ok() && fits; }
    bool canResize() const { return ok() && !fits && resizeProblem.isEmpty() && !changes.empty(); }
};

// Reads `fileName` (the .npz array `arrayName`, "" = the first) and compares it with the
// document's matrix `target`. Never throws; changes nothing.
ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const QString &arrayName = {});
// The same for a slice of an array, transposed or not.
ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const attn::ImportSelection &selection);
// The same with the file already read (attn::importMatrix(fileName, selection), which a
// dialog runs on a worker thread for large files).
ImportPlan planImport(const Document &doc, MatrixId target, const QString &fileName,
                      const attn::ImportSelection &selection, attn::ImportResult read);

// Carries the plan out as ONE undo step ("Import X from file.csv"): the matrix as it is when it
// fits, otherwise (only if `resize` and plan.canResize()) after the dimension changes, new
// cells of the other matrices from the document's initializer. Refused (false, *error) with
// the document unchanged when the plan cannot be applied or the document's limits refuse it.
bool applyImport(Document &doc, const ImportPlan &plan, bool resize, QString *error = nullptr);

// The rows and columns of an input matrix as dimensions, in the document's current state (Wk
// and Wv rows are p_c with a context, p otherwise; Wo has H·d_v rows, which no single
// dimension names, so its row dimension is ValueDim with a factor of H).
struct MatrixAxes {
    Dimension rows;
    Dimension cols;
    int rowFactor = 1; // rows = rowFactor × dimension(rows): H for Wo
};
MatrixAxes matrixAxes(const Document &doc, attn::Stage kind);

} // namespace attn::ui
