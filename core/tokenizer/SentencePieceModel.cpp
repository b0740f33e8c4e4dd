// SPDX-License-Identifier: GPL-3.0-or-later
#include "SentencePieceModel.h"

#include "Tokenizer.h"
#include "TokenizerJson.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "io/JsonRead.h"
#include "io/ProtobufReader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUtf8StringView>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <tuple>

namespace attn {

using json::fail;

namespace {

namespace tj = tokenizer_json;
using Field = ProtobufReader::Field;

const QChar kSpaceSymbol(0x2581); // "▁", SentencePiece's visible space

QJsonValue jsonMember(const QJsonObject &o, const char *key) {
    return o.value(QLatin1String(key));
}

QString objectType(const QJsonValue &v, const QString &where) {
    if (!v.isObject())
        fail(where,
             translate("attn::tokenizer", "expected an object, got %1").arg(json::describe(v)));
    return tj::readString(v.toObject(), "type", where);
}

// How many times longer the steps so far may make a text; each step multiplies it, and past
// kMaxNormalizerGrowth the file is refused when it is read, so that no text within the limits
// is refused (or grows into gigabytes) when it is encoded.
class Growth {
public:
    explicit Growth(QString where) : where_(std::move(where)) {}
    void step(const QString &at, std::int64_t factor) {
        if (++steps_ > kMaxTokenizerSteps)
            fail(at, translate("attn::tokenizer", "more than %1 steps: at most %1 are supported")
                         .arg(qs(std::int64_t(kMaxTokenizerSteps))));
        growth_ = std::max<std::int64_t>(1, factor) * growth_;
        if (growth_ > kMaxNormalizerGrowth)
            fail(where_, translate("attn::tokenizer", "its steps could make a text more than %1 "
                                                      "times longer: at most %1 is supported")
                             .arg(qs(kMaxNormalizerGrowth)));
    }
    // A Replace of `from` by `to`: at most ⌈|to| / |from|⌉ times longer.
    void replace(const QString &at, const QString &from, const QString &to) {
        step(at, (to.size() + from.size() - 1) / std::max<qsizetype>(1, from.size()));
    }

private:
    QString where_;
    int steps_ = 0;
    std::int64_t growth_ = 1;
};

// A text of a normalizer or decoder ("▁", " "): at most kMaxTokenPieceLength.
QString readStepText(const QJsonObject &o, const char *key, const QString &where, bool allowEmpty) {
    const QString text = tj::readString(o, key, where);
    if (text.size() > kMaxTokenPieceLength)
        fail(tj::field(where, key),
             translate("attn::tokenizer", "a text of %1 characters: at most %2 are supported")
                 .arg(qs(std::int64_t(text.size())), qs(kMaxTokenPieceLength)));
    if (text.isEmpty() && !allowEmpty)
        fail(tj::field(where, key), translate("attn::tokenizer", "expected a text, got nothing"));
    return text;
}

// One character of a step ("replacement": "▁", Strip's "content": " ").
QChar readStepChar(const QJsonObject &o, const char *key, const QString &where, QChar fallback) {
    const QJsonValue v = jsonMember(o, key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    const QString text = tj::readString(o, key, where);
    if (text.size() != 1)
        fail(tj::field(where, key),
             translate("attn::tokenizer", "expected one character, got \"%1\"")
                 .arg(text.left(kMaxTokenPieceLength)));
    return text[0];
}

// A Replace step's {"String": …} pattern; a regular expression is refused (SentencePiece's
// tokenizer.json files replace one string by another).
QString readStringPattern(const QJsonObject &o, const QString &where) {
    const QString at = tj::field(where, "pattern");
    const QJsonObject pattern = jsonMember(o, "pattern").toObject();
    if (!pattern.contains(QLatin1String("String")))
        fail(at, translate("attn::tokenizer", "expected {\"String\": …}: only a string is "
                                              "supported as a pattern here, got %1")
                     .arg(json::describe(jsonMember(o, "pattern"))));
    return readStepText(pattern, "String", at, false);
}

int readCount(const QJsonObject &o, const char *key, const QString &where) {
    const QJsonValue v = jsonMember(o, key);
    if (v.isUndefined() || v.isNull())
        return 0;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 0 || d > kMaxTokenPieceLength)
        fail(tj::field(where, key),
             translate("attn::tokenizer", "expected a whole number from 0 to %1, got %2")
                 .arg(qs(kMaxTokenPieceLength), json::describe(v)));
    return int(d);
}

// Metaspace's prepend_scheme ("always", "first", "never"), or its older add_prefix_space.
SentencePieceModel::Prepend readPrependScheme(const QJsonObject &o, const QString &where) {
    using Prepend = SentencePieceModel::Prepend;
    const QString scheme = tj::readString(o, "prepend_scheme", where);
    if (scheme.isEmpty())
        return tj::readOptionalBool(o, "add_prefix_space", where).value_or(true) ? Prepend::Always
                                                                                 : Prepend::Never;
    if (scheme == u"always")
        return Prepend::Always;
    if (scheme == u"first")
        return Prepend::First;
    if (scheme == u"never")
        return Prepend::Never;
    fail(tj::field(where, "prepend_scheme"),
         translate("attn::tokenizer", "expected \"always\", \"first\" or \"never\", got \"%1\"")
             .arg(scheme.left(40)));
}

// Whether `v` (a pre-tokenizer, or a Sequence of them) holds one of type `type`.
bool holdsType(const QJsonValue &v, const char *type, int depth = 0) {
    const QJsonObject o = v.toObject();
    if (o.value(QLatin1String("type")).toString() == QLatin1String(type))
        return true;
    if (depth > 8)
        return false;
    for (const char *key : {"pretokenizers", "normalizers", "decoders"})
        for (const QJsonValue item : jsonMember(o, key).toArray())
            if (holdsType(item, type, depth + 1))
                return true;
    return false;
}

bool isBytePiece(const QString &piece) {
    return bytePieceValue(piece) >= 0;
}

// --- tokenizer.model -----------------------------------------------------------------------

// What trainer_spec and normalizer_spec say; the defaults are the schema's.
struct Specs {
    int modelType = 1; // UNIGRAM
    bool byteFallback = false;
    bool whitespaceAsSuffix = false;
    qint64 bosId = 1, eosId = 2;
    QString unknownSurface = QString::fromUtf8(" \xE2\x81\x87 "); // " ⁇ "
    QString normalization = QStringLiteral("identity");
    bool charsmap = false; // a precompiled character map is there
    bool addDummyPrefix = true, removeExtraWhitespaces = true, escapeWhitespaces = true;
};

// A string field as text: valid UTF-8 of at most kMaxTokenPieceLength UTF-16 units, measured
// in bytes first so that a long one is never decoded.
QString readText(const ProtobufReader &reader, const Field &field, const char *what) {
    const QByteArrayView bytes = reader.bytes(field, what);
    if (bytes.size() > 4 * kMaxTokenPieceLength)
        reader.fail(field, translate("attn::tokenizer", "%1: %2 bytes: at most %3 characters "
                                                        "are supported")
                               .arg(QLatin1String(what), qs(std::int64_t(bytes.size())),
                                    qs(kMaxTokenPieceLength)));
    if (!QUtf8StringView(bytes).isValidUtf8())
        reader.fail(field,
                    translate("attn::tokenizer", "%1: not UTF-8 text").arg(QLatin1String(what)));
    // decodeUtf8, not QString::fromUtf8's converter, which could take a leading U+FEFF for a
    // byte order mark: Llama's vocabulary has that piece.
    const QString text = decodeUtf8(std::string_view(bytes.data(), std::size_t(bytes.size())));
    if (text.size() > kMaxTokenPieceLength)
        reader.fail(field, translate("attn::tokenizer", "%1: %2 characters: at most %3 are "
                                                        "supported")
                               .arg(QLatin1String(what), qs(std::int64_t(text.size())),
                                    qs(kMaxTokenPieceLength)));
    return text;
}

SentencePieceModel::Piece readPiece(const ProtobufReader &model, const Field &field, qsizetype id) {
    SentencePieceModel::Piece piece;
    ProtobufReader r = model.message(field);
    Field f;
    while (r.next(f)) {
        if (f.number == 1) {
            piece.text = readText(r, f, "piece");
        } else if (f.number == 2) {
            piece.score = r.float32(f, "score");
        } else if (f.number == 3) {
            const std::int32_t type = r.int32(f, "type");
            if (type < 1 || type > 6)
                r.fail(f, translate("attn::tokenizer", "piece %1: type %2 is not a piece type "
                                                       "(1 to 6)")
                              .arg(qs(std::int64_t(id)), qs(std::int64_t(type))));
            piece.type = SentencePieceModel::PieceType(type);
        }
    }
    if (piece.text.isEmpty())
        model.fail(field,
                   translate("attn::tokenizer", "piece %1 is empty").arg(qs(std::int64_t(id))));
    return piece;
}

void readTrainerSpec(const ProtobufReader &r0, Specs &specs) {
    ProtobufReader r = r0;
    Field f;
    while (r.next(f)) {
        switch (f.number) {
        case 3:
            specs.modelType = r.int32(f, "trainer_spec.model_type");
            break;
        case 24:
            specs.whitespaceAsSuffix = r.boolean(f, "trainer_spec.treat_whitespace_as_suffix");
            break;
        case 35:
            specs.byteFallback = r.boolean(f, "trainer_spec.byte_fallback");
            break;
        case 41:
            specs.bosId = r.int32(f, "trainer_spec.bos_id");
            break;
        case 42:
            specs.eosId = r.int32(f, "trainer_spec.eos_id");
            break;
        case 44:
            specs.unknownSurface = readText(r, f, "trainer_spec.unk_surface");
            break;
        default:
            break; // training options: nothing encoding depends on
        }
    }
}

void readNormalizerSpec(const ProtobufReader &r0, Specs &specs, bool denormalizer) {
    ProtobufReader r = r0;
    Field f;
    while (r.next(f)) {
        switch (f.number) {
        case 1:
            if (!denormalizer)
                specs.normalization = readText(r, f, "normalizer_spec.name");
            break;
        case 2:
            specs.charsmap = specs.charsmap || !r.bytes(f, "precompiled_charsmap").isEmpty();
            break;
        case 3:
            if (!denormalizer)
                specs.addDummyPrefix = r.boolean(f, "normalizer_spec.add_dummy_prefix");
            break;
        case 4:
            if (!denormalizer)
                specs.removeExtraWhitespaces =
                    r.boolean(f, "normalizer_spec.remove_extra_whitespaces");
            break;
        case 5:
            if (!denormalizer)
                specs.escapeWhitespaces = r.boolean(f, "normalizer_spec.escape_whitespaces");
            break;
        default:
            break;
        }
    }
}

// --- tokenizer.json ------------------------------------------------------------------------

void readNormalizer(const QJsonValue &v, const QString &where, SentencePieceModel &m,
                    Growth &growth) {
    using N = SentencePieceModel::Normalizer;
    if (v.isNull() || v.isUndefined())
        return;
    const QString kind = objectType(v, where);
    const QJsonObject o = v.toObject();
    if (kind == u"Sequence") {
        const QJsonArray list = jsonMember(o, "normalizers").toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            readNormalizer(list[i], json::index(tj::field(where, "normalizers"), i), m, growth);
        return;
    }
    N n;
    if (kind == u"Prepend") {
        n.kind = N::Kind::Prepend;
        n.to = readStepText(o, "prepend", where, false);
        growth.step(where, 1 + n.to.size());
    } else if (kind == u"Replace") {
        n.kind = N::Kind::Replace;
        n.from = readStringPattern(o, where);
        n.to = readStepText(o, "content", where, true);
        growth.replace(where, n.from, n.to);
    } else {
        // Unicode's normal forms and lower case: at most 18 UTF-16 units from one (NFKC of
        // U+FDFA), 3 for the canonical forms and lower case.
        static const std::tuple<const char *, N::Kind, int> forms[] = {
            {"NFC", N::Kind::Nfc, 3},
            {"NFD", N::Kind::Nfd, 3},
            {"NFKC", N::Kind::Nfkc, 18},
            {"NFKD", N::Kind::Nfkd, 18},
            {"Lowercase", N::Kind::Lowercase, 3}};
        bool known = false;
        for (const auto &[formName, form, factor] : forms)
            if (kind == QLatin1String(formName)) {
                n.kind = form;
                growth.step(where, factor);
                known = true;
            }
        if (!known)
            fail(tj::field(where, "type"),
                 translate("attn::tokenizer",
                           "normalizer \"%1\" is not supported (Prepend, Replace, NFC, NFD, "
                           "NFKC, NFKD, Lowercase and Sequence are)")
                     .arg(kind.left(40)));
    }
    m.normalizers.push_back(std::move(n));
}

void readPreTokenizer(const QJsonValue &v, const QString &where, SentencePieceModel &m) {
    if (v.isNull() || v.isUndefined())
        return;
    const QString kind = objectType(v, where);
    const QJsonObject o = v.toObject();
    if (kind == u"Sequence") {
        const QJsonArray list = jsonMember(o, "pretokenizers").toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            readPreTokenizer(list[i], json::index(tj::field(where, "pretokenizers"), i), m);
        return;
    }
    if (kind != u"Metaspace")
        fail(tj::field(where, "type"),
             translate("attn::tokenizer", "pre-tokenizer \"%1\" is not supported by "
                                          "SentencePiece's BPE (none or Metaspace is)")
                 .arg(kind.left(40)));
    if (m.metaspace)
        fail(where, translate("attn::tokenizer", "a second Metaspace pre-tokenizer"));
    SentencePieceModel::Metaspace ms;
    ms.replacement = readStepChar(o, "replacement", where, kSpaceSymbol);
    ms.prepend = readPrependScheme(o, where);
    ms.split = tj::readOptionalBool(o, "split", where).value_or(true);
    m.metaspace = ms;
}

void readDecoder(const QJsonValue &v, const QString &where, SentencePieceModel &m, Growth &growth) {
    using D = SentencePieceModel::Decoder;
    if (v.isNull() || v.isUndefined())
        return;
    const QString kind = objectType(v, where);
    const QJsonObject o = v.toObject();
    if (kind == u"Sequence") {
        const QJsonArray list = jsonMember(o, "decoders").toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            readDecoder(list[i], json::index(tj::field(where, "decoders"), i), m, growth);
        return;
    }
    D d;
    if (kind == u"Replace") {
        d.kind = D::Kind::Replace;
        d.from = readStringPattern(o, where);
        d.to = readStepText(o, "content", where, true);
        growth.replace(where, d.from, d.to);
    } else if (kind == u"ByteFallback") {
        d.kind = D::Kind::ByteFallback;
        growth.step(where, 1);
    } else if (kind == u"Fuse") {
        d.kind = D::Kind::Fuse;
        growth.step(where, 1);
    } else if (kind == u"Strip") {
        d.kind = D::Kind::Strip;
        d.content = readStepChar(o, "content", where, QChar(u' '));
        d.start = readCount(o, "start", where);
        d.stop = readCount(o, "stop", where);
        growth.step(where, 1);
    } else if (kind == u"Metaspace") {
        d.kind = D::Kind::Metaspace;
        d.replacement = readStepChar(o, "replacement", where, kSpaceSymbol);
        d.stripFirst = readPrependScheme(o, where) != SentencePieceModel::Prepend::Never;
        growth.step(where, 1);
    } else {
        fail(tj::field(where, "type"),
             translate("attn::tokenizer", "decoder \"%1\" is not supported (Replace, "
                                          "ByteFallback, Fuse, Strip, Metaspace and Sequence "
                                          "are)")
                 .arg(kind.left(40)));
    }
    m.decoders.push_back(std::move(d));
}

} // namespace

SentencePieceModel readSentencePieceModelProto(const QByteArray &bytes, const QString &name) {
    SentencePieceModel m;
    m.name = name;
    m.sources = {name};
    m.fromModelProto = true;
    const QString top = name + QStringLiteral(": ");

    // The pieces counted before any is stored (a piece is at least two bytes, so a file within
    // kMaxTokenizerFileBytes could declare 32 million).
    std::int64_t count = 0;
    Field f;
    for (ProtobufReader counter(bytes, name); counter.next(f);)
        if (f.number == 1 && ++count > kMaxVocabularySize)
            fail(name, translate("attn::tokenizer", "more than %1 pieces: at most %1 are "
                                                    "supported")
                           .arg(qs(kMaxVocabularySize)));
    m.pieces.reserve(std::size_t(count));

    Specs specs;
    ProtobufReader model(bytes, name);
    while (model.next(f)) {
        switch (f.number) {
        case 1:
            m.pieces.push_back(readPiece(model, f, qsizetype(m.pieces.size())));
            break;
        case 2:
            readTrainerSpec(model.message(f), specs);
            break;
        case 3:
            readNormalizerSpec(model.message(f), specs, false);
            break;
        case 5:
            readNormalizerSpec(model.message(f), specs, true);
            break;
        default:
            break; // self_test_data, extensions
        }
    }
    if (m.pieces.empty())
        fail(name, translate("attn::tokenizer", "no pieces: not a SentencePiece model"));

    switch (specs.modelType) {
    case 2:
        break;
    case 1:
        fail(top + QStringLiteral("trainer_spec.model_type"),
             translate("attn::tokenizer", "a Unigram model (as T5's, ALBERT's and XLNet's): only "
                                          "SentencePiece's BPE models (Llama 2, Mistral, Gemma) "
                                          "are supported"));
    default:
        fail(top + QStringLiteral("trainer_spec.model_type"),
             translate("attn::tokenizer", "model type %1: only SentencePiece's BPE models "
                                          "(type 2) are supported")
                 .arg(qs(std::int64_t(specs.modelType))));
    }
    if (specs.whitespaceAsSuffix)
        fail(top + QStringLiteral("trainer_spec.treat_whitespace_as_suffix"),
             translate("attn::tokenizer", "is not supported"));
    if (specs.charsmap)
        fail(top + QStringLiteral("normalizer_spec"),
             translate("attn::tokenizer", "the normalization \"%1\" (a precompiled character "
                                          "map) is not supported: only the identity, as "
                                          "Llama's, Mistral's and Gemma's")
                 .arg(specs.normalization.left(40)));

    using Type = SentencePieceModel::PieceType;
    std::array<bool, 256> bytePieces{};
    QHash<QString, std::size_t> seen;
    seen.reserve(qsizetype(m.pieces.size()));
    for (std::size_t id = 0; id < m.pieces.size(); ++id) {
        const SentencePieceModel::Piece &p = m.pieces[id];
        // SentencePiece refuses a model with a piece twice: which id would the text get?
        if (const auto it = seen.constFind(p.text); it != seen.constEnd())
            fail(name, translate("attn::tokenizer", "the piece \"%1\" is given twice (ids %2 "
                                                    "and %3)")
                           .arg(p.text.left(40), qs(std::int64_t(*it)), qs(std::int64_t(id))));
        seen.insert(p.text, id);
        if (p.type == Type::Unknown) {
            if (m.unknownId >= 0)
                fail(name, translate("attn::tokenizer", "pieces %1 and %2 are both the unknown "
                                                        "piece")
                               .arg(qs(std::int64_t(m.unknownId)), qs(std::int64_t(id))));
            m.unknownId = int(id);
        } else if (p.type == Type::Byte) {
            if (!isBytePiece(p.text))
                fail(name, translate("attn::tokenizer", "piece %1 (\"%2\") is of the type byte "
                                                        "but not <0x00> … <0xFF>")
                               .arg(qs(std::int64_t(id)), p.text.left(40)));
            bytePieces[std::size_t(bytePieceValue(p.text))] = true;
        }
    }
    if (m.unknownId < 0)
        fail(name, translate("attn::tokenizer", "no piece is the unknown piece (type 2)"));
    if (specs.byteFallback)
        for (int b = 0; b < 256; ++b)
            if (!bytePieces[std::size_t(b)])
                fail(name, translate("attn::tokenizer", "byte_fallback is on but no piece is the "
                                                        "byte <0x%1>")
                               .arg(QString::number(b, 16).toUpper().rightJustified(2, u'0')));

    // SentencePiece's normalizer, as its order: extra spaces go, the dummy prefix (a space)
    // goes before the text, and spaces become "▁".
    using N = SentencePieceModel::Normalizer;
    if (specs.removeExtraWhitespaces)
        m.normalizers.push_back({N::Kind::SquashSpaces, {}, {}});
    if (specs.addDummyPrefix)
        m.normalizers.push_back({N::Kind::Prepend, {}, QStringLiteral(" ")});
    if (specs.escapeWhitespaces)
        m.normalizers.push_back({N::Kind::Replace, QStringLiteral(" "), QString(kSpaceSymbol)});
    m.byteFallback = specs.byteFallback;
    // SentencePiece joins unknown pieces in a row into one, unless their bytes are taken.
    m.fuseUnknown = !specs.byteFallback;
    m.unknownSurface = specs.unknownSurface;
    m.stripDummyPrefix = specs.addDummyPrefix;
    // SentencePiece itself adds no BOS unless asked (its encoder's add_bos option is off), but
    // every Llama, TinyLlama, Mistral and Gemma model was trained with one before each text, and
    // their tokenizers add it: Hugging Face's LlamaTokenizer (add_bos_token defaults to true)
    // and llama.cpp for SentencePiece vocabularies. Without it the first token's attention is
    // nothing like the model's. trainer_spec names its id: 1 in Llama's (<s>), 2 in Gemma's.
    if (specs.bosId >= 0) {
        const QString at = top + QStringLiteral("trainer_spec.bos_id");
        if (specs.bosId >= qint64(m.pieces.size()))
            fail(at, translate("attn::tokenizer", "no piece has the id %1")
                         .arg(qs(std::int64_t(specs.bosId))));
        m.prefix.push_back({QString(), {int(specs.bosId)}, at});
    }
    return m;
}

SentencePieceModel readSentencePieceTokenizerJson(const QJsonObject &root, const QString &name) {
    const QString top = name + QStringLiteral(": ");
    SentencePieceModel m;
    m.name = name;
    m.sources = {name};

    const QString modelWhere = tj::field(top, "model");
    const QJsonValue modelValue = jsonMember(root, "model");
    const QString type = objectType(modelValue, modelWhere);
    const QJsonObject model = modelValue.toObject();
    if (type == u"Unigram")
        fail(tj::field(modelWhere, "type"),
             translate("attn::tokenizer", "a Unigram model (as T5's, ALBERT's and XLNet's): only "
                                          "SentencePiece's BPE models (Llama 2, Mistral, Gemma) "
                                          "are supported"));
    if (type != u"BPE")
        fail(tj::field(modelWhere, "type"),
             translate("attn::tokenizer", "model type \"%1\": only BPE is supported")
                 .arg(type.left(40)));
    const QJsonValue dropout = jsonMember(model, "dropout");
    if (!dropout.isNull() && !dropout.isUndefined() && dropout.toDouble(1) != 0)
        fail(tj::field(modelWhere, "dropout"),
             translate("attn::tokenizer", "BPE dropout makes tokens random: only null is "
                                          "supported"));
    for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (!tj::readString(model, key, modelWhere).isEmpty())
            fail(tj::field(modelWhere, key),
                 translate("attn::tokenizer", "not supported by SentencePiece's BPE"));
    m.byteFallback = tj::readOptionalBool(model, "byte_fallback", modelWhere).value_or(false);
    m.fuseUnknown = tj::readOptionalBool(model, "fuse_unk", modelWhere).value_or(false);
    m.ignoreMerges = tj::readOptionalBool(model, "ignore_merges", modelWhere).value_or(false);
    const std::vector<std::pair<QString, int>> vocab =
        tj::readVocabulary(jsonMember(model, "vocab"), tj::field(modelWhere, "vocab"));
    m.merges = readMergesArray(jsonMember(model, "merges"), tj::field(modelWhere, "merges"));
    m.added = readAddedTokens(root, top);

    // The pieces by id: every id is below kMaxVocabularySize (readVocabulary and
    // readAddedTokens check), so this table is bounded.
    int size = 0;
    for (const auto &[piece, id] : vocab)
        size = std::max(size, id + 1);
    for (const AddedToken &t : m.added)
        size = std::max(size, t.id + 1);
    using Type = SentencePieceModel::PieceType;
    m.pieces.assign(std::size_t(size), {});
    for (const auto &[piece, id] : vocab)
        m.pieces[std::size_t(id)] = {piece, 0, isBytePiece(piece) ? Type::Byte : Type::Normal};
    for (const AddedToken &t : m.added)
        m.pieces[std::size_t(t.id)] = {t.content, 0, t.special ? Type::Control : Type::UserDefined};
    const QString unknown = tj::readString(model, "unk_token", modelWhere);
    if (!unknown.isEmpty()) {
        const auto it = std::find_if(vocab.begin(), vocab.end(),
                                     [&unknown](const auto &e) { return e.first == unknown; });
        if (it == vocab.end())
            fail(tj::field(modelWhere, "unk_token"),
                 translate("attn::tokenizer", "the token \"%1\" is not in the vocabulary")
                     .arg(unknown.left(40)));
        m.unknownId = it->second;
        m.pieces[std::size_t(m.unknownId)].type = Type::Unknown;
    }

    Growth normalizerGrowth(tj::field(top, "normalizer"));
    readNormalizer(jsonMember(root, "normalizer"), tj::field(top, "normalizer"), m,
                   normalizerGrowth);
    readPreTokenizer(jsonMember(root, "pre_tokenizer"), tj::field(top, "pre_tokenizer"), m);
    readPostProcessor(root, top, m.prefix, m.suffix);
    Growth decoderGrowth(tj::field(top, "decoder"));
    readDecoder(jsonMember(root, "decoder"), tj::field(top, "decoder"), m, decoderGrowth);
    return m;
}

int bytePieceValue(QStringView piece) {
    if (piece.size() != 6 || !piece.startsWith(u"<0x") || piece[5] != u'>')
        return -1;
    const auto digit = [](QChar c) {
        const char16_t u = c.unicode();
        return u >= '0' && u <= '9'   ? u - '0'
               : u >= 'A' && u <= 'F' ? u - 'A' + 10
               : u >= 'a' && u <= 'f' ? u - 'a' + 10
                                      : -1;
    };
    const int high = digit(piece[3]), low = digit(piece[4]);
    return high < 0 || low < 0 ? -1 : high * 16 + low;
}

bool isSentencePieceTokenizerJson(const QJsonObject &root) {
    const QJsonObject model = jsonMember(root, "model").toObject();
    const QString type = model.value(QLatin1String("type")).toString();
    if (type == u"Unigram")
        return true;
    if (type != u"BPE" || holdsType(jsonMember(root, "pre_tokenizer"), "ByteLevel"))
        return false;
    const auto mentionsSpaceSymbol = [&root](const char *key) {
        const QJsonValue v = jsonMember(root, key);
        return v.isObject() && QJsonDocument(v.toObject())
                                   .toJson(QJsonDocument::Compact)
                                   .contains(QString(kSpaceSymbol).toUtf8());
    };
    return model.value(QLatin1String("byte_fallback")).toBool() ||
           holdsType(jsonMember(root, "pre_tokenizer"), "Metaspace") ||
           mentionsSpaceSymbol("normalizer") || mentionsSpaceSymbol("decoder");
}

} // namespace attn
