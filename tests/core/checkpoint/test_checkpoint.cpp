// SPDX-License-Identifier: GPL-3.0-or-later
// Opening checkpoint folders: the summary of each family, the names with and without their
// prefixes, GPT-2's mask buffers ignored, and every kind of bad checkpoint refused with one line
// naming the file and the problem (issue 25's list), before anything is computed.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/ModelConfig.h"
#include "checkpoint/ShardIndex.h"
#include "io/Safetensors.h"
#include "support/ModelSupport.h"
#include "support/SafetensorsSupport.h"
#include "transformer/Forward.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <bit>
#include <functional>
#include <limits>
#include <random>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

// The tensors of a reference checkpoint, to be changed and written again.
std::vector<Tensor> tensorsOf(const QString &model) {
    QFile f(modelDir(model) + "/model.safetensors");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const attn::SafetensorsFile header = attn::readSafetensorsHeader(f, std::uint64_t(f.size()));
    std::vector<Tensor> out;
    for (const attn::SafetensorsTensor &t : header.tensors) {
        f.seek(qint64(header.dataStart + t.begin));
        out.push_back({t.name, t.dtype, t.shape, f.read(qint64(t.end - t.begin))});
    }
    return out;
}

QJsonObject configOf(const QString &model) {
    return QJsonDocument::fromJson(readAll(modelDir(model) + "/config.json")).object();
}

// A checkpoint folder in `dir` from a config and tensors.
QString makeCheckpoint(const QTemporaryDir &dir, const QJsonObject &config,
                       const std::vector<Tensor> &tensors) {
    write(dir.filePath("config.json"), QJsonDocument(config).toJson());
    write(dir.filePath("model.safetensors"), safetensors(tensors));
    return dir.path();
}

// The message of opening `folder` and running it on a few ids; empty when it works.
QString refusal(const QString &folder, const std::vector<std::int64_t> &ids = {1, 2, 3}) {
    try {
        attn::runModel(*attn::Checkpoint::open(folder), ids);
        return {};
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
}

// A change to a reference checkpoint's config and tensors that makes it bad.
using Change = std::function<void(QJsonObject &, std::vector<Tensor> &)>;

} // namespace

Q_DECLARE_METATYPE(Change)

class TestCheckpoint : public QObject {
    Q_OBJECT

private slots:
    void summaries_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("summary");
        QTest::newRow("gpt2") << "gpt2-tiny"
                              << R"({"family":"gpt2","layers":2,"heads":4,"kv_heads":4,)"
                                 R"("d_model":32,"head_dim":8,"vocab":300,"max_positions":64,)"
                                 R"("dtype":"F32","parameters":37120,)"
                                 R"("features":"GPT-2:LayerNorm,learnedpositions,tiedLMhead"})";
        QTest::newRow("llama") << "llama-gqa-tiny"
                               << R"({"family":"llama","layers":2,"heads":6,"kv_heads":2,)"
                                  R"("d_model":48,"head_dim":8,"vocab":256,)"
                                  R"("max_positions":128,"dtype":"BF16","parameters":52464,)"
                                  "\"features\":\"Llama:RMSNorm,RoPEθ10000,6headsshare2"
                                  "key/valueheads,SwiGLUMLP,tiedLMhead\"}";
        QTest::newRow("sharded") << "gpt2-tiny-sharded"
                                 << R"({"family":"gpt2","layers":2,"heads":4,"kv_heads":4,)"
                                    R"("d_model":32,"head_dim":8,"vocab":300,)"
                                    R"("max_positions":64,"dtype":"F32","parameters":37120,)"
                                    R"("features":"GPT-2:LayerNorm,learnedpositions,tiedLMhead"})";
    }

    void summaries() {
        QFETCH(QString, model);
        QFETCH(QString, summary);
        // In this order: the fields' order is the issue's.
        QByteArray json = attn::Checkpoint::open(modelDir(model))->summaryJson();
        QVERIFY(QJsonDocument::fromJson(json).isObject());
        QCOMPARE(json.replace(' ', "").replace('\n', ""), summary.toUtf8());
    }

    // "transformer." on GPT-2's names, no "bert." on BERT's, 4-D attn.bias buffers: all run the
    // same numbers.
    void prefixesAndBuffersAreOptional() {
        const QJsonObject ref = readJsonObject(modelDir("gpt2-tiny") + "/reference.json");
        std::vector<Tensor> tensors = tensorsOf("gpt2-tiny");
        for (Tensor &t : tensors)
            t.name = "transformer." + t.name;
        tensors.push_back(
            {"transformer.h.0.attn.bias", "F32", {1, 1, 2, 2}, f32Bytes({1, 0, 1, 1})});
        tensors.push_back({"transformer.h.0.attn.masked_bias", "F32", {}, f32Bytes({-1e4f})});
        QTemporaryDir dir;
        const QString folder = makeCheckpoint(dir, configOf("gpt2-tiny"), tensors);
        const attn::RunPtr run =
            attn::runModel(*attn::Checkpoint::open(folder), jsonIds(ref["ids"]));
        QVERIFY(compareRun(*run, ref).isEmpty());

        const QJsonObject bertRef = readJsonObject(modelDir("bert-tiny") + "/reference.json");
        std::vector<Tensor> bert = tensorsOf("bert-tiny");
        for (Tensor &t : bert)
            if (t.name.startsWith("bert."))
                t.name = t.name.mid(5);
        QTemporaryDir bertDir;
        const QString bertFolder = makeCheckpoint(bertDir, configOf("bert-tiny"), bert);
        const attn::RunPtr bertRun =
            attn::runModel(*attn::Checkpoint::open(bertFolder), jsonIds(bertRef["ids"]));
        QVERIFY(compareRun(*bertRun, bertRef).isEmpty());
    }

    // A config's head_dim need not be hidden_size / heads: q_proj is heads·head_dim wide.
    void llamaTakesHeadDimFromTheConfig() {
        QJsonObject config = configOf("llama-gqa-tiny");
        config["head_dim"] = 16; // 6 heads of 16 over a width of 48
        std::vector<Tensor> tensors;
        std::mt19937 rng(7);
        std::normal_distribution<float> normal(0.0f, 0.1f);
        auto add = [&](const QString &name, std::vector<std::uint64_t> shape) {
            std::uint64_t count = 1;
            for (std::uint64_t d : shape)
                count *= d;
            std::vector<float> values(count);
            for (float &v : values)
                v = normal(rng);
            tensors.push_back({name, "F32", shape, f32Bytes(values)});
        };
        add("model.embed_tokens.weight", {256, 48});
        for (int l = 0; l < 2; ++l) {
            const QString p = QString("model.layers.%1.").arg(l);
            add(p + "input_layernorm.weight", {48});
            add(p + "self_attn.q_proj.weight", {96, 48});
            add(p + "self_attn.k_proj.weight", {32, 48});
            add(p + "self_attn.v_proj.weight", {32, 48});
            add(p + "self_attn.o_proj.weight", {48, 96});
            add(p + "post_attention_layernorm.weight", {48});
            add(p + "mlp.gate_proj.weight", {96, 48});
            add(p + "mlp.up_proj.weight", {96, 48});
            add(p + "mlp.down_proj.weight", {48, 96});
        }
        add("model.norm.weight", {48});
        QTemporaryDir dir;
        const auto checkpoint = attn::Checkpoint::open(makeCheckpoint(dir, config, tensors));
        QCOMPARE(checkpoint->config().headDim, std::int64_t(16));
        const attn::RunPtr run = attn::runModel(*checkpoint, {1, 2, 3, 4});
        QCOMPARE(run->layers[1].heads.size(), std::size_t(6));
        QCOMPARE(run->layers[1].heads[5].q.cols(), Eigen::Index(16));
        QCOMPARE(run->layers[1].attnOut.cols(), Eigen::Index(48));
        QCOMPARE(run->logits.cols(), Eigen::Index(256));
        // Heads 0–2 share key/value head 0, heads 3–5 head 1.
        QVERIFY(sameBits(run->layers[0].heads[0].v, run->layers[0].heads[2].v));
        QVERIFY(!sameBits(run->layers[0].heads[2].v, run->layers[0].heads[3].v));
    }

    // Without cls.*, BERT is a bare encoder: every layer, no logits.
    void bertWithoutItsHeadHasNoLogits() {
        std::vector<Tensor> bert;
        for (const Tensor &t : tensorsOf("bert-tiny"))
            if (!t.name.startsWith("cls."))
                bert.push_back(t);
        QTemporaryDir dir;
        const attn::RunPtr run = attn::runModel(
            *attn::Checkpoint::open(makeCheckpoint(dir, configOf("bert-tiny"), bert)), {1, 2, 3});
        QCOMPARE(run->layers.size(), std::size_t(2));
        QCOMPARE(run->logits.cols(), Eigen::Index(0));
    }

    // Issue 25's bad checkpoints: each refused in one line that names the file and the problem.
    void badCheckpointsAreRefused_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<Change>("change");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        auto drop = [](const QString &name) {
            return Change([name](QJsonObject &, std::vector<Tensor> &t) {
                std::erase_if(t, [&](const Tensor &x) { return x.name == name; });
            });
        };
        auto config = [](const QString &key, const QJsonValue &value) {
            return Change([key, value](QJsonObject &c, std::vector<Tensor> &) {
                if (value.isUndefined())
                    c.remove(key);
                else
                    c[key] = value;
            });
        };
        QTest::newRow("unknown model_type")
            << "gpt2-tiny" << config("model_type", "mamba") << "config.json"
            << "the model_type \"mamba\" is not supported";
        QTest::newRow("missing field")
            << "gpt2-tiny" << config("n_head", QJsonValue::Undefined) << "config.json"
            << "the field \"n_head\" is missing";
        QTest::newRow("absurd layers")
            << "llama-gqa-tiny" << config("num_hidden_layers", 1e9) << "config.json"
            << "num_hidden_layers is 1000000000: at most 1024 is supported";
        QTest::newRow("heads do not divide")
            << "bert-tiny" << config("num_attention_heads", 5) << "config.json"
            << "num_attention_heads 5 does not divide hidden_size 32";
        QTest::newRow("kv heads do not divide")
            << "llama-gqa-tiny" << config("num_key_value_heads", 4) << "config.json"
            << "num_key_value_heads 4 does not divide num_attention_heads 6";
        QTest::newRow("not a number") << "gpt2-tiny" << config("n_embd", "32") << "config.json"
                                      << "the field \"n_embd\" is not a whole number";
        QTest::newRow("rope_scaling")
            << "llama-gqa-tiny"
            << config("rope_scaling", QJsonObject{{"rope_type", "yarn"}, {"factor", 4}})
            << "config.json"
            << "\"rope_scaling\" of type \"yarn\" is not supported";
        QTest::newRow("phi3 longrope")
            << "phi3-tiny"
            << config("rope_scaling", QJsonObject{{"type", "longrope"}, {"long_factor", 1}})
            << "config.json"
            << "\"rope_scaling\" of type \"longrope\" is not supported (llama3 and linear are)";
        QTest::newRow("phi3 odd partial rotary")
            << "phi3-tiny" << config("partial_rotary_factor", 0.4) << "config.json"
            << "\"partial_rotary_factor\" 0.4 turns 3 dimensions of 8: RoPE rotates pairs";
        QTest::newRow("gemma2 layer_types")
            << "gemma2-tiny"
            << config("layer_types", QJsonArray{"sliding_attention", "full_attention"})
            << "config.json"
            << "\"layer_types\" names 2 layers, the model has 3";
        QTest::newRow("gemma3 layer type")
            << "gemma3-tiny"
            << config("layer_types",
                      QJsonArray{"sliding_attention", "chunked_attention", "full_attention"})
            << "config.json"
            << "\"layer_types\" names \"chunked_attention\", not sliding_attention or "
               "full_attention";
        QTest::newRow("qwen2 sliding window")
            << "qwen2-bias-tiny" << config("use_sliding_window", true) << "config.json"
            << "\"use_sliding_window\": true is not supported";
        QTest::newRow("qwen3 missing q_norm")
            << "qwen3-tiny" << drop("model.layers.0.self_attn.q_norm.weight") << "model.safetensors"
            << "the tensor \"model.layers.0.self_attn.q_norm.weight\" is missing";
        QTest::newRow("missing tensor")
            << "gpt2-tiny" << drop("h.1.mlp.c_fc.bias") << "model.safetensors"
            << "the tensor \"h.1.mlp.c_fc.bias\" is missing";
        QTest::newRow("missing lm_head")
            << "qwen2-bias-tiny" << drop("lm_head.weight") << "model.safetensors"
            << "the tensor \"lm_head.weight\" is missing";
        QTest::newRow("wrong shape")
            << "gpt2-tiny" << Change([](QJsonObject &, std::vector<Tensor> &t) {
                   for (Tensor &x : t)
                       if (x.name == "h.0.attn.c_attn.weight")
                           x.shape = {96, 32}; // stored as nn.Linear would, out × in
               })
            << "model.safetensors"
            << "the tensor \"h.0.attn.c_attn.weight\" has the shape 96×32, expected 32×96";
        QTest::newRow("not a float")
            << "gpt2-tiny" << Change([](QJsonObject &, std::vector<Tensor> &t) {
                   for (Tensor &x : t)
                       if (x.name == "ln_f.bias")
                           x.dtype = "I32";
               })
            << "model.safetensors"
            << "the tensor \"ln_f.bias\" is I32, not a float";
        QTest::newRow("NaN weight")
            << "llama-gqa-tiny" << Change([](QJsonObject &, std::vector<Tensor> &t) {
                   for (Tensor &x : t)
                       if (x.name == "model.layers.1.mlp.down_proj.weight") {
                           x.data[2 * 50] = char(0xc0); // BF16 0x7fc0: a quiet NaN
                           x.data[2 * 50 + 1] = char(0x7f);
                       }
               })
            << "model.safetensors"
            << "tensor \"model.layers.1.mlp.down_proj.weight\" at [0, 50] is NaN";
        QTest::newRow("infinite weight")
            << "gpt2-tiny" << Change([](QJsonObject &, std::vector<Tensor> &t) {
                   for (Tensor &x : t)
                       if (x.name == "wte.weight") // id 2, column 1
                           x.data.replace(4 * (2 * 32 + 1), 4,
                                          f32Bytes({std::numeric_limits<float>::infinity()}));
               })
            << "model.safetensors"
            << "tensor \"wte.weight\" at [2, 1] is inf";
    }

    void badCheckpointsAreRefused() {
        QFETCH(QString, model);
        QFETCH(Change, change);
        QFETCH(QString, file);
        QFETCH(QString, message);
        QJsonObject config = configOf(model);
        std::vector<Tensor> tensors = tensorsOf(model);
        change(config, tensors);
        QTemporaryDir dir;
        const QString error = refusal(makeCheckpoint(dir, config, tensors));
        QVERIFY2(error.startsWith(dir.filePath(file) + ": "), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(!error.contains('\n'), qPrintable(error));
    }

    void damagedFilesAreRefused() {
        const QByteArray config = readAll(modelDir("gpt2-tiny") + "/config.json");
        const QByteArray weights = readAll(modelDir("gpt2-tiny") + "/model.safetensors");
        QVERIFY(!weights.isEmpty());
        {
            QTemporaryDir dir;
            write(dir.filePath("config.json"), config);
            write(dir.filePath("model.safetensors"), weights.left(weights.size() - 100));
            const QString error = refusal(dir.path());
            QVERIFY2(error.startsWith(dir.filePath("model.safetensors") + ": "), qPrintable(error));
            QVERIFY2(error.contains("past the end"), qPrintable(error));
        }
        {
            // Two tensors whose data overlap.
            std::vector<Tensor> tensors = tensorsOf("gpt2-tiny");
            QByteArray header = safetensorsHeader(tensors);
            QJsonObject o = QJsonDocument::fromJson(header).object();
            QJsonObject wpe = o["wpe.weight"].toObject();
            const QJsonArray offsets = wpe["data_offsets"].toArray();
            wpe["data_offsets"] =
                QJsonArray{offsets[0].toInteger() - 8, offsets[1].toInteger() - 8};
            o["wpe.weight"] = wpe;
            QByteArray data;
            for (const Tensor &t : tensors)
                data += t.data;
            QTemporaryDir dir;
            write(dir.filePath("config.json"), config);
            write(dir.filePath("model.safetensors"),
                  safetensorsFile(QJsonDocument(o).toJson(QJsonDocument::Compact), data));
            const QString error = refusal(dir.path());
            QVERIFY2(error.contains("overlaps"), qPrintable(error));
        }
        {
            // A shard the index names is missing.
            QTemporaryDir dir;
            for (const char *name : {"config.json", "model.safetensors.index.json",
                                     "model-00001-of-00002.safetensors"})
                write(dir.filePath(name), readAll(modelDir("gpt2-tiny-sharded") + "/" + name));
            const QString error = refusal(dir.path());
            QCOMPARE(error, dir.filePath("model.safetensors.index.json") +
                                ": the shard model-00002-of-00002.safetensors it names is missing");
        }
        {
            // A pickle is never read.
            QTemporaryDir dir;
            write(dir.filePath("config.json"), config);
            write(dir.filePath("pytorch_model.bin"), "\x80\x02}q\x00.");
            const QString error = refusal(dir.path());
            QVERIFY2(error.startsWith(dir.filePath("pytorch_model.bin") + ": "), qPrintable(error));
            QVERIFY2(error.contains("convert the checkpoint to safetensors"), qPrintable(error));
        }
        {
            QTemporaryDir dir;
            write(dir.filePath("model.safetensors"), weights);
            QVERIFY(refusal(dir.path()).startsWith(dir.filePath("config.json") + ": missing"));
        }
    }

    void configsAreCheckedBeforeUse_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"model_type\": ") << "not JSON";
        QTest::newRow("array") << QByteArray("[]") << "not a JSON object";
        QTest::newRow("huge") << QByteArray(R"({"model_type":"gpt2","n_embd":1e300,"n_head":1})")
                              << "n_embd is";
        QTest::newRow("fraction") << QByteArray(R"({"model_type":"gpt2","n_embd":32.5,"n_head":1})")
                                  << "n_embd";
        QTest::newRow("zero eps") << QByteArray(R"({"model_type":"bert","hidden_size":8,)"
                                                R"("num_attention_heads":2,"num_hidden_layers":1,)"
                                                R"("intermediate_size":8,"vocab_size":10,)"
                                                R"("layer_norm_eps":0})")
                                  << "layer_norm_eps";
        QTest::newRow("odd head_dim")
            << QByteArray(R"({"model_type":"llama","hidden_size":6,"num_attention_heads":2,)"
                          R"("num_hidden_layers":1,"intermediate_size":8,"vocab_size":10})")
            << "head_dim 3 is odd";
        QTest::newRow("too large") << QByteArray(2 << 20, ' ') << "at most 1048576 are read";
    }

    void configsAreCheckedBeforeUse() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        try {
            attn::parseModelConfig(json);
            QFAIL("no error");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }

    void shardIndexesStayInTheFolder_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("outside") << QByteArray(R"({"weight_map":{"a":"../x.safetensors"}})")
                                 << "is not a .safetensors file in the checkpoint's folder";
        QTest::newRow("absolute") << QByteArray(R"({"weight_map":{"a":"/etc/x.safetensors"}})")
                                  << "is not a .safetensors file";
        QTest::newRow("not a name")
            << QByteArray(R"({"weight_map":{"a":7}})") << "is not a file name";
        QTest::newRow("no map") << QByteArray(R"({"metadata":{}})") << "no \"weight_map\"";
        QTest::newRow("empty") << QByteArray(R"({"weight_map":{}})") << "names no tensor";
    }

    void shardIndexesStayInTheFolder() {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        try {
            attn::parseShardIndex(json);
            QFAIL("no error");
        } catch (const attn::InputError &e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "test_checkpoint.moc"
