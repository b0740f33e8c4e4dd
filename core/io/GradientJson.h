// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Gradient.h"

#include <string>

namespace attn {

// {"loss": x, "grad": {"X": …, "context": … or null, "heads": [{"Wq", "Wk", "Wv"}],
// "Wo": … or null}}: what `attnviz-cli grad` prints. Numbers in the shortest form that reads
// back to the same double (at most 17 significant digits), as resultToJson writes them.
std::string gradientToJson(const Gradient &gradient);

} // namespace attn
