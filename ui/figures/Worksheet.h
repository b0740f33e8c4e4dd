// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "AttentionResult.h"
#include "lessons/Exercise.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace attn::ui {

// The worksheet: exercises on the current example (attn::makeExercises) printed as a PDF, each
// with room to write, and the answer key with the worked solutions on pages of their own. The
// same inputs, count and seed give the same bytes: QPdfWriter's dates and document id are
// replaced by fixed ones, so printing it again gives the same sheet (File › Export › Worksheet
// and attnviz-cli worksheet write it alike).
struct WorksheetOptions {
    int count = 6;          // 1..attn::kMaxExercises
    std::uint64_t seed = 1; // which exercises
    int head = 0;           // the head they are about
    QString source;         // the session's file name, printed in the heading ("" = none)
};
inline constexpr int kDefaultWorksheetCount = 6;

struct Worksheet {
    std::vector<attn::Exercise> exercises;
    QByteArray pdf;
    QString text; // the same sheet as plain text (questions, then the key): attnviz-cli --text
    int pages = 0;
};

// Writes the sheet on `result`, the row layout's result of `inputs` (the GUI's published one).
// Throws attn::InputError (a message for the user) for a head or a count out of range.
Worksheet makeWorksheet(const attn::AttentionInputs &inputs, const attn::AttentionResult &result,
                        const WorksheetOptions &options);
// Computes `inputs` and writes the sheet. Throws attn::InputError (a message for the user) for
// inputs that cannot be computed, a head out of range or a count out of range.
Worksheet makeWorksheet(const attn::AttentionInputs &inputs, const WorksheetOptions &options);

} // namespace attn::ui
