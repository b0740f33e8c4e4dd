// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelOptionsJson.h"

#include "AttentionInputs.h"
#include "InputError.h"
#include "JsonRead.h"
#include "Limits.h"
#include "Translate.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace attn {

using json::describe;
using json::fail;
using json::index;
using json::readBool;

namespace {

// A whole number from 0, or 0 when absent; past the limit `check` refuses (Limits.h).
int readCount(const QJsonObject &o, const char *key, const QString &path,
              void (*check)(std::int64_t)) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return 0;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0)
        fail(path + "." + key,
             translate("attn::io", "expected a whole number from 0, got %1").arg(describe(v)));
    try {
        check(std::int64_t(std::min(v.toDouble(), 1e15)));
    } catch (const InputError &e) {
        fail(path + "." + key, QString::fromStdString(e.what()));
    }
    return v.toInt();
}

} // namespace

// "kv_group": a whole number from 0, or absent/null (the head's own keys and values).
int kvGroupFromJson(const QJsonObject &head, const QString &path) {
    const QJsonValue v = head.value("kv_group");
    if (v.isUndefined() || v.isNull())
        return -1;
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0)
        fail(path + ".kv_group",
             translate("attn::io", "expected a group number from 0, got %1").arg(describe(v)));
    if (v.toDouble() > double(kMaxKvGroup))
        fail(path + ".kv_group", translate("attn::io", "group %1: the groups are numbered 0 to %2")
                                     .arg(describe(v), qs(kMaxKvGroup)));
    return v.toInt();
}

// The sliding window and ALiBi: "window", "window_self", "global_tokens", "alibi",
// "alibi_slopes" (docs/formats.md); absent = off.
void kernelOptionsFromJson(const QJsonObject &options, const QString &op, AttentionOptions &out) {
    out.window = readCount(options, "window", op, checkWindow);
    out.windowSelf = readBool(options, "window_self", op, true);
    out.globalTokens = readCount(options, "global_tokens", op, checkGlobalTokens);
    out.alibi = readBool(options, "alibi", op, false);
    const QJsonValue slopes = options.value("alibi_slopes");
    if (slopes.isUndefined() || slopes.isNull())
        return;
    if (!slopes.isArray())
        fail(op + ".alibi_slopes",
             translate("attn::io", "expected an array of numbers, got %1").arg(describe(slopes)));
    const QJsonArray array = slopes.toArray();
    try {
        checkAlibiSlopeCount(array.size());
    } catch (const InputError &e) {
        fail(op + ".alibi_slopes", QString::fromStdString(e.what()));
    }
    for (qsizetype h = 0; h < array.size(); ++h) {
        if (!array[h].isDouble())
            fail(index(op + ".alibi_slopes", h),
                 translate("attn::io", "expected a number, got %1").arg(describe(array[h])));
        out.alibiSlopes.push_back(array[h].toDouble());
    }
}

void kernelOptionsToJson(const AttentionOptions &in, QJsonObject &options) {
    if (in.window > 0) {
        options["window"] = in.window;
        options["window_self"] = in.windowSelf;
        options["global_tokens"] = in.globalTokens;
    }
    if (in.alibi)
        options["alibi"] = true;
    if (!in.alibiSlopes.empty()) {
        QJsonArray slopes;
        for (double slope : in.alibiSlopes)
            slopes.append(slope);
        options["alibi_slopes"] = slopes;
    }
}

} // namespace attn
