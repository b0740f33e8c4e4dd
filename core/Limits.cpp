// SPDX-License-Identifier: GPL-3.0-or-later
#include "Limits.h"

#include "InputError.h"
#include "Translate.h"

#include <limits>

namespace attn {

namespace {

constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max();

std::int64_t saturatingSum(std::int64_t a, std::int64_t b) {
    return a > kSaturated - b ? kSaturated : a + b;
}

QString number(std::int64_t value) {
    return QString::number(value);
}

// The names below are looked up only for a size past its limit: checkLimits runs on every edit.
template <class Name> void checkDimension(std::int64_t size, Name name) {
    if (size > kMaxDimension)
        checkDimensionSize(size, name().toStdString());
}

} // namespace

std::int64_t saturatingProduct(std::int64_t a, std::int64_t b) {
    if (a <= 0 || b <= 0)
        return 0;
    return a > kSaturated / b ? kSaturated : a * b;
}

std::int64_t InputShape::inputValues() const {
    std::int64_t values = saturatingProduct(tokens, embedding);
    if (hasContext)
        values = saturatingSum(values, saturatingProduct(contextTokens, contextEmbedding));
    std::int64_t valueColumns = 0;
    for (std::size_t h = 0; h < keyDims.size() && h < valueDims.size(); ++h) {
        values = saturatingSum(values, saturatingProduct(embedding, keyDims[h]));
        values = saturatingSum(values, saturatingProduct(sourceEmbedding(), keyDims[h]));
        values = saturatingSum(values, saturatingProduct(sourceEmbedding(), valueDims[h]));
        valueColumns = saturatingSum(valueColumns, valueDims[h]);
    }
    return saturatingSum(values, saturatingProduct(valueColumns, outputDim));
}

std::int64_t InputShape::attentionCells() const {
    return saturatingProduct(saturatingProduct(tokens, keys()), std::int64_t(keyDims.size()));
}

void checkTokenCount(std::int64_t count, const std::string &what) {
    if (count > kMaxTokens)
        throw InputError(
            translate("attn::limits", "%1 has %2 tokens: at most %3 tokens are supported")
                .arg(qs(what), number(count), number(kMaxTokens)));
}

void checkDimensionSize(std::int64_t size, const std::string &what) {
    if (size > kMaxDimension)
        throw InputError(
            translate("attn::limits",
                      "%1 is %2: at most %3 is supported for a dimension (p, d_k, d_v, p_out)")
                .arg(qs(what), number(size), number(kMaxDimension)));
}

void checkHeadCount(std::int64_t heads) {
    if (heads > kMaxHeads)
        throw InputError(
            translate("attn::limits", "there are %1 heads: at most %2 heads are supported")
                .arg(number(heads), number(kMaxHeads)));
}

void checkAttentionCells(std::int64_t queries, std::int64_t keys, std::int64_t heads) {
    const std::int64_t cells = saturatingProduct(saturatingProduct(queries, keys), heads);
    if (cells > kMaxAttentionCells)
        throw InputError(
            translate("attn::limits",
                      "%1 queries \u00d7 %2 keys \u00d7 %n head(s) is too large: at most "
                      "%3 attention weights are supported",
                      nullptr, heads)
                .arg(number(queries), number(keys), number(kMaxAttentionCells)));
}

void checkInputValues(std::int64_t values) {
    if (values > kMaxInputValues)
        throw InputError(translate("attn::limits",
                                   "the inputs would hold %1 numbers: at most %2 numbers "
                                   "are supported in X, the context and the weights "
                                   "together")
                             .arg(number(values), number(kMaxInputValues)));
}

std::int64_t codePointCount(std::string_view utf8) {
    std::int64_t count = 0;
    for (const char c : utf8)
        count += (static_cast<unsigned char>(c) & 0xC0) != 0x80; // not a continuation byte
    return count;
}

void checkLabelLength(std::string_view utf8, const std::string &what) {
    // Bytes bound code points from above: the common short label costs no counting.
    if (std::int64_t(utf8.size()) <= kMaxLabelLength)
        return;
    const std::int64_t length = codePointCount(utf8);
    if (length > kMaxLabelLength)
        throw InputError(translate("attn::limits", "%1 has %2 characters: at most %3 are supported")
                             .arg(qs(what), number(length), number(kMaxLabelLength)));
}

void checkWindow(std::int64_t window) {
    if (window > kMaxWindow)
        throw InputError(
            translate("attn::limits", "the sliding window is %1 keys: at most %2 are supported")
                .arg(number(window), number(kMaxWindow)));
}

void checkGlobalTokens(std::int64_t count) {
    if (count > kMaxGlobalTokens)
        throw InputError(
            translate("attn::limits", "there are %1 global tokens: at most %2 are supported")
                .arg(number(count), number(kMaxGlobalTokens)));
}

void checkKvGroup(std::int64_t group, std::int64_t head) {
    if (group > kMaxKvGroup)
        throw InputError(
            translate("attn::limits",
                      "head %1 is in key/value group %2: the groups are numbered 0 to %3")
                .arg(number(head), number(group), number(kMaxKvGroup)));
}

void checkAlibiSlopeCount(std::int64_t count) {
    if (count > kMaxAlibiSlopes)
        throw InputError(
            translate("attn::limits",
                      "there are %1 ALiBi slopes: at most %2 (one per head) are supported")
                .arg(number(count), number(kMaxAlibiSlopes)));
}

void checkConfigBytes(std::int64_t bytes, std::int64_t limit, const std::string &what) {
    if (bytes > limit)
        throw InputError(translate("attn::limits", "%1 is %2 bytes: at most %3 are read")
                             .arg(qs(what), number(bytes), number(limit)));
}

void checkModelSize(std::int64_t value, std::int64_t limit, const std::string &field) {
    if (value > limit)
        throw InputError(translate("attn::limits", "%1 is %2: at most %3 is supported")
                             .arg(qs(field), number(value), number(limit)));
}

void checkTrainingSize(std::int64_t value, std::int64_t low, std::int64_t high,
                       const std::string &option) {
    if (value < low || value > high)
        throw InputError(translate("attn::limits", "%1 is %2: from %3 to %4 are supported")
                             .arg(qs(option), number(value), number(low), number(high)));
}

void checkRunValues(std::int64_t values, std::int64_t tokens) {
    if (values > kMaxRunValues)
        throw InputError(translate("attn::limits",
                                   "a run of %1 tokens would keep %2 numbers: at most %3 are "
                                   "supported (use fewer tokens)")
                             .arg(number(tokens), number(values), number(kMaxRunValues)));
}

void checkCompactRunValues(std::int64_t values, std::int64_t tokens) {
    if (values > kMaxCompactRunValues)
        throw InputError(translate("attn::limits",
                                   "a run of %1 tokens would keep %2 numbers even without its "
                                   "attention maps: at most %3 are supported (use fewer tokens)")
                             .arg(number(tokens), number(values), number(kMaxCompactRunValues)));
}

void checkLimits(const InputShape &s) {
    checkTokenCount(s.tokens, "X");
    checkDimension(s.embedding, [] { return translate("attn::limits", "the embedding size p"); });
    if (s.hasContext) {
        if (s.contextTokens > kMaxTokens)
            checkTokenCount(s.contextTokens,
                            translate("attn::limits", "the context").toStdString());
        checkDimension(s.contextEmbedding, [] {
            return translate("attn::limits", "the context's embedding size p_c");
        });
    }
    checkHeadCount(std::int64_t(s.keyDims.size()));
    for (std::size_t h = 0; h < s.keyDims.size(); ++h) {
        const std::int64_t head = std::int64_t(h);
        checkDimension(s.keyDims[h], [head] {
            return translate("attn::limits", "d_k of head %1").arg(number(head));
        });
        if (h < s.valueDims.size())
            checkDimension(s.valueDims[h], [head] {
                return translate("attn::limits", "d_v of head %1").arg(number(head));
            });
    }
    checkDimension(s.outputDim,
                   [] { return translate("attn::limits", "p_out (the columns of Wo)"); });
    checkAttentionCells(s.tokens, s.keys(), std::int64_t(s.keyDims.size()));
    checkInputValues(s.inputValues());
}

} // namespace attn
