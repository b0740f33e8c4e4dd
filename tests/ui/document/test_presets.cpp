// SPDX-License-Identifier: GPL-3.0-or-later
// The presets shipped in resources/presets: exactly what PresetFactory builds, each valid, and
// each showing what its description promises (coreference, positional heads, saturation).

#include "Attention.h"
#include "document/Document.h"
#include "document/Presets.h"
#include "session/SessionFeatures.h"
#include "shell/Shell.h"
#include "support/SessionSupport.h"
#include "support/TestSupport.h"
#include "tools/PresetFactory.h"
#include "window/WindowAssembler.h"

#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <algorithm>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace attn;

namespace {

Preset presetNamed(const QString &file) {
    for (const PresetEntry &e : presetEntries())
        if (e.resource.endsWith("/" + file))
            if (std::optional<Preset> p = loadPreset(e))
                return *p;
    qFatal("no preset %s", qPrintable(file));
}

QByteArray readAll(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

Eigen::Index argmax(const Matrix &m, Eigen::Index row) {
    Eigen::Index col = 0;
    m.row(row).maxCoeff(&col);
    return col;
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT

private slots:
    void shippedFilesAreWhatTheGeneratorBuilds() {
        const std::vector<PresetSource> sources = presetSources();
        const std::vector<PresetEntry> entries = presetEntries();
        QCOMPARE(entries.size(), sources.size());
        for (std::size_t i = 0; i < sources.size(); ++i) {
            QCOMPARE(entries[i].name, sources[i].name);
            QCOMPARE(entries[i].description, sources[i].description);
            QCOMPARE(entries[i].resource, ":/presets/" + sources[i].file);
            QFile shipped(entries[i].resource);
            QVERIFY(shipped.open(QIODevice::ReadOnly));
            // Byte for byte: regenerate with attnviz_make_presets after changing a preset.
            QVERIFY2(shipped.readAll() == presetFileBytes(sources[i]),
                     qPrintable(sources[i].file + " differs from PresetFactory's; run "
                                                  "attnviz_make_presets resources/presets"));
        }
    }

    void everyPresetLoadsValidatesAndComputes_data() {
        QTest::addColumn<int>("index");
        const std::vector<PresetEntry> entries = presetEntries();
        for (int i = 0; i < int(entries.size()); ++i)
            QTest::newRow(qPrintable(entries[std::size_t(i)].resource)) << i;
    }
    void everyPresetLoadsValidatesAndComputes() {
        QFETCH(int, index);
        const PresetEntry entry = presetEntries()[std::size_t(index)];
        QString error;
        const std::optional<Preset> preset = loadPreset(entry, &error);
        QVERIFY2(preset, qPrintable(error));
        QVERIFY(!preset->name.isEmpty());
        QVERIFY(!preset->description.isEmpty());
        QVERIFY2(!preset->description.contains('\n'), "one line");
        validate(preset->inputs);
        const AttentionResult r = compute(preset->inputs);
        QVERIFY(r.output().allFinite());
        Document doc;
        QVERIFY2(doc.replaceInputs(preset->inputs, "preset", &error), qPrintable(error));
    }

    void workedExampleComesFirstAndIsTheArticles() {
        const std::vector<Preset> all = presets();
        QVERIFY(all.size() >= 9);
        QVERIFY(all[0].inputs == workedExample());
        const Matrix out = compute(all[0].inputs).output();
        QCOMPARE(QString::number(out(0, 0), 'f', 4), QStringLiteral("3.9492"));
        QCOMPARE(QString::number(out(0, 1), 'f', 4), QStringLiteral("7.8588"));
        QCOMPARE(QString::number(out(0, 2), 'f', 4), QStringLiteral("3.9577"));
    }

    void coreferenceItAttendsMostToAnimal() {
        const Preset p = presetNamed("coreference.json");
        const std::vector<std::string> words = {"The", "animal", "didn't",  "cross",
                                                "the", "street", "because", "it",
                                                "was", "too",    "tired"};
        QVERIFY(p.inputs.tokens == words);
        const Matrix w = compute(p.inputs).heads[0].weights();
        QCOMPARE(argmax(w, 7), Eigen::Index(1));  // "it" → "animal"
        QVERIFY(w(7, 1) > 2 * w(7, 5));           // clearly more than "street"
        QVERIFY(w(7, 5) > w(7, 0));               // and "street" beats the function words
        QCOMPARE(argmax(w, 10), Eigen::Index(1)); // "tired" → "animal"
        QCOMPARE(p.view.value("row").toInt(), 7); // the preset opens on the row of "it"
    }

    void positionalHeadsAttendToPreviousSameFirst() {
        const Preset p = presetNamed("positional-heads.json");
        const AttentionResult r = compute(p.inputs);
        QCOMPARE(r.heads.size(), std::size_t(3));
        const Eigen::Index n = p.inputs.queryCount();
        for (Eigen::Index i = 0; i < n; ++i) {
            QCOMPARE(argmax(r.heads[0].weights(), i), std::max<Eigen::Index>(i - 1, 0));
            QCOMPARE(argmax(r.heads[1].weights(), i), i);
            QCOMPARE(argmax(r.heads[2].weights(), i), Eigen::Index(0));
            for (int h = 0; h < 3; ++h)
                QVERIFY2(r.heads[std::size_t(h)].weights().row(i).maxCoeff() > 0.8,
                         qPrintable(QString("head %1 row %2 not decided").arg(h).arg(i)));
        }
    }

    void crossAttentionQueriesFindTheirTranslation() {
        const Preset p = presetNamed("cross-attention.json");
        QVERIFY(p.inputs.hasContext);
        const Matrix w = compute(p.inputs).heads[0].weights();
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            QCOMPARE(argmax(w, i), i);
    }

    void causalDecoderMasksTheFuture() {
        const Preset p = presetNamed("causal-decoder.json");
        QVERIFY(p.inputs.options.causal);
        const Matrix w = compute(p.inputs).heads[0].weights();
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            for (Eigen::Index j = i + 1; j < w.cols(); ++j)
                QCOMPARE(w(i, j), 0.0);
    }

    void fiveTokensAt512KeepLogitsNearUnitScale() {
        const Preset p = presetNamed("five-tokens-512.json");
        QCOMPARE(p.inputs.X.rows(), Eigen::Index(5));
        QCOMPARE(p.inputs.X.cols(), Eigen::Index(512));
        QCOMPARE(p.inputs.heads[0].Wq.cols(), Eigen::Index(512));
        QCOMPARE(p.inputs.heads[0].Wv.cols(), Eigen::Index(512));
        QVERIFY(p.inputs.options.scale);
        const Matrix logits = compute(p.inputs).heads[0].logits();
        const double rms = std::sqrt(logits.array().square().mean());
        QVERIFY2(rms > 0.5 && rms < 2.0, qPrintable(QString::number(rms)));
    }

    void unscaled512Saturates() {
        const Preset p = presetNamed("saturation-512.json");
        QCOMPARE(p.inputs.heads[0].Wq.cols(), Eigen::Index(512));
        QVERIFY(!p.inputs.options.scale);
        const Matrix w = compute(p.inputs).heads[0].weights();
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            QVERIFY2(w.row(i).maxCoeff() > 0.99,
                     qPrintable(QString("row %1: %2").arg(i).arg(w.row(i).maxCoeff())));
        // The √d_k is the cure: with it no row is that one-sided.
        AttentionInputs scaled = p.inputs;
        scaled.options.scale = true;
        const Matrix ws = compute(scaled).heads[0].weights();
        QVERIFY(ws.rowwise().maxCoeff().minCoeff() < 0.9);
    }

    void menuListsEveryPresetAndShowsItsDescription() {
        testsupport::Harness h;
        QMenu *menu = h.workbench.shell().menu(MenuId::Presets);
        const std::vector<PresetEntry> entries = presetEntries();
        QList<QAction *> actions = menu->actions();
        actions.removeIf([](QAction *a) { return a->isSeparator(); });
        // The workbench's presets, then the built-in model's (test_builtin_model).
        QCOMPARE(actions.size(), qsizetype(entries.size()) + 1);
        QCOMPARE(actions.last()->text(), QStringLiteral("A small trained model"));
        for (std::size_t i = 0; i < entries.size(); ++i) {
            QCOMPARE(actions[qsizetype(i)]->text(), entries[i].name);
            QCOMPARE(actions[qsizetype(i)]->toolTip(), entries[i].description);
            QCOMPARE(actions[qsizetype(i)]->statusTip(), entries[i].description);
        }
        QCOMPARE(actions[0]->text(), QStringLiteral("Worked example (from Vector to Matrix)"));

        // Choosing one: the unsaved-changes question first (as opening a file), a document of
        // its own (undo does not bring the numbers before back under the preset's name), the
        // description in the status bar, the row the preset is about selected.
        QVERIFY(h.doc()->setCell({attn::Stage::X, 0}, 0, 0, 5.0));
        h.answer = SessionPrompts::Choice::Discard;
        const auto it = std::find_if(entries.begin(), entries.end(), [](const PresetEntry &e) {
            return e.resource.endsWith("coreference.json");
        });
        QAction *coreference = actions[qsizetype(it - entries.begin())];
        coreference->trigger();
        QCOMPARE(h.unsavedQuestions.size(), 1);
        QCOMPARE(h.doc()->inputs().tokens[7], std::string("it"));
        QCOMPARE(h.doc()->selection().selectedRow(), 7);
        QCOMPARE(h.window.statusBar()->currentMessage(), it->description);
        QVERIFY(!h.doc()->undoStack()->canUndo());
        QVERIFY(!h.session->isModified());
    }

    void presetMakesTheSessionUntitled() {
        // Ctrl+S after loading a preset must not write the preset over the open session.
        testsupport::Harness h;
        QTemporaryDir dir;
        const QString mine = dir.filePath("mine.json");
        h.savePath = mine;
        QVERIFY(h.session->saveAs());
        QVERIFY(h.session->waitForSaves());
        QCOMPARE(h.session->currentFile(), QFileInfo(mine).absoluteFilePath());
        const QByteArray saved = readAll(mine);
        QMenu *menu = h.workbench.shell().menu(MenuId::Presets);
        QAction *preset = menu->actions().value(1); // any preset but the first
        preset->trigger();
        QVERIFY(h.session->currentFile().isEmpty());
        // Named after the preset, not the file.
        QCOMPARE(h.session->documentName(), preset->text());
        QVERIFY(h.window.windowTitle().startsWith(preset->text()));
        h.savePath.clear(); // Save asks for a name now: cancelled, nothing written
        QVERIFY(!h.session->save());
        QCOMPARE(readAll(mine), saved);
    }

    void threeHeadsDescriptionNumbersHeadsFromZero() {
        // The window numbers heads 0, 1, 2: so does the description.
        for (const PresetEntry &e : presetEntries())
            if (e.resource.endsWith("positional-heads.json")) {
                QVERIFY2(e.description.contains("head 0 attends to the previous token"),
                         qPrintable(e.description));
                QVERIFY(!e.description.contains("head 3"));
                return;
            }
        QFAIL("no positional-heads preset");
    }
};

int main(int argc, char **argv) {
    testsupport::isolate("test_presets");
    QApplication app(argc, argv);
    TestPresets test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_presets.moc"
