#include "TokenLabels.h"

namespace attn {

QStringList tokenLabels(const std::vector<std::string> &tokens) {
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
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
