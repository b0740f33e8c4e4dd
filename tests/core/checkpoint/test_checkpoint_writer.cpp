// SPDX-License-Identifier: GPL-3.0-or-later
// Writing checkpoint folders: a reference checkpoint read, widened to double and written again
// runs to the reference's logits; the safetensors file is what the reference writer makes
// (header first with "__metadata__", 8-byte aligned, F32 in order); bad tensors and folders
// that cannot be written are refused with one line naming the file.

#include "InputError.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/CheckpointWriter.h"
#include "io/Safetensors.h"
#include "support/ModelSupport.h"
#include "transformer/Forward.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject readReference(const QString &model) {
    return QJsonDocument::fromJson(readAll(modelDir(model) + "/reference.json")).object();
}

// Every tensor the checkpoint's model uses, each once (a tied head is the embeddings), widened
// to double: what a trainer holds.
std::vector<attn::TensorToWrite> tensorsOf(const attn::Checkpoint &checkpoint) {
    std::vector<attn::TensorToWrite> out;
    std::set<QString> seen;
    const auto add = [&](const attn::TensorView &t) {
        if (!t.present() || !seen.insert(t.name).second)
            return;
        const attn::Matrix m = t.widen();
        attn::TensorToWrite w{t.name.toStdString(), t.shape, {}};
        w.values.reserve(std::size_t(m.size()));
        for (Eigen::Index r = 0; r < m.rows(); ++r)
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                w.values.push_back(m(r, c));
        out.push_back(std::move(w));
    };
    const auto linear = [&](const attn::LinearWeights &l) {
        add(l.weight);
        add(l.bias);
    };
    const auto norm = [&](const attn::NormWeights &n) {
        add(n.weight);
        add(n.bias);
    };
    const attn::ModelWeights &w = checkpoint.weights();
    add(w.tokenEmbedding);
    add(w.positionEmbedding);
    add(w.typeEmbedding);
    norm(w.embeddingNorm);
    for (const attn::LayerWeights &l : w.layers) {
        norm(l.attentionNorm);
        for (const attn::LinearWeights *p : {&l.qkv, &l.q, &l.k, &l.v, &l.o})
            linear(*p);
        norm(l.mlpNorm);
        for (const attn::LinearWeights *p : {&l.up, &l.gate, &l.down})
            linear(*p);
    }
    norm(w.finalNorm);
    linear(w.lmHead);
    linear(w.mlmTransform);
    norm(w.mlmNorm);
    return out;
}

QString refusal(const std::function<void()> &write) {
    try {
        write();
        return {};
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
}

} // namespace

class TestCheckpointWriter : public QObject {
    Q_OBJECT

private slots:
    // Each F32 reference model, read, widened and written again, gives its reference logits:
    // F32 → double → F32 is exact, so the run is the original's.
    void roundTripRunsToReference_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("gpt2-tiny") << "gpt2-tiny";
        QTest::newRow("llama-gqa-tiny-f32") << "llama-gqa-tiny-f32";
    }
    void roundTripRunsToReference() {
        QFETCH(QString, model);
        const auto original = attn::Checkpoint::open(modelDir(model));
        const std::vector<attn::TensorToWrite> tensors = tensorsOf(*original);
        QVERIFY(!tensors.empty());
        const QJsonObject config =
            QJsonDocument::fromJson(readAll(modelDir(model) + "/config.json")).object();
        QTemporaryDir tmp;
        const QString folder = tmp.filePath("out/model"); // made, with its parent
        attn::writeCheckpointFolder(folder, config, tensors);
        QCOMPARE(QJsonDocument::fromJson(readAll(folder + "/config.json")).object(), config);

        const auto written = attn::Checkpoint::open(folder);
        QCOMPARE(written->dtype(), QString("F32"));
        QCOMPARE(written->parameters(), original->parameters());
        const QString family = model.section('-', 0, 0) == "llama" ? "llama-gqa-tiny" : model;
        const QJsonObject reference = readReference(family);
        const std::vector<std::int64_t> ids = jsonIds(reference["ids"]);
        const attn::RunPtr run = attn::runModel(*written, ids);
        const double error = relativeError(run->logits, jsonMatrix(reference["logits"]));
        qInfo("%s: logits relative error %.3g", qPrintable(model), error);
        QVERIFY2(error <= 1e-6, qPrintable(QString::number(error)));
        // And exactly the original's run.
        const attn::RunPtr before = attn::runModel(*original, ids);
        QCOMPARE(relativeError(run->logits, before->logits), 0.0);
    }

    // The file as the reference writer lays it out, read back by the safetensors reader.
    void safetensorsLayout() {
        const std::vector<attn::TensorToWrite> tensors = {
            {"b", {2, 3}, {1, 2, 3, 4, 5, 6}},
            {"a.\"quoted\"", {4}, {0.5, -0.25, 1e-3, 3e5}},
            {"scalar", {}, {7}}};
        const QByteArray bytes = attn::safetensorsBytes(tensors, "model.safetensors");
        std::uint64_t n = 0;
        for (int i = 7; i >= 0; --i)
            n = (n << 8) | static_cast<unsigned char>(bytes[i]);
        QCOMPARE((8 + n) % 8, std::uint64_t(0));
        QVERIFY(bytes.mid(8).startsWith(R"({"__metadata__":{"format":"pt"},"b":)"));
        QCOMPARE(std::uint64_t(bytes.size()), 8 + n + 4 * (6 + 4 + 1));
        QByteArray copy = bytes;
        QBuffer buffer(&copy);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        const attn::SafetensorsFile file =
            attn::readSafetensorsHeader(buffer, std::uint64_t(copy.size()));
        QCOMPARE(file.names(), QStringList({"b", "a.\"quoted\"", "scalar"}));
        QCOMPARE(file.tensors[0].shape, std::vector<std::uint64_t>({2, 3}));
        QCOMPARE(file.tensors[1].dtype, QString("F32"));
        QVERIFY(file.tensors[2].shape.empty());
        const attn::Matrix b =
            attn::readSafetensorsTensor(buffer, file, file.tensors[0], {}).matrix;
        QCOMPARE(b.rows(), 2);
        QCOMPARE(b(1, 2), 6.0);
        const attn::Matrix a =
            attn::readSafetensorsTensor(buffer, file, file.tensors[1], {}).matrix;
        QCOMPARE(a(0, 2), double(float(1e-3))); // rounded to F32
    }

    void refusals_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        QTest::newRow("shape") << "shape"
                               << "the tensor \"w\" has 5 values for its shape [2,3]";
        QTest::newRow("negative") << "negative"
                                  << "has 0 values for its shape [-1]";
        QTest::newRow("twice") << "twice"
                               << "the tensor name \"w\" is empty, reserved or given twice";
        QTest::newRow("nan") << "nan"
                             << "the tensor \"w\" has the value nan at 1: not a finite F32";
        QTest::newRow("beyond f32") << "big"
                                    << "the value 1e+39 at 0";
    }
    void refusals() {
        QFETCH(QString, what);
        QFETCH(QString, expected);
        std::vector<attn::TensorToWrite> t{{"w", {2, 3}, {1, 2, 3, 4, 5, 6}}};
        if (what == "shape")
            t[0].values.pop_back();
        else if (what == "negative")
            t[0] = {"w", {-1}, {}};
        else if (what == "twice")
            t.push_back(t[0]);
        else if (what == "nan")
            t[0].values[1] = std::nan("");
        else if (what == "big")
            t[0].values[0] = 1e39;
        QTemporaryDir tmp;
        const QString folder = tmp.filePath("m");
        const QString message =
            refusal([&] { attn::writeCheckpointFolder(folder, QJsonObject{}, t); });
        QVERIFY2(message.startsWith(QDir(folder).filePath("model.safetensors") + ": "),
                 qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY(!message.contains('\n'));
        QVERIFY(!QFileInfo::exists(folder)); // nothing written
    }

    // A folder that cannot be written: one line naming the file and why.
    void unwritableFolder() {
        QTemporaryDir tmp;
        const std::vector<attn::TensorToWrite> t{{"w", {1}, {1}}};
        const auto message = [&](const QString &folder) {
            return refusal([&] { attn::writeCheckpointFolder(folder, QJsonObject{}, t); });
        };

        // model.safetensors is a folder (with a file in it): it cannot be replaced, even by root.
        const QString taken = tmp.filePath("taken");
        QVERIFY(QDir().mkpath(taken + "/model.safetensors/inside"));
        QCOMPARE(message(taken), taken + "/model.safetensors: cannot write: it is a folder");

        // A path through a regular file cannot be made a folder.
        const QString file = tmp.filePath("plain");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(message(file + "/m"), file + "/m: cannot make the folder");

        // A folder without write permission (root writes anyway: then this part is skipped).
        const QString folder = tmp.filePath("ro");
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner));
        if (QFileInfo(folder).isWritable())
            QSKIP("running as root: a read-only folder stays writable");
        const QString denied = message(folder);
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(denied, folder + "/model.safetensors: cannot write: permission denied");
    }
};

QTEST_GUILESS_MAIN(TestCheckpointWriter)
#include "test_checkpoint_writer.moc"
