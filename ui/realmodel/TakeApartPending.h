// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// TEMPORARY, this branch only: stands in for core/transformer/TakeApart.h (being written on
// main) until it lands; the merge of main deletes this file and includes that header instead.

#include "AttentionInputs.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Run.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

AttentionInputs takeApart(const Checkpoint &checkpoint, const Run &run,
                          const std::vector<std::string> &tokens, int layer, int head);
std::string layerTooLarge(const ModelConfig &config, std::int64_t tokens);

} // namespace attn
