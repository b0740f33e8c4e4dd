#pragma once

#include <QStringList>

#include <string>
#include <vector>

namespace attn {

// The inputs' tokens (UTF-8) as the labels the views and the analysis texts write.
QStringList tokenLabels(const std::vector<std::string> &tokens);

// Labels may have up to kMaxLabelLength (256) characters; where one is drawn in a cell, a
// header or a list it is cut to this many with "…" (its tooltip or editor shows all of it), so
// a long label neither widens the tables nor slows drawing down.
inline constexpr int kShownLabelChars = 24;

// `label` cut to at most maxChars characters, the last one "…"; never splits a surrogate pair.
QString elidedLabel(const QString &label, int maxChars = kShownLabelChars);

} // namespace attn
