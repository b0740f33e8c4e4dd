#include "TokenLabels.h"

namespace attn {

QStringList tokenLabels(const std::vector<std::string> &tokens) {
    QStringList out;
    out.reserve(qsizetype(tokens.size()));
    for (const std::string &t : tokens)
        out << QString::fromStdString(t);
    return out;
}

} // namespace attn
