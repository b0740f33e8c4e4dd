#pragma once

#include <QStringList>

#include <string>
#include <vector>

namespace attn {

// The inputs' tokens (UTF-8) as the labels the views and the analysis texts write.
QStringList tokenLabels(const std::vector<std::string> &tokens);

} // namespace attn
