// SPDX-License-Identifier: GPL-3.0-or-later
#include "GgufTokenizer.h"

#include "BpeModel.h"
#include "ByteLevelBpe.h"
#include "InputError.h"
#include "Limits.h"
#include "SentencePiece.h"
#include "SentencePieceModel.h"
#include "Translate.h"
#include "io/GgufFile.h"

#include <QFileInfo>

#include <cmath>

namespace attn {

namespace {

[[noreturn]] void failGguf(const GgufFile &g, const QByteArray &key, const QString &problem) {
    throw InputError(g.where(key) + QStringLiteral(": ") + problem);
}

// Qwen2's and Llama 3's pre-tokenizers (their tokenizer.json's Split regex): GPT-2's with
// case-insensitive contractions, a letter run that may take one non-letter before it, and
// digits one at a time (Qwen2) or up to three (Llama 3).
const char *const kQwen2Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
const char *const kLlama3Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

struct Common {
    std::vector<QString> tokens;
    std::vector<int> types; // token_type, 1 (normal) where the file has none
    std::optional<std::int64_t> bos, eos, unk;
    std::optional<bool> addBos, addEos;
};

std::optional<std::int64_t> tokenId(const GgufFile &g, const QByteArray &key, std::size_t size) {
    const std::optional<std::int64_t> id = g.integer(key);
    if (id && (*id < 0 || *id >= std::int64_t(size)))
        failGguf(g, key, translate("attn::tokenizer", "no token has the id %1").arg(*id));
    return id;
}

Common readCommon(const GgufFile &g) {
    Common c;
    const auto count = g.arrayCount("tokenizer.ggml.tokens");
    if (!count)
        failGguf(g, "tokenizer.ggml.tokens", translate("attn::tokenizer", "missing"));
    if (*count == 0 || *count > std::uint64_t(kMaxVocabularySize))
        failGguf(g, "tokenizer.ggml.tokens",
                 translate("attn::tokenizer", "%1 tokens (1 to %2)")
                     .arg(QString::number(*count), QString::number(kMaxVocabularySize)));
    for (const QByteArray &key :
         {QByteArray("tokenizer.ggml.scores"), QByteArray("tokenizer.ggml.token_type")})
        if (const auto n = g.arrayCount(key); n && *n != *count)
            failGguf(g, key,
                     translate("attn::tokenizer", "%1 entries, but tokenizer.ggml.tokens has %2")
                         .arg(QString::number(*n), QString::number(*count)));
    c.tokens = g.stringArray("tokenizer.ggml.tokens");
    for (const QString &t : c.tokens)
        if (t.size() > kMaxTokenPieceLength)
            failGguf(g, "tokenizer.ggml.tokens",
                     translate("attn::tokenizer", "a token of %1 characters (at most %2)")
                         .arg(QString::number(t.size()), QString::number(kMaxTokenPieceLength)));
    c.types.assign(c.tokens.size(), 1);
    if (g.has("tokenizer.ggml.token_type")) {
        const std::vector<double> types = g.numberArray("tokenizer.ggml.token_type");
        // llama.cpp's token types are 0 (undefined) to 6 (byte); anything else is damage, and
        // converting it to int unchecked would be undefined.
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (!(types[i] >= 0 && types[i] <= 6 && types[i] == std::floor(types[i])))
                failGguf(g, "tokenizer.ggml.token_type",
                         translate("attn::tokenizer", "token %1 has the type %2 (0 to 6)")
                             .arg(QString::number(i), QString::number(types[i], 'g', 17)));
            c.types[i] = int(types[i]);
        }
    }
    c.bos = tokenId(g, "tokenizer.ggml.bos_token_id", c.tokens.size());
    c.eos = tokenId(g, "tokenizer.ggml.eos_token_id", c.tokens.size());
    c.unk = tokenId(g, "tokenizer.ggml.unknown_token_id", c.tokens.size());
    c.addBos = g.flag("tokenizer.ggml.add_bos_token");
    c.addEos = g.flag("tokenizer.ggml.add_eos_token");
    return c;
}

std::unique_ptr<Tokenizer> sentencePiece(const GgufFile &g, Common c) {
    using Type = SentencePieceModel::PieceType;
    SentencePieceModel m;
    m.name = g.name();
    m.sources = {QFileInfo(g.name()).fileName()};
    m.fromModelProto = true; // merges by scores, SentencePiece's own decoding
    std::vector<double> scores;
    if (g.has("tokenizer.ggml.scores"))
        scores = g.numberArray("tokenizer.ggml.scores");
    m.pieces.resize(c.tokens.size());
    bool bytes = false;
    for (std::size_t i = 0; i < c.tokens.size(); ++i) {
        SentencePieceModel::Piece &p = m.pieces[i];
        p.text = c.tokens[i];
        p.score = scores.empty() ? 0.0f : float(scores[i]);
        const int t = c.types[i];
        p.type = t >= 1 && t <= 6 ? Type(t) : Type::Normal;
        if (p.type == Type::Byte) {
            if (bytePieceValue(p.text) < 0)
                failGguf(g, "tokenizer.ggml.token_type",
                         translate("attn::tokenizer",
                                   "token %1 (\"%2\") is of the type byte but not "
                                   "<0x00> … <0xFF>")
                             .arg(QString::number(i), p.text.left(40)));
            bytes = true;
        }
        if (p.type == Type::Unknown && !c.unk)
            c.unk = std::int64_t(i);
    }
    m.unknownId = c.unk ? int(*c.unk) : -1;
    m.unknownSurface = QStringLiteral(" \u2047 ");
    m.byteFallback = bytes;
    m.fuseUnknown = !bytes;
    const bool spacePrefix = g.flag("tokenizer.ggml.add_space_prefix").value_or(true);
    using N = SentencePieceModel::Normalizer;
    if (spacePrefix)
        m.normalizers.push_back({N::Kind::Prepend, {}, QStringLiteral(" ")});
    m.normalizers.push_back({N::Kind::Replace, QStringLiteral(" "), QStringLiteral("\u2581")});
    m.stripDummyPrefix = spacePrefix;
    // llama.cpp adds the BOS to SentencePiece vocabularies unless the file says not to.
    if (c.bos && c.addBos.value_or(true))
        m.prefix.push_back({QString(), {int(*c.bos)}, g.where("tokenizer.ggml.bos_token_id")});
    if (c.eos && c.addEos.value_or(false))
        m.suffix.push_back({QString(), {int(*c.eos)}, g.where("tokenizer.ggml.eos_token_id")});
    return SentencePiece::fromModel(std::move(m));
}

std::unique_ptr<Tokenizer> byteLevel(const GgufFile &g, const Common &c) {
    BpeModel m;
    m.name = g.name();
    m.sources = {QFileInfo(g.name()).fileName()};
    for (std::size_t i = 0; i < c.tokens.size(); ++i) {
        m.vocab.emplace_back(c.tokens[i], int(i));
        // Control and user-defined tokens are matched whole in the text.
        if (c.types[i] == 3 || c.types[i] == 4)
            m.added.push_back({c.tokens[i], int(i), c.types[i] == 3});
    }
    const auto mergeCount = g.arrayCount("tokenizer.ggml.merges");
    if (!mergeCount)
        failGguf(g, "tokenizer.ggml.merges", translate("attn::tokenizer", "missing"));
    if (*mergeCount > std::uint64_t(kMaxMerges))
        failGguf(g, "tokenizer.ggml.merges",
                 translate("attn::tokenizer", "%1 merges (at most %2)")
                     .arg(QString::number(*mergeCount), QString::number(kMaxMerges)));
    std::size_t index = 0;
    for (const QString &merge : g.stringArray("tokenizer.ggml.merges")) {
        const qsizetype space = merge.indexOf(u' ', 1);
        if (space < 0)
            failGguf(g, "tokenizer.ggml.merges",
                     translate("attn::tokenizer", "merge %1 (\"%2\") is not two tokens and a space")
                         .arg(QString::number(index), merge.left(40)));
        m.merges.emplace_back(merge.left(space), merge.mid(space + 1));
        ++index;
    }
    const QString pre = g.string("tokenizer.ggml.pre").value_or(QStringLiteral("default"));
    if (pre == u"qwen2" || pre == u"llama-bpe" || pre == u"llama3") {
        m.split =
            QRegularExpression(QLatin1String(pre == u"qwen2" ? kQwen2Pattern : kLlama3Pattern),
                               QRegularExpression::UseUnicodePropertiesOption);
        m.byteLevelRegex = false;
        m.ignoreMerges = pre != u"qwen2";
    } else if (pre != u"gpt-2" && pre != u"default") {
        failGguf(g, "tokenizer.ggml.pre",
                 translate("attn::tokenizer", "the pre-tokenizer \"%1\" is not read (gpt-2, qwen2 "
                                              "and llama-bpe are)")
                     .arg(pre.left(40)));
    }
    if (c.bos && c.addBos.value_or(false))
        m.prefix.push_back({QString(), {int(*c.bos)}, g.where("tokenizer.ggml.bos_token_id")});
    if (c.eos && c.addEos.value_or(false))
        m.suffix.push_back({QString(), {int(*c.eos)}, g.where("tokenizer.ggml.eos_token_id")});
    return ByteLevelBpe::fromModel(std::move(m));
}

} // namespace

bool ggufHasTokenizer(const GgufFile &file) {
    return file.has("tokenizer.ggml.model");
}

std::unique_ptr<Tokenizer> loadGgufTokenizer(const GgufFile &g) {
    const std::optional<QString> model = g.string("tokenizer.ggml.model");
    if (!model)
        failGguf(g, "tokenizer.ggml.model",
                 translate("attn::tokenizer", "missing: the file carries "
                                              "no tokenizer"));
    if (*model == u"llama")
        return sentencePiece(g, readCommon(g));
    if (*model == u"gpt2")
        return byteLevel(g, readCommon(g));
    failGguf(g, "tokenizer.ggml.model",
             translate("attn::tokenizer", "the tokenizer \"%1\" is not read (llama and gpt2 are)")
                 .arg(model->left(40)));
}

} // namespace attn
