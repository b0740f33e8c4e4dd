// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF files (io/GgufFile, checkpoint/Dequantize, Checkpoint::open on a .gguf): every reference
// case and type of tests/data/reference-gguf run stage by stage against its float64 reference,
// every tensor's dequantized values against its checksums, the block types without reference
// files against hand-built blocks, the tokenizers of the metadata against the reference
// tokenizers, and every kind of bad file refused with one line within a second.

#include "Attention.h"
#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/Dequantize.h"
#include "checkpoint/TensorBinder.h"
#include "io/FloatBits.h"
#include "io/GgufFile.h"
#include "io/Safetensors.h"
#include "io/Session.h"
#include "support/GgufSupport.h"
#include "support/ModelSupport.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/RunJson.h"
#include "transformer/TakeApart.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>
#include <random>

#include <sys/stat.h>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QJsonObject readJson(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString modelPath(const char *name, const char *type) {
    return ggufDir(name) + QStringLiteral("/model-%1.gguf").arg(type);
}

QJsonObject referenceOf(const char *name, const char *type) {
    return readJson(ggufDir(name) + QStringLiteral("/reference-%1.json").arg(type));
}

std::uint16_t toHalf(float f) {
    // Exact for the values the tests use (small dyadic numbers).
    const std::uint32_t b = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t sign = (b >> 16) & 0x8000;
    const int exponent = int((b >> 23) & 0xff) - 127 + 15;
    const std::uint32_t mantissa = (b >> 13) & 0x3ff;
    return std::uint16_t(sign | (std::uint32_t(exponent) << 10) | mantissa);
}

void putHalf(QByteArray &out, float f) {
    GgufWriter::put<std::uint16_t>(out, toHalf(f));
}

std::vector<double> dequantize(attn::TensorDtype type, const QByteArray &block) {
    std::vector<double> out(std::size_t(attn::blockValues(type)));
    attn::dequantizeBlocks(type, reinterpret_cast<const unsigned char *>(block.constData()), 1,
                           out.data());
    return out;
}

// The message of the InputError `f` throws, or "" when it throws none.
QString refusal(const std::function<void()> &f) {
    try {
        f();
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

// A minimal llama GGUF's metadata (no tensors): d 32, 2 heads, 1 layer, vocab 4.
GgufWriter llamaMetadata() {
    GgufWriter w;
    w.addString("general.architecture", "llama");
    w.addU32("general.alignment", 32);
    w.addU32("llama.embedding_length", 32);
    w.addU32("llama.block_count", 1);
    w.addU32("llama.attention.head_count", 2);
    w.addU32("llama.feed_forward_length", 64);
    w.addU32("llama.vocab_size", 4);
    return w;
}

// The file of `model` written by ggufOfFolder into `dir`.
QString writeGgufOfFolder(const QTemporaryDir &dir, const QString &model, const QByteArray &arch,
                          bool interleave, float factorScale = 1) {
    const QString path = dir.filePath(model + (factorScale != 1 ? "-scaled.gguf" : ".gguf"));
    return writeBytes(path, ggufOfFolder(modelDir(model), arch, interleave, factorScale)) ? path
                                                                                          : "";
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT

private slots:
    void matchesTheReference_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("type");
        for (const auto &[name, type] : ggufCases())
            QTest::newRow(QByteArray(name) + "-" + type) << QString(name) << QString(type);
    }

    // Every stage (x, q, k, v, weights, output, attn_out, hidden, final, logits) to 1e-9.
    void matchesTheReference() {
        QFETCH(QString, name);
        QFETCH(QString, type);
        const QJsonObject ref = referenceOf(qPrintable(name), qPrintable(type));
        QVERIFY(!ref.isEmpty());
        const auto checkpoint =
            attn::Checkpoint::open(modelPath(qPrintable(name), qPrintable(type)));
        const attn::RunPtr run = attn::runModel(*checkpoint, jsonIds(ref["ids"]));
        const QString error = compareRun(*run, ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void dequantizesEveryTensor_data() { matchesTheReference_data(); }

    // Each tensor's dequantized values: their sum and sum of squares, as the reference's.
    void dequantizesEveryTensor() {
        QFETCH(QString, name);
        QFETCH(QString, type);
        const QJsonObject sums =
            referenceOf(qPrintable(name), qPrintable(type))["dequantized_checksums"].toObject();
        QVERIFY(!sums.isEmpty());
        const auto file = attn::GgufFile::open(modelPath(qPrintable(name), qPrintable(type)));
        QCOMPARE(qsizetype(file->tensors().size()), sums.size());
        for (const attn::GgufTensor &t : file->tensors()) {
            const attn::TensorView view = attn::viewOfGgufTensor(*file, t);
            const attn::Matrix m = view.widen();
            const double sum = m.sum(), sumSq = m.squaredNorm();
            const QJsonObject expected = sums[t.name].toObject();
            const double tolerance = 1e-12 * double(m.size()) * std::sqrt(sumSq);
            QVERIFY2(std::abs(sum - expected["sum"].toDouble()) <= tolerance, qPrintable(t.name));
            QVERIFY2(std::abs(sumSq - expected["sum_sq"].toDouble()) <=
                         1e-12 * expected["sum_sq"].toDouble(),
                     qPrintable(t.name));
        }
    }

    // A panel whose columns start and end inside blocks, and a Llama's q read in Hugging Face's
    // row order, equal the same cells of the whole tensor.
    void widensPanelsAcrossBlocks() {
        for (const char *type : {"Q4_K", "Q6_K", "Q8_0", "Q4_0", "F16"}) {
            const auto checkpoint = attn::Checkpoint::open(modelPath("llama-gqa", type));
            for (const attn::TensorView *view : {&checkpoint->weights().layers[0].down.weight,
                                                 &checkpoint->weights().layers[1].q.weight}) {
                const attn::Matrix whole = view->widen();
                attn::Matrix panel(5, 200);
                view->widenBlock(7, 5, 37, 200, panel.data());
                QVERIFY2(panel == whole.block(7, 37, 5, 200), type);
                attn::Matrix one(3, 1);
                view->widenBlock(70, 3, 255, 1, one.data());
                QVERIFY2(one == whole.block(70, 255, 3, 1), type);
            }
        }
    }

    // The rows of q are un-permuted: the stored row of Hugging Face's row i.
    void undoesTheLlamaPermutation() {
        const auto checkpoint = attn::Checkpoint::open(modelPath("llama-gqa", "F16"));
        const attn::TensorView &q = checkpoint->weights().layers[0].q.weight;
        QCOMPARE(q.interleavedHeadDim, std::int64_t(64));
        QCOMPARE(q.storedRow(0), std::int64_t(0));
        QCOMPARE(q.storedRow(1), std::int64_t(2));
        QCOMPARE(q.storedRow(32), std::int64_t(1));
        QCOMPARE(q.storedRow(64 + 33), std::int64_t(64 + 3));
        const auto qwen = attn::Checkpoint::open(modelPath("qwen2-bias", "BF16"));
        QCOMPARE(qwen->weights().layers[0].q.weight.interleavedHeadDim, std::int64_t(0));
    }

    // Version 2 has version 3's layout; general.alignment 64 moves the data and the offsets.
    void readsVersion2AndOtherAlignments() {
        QByteArray v2 = readAll(modelPath("llama-gqa", "Q4_0"));
        v2[4] = 2;
        QTemporaryDir dir;
        const QString path = dir.filePath("v2.gguf");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(v2);
        f.close();
        const auto checkpoint = attn::Checkpoint::open(path);
        QCOMPARE(checkpoint->gguf()->version(), std::uint32_t(2));

        GgufWriter w;
        w.alignment = 64;
        w.addU32("general.alignment", 64);
        QByteArray a, b;
        for (float x : {1.5f, -2.0f, 0.25f})
            GgufWriter::put(a, x);
        for (float x : {3.0f, 4.0f})
            GgufWriter::put(b, x);
        w.addTensor("a", {3}, 0, a);
        w.addTensor("b", {2}, 0, b);
        const QByteArray bytes = w.bytes();
        const auto file =
            attn::GgufFile::parse(reinterpret_cast<const unsigned char *>(bytes.constData()),
                                  std::uint64_t(bytes.size()), "aligned.gguf");
        QCOMPARE(file->alignment(), std::uint64_t(64));
        QCOMPARE(file->dataStart() % 64, std::uint64_t(0));
        QCOMPARE(file->tensors()[1].offset, std::uint64_t(64));
        QCOMPARE(attn::viewOfGgufTensor(*file, file->tensors()[1]).widenVector()(1), 4.0);
        QCOMPARE(attn::viewOfGgufTensor(*file, file->tensors()[0]).widenVector()(0), 1.5);
    }

    void summarizesTheFile() {
        const auto checkpoint = attn::Checkpoint::open(modelPath("llama-gqa", "Q4_K_M"));
        const QJsonObject o = QJsonDocument::fromJson(checkpoint->summaryJson()).object();
        QCOMPARE(o["family"].toString(), QString("llama"));
        QCOMPARE(o["kv_heads"].toInt(), 2);
        QCOMPARE(o["dtype"].toString(), QString("mixed"));
        const QJsonObject g = o["gguf"].toObject();
        QCOMPARE(g["version"].toInt(), 3);
        QCOMPARE(g["alignment"].toInt(), 32);
        const QJsonObject types = g["tensor_types"].toObject();
        QCOMPARE(types["Q6_K"].toInt(), 3); // output, layer 1's attn_v and ffn_down
        QCOMPARE(types["F32"].toInt(), 5);  // the norms
        QVERIFY(types["Q4_K"].toInt() > 0);
        const auto gpt2 = attn::Checkpoint::open(modelPath("gpt2", "Q4_0"));
        QCOMPARE(gpt2->config().maxPositions, std::int64_t(64));
        QVERIFY(gpt2->config().tiedEmbeddings);
    }

    // Q4_1, Q5_0, Q5_1 and Q5_K (no reference files): blocks built by hand, each value as
    // ggml-common.h describes the block.
    void handBuiltBlocks() {
        std::mt19937 rng(7);
        auto byte = [&] { return char(rng() & 0xff); };
        {
            QByteArray b; // Q4_1: d, m, 16 bytes of nibbles; value x·d + m
            putHalf(b, 0.375f);
            putHalf(b, -1.5f);
            for (int i = 0; i < 16; ++i)
                b += byte();
            const auto v = dequantize(attn::TensorDtype::Q4_1, b);
            for (int j = 0; j < 16; ++j) {
                const int lo = b[4 + j] & 0xF, hi = (b[4 + j] >> 4) & 0xF;
                QCOMPARE(v[std::size_t(j)], double(float(lo * 0.375f - 1.5f)));
                QCOMPARE(v[std::size_t(j + 16)], double(float(hi * 0.375f - 1.5f)));
            }
        }
        for (const bool withMin : {false, true}) {
            QByteArray b; // Q5_0 / Q5_1: d, (m), qh u32, 16 bytes of nibbles
            putHalf(b, 0.25f);
            if (withMin)
                putHalf(b, 0.125f);
            const std::uint32_t qh = std::uint32_t(rng());
            GgufWriter::put(b, qh);
            const int at = b.size();
            for (int i = 0; i < 16; ++i)
                b += byte();
            const auto v =
                dequantize(withMin ? attn::TensorDtype::Q5_1 : attn::TensorDtype::Q5_0, b);
            for (int j = 0; j < 32; ++j) {
                const int nibble = j < 16 ? b[at + j] & 0xF : (b[at + j - 16] >> 4) & 0xF;
                const int q = nibble | int((qh >> j) & 1) << 4; // bit j: value j's fifth bit
                const double expected =
                    withMin ? double(float(q * 0.25f + 0.125f)) : (q - 16) * 0.25;
                QCOMPARE(v[std::size_t(j)], expected);
            }
        }
        {
            QByteArray b; // Q5_K: d, dmin, 12 bytes of scales, 32 of qh, 128 of nibbles
            putHalf(b, 0.0625f);
            putHalf(b, 0.5f);
            QByteArray scales;
            for (int i = 0; i < 12; ++i)
                scales += byte();
            b += scales;
            QByteArray qh, ql;
            for (int i = 0; i < 32; ++i)
                qh += byte();
            for (int i = 0; i < 128; ++i)
                ql += byte();
            b += qh;
            b += ql;
            const auto v = dequantize(attn::TensorDtype::Q5_K, b);
            auto s = [&](int i) { return int(static_cast<unsigned char>(scales[i])); };
            for (int e = 0; e < 256; ++e) {
                const int j = e / 32, l = e % 32; // sub-block j
                const int sc = j < 4 ? s(j) & 63 : (s(j + 4) & 0xF) | ((s(j - 4) >> 6) << 4);
                const int mn = j < 4 ? s(j + 4) & 63 : (s(j + 4) >> 4) | ((s(j) >> 6) << 4);
                const int byteOf = static_cast<unsigned char>(ql[32 * (j / 2) + l]);
                const int nibble = j % 2 ? byteOf >> 4 : byteOf & 0xF;
                const int q = nibble + ((static_cast<unsigned char>(qh[l]) >> j) & 1) * 16;
                const double expected = double(float(0.0625 * sc * q - 0.5 * mn));
                QCOMPARE(v[std::size_t(e)], expected);
            }
        }
    }

    // The vocabularies in the metadata tokenize as the reference tokenizers do.
    void tokenizesFromTheMetadata_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reference");
        QTest::newRow("llama-spm32k") << modelPath("llama-spm32k", "Q8_0")
                                      << QString(ATTNVIZ_TEST_DATA_DIR "/tokenizers/llama2.json");
        QTest::newRow("gpt2-bpe50k") << modelPath("gpt2-bpe50k", "Q8_0")
                                     << QString(ATTNVIZ_TEST_DATA_DIR "/tokenizers/gpt2.json");
    }

    void tokenizesFromTheMetadata() {
        QFETCH(QString, file);
        QFETCH(QString, reference);
        QVERIFY(attn::hasTokenizer(file));
        const auto tokenizer = attn::loadTokenizer(file);
        const QJsonArray cases = QJsonDocument::fromJson(readAll(reference)).array();
        QVERIFY(cases.size() >= 10);
        for (const QJsonValue &c : cases) {
            std::vector<std::int64_t> ids;
            for (const attn::Token &t : tokenizer->encode(c["text"].toString()))
                ids.push_back(t.id);
            QVERIFY2(ids == jsonIds(c["ids"]), qPrintable(c["text"].toString()));
        }
        // "Hello world!" as the reference case's ids.
        const QJsonObject ref =
            readJson(QString(file).replace("model-", "reference-").replace(".gguf", ".json"));
        std::vector<std::int64_t> hello;
        for (const attn::Token &t : tokenizer->encode("Hello world!"))
            hello.push_back(t.id);
        QCOMPARE(hello, jsonIds(ref["ids"]));
    }

    // The reference checkpoints written as GGUF files (a Llama's q and k rows interleaved as
    // llama.cpp's converter stores them) run as their references say, and give the very heads
    // of the same checkpoint read from safetensors.
    void readsWhatTheConverterWrites_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QByteArray>("arch");
        QTest::addColumn<bool>("interleave");
        QTest::newRow("llama") << "llama-gqa-tiny" << QByteArray("llama") << true;
        QTest::newRow("qwen2") << "qwen2-bias-tiny" << QByteArray("qwen2") << false;
        QTest::newRow("qwen3") << "qwen3-tiny" << QByteArray("qwen3") << false;
        QTest::newRow("llama3 (rope_freqs)") << "llama3-tiny" << QByteArray("llama") << true;
        QTest::newRow("phi3") << "phi3-tiny" << QByteArray("phi3") << false;
    }

    void readsWhatTheConverterWrites() {
        QFETCH(QString, model);
        QFETCH(QByteArray, arch);
        QFETCH(bool, interleave);
        QTemporaryDir dir;
        const QString path = writeGgufOfFolder(dir, model, arch, interleave);
        QVERIFY(!path.isEmpty());
        const QJsonObject ref = readJson(modelDir(model) + "/reference.json");
        const auto gguf = attn::Checkpoint::open(path);
        const attn::RunPtr run = attn::runModel(*gguf, jsonIds(ref["ids"]));
        const QString error = compareRun(*run, ref);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const attn::RunPtr hf =
            attn::runModel(*attn::Checkpoint::open(modelDir(model)), jsonIds(ref["ids"]));
        for (std::size_t l = 0; l < run->layers.size(); ++l)
            for (std::size_t h = 0; h < run->layers[l].heads.size(); ++h) {
                QCOMPARE(relativeError(run->layers[l].heads[h].q, hf->layers[l].heads[h].q), 0.0);
                QCOMPARE(relativeError(run->layers[l].heads[h].k, hf->layers[l].heads[h].k), 0.0);
            }
    }

    // Gemma 2 and 3 as llama.cpp computes them from a GGUF file. Neither reference folder can be
    // said in llama.cpp's keys (their query_pre_attn_scalar is 24, not head_dim; Gemma 3's
    // sliding pattern is 3, not 6; the converter rounds 1 + w to float32), so each is made into
    // the model llama.cpp computes (writeLlamaCppGemmaFolder: an F32 folder whose config says
    // what llama.cpp infers), written as the converter writes it, and every stage of the GGUF
    // file's run equals the same folder's read from safetensors, whose family the references
    // check.
    void readsGemmaAsLlamaCppComputesIt_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QByteArray>("arch");
        QTest::addColumn<int>("layers");
        QTest::addColumn<QJsonObject>("changes");
        QTest::addColumn<QString>("sliding");    // the layers with the window
        QTest::addColumn<double>("queryScalar"); // what llama.cpp scales q·k by (its −½ power)
        QTest::newRow("gemma2") << "gemma2-tiny" << QByteArray("gemma2") << 3 << QJsonObject()
                                << "0,2" << 16.0;
        QTest::newRow("gemma2 27B's scale")
            << "gemma2-tiny" << QByteArray("gemma2") << 46 << QJsonObject() << "" << 8.0;
        QTest::newRow("gemma3 linear RoPE")
            << "gemma3-tiny" << QByteArray("gemma3") << 7
            << QJsonObject{{"rope_scaling", QJsonObject{{"rope_type", "linear"}, {"factor", 8}}}}
            << "0,1,2,3,4,6" << 16.0;
        QTest::newRow("gemma3 no window, capped")
            << "gemma3-tiny" << QByteArray("gemma3") << 3
            << QJsonObject{{"sliding_window_pattern", 1}, {"final_logit_softcapping", 3.0}} << ""
            << 16.0;
    }

    void readsGemmaAsLlamaCppComputesIt() {
        QFETCH(QString, model);
        QFETCH(QByteArray, arch);
        QFETCH(int, layers);
        QFETCH(QJsonObject, changes);
        QFETCH(QString, sliding);
        QFETCH(double, queryScalar);
        QTemporaryDir dir;
        const QString folder = dir.filePath("folder");
        writeLlamaCppGemmaFolder(modelDir(model), folder, layers, arch == "gemma2" ? 46 : 62,
                                 changes);
        const QString path = dir.filePath("model.gguf");
        QVERIFY(writeBytes(path, ggufOfFolder(folder, arch, false)));
        const auto gguf = attn::Checkpoint::open(path);
        const auto hf = attn::Checkpoint::open(folder);
        const attn::ModelFeatures &g = gguf->config().features, &h = hf->config().features;
        QCOMPARE(gguf->config().family, hf->config().family);
        // The stored norms are 1 + w already.
        QVERIFY(g.norm == attn::NormKind::RmsNorm && h.norm == attn::NormKind::RmsNormPlusOne);
        QVERIFY(gguf->config().activation == attn::Activation::GeluTanh);
        QCOMPARE(g.queryScalar, queryScalar);
        QCOMPARE(h.queryScalar, queryScalar);
        QStringList slides;
        for (std::size_t i = 0; i < g.window.size(); ++i)
            if (g.window[i] > 0)
                slides << QString::number(i);
        if (layers == 46)
            QCOMPARE(slides.size(), 23);
        else
            QCOMPARE(slides.join(','), sliding);
        QCOMPARE(g.window, h.window);
        QCOMPARE(g.attnSoftcap, h.attnSoftcap);
        QCOMPARE(g.finalSoftcap, h.finalSoftcap);
        QCOMPARE(g.embeddingScale, h.embeddingScale);
        QCOMPARE(g.ropes.theta, h.ropes.theta);
        QCOMPARE(g.ropes.localTheta, h.ropes.localTheta);
        QCOMPARE(g.ropes.linearFactor, h.ropes.linearFactor);
        QCOMPARE(gguf->config().tiedEmbeddings, true);

        const QJsonObject ref = readJson(modelDir(model) + "/reference.json");
        const attn::RunPtr run = attn::runModel(*gguf, jsonIds(ref["ids"]));
        const attn::RunPtr expected = attn::runModel(*hf, jsonIds(ref["ids"]));
        const QString error =
            compareRun(*run, QJsonDocument::fromJson(attn::runToJson(*expected)).object(), 1e-12);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // Every head taken apart for the workbench computes what the run did: the stored norms,
        // the window, the caps and the scaled RoPE of the file.
        std::vector<std::string> tokens;
        for (std::size_t i = 0; i < run->ids.size(); ++i)
            tokens.push_back("t" + std::to_string(i));
        for (int layer = 0; layer < std::min(layers, 7); ++layer)
            for (int head = 0; head < int(gguf->config().heads); ++head) {
                const attn::AttentionResult r =
                    attn::compute(attn::takeApart(*gguf, *run, tokens, layer, head));
                const attn::HeadRun &ran = run->layers[std::size_t(layer)].heads[std::size_t(head)];
                QVERIFY(relativeError(r.heads[0].Q, ran.q) < 1e-12);
                QVERIFY(relativeError(r.heads[0].K, ran.k) < 1e-12);
                QVERIFY(relativeError(r.heads[0].weights(), ran.weights) < 1e-12);
                QVERIFY(relativeError(r.heads[0].output, ran.output) < 1e-12);
            }
    }

    // What llama.cpp reads from the keys of the reference folders' own GGUF files: the windows
    // and caps as given, but the scale of head_dim (not query_pre_attn_scalar 24), Gemma 3's
    // pattern of 6 (not 3), and the embeddings scaled by √d_model in float32 (not bfloat16).
    void readsGemmaKeysAsLlamaCpp() {
        QTemporaryDir dir;
        const QString two = dir.filePath("gemma2.gguf");
        QVERIFY(writeBytes(two, ggufOfFolder(modelDir("gemma2-tiny"), "gemma2", false)));
        const attn::ModelConfig c2 = attn::Checkpoint::open(two)->config();
        QCOMPARE(c2.features.queryScalar, 16.0);
        QCOMPARE(c2.features.window, std::vector<std::int64_t>({4, 0, 4}));
        QCOMPARE(c2.features.attnSoftcap, 10.0);
        QCOMPARE(c2.features.finalSoftcap, 5.0);
        QCOMPARE(c2.features.embeddingScale, double(std::sqrt(32.0f)));
        QCOMPARE(c2.features.ropes.theta, 10000.0);
        const QString three = dir.filePath("gemma3.gguf");
        QVERIFY(writeBytes(three, ggufOfFolder(modelDir("gemma3-tiny"), "gemma3", false)));
        const attn::ModelConfig c3 = attn::Checkpoint::open(three)->config();
        QCOMPARE(c3.features.window, std::vector<std::int64_t>({4, 4, 4}));
        QCOMPARE(c3.features.ropes.theta, 1e6);
        QCOMPARE(c3.features.ropes.localTheta, 1e4);
        QCOMPARE(c3.features.attnSoftcap, 0.0);
        QCOMPARE(c3.features.finalSoftcap, 0.0);
        QVERIFY(c3.features.qkNorm);
        // Without attention.sliding_window, llama.cpp's gemma2 slides by 4096.
        QByteArray bytes = ggufOfFolder(modelDir("gemma2-tiny"), "gemma2", false);
        bytes.replace("gemma2.attention.sliding_window", "gemma2.attention.sliding_windoX");
        QVERIFY(writeBytes(two, bytes));
        QCOMPARE(attn::Checkpoint::open(two)->config().features.window,
                 std::vector<std::int64_t>({4096, 0, 4096}));
        // YaRN is refused by name.
        const QString folder = dir.filePath("yarn");
        writeLlamaCppGemmaFolder(
            modelDir("gemma3-tiny"), folder, 3, 62,
            {{"rope_scaling", QJsonObject{{"rope_type", "yarn"}, {"factor", 4}}}});
        QVERIFY(writeBytes(three, ggufOfFolder(folder, "gemma3", false)));
        const QString message = refusal([&] { attn::Checkpoint::open(three); });
        QCOMPARE(message, three + ": gemma3.rope.scaling.type: RoPE scaling \"yarn\" is not read "
                                  "(linear is)");
    }

    // Llama 3.1's and 3.2's scaled RoPE in a GGUF file (rope_freqs.weight, a factor per pair):
    // the converter's float32 factors are read as the llama3 scaling they were computed from
    // (so the run equals the reference above); other factors divide the frequencies as they are,
    // and every head taken apart for the workbench computes what the run did, also through a
    // session file.
    void takesApartWithFrequencyFactors() {
        QTemporaryDir dir;
        const auto converted =
            attn::Checkpoint::open(writeGgufOfFolder(dir, "llama3-tiny", "llama", true));
        QCOMPARE(converted->config().features.ropes.llama3Factor, 32.0);
        QVERIFY(converted->config().features.ropes.frequencyFactors.empty());
        const QString path = writeGgufOfFolder(dir, "llama3-tiny", "llama", true, 1.25f);
        const auto checkpoint = attn::Checkpoint::open(path);
        const attn::ModelConfig &c = checkpoint->config();
        QCOMPARE(c.features.ropes.llama3Factor, 0.0);
        QCOMPARE(c.features.ropes.frequencyFactors.size(), std::size_t(c.headDim / 2));
        QCOMPARE(c.features.ropes.frequencyFactors.front(), 1.25);
        QCOMPARE(c.features.ropes.frequencyFactors.back(), 40.0);
        const QJsonObject ref = readJson(modelDir("llama3-tiny") + "/reference.json");
        const attn::RunPtr run = attn::runModel(*checkpoint, jsonIds(ref["ids"]));
        // The factors turn q: it is no longer the reference's.
        const QJsonObject head0 =
            ref["layers"].toArray()[0].toObject()["heads"].toArray()[0].toObject();
        QVERIFY(relativeError(run->layers[0].heads[0].q, jsonMatrix(head0["q"])) > 1e-6);
        std::vector<std::string> tokens;
        for (std::size_t i = 0; i < run->ids.size(); ++i)
            tokens.push_back("t" + std::to_string(i));
        for (int layer = 0; layer < int(c.layers); ++layer)
            for (int head = 0; head < int(c.heads); ++head) {
                const attn::AttentionInputs in =
                    attn::takeApart(*checkpoint, *run, tokens, layer, head);
                QCOMPARE(in.options.rope.frequencyFactors, c.features.ropes.frequencyFactors);
                const attn::Session saved = attn::sessionFromJson(attn::sessionToJson(in, {}, {}));
                QVERIFY(saved.inputs == in);
                const attn::AttentionResult r = attn::compute(saved.inputs);
                const attn::HeadRun &h = run->layers[std::size_t(layer)].heads[std::size_t(head)];
                QVERIFY(relativeError(r.heads[0].Q, h.q) < 1e-12);
                QVERIFY(relativeError(r.heads[0].K, h.k) < 1e-12);
                QVERIFY(relativeError(r.heads[0].weights(), h.weights) < 1e-12);
                QVERIFY(relativeError(r.heads[0].output, h.output) < 1e-12);
            }
    }

    // rope_freqs.weight of the wrong length or with a factor of 0 is refused in one line.
    void refusesBadFrequencyFactors() {
        QTemporaryDir dir;
        for (const bool shortTensor : {true, false}) {
            GgufWriter w = llamaMetadata();
            QByteArray factors;
            for (int i = 0; i < (shortTensor ? 3 : 8); ++i)
                GgufWriter::put(factors, i == 5 ? 0.0f : 1.0f);
            w.addTensor("rope_freqs.weight", {std::uint64_t(factors.size() / 4)}, 0, factors);
            const QString path = dir.filePath(shortTensor ? "short.gguf" : "zero.gguf");
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(w.bytes());
            f.close();
            const QString message = refusal([&] { attn::Checkpoint::open(path); });
            QVERIFY2(message.startsWith(path + ": rope_freqs.weight "), qPrintable(message));
            QVERIFY2(message.contains(shortTensor ? "has 3 values, but RoPE turns 8 pairs"
                                                  : "holds 0, but each factor must be above 0"),
                     qPrintable(message));
        }
    }

    void refusesBadFiles_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray good = readAll(modelPath("llama-gqa", "Q8_0"));
        QByteArray magic = good;
        magic[0] = 'X';
        QTest::newRow("magic") << magic << "not a GGUF file";
        QByteArray version = good;
        version[4] = 9;
        QTest::newRow("version") << version << "GGUF version 9";
        {
            GgufWriter w;
            w.addString("general.name", "x");
            QByteArray b = w.bytes();
            // The name's length (after the key) made 2^40.
            const qsizetype at = b.indexOf("general.name") + 12 + 4;
            const std::uint64_t huge = std::uint64_t(1) << 40;
            std::memcpy(b.data() + at, &huge, 8);
            QTest::newRow("string") << b << "longer than the rest of the file";
        }
        {
            GgufWriter w;
            w.addArrayHeader("tokenizer.ggml.tokens", 8, std::uint64_t(1) << 20);
            QTest::newRow("array") << w.bytes() << "more than the rest of the file holds";
        }
        {
            QByteArray b = GgufWriter().bytes(0, 0);
            const std::uint64_t n = std::uint64_t(1) << 63;
            std::memcpy(b.data() + 8, &n, 8);
            QTest::newRow("2^63 tensors") << b << "9223372036854775808 tensors";
            std::memcpy(b.data() + 8, "\0\0\0\0\0\0\0\0", 8);
            std::memcpy(b.data() + 16, &n, 8);
            QTest::newRow("2^63 keys") << b << "9223372036854775808 metadata keys";
        }
        {
            GgufWriter w;
            w.addTensor("five", {1, 1, 1, 1, 1}, 0, QByteArray(4, 0));
            QTest::newRow("five dims") << w.bytes() << "tensor \"five\" has 5 dimensions";
        }
        {
            GgufWriter w;
            w.addTensor("odd", {256}, 10, QByteArray(84, 0));
            QTest::newRow("unknown type") << w.bytes() << "tensor \"odd\" is of the type Q2_K";
            GgufWriter u;
            u.addTensor("odd", {32}, 99, QByteArray(32, 0));
            QTest::newRow("type 99") << u.bytes() << "tensor \"odd\" is of the type type 99";
        }
        {
            GgufWriter w;
            w.addTensor("a", {8}, 0, QByteArray(32, 0), 4);
            QTest::newRow("unaligned") << w.bytes() << "not a multiple of the alignment 32";
            GgufWriter p;
            p.addTensor("a", {8}, 0, QByteArray(32, 0), 64);
            QTest::newRow("past the end") << p.bytes() << "runs past the end of the file";
            GgufWriter o;
            o.addTensor("a", {16}, 0, QByteArray(64, 0));
            o.addTensor("b", {8}, 0, QByteArray(), 32);
            QTest::newRow("overlap") << o.bytes() << "\"a\" and \"b\" overlap";
        }
        {
            QByteArray missing = good;
            missing.replace("blk.1.ffn_down.weight", "blk.1.ffn_dowX.weight");
            QTest::newRow("missing tensor")
                << missing << "the tensor \"blk.1.ffn_down.weight\" is missing";
        }
        {
            GgufWriter w = llamaMetadata();
            w.addString("llama.rope.scaling.type", "linear");
            w.addF32("llama.rope.scaling.factor", 0);
            QTest::newRow("scaling factor")
                << w.bytes() << "llama.rope.scaling.factor is 0, but a factor must be above 0";
            GgufWriter o = llamaMetadata();
            o.addString("llama.rope.scaling.type", "longrope");
            QTest::newRow("scaling type")
                << o.bytes() << "llama.rope.scaling.type: RoPE scaling \"longrope\" is not read";
        }
        {
            GgufWriter w = llamaMetadata();
            w.addStrings("tokenizer.ggml.tokens", {"a", "b", "c"});
            QTest::newRow("tokens") << w.bytes()
                                    << "tokenizer.ggml.tokens has 3 entries, but the vocabulary "
                                       "has 4 tokens";
        }
    }

    // Each bad file: one line naming the file and the problem, within a second.
    void refusesBadFiles() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.gguf");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        QElapsedTimer timer;
        timer.start();
        const QString message = refusal([&] { attn::Checkpoint::open(path); });
        QVERIFY(timer.elapsed() < 1000);
        QVERIFY2(message.startsWith(path + ": "), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY(!message.contains('\n'));
    }

    // A token type that is not llama.cpp's (0 to 6) is refused in one line (the fuzz target found
    // 4.1e9 converted to int unchecked).
    void refusesBadTokenTypes() {
        QTemporaryDir dir;
        for (const std::uint32_t type : {7u, 4143967296u}) {
            GgufWriter w;
            w.addString("tokenizer.ggml.model", "llama");
            w.addStrings("tokenizer.ggml.tokens", {"a", "b"});
            w.key("tokenizer.ggml.token_type", 9);
            GgufWriter::put<std::uint32_t>(w.kv(), 4); // uint32 elements
            GgufWriter::put<std::uint64_t>(w.kv(), 2);
            GgufWriter::put<std::uint32_t>(w.kv(), 1);
            GgufWriter::put<std::uint32_t>(w.kv(), type);
            const QString path = dir.filePath("types.gguf");
            QVERIFY(writeBytes(path, w.bytes()));
            const QString message = refusal([&] { attn::loadTokenizer(path); });
            QCOMPARE(message, path + ": tokenizer.ggml.token_type: token 1 has the type " +
                                  QString::number(type) + " (0 to 6)");
        }
    }

    // A FIFO or a device is refused before it is opened (opening a FIFO would wait forever),
    // as a GGUF file and as safetensors.
    void refusesFifosAndDevices() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("model.gguf");
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QString message = refusal([&] { attn::Checkpoint::open(fifo); });
        QCOMPARE(message, fifo + ": not a regular file (a FIFO)");
        message = refusal([&] { attn::loadTokenizer(fifo); });
        QVERIFY2(message.contains("not a regular file"), qPrintable(message));
        message = refusal([] { attn::Checkpoint::open("/dev/null"); });
        QCOMPARE(message, QString("/dev/null: not a regular file (a device)"));

        const QString folder = dir.filePath("hf");
        QVERIFY(QDir().mkpath(folder));
        QFile::copy(modelDir("gpt2-tiny") + "/config.json", folder + "/config.json");
        const QString weights = folder + "/model.safetensors";
        QCOMPARE(mkfifo(QFile::encodeName(weights).constData(), 0600), 0);
        message = refusal([&] { attn::Checkpoint::open(folder); });
        QCOMPARE(message, weights + ": not a regular file (a FIFO)");
    }
};

QTEST_GUILESS_MAIN(TestGguf)
#include "test_gguf.moc"
