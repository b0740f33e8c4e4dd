// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderTraining.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "checkpoint/CheckpointWriter.h"
#include "io/AtomicFile.h"
#include "io/JsonRead.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace attn {

using json::fail;

namespace {

// SplitMix64's finaliser: spreads (seed, step, index) into independent generator seeds, so each
// batch is a function of its step alone.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t stream, std::uint64_t step,
                         std::uint64_t index) {
    return mix(mix(mix(mix(seed) ^ stream) ^ step) ^ index);
}

constexpr std::uint64_t kBatchStream = 1, kHeldOutStream = 2, kInitStream = 3;

const char *const kStateFile = "training_state.safetensors";
const char *const kSettingsFile = "training.json";
const char *const kFormat = "attnviz-training 1";

QString dataName(TrainingData data) {
    return data == TrainingData::Induction ? QStringLiteral("induction") : QStringLiteral("corpus");
}

// A safetensors file of F64 tensors: the header (names, dtype, shape, offsets, padded with
// spaces to 8 bytes as the format recommends), then the values little-endian.
QByteArray float64Safetensors(const std::vector<std::pair<QString, const Parameter *>> &tensors) {
    QJsonObject header{{"__metadata__", QJsonObject{{"format", kFormat}}}};
    std::int64_t offset = 0;
    for (const auto &[name, p] : tensors) {
        QJsonArray shape;
        for (std::int64_t s : p->shape)
            shape.append(qint64(s));
        const std::int64_t bytes = p->value.size() * 8;
        header[name] =
            QJsonObject{{"dtype", "F64"},
                        {"shape", shape},
                        {"data_offsets", QJsonArray{qint64(offset), qint64(offset + bytes)}}};
        offset += bytes;
    }
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (text.size() % 8 != 0)
        text += ' ';
    QByteArray out(8, '\0');
    const auto length = std::uint64_t(text.size());
    for (int i = 0; i < 8; ++i)
        out[i] = char((length >> (8 * i)) & 0xff);
    out += text;
    for (const auto &entry : tensors) {
        const Matrix &m = entry.second->value;
        out.append(reinterpret_cast<const char *>(m.data()), qsizetype(m.size() * 8));
    }
    return out;
}

// Reads back what float64Safetensors wrote into `targets` (names and shapes must match).
void readFloat64Safetensors(const QString &file,
                            const std::vector<std::pair<QString, Parameter *>> &targets) {
    std::int64_t expected = 0;
    for (const auto &entry : targets)
        expected += entry.second->value.size() * 8;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        fail(file, translate("attn::training", "cannot read: %1").arg(f.errorString()));
    // The header holds a few hundred bytes per tensor.
    const std::int64_t limit = 8 + expected + 4096 + 512 * std::int64_t(targets.size());
    if (f.size() > limit)
        fail(file, translate("attn::training", "the file is larger than the model's state"));
    const QByteArray bytes = f.readAll();
    if (bytes.size() < 8)
        fail(file, translate("attn::training", "the file is truncated"));
    std::uint64_t length = 0;
    for (int i = 0; i < 8; ++i)
        length |= std::uint64_t(std::uint8_t(bytes[i])) << (8 * i);
    if (length > std::uint64_t(bytes.size() - 8))
        fail(file, translate("attn::training", "the file is truncated"));
    const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
    const std::int64_t start = 8 + std::int64_t(length);
    for (const auto &[name, p] : targets) {
        const QJsonObject t = header.value(name).toObject();
        QJsonArray shape;
        for (std::int64_t s : p->shape)
            shape.append(qint64(s));
        const QJsonArray offsets = t.value("data_offsets").toArray();
        const std::int64_t begin = offsets.at(0).toInteger(-1), end = offsets.at(1).toInteger(-1);
        if (t.value("dtype").toString() != "F64" || t.value("shape").toArray() != shape ||
            begin < 0 || end - begin != p->value.size() * 8 || start + end > bytes.size())
            fail(file, translate("attn::training", "the tensor \"%1\" is missing or does not "
                                                   "match the model")
                           .arg(name));
        std::memcpy(p->value.data(), bytes.constData() + start + begin, std::size_t(end - begin));
        if (!allFiniteFast(p->value))
            fail(file, translate("attn::training", "the tensor \"%1\" holds NaN or ±∞").arg(name));
    }
}

} // namespace

TrainingSettings inductionDefaults() {
    TrainingSettings s;
    s.data = TrainingData::Induction;
    s.layers = 2; // the fewest an induction head needs: its keys read what layer 0 wrote
    s.heads = 4;
    s.dModel = 64;
    s.attentionOnly = true;
    s.vocab = 257; // the 256 bytes of a byte-level BPE and <|endoftext|>, the start token
    s.sequenceLength = 32;
    s.batch = 16;
    s.inductionFirst = 32; // ids 32 … 57: the letters A … Z
    s.inductionTokens = 26;
    // Why these (bench/induction_prototype.py, docs/training.md): with the loss over every
    // position, GPT-2's σ 0.02 and a tied LM head the model stays for thousands of steps on a
    // plateau; each of the loss over the decided positions only, σ 0.1 (attention scores
    // that are not all 0 at the start) and an LM head of its own is needed to leave it within
    // two minutes, and 8 pairs a sequence halve the steps that 4 take.
    s.inductionPairs = 8;
    s.learningRate = 3e-3;
    s.warmup = 50;
    s.initDeviation = 0.1;
    s.tiedHead = false;
    return s;
}

QJsonObject trainingSettingsJson(const TrainingSettings &s) {
    QJsonObject o{{"format", kFormat},
                  {"data", dataName(s.data)},
                  {"layers", qint64(s.layers)},
                  {"heads", qint64(s.heads)},
                  {"d_model", qint64(s.dModel)},
                  {"attention_only", s.attentionOnly},
                  {"vocab", qint64(s.vocab)},
                  {"sequence_length", qint64(s.sequenceLength)},
                  {"batch", qint64(s.batch)},
                  {"induction_first", qint64(s.inductionFirst)},
                  {"induction_tokens", qint64(s.inductionTokens)},
                  {"induction_pairs", qint64(s.inductionPairs)},
                  {"learning_rate", s.learningRate},
                  {"warmup", qint64(s.warmup)},
                  {"init_deviation", s.initDeviation},
                  {"tied_head", s.tiedHead},
                  // A JSON number holds 53 bits; the seed may use 64.
                  {"seed", QString::number(s.seed)}};
    // Only when set, so the training.json of a run without it stays as it was.
    if (s.windowStartId >= 0)
        o.insert("window_start_id", qint64(s.windowStartId));
    return o;
}

TrainingSettings trainingSettingsFromJson(const QJsonObject &o, const QString &file) {
    if (o.value("format").toString() != kFormat)
        fail(file, translate("attn::training", "not a training state of attnviz (\"format\": "
                                               "\"%1\" expected)")
                       .arg(kFormat));
    TrainingSettings s;
    const auto whole = [&](const char *key) {
        const QJsonValue v = o.value(key);
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0 ||
            v.toDouble() > 1e15)
            fail(file,
                 translate("attn::training", "\"%1\" is missing or not a whole number").arg(key));
        return std::int64_t(v.toDouble());
    };
    const QString data = o.value("data").toString();
    if (data != "corpus" && data != "induction")
        fail(file, translate("attn::training", "\"data\" must be \"corpus\" or \"induction\""));
    s.data = data == "induction" ? TrainingData::Induction : TrainingData::Corpus;
    s.layers = whole("layers");
    s.heads = whole("heads");
    s.dModel = whole("d_model");
    s.attentionOnly = o.value("attention_only").toBool();
    s.vocab = whole("vocab");
    s.sequenceLength = whole("sequence_length");
    s.batch = whole("batch");
    s.inductionFirst = whole("induction_first");
    s.inductionTokens = whole("induction_tokens");
    // Absent from the files of older versions, whose runs had neither: they resume as before.
    s.inductionPairs = o.contains("induction_pairs") ? whole("induction_pairs") : 0;
    s.warmup = o.contains("warmup") ? whole("warmup") : 0;
    s.tiedHead = o.value("tied_head").toBool(true);
    if (o.contains("window_start_id"))
        s.windowStartId = whole("window_start_id");
    s.learningRate = o.value("learning_rate").toDouble(-1);
    if (!(s.learningRate > 0 && s.learningRate < 1))
        fail(file, translate("attn::training", "\"learning_rate\" must lie between 0 and 1"));
    s.initDeviation = o.value("init_deviation").toDouble(-1);
    if (!(s.initDeviation > 0 && s.initDeviation <= 1))
        fail(file, translate("attn::training", "\"init_deviation\" must lie in (0, 1]"));
    bool ok = false;
    s.seed = o.value("seed").toString().toULongLong(&ok);
    if (!ok)
        fail(file, translate("attn::training", "\"seed\" is missing or not a whole number"));
    return s;
}

void checkTrainingSettings(const TrainingSettings &s, std::int64_t corpusTokens) {
    checkTrainingSize(s.layers, 1, kMaxTrainLayers, "--layers");
    checkTrainingSize(s.heads, 1, kMaxTrainHeads, "--heads");
    checkTrainingSize(s.dModel, 2, kMaxTrainWidth, "--d-model");
    if (s.dModel % s.heads != 0 || (s.dModel / s.heads) % 2 != 0)
        throw InputError(
            translate("attn::training", "--d-model %1 must be --heads %2 times an even head size")
                .arg(qs(s.dModel), qs(s.heads)));
    checkTrainingSize(s.vocab, 2, kMaxTrainVocab, "the vocabulary");
    checkTrainingSize(s.sequenceLength, 2, kMaxTrainSequence, "--sequence");
    checkTrainingSize(s.batch, 1, kMaxTrainBatch, "--batch");
    if (!(s.learningRate > 0 && s.learningRate < 1))
        throw InputError(translate("attn::training", "--lr must lie between 0 and 1"));
    checkTrainingSize(s.warmup, 0, 1000000, "--warmup");
    if (s.data == TrainingData::Induction) {
        if (s.sequenceLength % 2 != 0)
            throw InputError(translate("attn::training",
                                       "--sequence %1: the induction task needs an even length "
                                       "(a half and its repeat)")
                                 .arg(qs(s.sequenceLength)));
        checkTrainingSize(s.inductionTokens, 2, s.vocab, "--induction-tokens");
        checkTrainingSize(s.inductionFirst, 0, s.vocab - s.inductionTokens, "--induction-first");
        if (s.inductionPairs > 0) {
            // The start token is the vocabulary's last id; a pair "A B" needs 2 positions
            // before its copy and 2 for it.
            checkTrainingSize(s.inductionPairs, 0, s.sequenceLength, "--induction-pairs");
            checkTrainingSize(s.sequenceLength, 6, kMaxTrainSequence, "--sequence");
            checkTrainingSize(s.inductionFirst + s.inductionTokens, 1, s.vocab - 1,
                              "--induction-tokens");
        }
    } else if (s.windowStartId >= 0 &&
               (s.windowStartId >= s.vocab || corpusTokens < s.sequenceLength - 1)) {
        throw InputError(translate("attn::training",
                                   "the window's first id %1 is not below the vocabulary's %2, "
                                   "or the corpus has fewer than %3 tokens")
                             .arg(qs(s.windowStartId), qs(s.vocab), qs(s.sequenceLength - 1)));
    } else if (s.windowStartId < 0 && corpusTokens < s.sequenceLength) {
        throw InputError(
            translate("attn::training", "the corpus has %1 tokens, fewer than one sequence of %2")
                .arg(qs(corpusTokens), qs(s.sequenceLength)));
    }
    // The parameters (three copies with Adam's moments, a fourth for the gradient) and the
    // activations of a step: each layer keeps about 12 matrices of N × d and the heads' T × T
    // weights, the logits N × vocab twice.
    const std::int64_t n = saturatingProduct(s.batch, s.sequenceLength);
    const std::int64_t perLayer = saturatingProduct(12 * s.dModel + 4 * s.dModel, 1) +
                                  saturatingProduct(s.heads, s.sequenceLength);
    const std::int64_t parameters =
        saturatingProduct(s.vocab + s.sequenceLength, s.dModel) +
        saturatingProduct(s.layers, saturatingProduct(12 * s.dModel, s.dModel));
    const std::int64_t values =
        saturatingProduct(4, parameters) +
        saturatingProduct(n, saturatingProduct(s.layers, perLayer) + 2 * s.vocab);
    if (values > kMaxTrainValues)
        throw InputError(translate("attn::training",
                                   "training this model would keep about %1 numbers: at most %2 "
                                   "are supported (fewer layers, a smaller --d-model, --batch or "
                                   "--sequence)")
                             .arg(qs(values), qs(kMaxTrainValues)));
}

DecoderTraining::DecoderTraining(const TrainingSettings &settings, std::vector<std::int64_t> corpus)
    : m_settings(settings), m_corpus(std::move(corpus)) {
    checkTrainingSettings(settings, std::int64_t(m_corpus.size()));
    const ModelConfig config =
        trainingConfig(settings.layers, settings.heads, settings.dModel, settings.vocab,
                       settings.sequenceLength, settings.attentionOnly, settings.tiedHead);
    m_parameters =
        initialGpt2(config, settings.attentionOnly, streamSeed(settings.seed, kInitStream, 0, 0),
                    settings.initDeviation);
    m_gradient = m_parameters.zerosLike();
    m_optimizer = Optimizer({OptimizerKind::Adam, settings.learningRate, 0.9, 0.999, 1e-8});
    m_loss = std::numeric_limits<double>::quiet_NaN();
}

std::vector<std::int64_t> DecoderTraining::batch(std::int64_t step) const {
    const TrainingSettings &s = m_settings;
    std::vector<std::int64_t> ids;
    ids.reserve(std::size_t(s.batch * s.sequenceLength));
    if (s.data == TrainingData::Induction && s.inductionPairs > 0) {
        // A start token, random tokens, and pairs "A B" copied from a position j to a later i
        // (i ≥ j + 2), both drawn at random: the distance from a copy to its original varies
        // over the whole sequence, so no head can find the original by position, only by
        // content, as an induction head does. (With one fixed distance, or copies always at
        // the end, a head of layer 0 learns to look back by position and none forms.)
        const std::int64_t T = s.sequenceLength;
        for (std::int64_t b = 0; b < s.batch; ++b) {
            std::mt19937_64 generator(
                streamSeed(s.seed, kBatchStream, std::uint64_t(step), std::uint64_t(b)));
            const auto draw = [&](std::int64_t count) {
                return std::int64_t(generator() % std::uint64_t(count));
            };
            const auto start = std::ptrdiff_t(ids.size());
            ids.push_back(s.vocab - 1);
            for (std::int64_t i = 1; i < T; ++i)
                ids.push_back(s.inductionFirst + draw(s.inductionTokens));
            std::int64_t *row = ids.data() + start;
            for (std::int64_t k = 0; k < s.inductionPairs; ++k) {
                const std::int64_t j = 1 + draw(T - 4);         // 1 … T − 4
                const std::int64_t i = j + 2 + draw(T - j - 3); // j + 2 … T − 2
                row[i] = row[j];
                row[i + 1] = row[j + 1];
            }
        }
        return ids;
    }
    if (s.data == TrainingData::Induction) {
        // A run of random tokens, then a segment of h tokens and its repeat, h drawn from
        // T/4 … T/2 for each sequence: with one fixed period a head in layer 0 learns to look
        // back by the period (positions alone suffice), and no induction head forms.
        for (std::int64_t b = 0; b < s.batch; ++b) {
            std::mt19937_64 generator(
                streamSeed(s.seed, kBatchStream, std::uint64_t(step), std::uint64_t(b)));
            const auto draw = [&](std::uint64_t count) {
                return std::int64_t(generator() % count);
            };
            const std::int64_t T = s.sequenceLength, low = std::max<std::int64_t>(T / 4, 1);
            const std::int64_t h = low + draw(std::uint64_t(T / 2 - low + 1));
            for (std::int64_t i = 0; i < T - 2 * h; ++i)
                ids.push_back(s.inductionFirst + draw(std::uint64_t(s.inductionTokens)));
            const auto start = std::ptrdiff_t(ids.size());
            for (std::int64_t i = 0; i < h; ++i)
                ids.push_back(s.inductionFirst + draw(std::uint64_t(s.inductionTokens)));
            for (std::int64_t i = 0; i < h; ++i)
                ids.push_back(ids[std::size_t(start + i)]);
        }
        return ids;
    }
    // Windows of the corpus at offsets drawn uniformly (modulo, not
    // std::uniform_int_distribution, whose numbers differ between libraries), after the start id
    // when there is one.
    std::mt19937_64 generator(streamSeed(s.seed, kBatchStream, std::uint64_t(step), 0));
    const std::int64_t taken = s.windowStartId >= 0 ? s.sequenceLength - 1 : s.sequenceLength;
    const auto starts = std::uint64_t(std::int64_t(m_corpus.size()) - taken + 1);
    for (std::int64_t b = 0; b < s.batch; ++b) {
        const auto start = std::ptrdiff_t(generator() % starts);
        if (s.windowStartId >= 0)
            ids.push_back(s.windowStartId);
        ids.insert(ids.end(), m_corpus.begin() + start,
                   m_corpus.begin() + start + std::ptrdiff_t(taken));
    }
    return ids;
}

std::vector<char> DecoderTraining::counted(const std::vector<std::int64_t> &ids) const {
    const std::int64_t T = m_settings.sequenceLength;
    if (m_settings.data != TrainingData::Induction || m_settings.inductionPairs == 0 ||
        std::int64_t(ids.size()) % T != 0)
        return {};
    std::vector<char> flags(ids.size(), 0);
    // The latest earlier position of each token, per sequence, as i moves on (ids are small).
    std::vector<std::int64_t> latest(std::size_t(m_settings.vocab), -1);
    for (std::size_t begin = 0; begin < ids.size(); begin += std::size_t(T)) {
        std::fill(latest.begin(), latest.end(), -1);
        for (std::int64_t i = 0; i + 1 < T; ++i) {
            const std::int64_t token = ids[begin + std::size_t(i)];
            const std::int64_t j = latest[std::size_t(token)];
            flags[begin + std::size_t(i)] =
                j >= 0 && ids[begin + std::size_t(j + 1)] == ids[begin + std::size_t(i + 1)];
            latest[std::size_t(token)] = i;
        }
    }
    return flags;
}

std::int64_t DecoderTraining::heldOutLength() const {
    const TrainingSettings &s = m_settings;
    const bool start = s.data == TrainingData::Induction && s.inductionPairs > 0;
    return start ? 1 + (s.sequenceLength - 1) / 2 * 2 : s.sequenceLength / 2 * 2;
}

std::vector<std::int64_t> DecoderTraining::heldOut(std::int64_t sequences) const {
    const TrainingSettings &s = m_settings;
    const bool start = s.data == TrainingData::Induction && s.inductionPairs > 0;
    std::vector<std::int64_t> ids;
    for (std::int64_t b = 0; b < sequences; ++b) {
        const std::vector<std::int64_t> sequence =
            repeatedRandomTokens(int((s.sequenceLength - (start ? 1 : 0)) / 2),
                                 s.data == TrainingData::Induction ? s.inductionFirst : 0,
                                 s.data == TrainingData::Induction ? s.inductionTokens : s.vocab,
                                 streamSeed(s.seed, kHeldOutStream, 0, std::uint64_t(b)));
        if (start) // the model always reads one first, as a GPT-2 reads <|endoftext|>
            ids.push_back(s.vocab - 1);
        ids.insert(ids.end(), sequence.begin(), sequence.end());
    }
    return ids;
}

double DecoderTraining::step() {
    const std::vector<std::int64_t> ids = batch(m_steps);
    if (m_settings.warmup > 0)
        m_optimizer.setLearningRate(m_settings.learningRate *
                                    std::min(1.0, double(m_steps + 1) / double(m_settings.warmup)));
    m_loss = m_pass.forward(m_parameters, ids, m_settings.batch, counted(ids));
    m_pass.backward(m_parameters, m_gradient);
    std::vector<Matrix *> parameters;
    std::vector<const Matrix *> gradients;
    for (Parameter *p : m_parameters.tensors())
        parameters.push_back(&p->value);
    for (const Parameter *g : m_gradient.tensors())
        gradients.push_back(&g->value);
    m_optimizer.step(parameters, gradients);
    ++m_steps;
    return m_loss;
}

namespace {

// Every head's scores (layer-major), each the mean over the sequences of `pass`, whose ids
// are `ids` (sequences of `length`).
std::vector<HeadScores> meanScores(const DecoderPass &pass, const ModelConfig &c,
                                   const std::vector<std::int64_t> &ids, std::int64_t length) {
    const auto sequences = std::int64_t(ids.size()) / length;
    std::vector<HeadScores> mean(std::size_t(c.layers * c.heads));
    for (std::int64_t b = 0; b < sequences; ++b) {
        const std::vector<std::int64_t> sequence(ids.begin() + std::ptrdiff_t(b * length),
                                                 ids.begin() + std::ptrdiff_t((b + 1) * length));
        for (std::int64_t l = 0; l < c.layers; ++l)
            for (std::int64_t h = 0; h < c.heads; ++h) {
                const HeadScores s = headScores(pass.weights(l, h, b), sequence);
                HeadScores &m = mean[std::size_t(l * c.heads + h)];
                m.previousToken += s.previousToken / double(sequences);
                m.firstToken += s.firstToken / double(sequences);
                m.induction += s.induction / double(sequences);
                m.duplicateToken += s.duplicateToken / double(sequences);
            }
    }
    return mean;
}

// A copy of `p` in which head `head` of layer `layer` writes nothing: its rows of the output
// projection are 0, which is what Intervention::zero does to a run of the written checkpoint
// (the head's output before the projection set to 0; the projection's bias stays).
DecoderParameters withoutHead(DecoderParameters p, int layer, int head) {
    LinearParameters &o = p.layers[std::size_t(layer)].o;
    const auto hd = Eigen::Index(p.config.headDim);
    if (o.inputMajor)
        o.weight.value.middleRows(head * hd, hd).setZero();
    else
        o.weight.value.middleCols(head * hd, hd).setZero();
    return p;
}

// The held-out sequences' scores and loss over their repeat under parameters `p`.
struct HeldOutReading {
    std::vector<HeadScores> scores;
    double loss = 0;
};

HeldOutReading readHeldOut(const DecoderParameters &p, const std::vector<std::int64_t> &ids,
                           std::int64_t length, std::int64_t repeatStart, DecoderPass &pass) {
    // The loss counts the positions inside the repeat whose next token is in it too.
    std::vector<char> repeat(ids.size(), 0);
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto at = std::int64_t(i) % length;
        repeat[i] = at >= repeatStart && at + 1 < length;
    }
    HeldOutReading r;
    r.loss = pass.forward(p, ids, std::int64_t(ids.size()) / length, repeat);
    r.scores = meanScores(pass, p.config, ids, length);
    return r;
}

} // namespace

std::vector<HeadScores> DecoderTraining::heldOutScores(std::int64_t sequences) const {
    const std::vector<std::int64_t> ids = heldOut(sequences);
    DecoderPass pass;
    pass.forward(m_parameters, ids, sequences);
    return meanScores(pass, m_parameters.config, ids, heldOutLength());
}

CircuitReadings DecoderTraining::circuitReadings(std::int64_t sequences) const {
    CircuitReadings r;
    r.step = m_steps;
    const TrainingSettings &s = m_settings;
    r.tokens = s.data == TrainingData::Induction ? s.inductionTokens : s.vocab;
    const std::int64_t length = heldOutLength();
    const std::int64_t half = length / 2, repeatStart = length - half;
    const std::vector<std::int64_t> ids = heldOut(sequences);
    DecoderPass pass;
    const HeldOutReading now = readHeldOut(m_parameters, ids, length, repeatStart, pass);
    r.loss = now.loss;
    const auto H = int(s.heads), L = int(s.layers);
    const auto at = [&](int l, int h) { return now.scores[std::size_t(l * H + h)]; };
    for (int h = 0; h < H; ++h)
        if (r.previousHead < 0 || at(0, h).previousToken > r.previousScore) {
            r.previousLayer = 0;
            r.previousHead = h;
            r.previousScore = at(0, h).previousToken;
        }
    for (int l = 1; l < L; ++l)
        for (int h = 0; h < H; ++h)
            if (r.inductionHead < 0 || at(l, h).induction > r.inductionScore) {
                r.inductionLayer = l;
                r.inductionHead = h;
                r.inductionScore = at(l, h).induction;
            }
    if (r.inductionLayer < 0)
        return r; // one layer: no induction head to read
    // The example: a query in the middle of the first sequence's repeat.
    const std::int64_t i = repeatStart + half / 2;
    std::int64_t j = -1;
    for (std::int64_t k = 0; k < i; ++k)
        if (ids[std::size_t(k)] == ids[std::size_t(i)])
            j = k;
    if (j >= 0) {
        r.exampleQuery = int(i);
        r.exampleKey = int(j + 1);
        r.queryToken = ids[std::size_t(i)];
        r.nextToken = ids[std::size_t(j + 1)];
        r.exampleInductionWeight = pass.weights(r.inductionLayer, r.inductionHead, 0)(i, j + 1);
        r.examplePreviousWeight = pass.weights(0, r.previousHead, 0)(j + 1, j);
    }
    DecoderPass ablated;
    const HeldOutReading without = readHeldOut(withoutHead(m_parameters, 0, r.previousHead), ids,
                                               length, repeatStart, ablated);
    r.ablatedInduction =
        without.scores[std::size_t(r.inductionLayer * H + r.inductionHead)].induction;
    r.ablatedLoss = without.loss;
    // The control: layer 0's head that looks least at the previous token.
    for (int h = 0; h < H; ++h)
        if (h != r.previousHead &&
            (r.controlHead < 0 || at(0, h).previousToken < at(0, r.controlHead).previousToken))
            r.controlHead = h;
    if (r.controlHead >= 0) {
        const HeldOutReading control = readHeldOut(withoutHead(m_parameters, 0, r.controlHead), ids,
                                                   length, repeatStart, ablated);
        r.controlInduction =
            control.scores[std::size_t(r.inductionLayer * H + r.inductionHead)].induction;
        r.controlLoss = control.loss;
    }
    return r;
}

double DecoderTraining::bestInduction(std::int64_t sequences) const {
    double best = 0;
    for (const HeadScores &s : heldOutScores(sequences))
        best = std::max(best, s.induction);
    return best;
}

RunPtr DecoderTraining::run(const std::vector<std::int64_t> &ids) const {
    DecoderPass pass;
    pass.forward(m_parameters, ids, 1);
    return std::make_shared<const Run>(pass.run());
}

void DecoderTraining::saveCheckpoint(const QString &folder, const QByteArray &tokenizerJson) const {
    std::vector<TensorToWrite> tensors;
    for (const Parameter *p : m_parameters.tensors()) {
        const Matrix &m = p->value;
        tensors.push_back(
            {p->name.toStdString(), p->shape, std::vector<double>(m.data(), m.data() + m.size())});
    }
    writeCheckpointFolder(folder, gpt2ConfigJson(m_parameters.config), tensors);
    const QString error =
        writeFileAtomically(QDir(folder).filePath("tokenizer.json"), tokenizerJson);
    if (!error.isEmpty())
        throw InputError(error);
    saveState(folder);
}

void DecoderTraining::saveState(const QString &folder) const {
    const Optimizer::State adam = m_optimizer.state();
    const std::vector<const Parameter *> tensors = m_parameters.tensors();
    // Adam's moments as parameters of the same names and shapes.
    std::vector<Parameter> moments;
    moments.reserve(2 * tensors.size());
    for (std::size_t i = 0; i < tensors.size() && !adam.first.empty(); ++i) {
        moments.push_back({tensors[i]->name, tensors[i]->shape, adam.first[i]});
        moments.push_back({tensors[i]->name, tensors[i]->shape, adam.second[i]});
    }
    std::vector<std::pair<QString, const Parameter *>> named;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        named.emplace_back("parameter." + tensors[i]->name, tensors[i]);
        if (!moments.empty()) {
            named.emplace_back("adam.m." + tensors[i]->name, &moments[2 * i]);
            named.emplace_back("adam.v." + tensors[i]->name, &moments[2 * i + 1]);
        }
    }
    const QDir dir(folder);
    QString error = writeFileAtomically(dir.filePath(kStateFile), float64Safetensors(named));
    if (!error.isEmpty())
        throw InputError(error);
    QJsonObject o = trainingSettingsJson(m_settings);
    o["step"] = qint64(m_steps);
    o["loss"] = std::isfinite(m_loss) ? QJsonValue(m_loss) : QJsonValue();
    error = writeFileAtomically(dir.filePath(kSettingsFile), QJsonDocument(o).toJson());
    if (!error.isEmpty())
        throw InputError(error);
}

DecoderTraining DecoderTraining::resume(const QString &folder, std::vector<std::int64_t> corpus) {
    const QDir dir(folder);
    const QString settingsFile = dir.filePath(kSettingsFile);
    QFile f(settingsFile);
    if (!f.open(QIODevice::ReadOnly))
        fail(settingsFile, translate("attn::training", "cannot read: %1").arg(f.errorString()));
    if (f.size() > kMaxConfigBytes)
        fail(settingsFile, translate("attn::training", "the file is too large"));
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (!document.isObject())
        fail(settingsFile, translate("attn::training", "not a JSON object"));
    const QJsonObject o = document.object();
    DecoderTraining t(trainingSettingsFromJson(o, settingsFile), std::move(corpus));
    const QJsonValue step = o.value("step");
    if (!step.isDouble() || step.toDouble() < 0 || step.toDouble() > double(kMaxTrainSteps))
        fail(settingsFile, translate("attn::training", "\"step\" is missing or out of range"));
    t.m_steps = std::int64_t(step.toDouble());
    t.m_loss = o.value("loss").toDouble(std::numeric_limits<double>::quiet_NaN());

    std::vector<Parameter *> tensors = t.m_parameters.tensors();
    std::vector<Parameter> moments;
    moments.reserve(2 * tensors.size());
    std::vector<std::pair<QString, Parameter *>> named;
    for (Parameter *p : tensors)
        named.emplace_back("parameter." + p->name, p);
    if (t.m_steps > 0) {
        for (Parameter *p : tensors) {
            moments.push_back({p->name, p->shape, Matrix::Zero(p->value.rows(), p->value.cols())});
            moments.push_back(moments.back());
        }
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            named.emplace_back("adam.m." + tensors[i]->name, &moments[2 * i]);
            named.emplace_back("adam.v." + tensors[i]->name, &moments[2 * i + 1]);
        }
    }
    readFloat64Safetensors(dir.filePath(kStateFile), named);
    if (t.m_steps > 0) {
        Optimizer::State adam;
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            adam.first.push_back(std::move(moments[2 * i].value));
            adam.second.push_back(std::move(moments[2 * i + 1].value));
        }
        adam.steps = int(t.m_steps);
        t.m_optimizer.setState(std::move(adam));
    }
    return t;
}

} // namespace attn
