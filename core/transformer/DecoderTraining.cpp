// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderTraining.h"

#include "InputError.h"
#include "Limits.h"
#include "Translate.h"
#include "checkpoint/CheckpointWriter.h"
#include "io/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace attn {

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

[[noreturn]] void fail(const QString &file, const QString &problem) {
    throw InputError(file + ": " + problem);
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
                  {"learning_rate", s.learningRate},
                  {"init_deviation", s.initDeviation},
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
    if (s.data == TrainingData::Induction) {
        if (s.sequenceLength % 2 != 0)
            throw InputError(translate("attn::training",
                                       "--sequence %1: the induction task needs an even length "
                                       "(a half and its repeat)")
                                 .arg(qs(s.sequenceLength)));
        checkTrainingSize(s.inductionTokens, 2, s.vocab, "--induction-tokens");
        checkTrainingSize(s.inductionFirst, 0, s.vocab - s.inductionTokens, "--induction-first");
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
                       settings.sequenceLength, settings.attentionOnly);
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

std::vector<std::int64_t> DecoderTraining::heldOut(std::int64_t sequences) const {
    const TrainingSettings &s = m_settings;
    std::vector<std::int64_t> ids;
    for (std::int64_t b = 0; b < sequences; ++b) {
        const std::vector<std::int64_t> sequence = repeatedRandomTokens(
            int(s.sequenceLength / 2), s.data == TrainingData::Induction ? s.inductionFirst : 0,
            s.data == TrainingData::Induction ? s.inductionTokens : s.vocab,
            streamSeed(s.seed, kHeldOutStream, 0, std::uint64_t(b)));
        ids.insert(ids.end(), sequence.begin(), sequence.end());
    }
    return ids;
}

double DecoderTraining::step() {
    const std::vector<std::int64_t> ids = batch(m_steps);
    m_loss = m_pass.forward(m_parameters, ids, m_settings.batch);
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

std::vector<HeadScores> DecoderTraining::heldOutScores(std::int64_t sequences) const {
    const std::int64_t T = m_settings.sequenceLength / 2 * 2;
    const std::vector<std::int64_t> ids = heldOut(sequences);
    DecoderPass pass;
    pass.forward(m_parameters, ids, sequences);
    const std::int64_t L = m_settings.layers, H = m_settings.heads;
    std::vector<HeadScores> mean(std::size_t(L * H));
    for (std::int64_t b = 0; b < sequences; ++b) {
        const std::vector<std::int64_t> sequence(ids.begin() + std::ptrdiff_t(b * T),
                                                 ids.begin() + std::ptrdiff_t((b + 1) * T));
        for (std::int64_t l = 0; l < L; ++l)
            for (std::int64_t h = 0; h < H; ++h) {
                const HeadScores s = headScores(pass.weights(l, h, b), sequence);
                HeadScores &m = mean[std::size_t(l * H + h)];
                m.previousToken += s.previousToken / double(sequences);
                m.firstToken += s.firstToken / double(sequences);
                m.induction += s.induction / double(sequences);
                m.duplicateToken += s.duplicateToken / double(sequences);
            }
    }
    return mean;
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
