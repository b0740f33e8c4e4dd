// The German translation is complete, and the window shows it: the .ts checked against the
// source strings (translations/CMakeLists.txt runs lupdate on a copy in the build folder: a
// string new in the code arrives there unfinished, one gone from the code as vanished), then
// the whole window built in German, and switched to German while it runs, searched for English.

#include "NumberFormat.h"
#include "Translations.h"
#include "Workbench.h"
#include "WorkbenchSupport.h"

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Entry {
    QString context;
    QString source;
    QString translation;
    QString type; // "", "unfinished", "vanished", "obsolete"
};

QList<Entry> readTs(const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = "cannot read " + path;
        return {};
    }
    QList<Entry> entries;
    QXmlStreamReader xml(&file);
    QString context;
    Entry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name")
            context = xml.readElementText();
        else if (xml.name() == u"message")
            entry = Entry{context, {}, {}, {}};
        else if (xml.name() == u"source")
            entry.source = xml.readElementText();
        else if (xml.name() == u"translation") {
            entry.type = xml.attributes().value("type").toString();
            entry.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            entries << entry;
        }
    }
    if (xml.hasError())
        *error = path + ": " + xml.errorString();
    return entries;
}

// Words of English that German text never has: a widget text with one of them (outside
// quotes, which hold token names and file names) was not translated.
bool looksEnglish(QString text) {
    static const QRegularExpression quoted(QStringLiteral("[„“\"][^“”\"]*[“”\"]"));
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    static const QRegularExpression words(QStringLiteral(
        "\\b(the|of|and|with|from|is|are|to|this|Show|Export|Import|Open|Save|Clear|Next|"
        "Previous|Play|Step|Reset|Close|Back|Quit|Undo|Redo|File|Edit|View|Help|Lesson|"
        "Presets|Controls|Inputs|Heads|Readouts|Positions|Train|Sizes|Attention weights)"
        "\\b"));
    text.remove(quoted).remove(tags).remove(u'&');
    return words.match(text).hasMatch();
}

// Every text a user reads without opening a dialog: actions (menus, toolbars), menu titles,
// dock titles, labels, buttons, group boxes, tooltips.
QStringList visibleTexts(QMainWindow &window, bool menusOnly) {
    QStringList texts;
    QList<QAction *> actions = window.findChildren<QAction *>();
    for (QWidget *w : window.findChildren<QWidget *>())
        actions += w->actions();
    for (QAction *a : actions) {
        texts << a->text();
        if (!menusOnly)
            texts << a->toolTip();
    }
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        texts << dock->windowTitle();
    if (menusOnly)
        return texts;
    for (QWidget *w : window.findChildren<QWidget *>()) {
        texts << w->toolTip();
        if (auto *label = qobject_cast<QLabel *>(w))
            texts << label->text();
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            texts << button->text();
        else if (auto *box = qobject_cast<QGroupBox *>(w))
            texts << box->title();
    }
    texts.removeAll(QString());
    texts.removeDuplicates();
    return texts;
}

// The English source strings that German writes differently.
QSet<QString> translatedSources() {
    QString error;
    QSet<QString> out;
    for (const Entry &e : readTs(QStringLiteral(ATTNVIZ_SOURCE_TS), &error))
        if (e.translation != e.source && e.source.size() > 2)
            out << QString(e.source).remove(u'&');
    return out;
}

QStringList english(const QStringList &texts) {
    static const QSet<QString> sources = translatedSources();
    QStringList out;
    for (const QString &text : texts) {
        const QString plain = QString(text).remove(u'&');
        if (sources.contains(plain) || looksEnglish(text))
            out << text;
    }
    return out;
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
        QVERIFY(looksEnglish("&Export matrix"));
        QVERIFY(!looksEnglish("Die Maske leeren"));
        QVERIFY(!looksEnglish("Token „the“ umbenennen"));
        QVERIFY(english({"&Quit"}).contains("&Quit"));
        QVERIFY(english({"&Beenden"}).isEmpty());
    }

    void theWindowIsGermanFromTheStart() {
        QCOMPARE(Translations::instance().apply(QStringLiteral("de")), QStringLiteral("de"));
        Workbench wb;
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
        Workbench wb;
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
        const QStringList left = english(visibleTexts(wb.window(), true));
        QVERIFY2(left.isEmpty(),
                 qPrintable("English menus after switching to German:\n" + left.join(u'\n')));
        // And back.
        Translations::instance().apply(QStringLiteral("en"));
        QTRY_VERIFY(wb.window().findChild<QMenu *>("file")->title() == u"&File");
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
