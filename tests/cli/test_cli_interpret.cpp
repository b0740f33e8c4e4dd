// SPDX-License-Identifier: GPL-3.0-or-later
// The engineer's commands of attnviz-cli: model run --npz (TransformerLens's names, the JSON's
// numbers bit for bit), --heads and --fields, --patch L:H@P and --patch-resid L@P, --steer and
// --steer-texts, model attribute and model generate, each against the core computation, and
// their one-line refusals.

#include "InputError.h"
#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "io/Npy.h"
#include "io/ZipArchive.h"
#include "networkreadings/LogitAttribution.h"
#include "support/CliSupport.h"
#include "support/ModelSupport.h"
#include "support/RandomLlamaSupport.h"
#include "transformer/Forward.h"
#include "transformer/Generation.h"
#include "transformer/Predictions.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

const QString kGguf =
    QStringLiteral(ATTNVIZ_TEST_DATA_DIR "/reference-gguf/gpt2-bpe50k/model-Q8_0.gguf");

QString idsText(const std::vector<std::int64_t> &ids) {
    QStringList parts;
    for (std::int64_t id : ids)
        parts << QString::number(id);
    return parts.join(',');
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// An .npz member as its shape and float64 values (any number of dimensions).
struct Array {
    std::vector<std::uint64_t> shape;
    std::vector<double> values;
    QString descr;
};

Array arrayOf(const attn::ZipArchive &zip, const QString &name) {
    const attn::ZipEntry *entry = zip.find(name + ".npy");
    if (!entry)
        return {};
    const QByteArray bytes = zip.read(*entry, std::uint64_t(1) << 30);
    const attn::NpyHeader h = attn::parseNpyHeader(bytes);
    Array a{h.shape, {}, h.descr};
    if (h.descr == "<f8") {
        a.values.resize((std::size_t(bytes.size()) - h.dataOffset) / 8);
        std::memcpy(a.values.data(), bytes.constData() + h.dataOffset, a.values.size() * 8);
    }
    return a;
}

// Row i of a JSON matrix as doubles.
std::vector<double> jsonRow(const QJsonValue &m, int i) {
    std::vector<double> out;
    for (const QJsonValue &v : m.toArray()[i].toArray())
        out.push_back(v.toDouble());
    return out;
}

// Every value of a JSON matrix equals the strided values of `a` starting at `first`: row i,
// column j at first + i·rowStride + j.
bool sameAsJson(const QJsonValue &m, const Array &a, std::size_t first, std::size_t rowStride) {
    const QJsonArray rows = m.toArray();
    if (rows.isEmpty())
        return false;
    for (int i = 0; i < rows.size(); ++i) {
        const std::vector<double> row = jsonRow(m, i);
        for (std::size_t j = 0; j < row.size(); ++j) {
            const std::size_t at = first + std::size_t(i) * rowStride + j;
            if (at >= a.values.size() || std::memcmp(&row[j], &a.values[at], sizeof(double)) != 0)
                return false;
        }
    }
    return true;
}

} // namespace

class TestCliInterpret : public QObject {
    Q_OBJECT

private slots:
    void npzHoldsTheJsonsNumbers_data() {
        QTest::addColumn<QString>("model");
        for (const char *name : {"gpt2-tiny", "llama-gqa-tiny", "gemma2-tiny", "bert-tiny"})
            QTest::newRow(name) << QString(name);
    }

    // Every array of --npz is the JSON's number, bit for bit, under TransformerLens's name and
    // shape: [pos, head, d_head] for q and z, [pos, kv_head, d_head] for k and v, [head,
    // query, key] for the pattern; resid_pre of layer L is the hidden of layer L − 1.
    void npzHoldsTheJsonsNumbers() {
        QFETCH(QString, model);
        QTemporaryDir dir;
        const std::vector<std::int64_t> ids = referenceIds(model);
        const Run run = runCli({"model", "run", modelDir(model), "--ids", idsText(ids), "--json",
                                dir.filePath("r.json"), "--npz", dir.filePath("r.npz")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("r.json"))).object();
        const attn::ZipArchive zip(readAll(dir.filePath("r.npz")));
        const auto checkpoint = attn::Checkpoint::open(modelDir(model));
        const attn::ModelConfig &c = checkpoint->config();
        const auto n = std::size_t(ids.size()), hd = std::size_t(c.headDim);
        QCOMPARE(json["shape"]["tokens"].toInt(), int(n));
        QCOMPARE(json["shape"]["heads"].toInt(), int(c.heads));

        const Array idsArray = arrayOf(zip, "ids");
        QCOMPARE(idsArray.descr, QString("<i8"));
        const QJsonArray layers = json["layers"].toArray();
        QCOMPARE(layers.size(), qsizetype(c.layers));
        const std::size_t group = std::size_t(c.heads / c.kvHeads);
        for (int l = 0; l < layers.size(); ++l) {
            const QString prefix = QString("blocks.%1.").arg(l);
            const QJsonObject layer = layers[l].toObject();
            QVERIFY(sameAsJson(layer["hidden"], arrayOf(zip, prefix + "hook_resid_post"), 0,
                               std::size_t(c.dModel)));
            QVERIFY(sameAsJson(layer["attn_out"], arrayOf(zip, prefix + "hook_attn_out"), 0,
                               std::size_t(c.dModel)));
            if (l > 0)
                QVERIFY(sameAsJson(layers[l - 1]["hidden"], arrayOf(zip, prefix + "hook_resid_pre"),
                                   0, std::size_t(c.dModel)));
            if (c.decoder())
                QVERIFY(sameAsJson(layer["x"], arrayOf(zip, prefix + "ln1.hook_normalized"), 0,
                                   std::size_t(c.dModel)));
            const Array q = arrayOf(zip, prefix + "attn.hook_q");
            const Array k = arrayOf(zip, prefix + "attn.hook_k");
            const Array v = arrayOf(zip, prefix + "attn.hook_v");
            const Array z = arrayOf(zip, prefix + "attn.hook_z");
            const Array pattern = arrayOf(zip, prefix + "attn.hook_pattern");
            QCOMPARE(q.shape, (std::vector<std::uint64_t>{n, std::uint64_t(c.heads), hd}));
            QCOMPARE(k.shape, (std::vector<std::uint64_t>{n, std::uint64_t(c.kvHeads), hd}));
            QCOMPARE(pattern.shape, (std::vector<std::uint64_t>{std::uint64_t(c.heads), n, n}));
            const QJsonArray heads = layer["heads"].toArray();
            for (std::size_t h = 0; h < std::size_t(c.heads); ++h) {
                const QJsonObject head = heads[qsizetype(h)].toObject();
                QCOMPARE(head["head"].toInt(), int(h));
                const std::size_t stride = std::size_t(c.heads) * hd;
                const std::size_t kvStride = std::size_t(c.kvHeads) * hd;
                QVERIFY(sameAsJson(head["q"], q, h * hd, stride));
                QVERIFY(sameAsJson(head["output"], z, h * hd, stride));
                QVERIFY(sameAsJson(head["k"], k, (h / group) * hd, kvStride));
                QVERIFY(sameAsJson(head["v"], v, (h / group) * hd, kvStride));
                QVERIFY(sameAsJson(head["weights"], pattern, h * n * n, n));
            }
        }
        if (c.decoder())
            QVERIFY(sameAsJson(json["final"], arrayOf(zip, "ln_final.hook_normalized"), 0,
                               std::size_t(c.dModel)));
        if (json["logits"].toArray().size() > 0)
            QVERIFY(sameAsJson(json["logits"], arrayOf(zip, "logits"), 0, std::size_t(c.vocab)));
    }

    // --heads keeps the chosen heads only (with their index), --fields the named parts; a GGUF
    // file with a tokenizer writes the token strings in both files.
    void headsFieldsAndTokens() {
        QTemporaryDir dir;
        const Run run = runCli({"model", "run", kGguf, "--text", "The cat sat on the", "--json",
                                dir.filePath("r.json"), "--npz", dir.filePath("r.npz"), "--heads",
                                "1:1,0:1,1:0", "--fields", "heads,logits"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("r.json"))).object();
        QCOMPARE(json["tokens"].toArray().size(), 5);
        QCOMPARE(json["tokens"][1].toString(), QString("cat"));
        QVERIFY(!json.contains("final"));
        QVERIFY(json.contains("logits"));
        QVERIFY(!json["layers"][0].toObject().contains("hidden"));
        QCOMPARE(json["layers"][0]["heads"].toArray().size(), 1);
        QCOMPARE(json["layers"][0]["heads"][0]["head"].toInt(), 1);
        QCOMPARE(json["layers"][1]["heads"].toArray().size(), 2);
        QCOMPARE(json["layers"][1]["heads"][1]["head"].toInt(), 1);
        const attn::ZipArchive zip(readAll(dir.filePath("r.npz")));
        QVERIFY(zip.find("tokens.npy"));
        QVERIFY(!zip.find("blocks.0.hook_resid_post.npy"));
        QVERIFY(!zip.find("ln_final.hook_normalized.npy"));
        QCOMPARE(arrayOf(zip, "blocks.1.attn.hook_pattern").shape,
                 (std::vector<std::uint64_t>{2, 5, 5}));
        const QByteArray index = zip.read(*zip.find("blocks.1.attn.head_index.npy"), 4096);
        const attn::NpyHeader h = attn::parseNpyHeader(index);
        std::int64_t heads[2];
        std::memcpy(heads, index.constData() + h.dataOffset, sizeof heads);
        QCOMPARE(heads[0], std::int64_t(0));
        QCOMPARE(heads[1], std::int64_t(1));
        QVERIFY(sameAsJson(json["layers"][1]["heads"][1]["weights"],
                           arrayOf(zip, "blocks.1.attn.hook_pattern"), 25, 5));

        // Without --json, the predictions name their tokens.
        const Run text = runCli({"model", "run", kGguf, "--text", "The cat sat on the"});
        QVERIFY2(text.finished && text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.startsWith("tokens: 464 'The' 3797 'cat'"), text.out.constData());
    }

    // --patch L:H@P and --patch-resid L@P give the core's patched run, bit for bit.
    void patchOnePosition() {
        const QString model = modelDir("llama-gqa-tiny");
        const std::vector<std::int64_t> a = referenceIds("llama-gqa-tiny");
        const std::vector<std::int64_t> b(a.rbegin(), a.rend());
        const auto checkpoint = attn::Checkpoint::open(model);
        const attn::RunPtr runB = attn::runModel(*checkpoint, b);
        QTemporaryDir dir;
        const Run run = runCli({"model", "run", model, "--ids", idsText(a), "--from-ids",
                                idsText(b), "--patch", "1:3@2", "--patch-resid", "0@4", "--json",
                                dir.filePath("p.json"), "--fields", "logits"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const attn::RunPtr expected = attn::runModel(
            *checkpoint, a,
            {{attn::Intervention::patchHead(1, 3, 2), attn::Intervention::patchResidual(0, 4)},
             runB});
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("p.json"))).object();
        for (int i = 0; i < int(a.size()); ++i) {
            const std::vector<double> row = jsonRow(json["logits"], i);
            QVERIFY(std::memcmp(row.data(), expected->logits.row(i).data(),
                                row.size() * sizeof(double)) == 0);
        }
        const Run far = runCli({"model", "run", model, "--ids", idsText(a), "--from-ids",
                                idsText(b), "--patch", QString("0:1@%1").arg(a.size())});
        QCOMPARE(far.exitCode, 1);
        QVERIFY2(far.err.contains("there is no position"), far.err.constData());
        const Run bad = runCli({"model", "run", model, "--ids", idsText(a), "--from-ids",
                                idsText(b), "--patch", "0:1@x"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("L:H or L:H@P"), bad.err.constData());
    }

    // --steer L:FILE.npy:SCALE adds SCALE times the vector; --steer-texts L A B the difference
    // of the two texts' residual streams at their last positions.
    void steering() {
        const QString model = modelDir("gpt2-tiny");
        const auto checkpoint = attn::Checkpoint::open(model);
        const std::vector<std::int64_t> ids = referenceIds("gpt2-tiny");
        attn::Matrix v = attn::Matrix::Random(1, Eigen::Index(checkpoint->config().dModel));
        QTemporaryDir dir;
        writeFile(dir.filePath("v.npy"), attn::npyFromMatrix(v));
        const Run run = runCli({"model", "run", model, "--ids", idsText(ids), "--steer",
                                "1:" + dir.filePath("v.npy") + ":2.5", "--json",
                                dir.filePath("s.json"), "--fields", "logits"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const attn::RunPtr expected =
            attn::runModel(*checkpoint, ids, {{attn::Intervention::steer(1, v * 2.5)}, nullptr});
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("s.json"))).object();
        const std::vector<double> last = jsonRow(json["logits"], int(ids.size()) - 1);
        QVERIFY(std::memcmp(last.data(), expected->logits.bottomRows(1).data(),
                            last.size() * sizeof(double)) == 0);

        const Run wrong = runCli({"model", "run", model, "--ids", idsText(ids), "--steer",
                                  "0:" + dir.filePath("missing.npy")});
        QCOMPARE(wrong.exitCode, 1);
        QVERIFY(!wrong.err.trimmed().contains('\n'));
        writeFile(dir.filePath("short.npy"), attn::npyFromMatrix(attn::Matrix::Zero(1, 3)));
        const Run shortVector = runCli({"model", "run", model, "--ids", idsText(ids), "--steer",
                                        "0:" + dir.filePath("short.npy")});
        QCOMPARE(shortVector.exitCode, 1);
        QVERIFY2(shortVector.err.contains("residual stream has 32"), shortVector.err.constData());

        // ActAdd with texts, through the GGUF file's tokenizer.
        const Run texts = runCli({"model", "run", kGguf, "--text", "The cat sat on the",
                                  "--steer-texts", "1", "Love", "Hate:4", "--top", "2"});
        QVERIFY2(texts.finished && texts.exitCode == 0, texts.err.constData());
        const Run plain =
            runCli({"model", "run", kGguf, "--text", "The cat sat on the", "--top", "2"});
        QVERIFY(texts.out != plain.out);
        const Run missing =
            runCli({"model", "run", kGguf, "--text", "x", "--steer-texts", "1", "Love"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("three values"), missing.err.constData());
    }

    // model attribute: the JSON's parts are the core's and add up to the logit; a token
    // string is looked up in the tokenizer; without --json the largest parts are listed.
    void attribute() {
        QTemporaryDir dir;
        const Run run = runCli({"model", "attribute", kGguf, "--text", "The cat sat on the",
                                "--target", " mat", "--json", dir.filePath("a.json")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("a.json"))).object();
        QCOMPARE(json["target"].toInt(), 2603);
        QCOMPARE(json["position"].toInt(), 4);
        double sum = json["embeddings"].toDouble() + json["final_bias"].toDouble();
        double largest = 0;
        for (const QJsonValue &layer : json["layers"].toArray()) {
            for (const QJsonValue &h : layer["heads"].toArray()) {
                sum += h.toDouble();
                largest = std::max(largest, std::abs(h.toDouble()));
            }
            sum += layer["mlp"].toDouble() + layer["attn_bias"].toDouble();
        }
        QVERIFY(std::abs(sum - json["logit"].toDouble()) < 1e-9 * std::max(1.0, largest));
        QVERIFY(std::abs(json["sum"].toDouble() - sum) < 1e-12 * std::max(1.0, largest));

        const Run byId = runCli({"model", "attribute", kGguf, "--text", "The cat sat on the",
                                 "--target", "2603", "--position", "2"});
        QVERIFY2(byId.finished && byId.exitCode == 0, byId.err.constData());
        QVERIFY2(byId.out.startsWith("logit of 'mat' (id 2603) at position 2"),
                 byId.out.constData());
        const Run two =
            runCli({"model", "attribute", kGguf, "--text", "a", "--target", "hello there friend"});
        QCOMPARE(two.exitCode, 1);
        QVERIFY2(two.err.contains("not one"), two.err.constData());
        const Run bert = runCli(
            {"model", "attribute", modelDir("bert-tiny"), "--ids", "1,2,3", "--target", "5"});
        QCOMPARE(bert.exitCode, 1);
        QVERIFY2(bert.err.contains("not a decoder"), bert.err.constData());
    }

    // A long input past the run cap: model run keeps it compact (no n × n kept), prints the
    // core's prediction, says how little it kept, and writes the recomputed layers on request.
    void longInputsRunCompact() {
        QTemporaryDir dir;
        writeRandomLlamaFolder(dir.filePath("model"));
        const QString model = dir.filePath("model");
        std::vector<std::int64_t> ids(4096);
        for (std::size_t i = 0; i < ids.size(); ++i)
            ids[i] = std::int64_t((i * 37 + i / 5) % 64);
        const auto checkpoint = attn::Checkpoint::open(model);
        QVERIFY(attn::runValues(checkpoint->config(), 4096) > attn::kMaxRunValues);
        const Run run = runCli({"model", "run", model, "--ids", idsText(ids), "--timing"});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const attn::RunPtr compact =
            attn::runModel(*checkpoint, ids, {}, {attn::RunOptions::Keep::Compact});
        const std::vector<attn::Prediction> top = attn::topPredictions(*compact, 4095, 5);
        QCOMPARE(top.size(), std::size_t(5));
        QVERIFY2(run.out.contains(QString("\n  %1  %2")
                                      .arg(top[0].id, 7)
                                      .arg(top[0].probability, 0, 'f', 4)
                                      .toUtf8()),
                 run.out.right(300).constData());
        const QJsonObject timing = QJsonDocument::fromJson(run.err).object();
        // Two layers' residual streams, the embeddings and the final norm (4096 × 32 each),
        // the statistics and one row of logits: about 4.5 MB, not the 1 GB of every map.
        QVERIFY2(timing["kept_mb"].toDouble() < 6, run.err.constData());

        const Run json = runCli({"model", "run", model, "--ids", idsText(ids), "--json",
                                 dir.filePath("r.json"), "--fields", "hidden,final,logits"});
        QVERIFY2(json.finished && json.exitCode == 0, json.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(readAll(dir.filePath("r.json"))).object();
        QCOMPARE(o["logits"].toArray().size(), 4096);
        QCOMPARE(o["layers"][1]["hidden"].toArray().size(), 4096);
        const std::vector<double> last = jsonRow(o["logits"], 4095);
        QVERIFY(std::abs(last[std::size_t(top[0].id)] -
                         compact->logits(0, Eigen::Index(top[0].id))) < 1e-12);
    }

    // model generate: the core's greedy ids (with a KV cache), the strings and the text from
    // the tokenizer, the interventions in force; sampling repeats with its seed.
    void generate() {
        QTemporaryDir dir;
        const std::vector<std::int64_t> ids = referenceIds("mistral-tiny");
        const Run run =
            runCli({"model", "generate", modelDir("mistral-tiny"), "--ids", idsText(ids),
                    "--tokens", "6", "--ablate", "0:1", "--json", dir.filePath("g.json")});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(readAll(dir.filePath("g.json"))).object();
        const auto checkpoint = attn::Checkpoint::open(modelDir("mistral-tiny"));
        attn::GenerationOptions options;
        options.tokens = 6;
        const attn::Generation g =
            attn::generate(*checkpoint, ids, {{attn::Intervention::zero(0, 1)}, nullptr}, options);
        QCOMPARE(json["ids"].toArray().size(), 6);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(json["ids"][i].toInteger(), g.tokens[std::size_t(i)].id);
        QCOMPARE(json["interventions"][0].toString(), QString("ablate 0:1"));
        QCOMPARE(json["steps"][0]["top"].toArray().size(), 5);

        const Run text = runCli({"model", "generate", kGguf, "--text", "The cat", "--tokens", "3",
                                 "--temperature", "0.8", "--seed", "5"});
        QVERIFY2(text.finished && text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.startsWith("text: The cat"), text.out.constData());
        const Run again = runCli({"model", "generate", kGguf, "--text", "The cat", "--tokens", "3",
                                  "--temperature", "0.8", "--seed", "5"});
        QCOMPARE(again.out, text.out);

        const Run mean = runCli({"model", "generate", modelDir("gpt2-tiny"), "--ids", "1,2",
                                 "--tokens", "2", "--ablate", "0:1:mean"});
        QCOMPARE(mean.exitCode, 1);
        QVERIFY2(mean.err.contains("does not apply while the model writes"), mean.err.constData());
        const Run seedless = runCli({"model", "generate", modelDir("gpt2-tiny"), "--ids", "1,2",
                                     "--tokens", "2", "--seed", "3"});
        QCOMPARE(seedless.exitCode, 2);
        const Run noTokens = runCli({"model", "generate", modelDir("gpt2-tiny"), "--ids", "1,2"});
        QCOMPARE(noTokens.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliInterpret)
#include "test_cli_interpret.moc"
