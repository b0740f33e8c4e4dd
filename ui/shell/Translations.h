// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace attn::ui {

// The interface's language. attnviz's own translations (translations/attnviz_LANG.ts, compiled
// into the program as :/i18n/attnviz_LANG.qm) and Qt's (qtbase_LANG.qm of the system, for the
// standard buttons and dialogs) are installed in the application through one translator that
// also remembers, for every text it was asked for, which source string it came from: so
// `retranslate` can switch the menus, panel titles, labels and tooltips of a running window to
// another language without each widget knowing how it was built. Texts composed from several
// pieces are rebuilt by their owners on `changed`.
// The choice is kept in QSettings ("language"): empty for the system's language, else a code.
class Translations : public QObject {
    Q_OBJECT
public:
    struct Language {
        QString code; // "" = the system's language
        QString name; // in its own language ("Deutsch"), or "System default" translated
    };

    // The one instance, created on first use as a child of the application.
    static Translations &instance();

    // System default, English, then each shipped translation.
    static QList<Language> languages();
    static QString saved();
    static void save(const QString &code);

    // Installs the translation of `code` ("" = the system locale's), replacing the one before,
    // and makes that language's locale the default (what a user types in a number editor is
    // read in it). Returns the language in effect: "en" when none applies.
    QString apply(const QString &code);
    QString current() const { return m_current; }
    // The code the last `apply` was given ("" = the system's language): what View › Language
    // ticks, whether it came from the menu, the saved choice or `attnviz --language`. Before
    // any `apply`, "en" (no translation is installed).
    QString chosen() const { return m_chosen; }

    // Calls `setTexts` now and after every switch of language while `owner` lives: for texts
    // composed with arguments or from pieces, which `retranslate` cannot switch by itself.
    static void setTexts(QObject *owner, std::function<void()> setTexts);

    // Sets every text under `root` (widgets, their actions, menus, dock titles, tooltips) that
    // came whole from a translation lookup to its text in the current language.
    void retranslate(QWidget &root) const;

signals:
    // After `apply` and the application's LanguageChange events.
    void changed();

private:
    explicit Translations(QObject *parent);
    class Recorder;
    Recorder *m_recorder;
    QString m_current = QStringLiteral("en");
    QString m_chosen = QStringLiteral("en");
};

} // namespace attn::ui
