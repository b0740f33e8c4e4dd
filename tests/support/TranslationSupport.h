// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading Qt Linguist's .ts files and finding English in a window that should be German:
// test_translations' checks.

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTabWidget>
#include <QWidget>
#include <QXmlStreamReader>

namespace testsupport {

struct Entry {
    QString context;
    QString source;
    QString translation;
    QString type; // "", "unfinished", "vanished", "obsolete"
};

inline QList<Entry> readTs(const QString &path, QString *error) {
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

// Words of English that German text never has (not "Import" and "Export": German nouns too):
// a widget text with one of them (outside quotes, which hold token names and file names) was
// not translated.
inline bool looksEnglish(QString text) {
    static const QRegularExpression quoted(QStringLiteral("[„“\"][^“”\"]*[“”\"]"));
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    static const QRegularExpression words(QStringLiteral(
        "\\b(the|of|and|with|from|is|are|to|this|Show|Open|Save|Clear|Next|"
        "Previous|Play|Step|Reset|Close|Back|Quit|Undo|Redo|File|Edit|View|Help|Lesson|"
        "Presets|Controls|Inputs|Heads|Readouts|Positions|Train|Sizes|Attention weights)"
        "\\b"));
    text.remove(quoted).remove(tags).remove(u'&');
    return words.match(text).hasMatch();
}

// Every text a user reads under `window` without opening a dialog: actions (menus, toolbars),
// menu titles, dock titles, labels, buttons, group boxes, tab titles, tooltips, placeholders.
inline QStringList visibleTexts(QWidget &window, bool menusOnly) {
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
        else if (auto *edit = qobject_cast<QLineEdit *>(w))
            texts << edit->placeholderText();
        else if (auto *tabs = qobject_cast<QTabWidget *>(w))
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i) << tabs->tabToolTip(i);
    }
    texts.removeAll(QString());
    texts.removeDuplicates();
    return texts;
}

// The English source strings that German writes differently.
inline QSet<QString> translatedSources() {
    QString error;
    QSet<QString> out;
    for (const Entry &e : readTs(QStringLiteral(ATTNVIZ_SOURCE_TS), &error))
        if (e.translation != e.source && e.source.size() > 2)
            out << QString(e.source).remove(u'&');
    return out;
}

inline QStringList english(const QStringList &texts) {
    static const QSet<QString> sources = translatedSources();
    QStringList out;
    for (const QString &text : texts) {
        const QString plain = QString(text).remove(u'&');
        if (sources.contains(plain) || looksEnglish(text))
            out << text;
    }
    return out;
}

} // namespace testsupport
