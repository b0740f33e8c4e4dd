// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checking the class's typed answer to an exercise (Exercise.h): apart from making exercises,
// since only the window's panel checks answers; the worksheet prints them.

#include "Exercise.h"

#include <QString>

namespace attn {

enum class ExerciseVerdict { Right, Close, Wrong, Unreadable };
struct ExerciseCheck {
    ExerciseVerdict verdict = ExerciseVerdict::Unreadable;
    QString message; // one line: "Right: 13", "Close: 0.24 (you typed 0.3)", …
};
// The class's answer, typed: numbers may use − or -, a decimal comma when one number is asked,
// several numbers separated by spaces, ';' or ','. LargestWeight takes a token name, "k2" or 2.
// Right within a rounding of the numbers shown (1 % or 0.01), close within 10 % (or 0.1; 0.05
// for weights).
ExerciseCheck checkExerciseAnswer(const Exercise &exercise, const QString &typed,
                                  const derivation::Context &c);

} // namespace attn
