// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenizerConfig.h"

#include "InputError.h"
#include "Limits.h"
#include "TokenizerJson.h"
#include "Translate.h"
#include "io/JsonRead.h"

#include <QJsonArray>

#include <algorithm>

namespace attn {

std::vector<QString> TokenizerConfig::namedSpecialTokens() const {
    std::vector<QString> out;
    const auto add = [&out](const QString &t) {
        if (!t.isEmpty() && std::find(out.begin(), out.end(), t) == out.end())
            out.push_back(t);
    };
    for (const QString *t :
         {&bosToken, &eosToken, &unkToken, &sepToken, &clsToken, &padToken, &maskToken})
        add(*t);
    for (const QString &t : additionalSpecialTokens)
        add(t);
    return out;
}

TokenizerConfig parseTokenizerConfig(const QByteArray &json, const QString &name) {
    namespace tj = tokenizer_json;
    const QJsonObject o = tj::parseObject(json, name);
    const QString top = name + QStringLiteral(": ");
    TokenizerConfig c;
    c.addBosToken = tj::readOptionalBool(o, "add_bos_token", top);
    c.addEosToken = tj::readOptionalBool(o, "add_eos_token", top);
    c.addPrefixSpace = tj::readOptionalBool(o, "add_prefix_space", top);
    c.doLowerCase = tj::readOptionalBool(o, "do_lower_case", top);
    c.stripAccents = tj::readOptionalBool(o, "strip_accents", top);
    c.tokenizeChineseChars = tj::readOptionalBool(o, "tokenize_chinese_chars", top);
    const std::pair<const char *, QString *> roles[] = {
        {"bos_token", &c.bosToken},  {"eos_token", &c.eosToken}, {"unk_token", &c.unkToken},
        {"sep_token", &c.sepToken},  {"cls_token", &c.clsToken}, {"pad_token", &c.padToken},
        {"mask_token", &c.maskToken}};
    for (const auto &[key, target] : roles)
        *target = tj::readTokenContent(o.value(QLatin1String(key)), tj::field(top, key));

    const QJsonValue additional = o.value(QLatin1String("additional_special_tokens"));
    if (!additional.isUndefined() && !additional.isNull()) {
        const QString where = tj::field(top, "additional_special_tokens");
        if (!additional.isArray())
            json::fail(where, translate("attn::tokenizer", "expected an array, got %1")
                                  .arg(json::describe(additional)));
        const QJsonArray a = additional.toArray();
        if (a.size() > kMaxVocabularySize)
            json::fail(where, translate("attn::tokenizer", "%1 tokens: at most %2 are supported")
                                  .arg(qs(std::int64_t(a.size())), qs(kMaxVocabularySize)));
        for (qsizetype i = 0; i < a.size(); ++i)
            c.additionalSpecialTokens.push_back(tj::readTokenContent(a[i], json::index(where, i)));
    }

    const QJsonValue decoder = o.value(QLatin1String("added_tokens_decoder"));
    if (!decoder.isUndefined() && !decoder.isNull()) {
        const QString where = tj::field(top, "added_tokens_decoder");
        if (!decoder.isObject())
            json::fail(where, translate("attn::tokenizer", "expected an object of ids, got %1")
                                  .arg(json::describe(decoder)));
        const QJsonObject d = decoder.toObject();
        if (d.size() > kMaxVocabularySize)
            json::fail(where, translate("attn::tokenizer", "%1 tokens: at most %2 are supported")
                                  .arg(qs(std::int64_t(d.size())), qs(kMaxVocabularySize)));
        for (auto it = d.begin(); it != d.end(); ++it) {
            const QString at = where + "[\"" + it.key() + "\"]";
            bool ok = false;
            const qlonglong id = it.key().toLongLong(&ok);
            if (!ok || id < 0 || id >= kMaxVocabularySize)
                json::fail(at, translate("attn::tokenizer",
                                         "expected a token id, a whole number from 0 to %1")
                                   .arg(qs(kMaxVocabularySize - 1)));
            c.addedTokens.push_back(tj::readAddedToken(it.value(), at, int(id)));
        }
    }
    return c;
}

} // namespace attn
