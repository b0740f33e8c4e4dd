// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenLabels.h"

namespace attn {

QStringList tokenLabels(const std::vector<std::string> &tokens) {
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

const QStringList &TokenLabelCache::labels(const std::vector<std::string> &tokens) {
    if (!m_filled || tokens != m_tokens) {
        m_labels = tokenLabels(tokens);
        m_tokens = tokens;
        m_filled = true;
    }
    return m_labels;
}

QString elidedLabel(const QString &label, int maxChars) {
    if (label.size() <= maxChars || maxChars < 2)
        return label;
    qsizetype keep = maxChars - 1;
    if (label.at(keep - 1).isHighSurrogate())
        --keep;
    return label.left(keep) + QChar(0x2026);
}

} // namespace attn
