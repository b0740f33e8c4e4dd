// SPDX-License-Identifier: GPL-3.0-or-later
#include "AttentionResult.h"

// HeadResult's derived stages (derive, cell, queryRows) are in HeadKernel.cpp: they use the
// forward pass's own loops, so a derived weight has the bits the forward pass gave it.
namespace attn {

void AttentionResult::setConcat(Matrix concat) {
    m_concat = std::move(concat);
    m_headIsOutput = false;
}

void AttentionResult::setOutput(Matrix output) {
    m_output = std::move(output);
    m_headIsOutput = m_outputIsConcat = false;
}

void AttentionResult::shareHeadOutput() {
    m_concat.resize(0, 0);
    m_output.resize(0, 0);
    m_headIsOutput = true;
    m_outputIsConcat = false;
}

void AttentionResult::shareConcatAsOutput() {
    m_output.resize(0, 0);
    m_outputIsConcat = true;
}

} // namespace attn
