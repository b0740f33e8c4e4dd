// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

#include <string>
#include <vector>

namespace attn {

// The inputs' tokens (UTF-8) as the labels the views and the analysis texts write.
QStringList tokenLabels(const std::vector<std::string> &tokens);

// tokenLabels() of the last token list asked for, kept: every result an edit brings has the
// same tokens, and building 4,096 strings again cost a view 0.7 ms per edit. The labels handed
// out share one list, so views comparing them with the ones they show compare one pointer.
class TokenLabelCache {
public:
    const QStringList &labels(const std::vector<std::string> &tokens);

private:
    std::vector<std::string> m_tokens;
    QStringList m_labels;
    bool m_filled = false;
};

// Labels may have up to kMaxLabelLength (256) characters; where one is drawn in a cell, a
// header or a list it is cut to this many with "…" (its tooltip or editor shows all of it), so
// a long label neither widens the tables nor slows drawing down.
inline constexpr int kShownLabelChars = 24;

// `label` cut to at most maxChars characters, the last one "…"; never splits a surrogate pair.
QString elidedLabel(const QString &label, int maxChars = kShownLabelChars);

} // namespace attn
