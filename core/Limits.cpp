#include "Limits.h"

#include "AttentionInputs.h"
#include "InputError.h"

#include <limits>

namespace attn {

namespace {

constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max();

std::int64_t saturatingSum(std::int64_t a, std::int64_t b) {
    return a > kSaturated - b ? kSaturated : a + b;
}

std::string number(std::int64_t value) {
    return std::to_string(value);
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

InputShape shapeOf(const AttentionInputs &in) {
    InputShape s;
    s.tokens = in.X.rows();
    s.embedding = in.X.cols();
    s.hasContext = in.hasContext;
    if (in.hasContext) {
        s.contextTokens = in.context.rows();
        s.contextEmbedding = in.context.cols();
    }
    for (const HeadWeights &h : in.heads) {
        s.keyDims.push_back(h.Wq.cols());
        s.valueDims.push_back(h.Wv.cols());
    }
    s.outputDim = in.Wo.cols();
    return s;
}

void checkTokenCount(std::int64_t count, const std::string &what) {
    if (count > kMaxTokens)
        throw InputError(what + " has " + number(count) + " tokens: at most " + number(kMaxTokens) +
                         " tokens are supported");
}

void checkDimensionSize(std::int64_t size, const std::string &what) {
    if (size > kMaxDimension)
        throw InputError(what + " is " + number(size) + ": at most " + number(kMaxDimension) +
                         " is supported for a dimension (p, d_k, d_v, p_out)");
}

void checkHeadCount(std::int64_t heads) {
    if (heads > kMaxHeads)
        throw InputError("there are " + number(heads) + " heads: at most " + number(kMaxHeads) +
                         " heads are supported");
}

void checkAttentionCells(std::int64_t queries, std::int64_t keys, std::int64_t heads) {
    const std::int64_t cells = saturatingProduct(saturatingProduct(queries, keys), heads);
    if (cells > kMaxAttentionCells)
        throw InputError(number(queries) + " queries \u00d7 " + number(keys) + " keys \u00d7 " +
                         number(heads) + (heads == 1 ? " head" : " heads") +
                         " is too large: at most " + number(kMaxAttentionCells) +
                         " attention weights are supported");
}

void checkInputValues(std::int64_t values) {
    if (values > kMaxInputValues)
        throw InputError("the inputs would hold " + number(values) + " numbers: at most " +
                         number(kMaxInputValues) +
                         " numbers are supported in X, the context and the weights together");
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
        throw InputError(what + " has " + number(length) + " characters: at most " +
                         number(kMaxLabelLength) + " are supported");
}

void checkWindow(std::int64_t window) {
    if (window > kMaxWindow)
        throw InputError("the sliding window is " + number(window) + " keys: at most " +
                         number(kMaxWindow) + " are supported");
}

void checkGlobalTokens(std::int64_t count) {
    if (count > kMaxGlobalTokens)
        throw InputError("there are " + number(count) + " global tokens: at most " +
                         number(kMaxGlobalTokens) + " are supported");
}

void checkKvGroup(std::int64_t group, std::int64_t head) {
    if (group > kMaxKvGroup)
        throw InputError("head " + number(head) + " is in key/value group " + number(group) +
                         ": the groups are numbered 0 to " + number(kMaxKvGroup));
}

void checkAlibiSlopeCount(std::int64_t count) {
    if (count > kMaxAlibiSlopes)
        throw InputError("there are " + number(count) + " ALiBi slopes: at most " +
                         number(kMaxAlibiSlopes) + " (one per head) are supported");
}

void checkLimits(const InputShape &s) {
    checkTokenCount(s.tokens, "X");
    checkDimensionSize(s.embedding, "the embedding size p");
    if (s.hasContext) {
        checkTokenCount(s.contextTokens, "the context");
        checkDimensionSize(s.contextEmbedding, "the context's embedding size p_c");
    }
    checkHeadCount(std::int64_t(s.keyDims.size()));
    for (std::size_t h = 0; h < s.keyDims.size(); ++h) {
        checkDimensionSize(s.keyDims[h], "d_k of head " + number(std::int64_t(h)));
        if (h < s.valueDims.size())
            checkDimensionSize(s.valueDims[h], "d_v of head " + number(std::int64_t(h)));
    }
    checkDimensionSize(s.outputDim, "p_out (the columns of Wo)");
    checkAttentionCells(s.tokens, s.keys(), std::int64_t(s.keyDims.size()));
    checkInputValues(s.inputValues());
}

void checkLimits(const AttentionInputs &in) {
    checkLimits(shapeOf(in));
    for (std::size_t i = 0; i < in.tokens.size(); ++i)
        checkLabelLength(in.tokens[i], "token label " + number(std::int64_t(i)));
    for (std::size_t i = 0; i < in.contextTokens.size(); ++i)
        checkLabelLength(in.contextTokens[i], "context token label " + number(std::int64_t(i)));
    checkWindow(in.options.window);
    checkGlobalTokens(in.options.globalTokens);
    checkAlibiSlopeCount(std::int64_t(in.options.alibiSlopes.size()));
    for (std::size_t h = 0; h < in.heads.size(); ++h)
        checkKvGroup(in.heads[h].kvGroup, std::int64_t(h));
}

} // namespace attn
