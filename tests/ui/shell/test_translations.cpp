// SPDX-License-Identifier: GPL-3.0-or-later
// The German translation is complete, and the window shows it: the .ts checked against the
// source strings (translations/CMakeLists.txt runs lupdate on a copy in the build folder: a
// string new in the code arrives there unfinished, one gone from the code as vanished), then
// the whole window built in German, and switched to German while it runs, searched for English;
// the core's messages (file formats, inputs, limits) in German with the translation and in the
// CLI's exact English without it, also as a dialog shows them.

#include "InputError.h"
#include "Limits.h"
#include "document/Document.h"
#include "document/NumberFormat.h"
#include "heatmap/HeatmapView.h"
#include "import/HeadWeightsDialog.h"
#include "import/ImportDialog.h"
#include "io/CsvMatrix.h"
#include "io/Npy.h"
#include "io/Safetensors.h"
#include "io/Session.h"
#include "shell/BusyIndicator.h"
#include "shell/ShortcutsDialog.h"
#include "shell/Tour.h"
#include "shell/Translations.h"
#include "support/CliSupport.h"
#include "support/SafetensorsSupport.h"
#include "support/TranslationSupport.h"
#include "support/WorkbenchSupport.h"
#include "window/WindowAssembler.h"

#include <QActionGroup>
#include <QBuffer>
#include <QDir>
#include <QMainWindow>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

#include "support/TestMainName.h" // last: renames main in a shared executable

using namespace testsupport;

namespace {

// The message `refusal` (one of the rows of coreMessages) throws, in the current language.
QString coreMessage(const QString &refusal) {
    try {
        if (refusal == u"npy cut short") {
            attn::Matrix m(2, 2);
            m << 1, 2, 3, 4;
            attn::readNpy(attn::npyFromMatrix(m).chopped(8));
        } else if (refusal == u"safetensors header") {
            QByteArray bytes(8, char(0xff)); // a header length of 2^64 − 1
            bytes += "{}";
            QBuffer buffer(&bytes);
            buffer.open(QIODevice::ReadOnly);
            attn::readSafetensorsHeader(buffer, std::uint64_t(bytes.size()));
        } else if (refusal == u"csv") {
            attn::readCsvMatrix("1,2\n3,abc\n");
        } else if (refusal == u"session shape") {
            attn::sessionFromJson(R"({"inputs": {"X": [[1, 2], [3, 4]], "heads": [{"Wq": [[1],
                [2], [3]], "Wk": [[1], [2]], "Wv": [[1], [2]]}]}})");
        } else if (refusal == u"session plural") {
            attn::sessionFromJson(R"({"inputs": {"X": [[1, 2], [3, 4]], "heads": [{"Wq": [[1]],
                "Wk": [[1], [2]], "Wv": [[1], [2]]}]}})");
        } else if (refusal == u"limit") {
            attn::checkAttentionCells(4096, 4096, 5);
        } else if (refusal == u"limit, one head") {
            attn::checkAttentionCells(8193, 8193, 1);
        }
    } catch (const attn::InputError &e) {
        return QString::fromStdString(e.what());
    }
    return QStringLiteral("(nothing refused)");
}

// With ATTNVIZ_I18N_SHOTS=DIR, what a German user sees is saved as DIR/NAME.png to look at.
void shoot(QWidget &widget, const QString &name) {
    const QString dir = qEnvironmentVariable("ATTNVIZ_I18N_SHOTS");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(QDir(dir).filePath(name + ".png")));
}

// A German dialog or window, shown and drawn: no English in it, and a picture if asked for.
void checkGerman(QWidget &widget, const QString &name) {
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QCoreApplication::processEvents();
    const QStringList left = english(visibleTexts(widget, false));
    QVERIFY2(left.isEmpty(), qPrintable(QString("English in %1:\n%2").arg(name, left.join(u'\n'))));
    shoot(widget, name);
}

QAction *languageAction(QMainWindow &window, const QString &code) {
    auto *group = window.findChild<QActionGroup *>(QStringLiteral("languages"));
    for (QAction *a : group ? group->actions() : QList<QAction *>())
        if (a->data().toString() == code)
            return a;
    return nullptr;
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { Translations::instance().apply(QStringLiteral("en")); }

    void everySourceStringIsTranslated() {
        QString error;
        const QList<Entry> entries = readTs(QStringLiteral(ATTNVIZ_CHECKED_TS), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(entries.size() > 500);
        QStringList problems;
        for (const Entry &e : entries) {
            if (e.type == u"unfinished")
                problems << QString("untranslated [%1] %2").arg(e.context, e.source);
            else if (!e.type.isEmpty())
                problems << QString("%1, no longer in the code [%2] %3")
                                .arg(e.type, e.context, e.source);
            else if (e.translation.trimmed().isEmpty())
                problems << QString("empty [%1] %2").arg(e.context, e.source);
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable("translations/attnviz_de.ts (ninja update_translations adds the "
                            "code's new strings, then translate them):\n" +
                            problems.join(u'\n')));
    }

    void theEnglishCheckFindsEnglish() {
        // The checks below are only as good as their recognition of English.
        QVERIFY(looksEnglish("Clear the mask"));
        QVERIFY(looksEnglish("&Export the matrix"));
        QVERIFY(!looksEnglish("<b>Import in Wq</b> aus gpt2.safetensors"));
        QVERIFY(!looksEnglish("Die Maske leeren"));
        QVERIFY(!looksEnglish("Token „the“ umbenennen"));
        QVERIFY(english({"&Quit"}).contains("&Quit"));
        QVERIFY(english({"&Beenden"}).isEmpty());
    }

    void coreMessages_data() {
        QTest::addColumn<QString>("english"); // what attnviz-cli prints, byte for byte
        QTest::addColumn<QString>("german");
        QTest::newRow("npy cut short")
            << "the .npy file is cut short: shape 2\u00d72 of float64 needs 32 bytes of data, "
               "the file has 24"
            << "die .npy-Datei bricht ab: Form 2\u00d72 aus float64 braucht 32 Datenbytes, die "
               "Datei hat 24";
        QTest::newRow("safetensors header")
            << "not a safetensors file: its header length 18446744073709551615 is beyond the "
               "format's limit of 100 MB"
            << "keine safetensors-Datei: ihre Header-L\u00e4nge 18446744073709551615 "
               "\u00fcberschreitet die Grenze des Formats von 100 MB";
        QTest::newRow("csv") << "line 2, column 2: \"abc\" is not a number"
                             << "Zeile 2, Spalte 2: \"abc\" ist keine Zahl";
        QTest::newRow("session shape") << "inputs: Wq has 3 rows but X has 2 columns"
                                       << "inputs: Wq hat 3 Zeilen, aber X hat 2 Spalten";
        QTest::newRow("session plural") << "inputs: Wq has 1 row but X has 2 columns"
                                        << "inputs: Wq hat 1 Zeile, aber X hat 2 Spalten";
        QTest::newRow("limit") << "4096 queries \u00d7 4096 keys \u00d7 5 heads is too large: at "
                                  "most 67108864 attention weights are supported"
                               << "4096 Queries \u00d7 4096 Keys \u00d7 5 K\u00f6pfe ist zu "
                                  "gro\u00df: h\u00f6chstens 67108864 Attention-Gewichte werden "
                                  "unterst\u00fctzt";
        QTest::newRow("limit, one head")
            << "8193 queries \u00d7 8193 keys \u00d7 1 head is too large: at most 67108864 "
               "attention weights are supported"
            << "8193 Queries \u00d7 8193 Keys \u00d7 1 Kopf ist zu gro\u00df: h\u00f6chstens "
               "67108864 Attention-Gewichte werden unterst\u00fctzt";
    }

    void coreMessages() {
        QFETCH(QString, english);
        QFETCH(QString, german);
        const QString refusal = QString::fromLatin1(QTest::currentDataTag());
        QCOMPARE(Translations::instance().apply(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(coreMessage(refusal), english);
        QCOMPARE(Translations::instance().apply(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(coreMessage(refusal), german);
    }

    void theImportDialogShowsTheCoresRefusalInGerman() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("broken.csv"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("1,2,3,4\n5,6,x7,8\n");
        out.close();
        Translations::instance().apply(QStringLiteral("de"));
        Document doc;
        ImportDialog dialog(&doc, {attn::Stage::X, 0}, file);
        QVERIFY(!dialog.plan().ok());
        QCOMPARE(dialog.statusText(),
                 QStringLiteral("Import nicht m\u00f6glich: %1: Zeile 2, Spalte 3: "
                                "\"x7\" ist keine Zahl")
                     .arg(file));
    }

    void theLanguageMenuTicksTheLanguageInEffect() {
        // Saved: English; started with --language de (main applies it before the window).
        Translations::save(QStringLiteral("en"));
        Translations::instance().apply(QStringLiteral("de"));
        WindowAssembler wb;
        QAction *german = languageAction(wb.window(), QStringLiteral("de"));
        QVERIFY(german);
        QVERIFY(german->isChecked());
        QVERIFY(!languageAction(wb.window(), QStringLiteral("en"))->isChecked());
        // A later switch from anywhere moves the tick; the system default is a choice of its own.
        Translations::instance().apply(QString());
        QVERIFY(languageAction(wb.window(), QString())->isChecked());
        QVERIFY(!german->isChecked());
        languageAction(wb.window(), QStringLiteral("en"))->trigger();
        QVERIFY(languageAction(wb.window(), QStringLiteral("en"))->isChecked());
        QCOMPARE(Translations::saved(), QStringLiteral("en"));
    }

    // Numbers stay as they are in every language: the colour bar's ticks like the cells.
    void heatmapTicksKeepTheDecimalPoint() {
        Translations::instance().apply(QStringLiteral("de"));
        HeatmapView view;
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setData(attn::Matrix::Constant(2, 2, 0.25) + attn::Matrix::Identity(2, 2) * 0.5, {},
                     {}, ScaleKind::Unit);
        view.plot()->replot();
        QStringList labels;
        for (QCPLayoutElement *e : view.plot()->plotLayout()->elements(true)) {
            QList<QCPAxis *> axes;
            if (!e)
                continue;
            if (auto *rect = qobject_cast<QCPAxisRect *>(e))
                axes = rect->axes();
            else if (auto *scale = qobject_cast<QCPColorScale *>(e))
                axes = {scale->axis()};
            for (QCPAxis *axis : axes)
                labels += axis->tickVectorLabels(); // a copy: one list, not two
        }
        QVERIFY2(labels.contains("0.2") || labels.contains("0.4"), qPrintable(labels.join(' ')));
        for (const QString &label : labels)
            QVERIFY2(!label.contains(u','), qPrintable(label));
    }

    void theBusyTextFollowsALiveSwitch() {
        Translations::instance().apply(QStringLiteral("en"));
        BusyIndicator busy;
        // The window's own text function (WindowAssembler's context).
        const auto computing = [] {
            return QCoreApplication::translate("WindowAssembler", "computing\u2026");
        };
        busy.begin(QStringLiteral("compute"), computing);
        QTRY_VERIFY(busy.isVisibleTo(nullptr) || !busy.isHidden());
        auto *label = busy.findChild<QLabel *>();
        QCOMPARE(label->text(), QStringLiteral("computing\u2026"));
        Translations::instance().apply(QStringLiteral("de"));
        QCOMPARE(busy.text(), computing());
        QVERIFY(busy.text() != u"computing\u2026");
        QTRY_COMPARE(label->text(), busy.text()); // LanguageChange is posted
    }

    void theDialogsAreGerman() {
        QTemporaryDir dir;
        const QString gpt2 = dir.filePath(QStringLiteral("gpt2.safetensors"));
        writeFile(
            gpt2,
            safetensors({{"h.0.attn.c_attn.bias", "F32", {24}, f32Bytes(std::vector<float>(24))},
                         {"h.0.attn.c_attn.weight", "F32", {8, 24}, f32Matrix(fusedAttention(8))},
                         {"wpe", "F32", {2, 2, 2}, f32Bytes(std::vector<float>(8))}}));
        Translations::instance().apply(QStringLiteral("de"));
        WindowAssembler wb;
        wb.window().resize(1280, 800);
        checkGerman(wb.window(), QStringLiteral("window"));
        QVERIFY(!QTest::currentTestFailed());
        {
            ImportDialog dialog(&wb.document(), {attn::Stage::Wq, 0}, gpt2, &wb.window());
            dialog.setSlice(QStringLiteral("[:, 0:8]"));
            checkGerman(dialog, QStringLiteral("import"));
        }
        QVERIFY(!QTest::currentTestFailed());
        {
            HeadWeightsDialog dialog(&wb.document(), gpt2, &wb.window());
            checkGerman(dialog, QStringLiteral("headweights"));
        }
        QVERIFY(!QTest::currentTestFailed());
        auto *shortcuts = wb.window().findChild<ShortcutsDialog *>();
        QVERIFY(shortcuts);
        checkGerman(*shortcuts, QStringLiteral("shortcuts"));
        // A panel's name reads whole in its menu entry (no "&" taken for a mnemonic).
        QStringList actions;
        for (const ShortcutsDialog::Entry &e : shortcuts->entries())
            actions << e.action;
        QVERIFY2(actions.contains(QStringLiteral("Einblicke \u203a Maske und Bias zeigen")),
                 qPrintable(actions.join(u'\n')));
        QVERIFY(!QTest::currentTestFailed());
        shortcuts->hide();
        wb.window().findChild<QAction *>(QStringLiteral("showTour"))->trigger();
        QVERIFY(wb.tour().isRunning());
        for (int k = 0; k < wb.tour().stepCount() && wb.tour().isRunning(); ++k) {
            QTRY_COMPARE(wb.tour().currentStep(), k);
            checkGerman(wb.window(), QStringLiteral("tour%1").arg(k));
            QVERIFY(!QTest::currentTestFailed());
            wb.tour().next();
        }
    }

    void theWindowIsGermanFromTheStart() {
        QCOMPARE(Translations::instance().apply(QStringLiteral("de")), QStringLiteral("de"));
        WindowAssembler wb;
        wb.window().resize(1600, 1000);
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        testsupport::settle(wb);
        const QStringList left = english(visibleTexts(wb.window(), false));
        QVERIFY2(left.isEmpty(), qPrintable("English in the German window:\n" + left.join(u'\n')));
        // A number typed the German way is read in a German window, the C way still too.
        QCOMPARE(QLocale().decimalPoint(), QStringLiteral(","));
        QCOMPARE(parseNumber(QStringLiteral("0,5")), std::optional<double>(0.5));
        QCOMPARE(parseNumber(QStringLiteral("-1.25")), std::optional<double>(-1.25));
    }

    void theWindowSwitchesLanguageWhileItRuns() {
        Translations::instance().apply(QStringLiteral("en"));
        WindowAssembler wb;
        wb.window().show();
        QVERIFY(QTest::qWaitForWindowExposed(&wb.window()));
        testsupport::settle(wb);
        QAction *german = nullptr;
        for (QAction *a : wb.window().findChildren<QAction *>())
            if (a->data().toString() == u"de")
                german = a;
        QVERIFY(german);
        german->trigger();
        QCOMPARE(Translations::instance().current(), QStringLiteral("de"));
        QTRY_VERIFY(wb.window().findChild<QMenu *>("file")->title() == u"&Datei");
        testsupport::settle(wb);
        const QStringList left = english(visibleTexts(wb.window(), false));
        QVERIFY2(left.isEmpty(),
                 qPrintable("English after switching to German:\n" + left.join(u'\n')));
        // And back.
        Translations::instance().apply(QStringLiteral("en"));
        QTRY_VERIFY(wb.window().findChild<QMenu *>("file")->title() == u"&File");
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
