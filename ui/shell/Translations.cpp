// SPDX-License-Identifier: GPL-3.0-or-later
#include "Translations.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMutex>
#include <QSettings>
#include <QTabWidget>
#include <QTranslator>

#include <memory>
#include <optional>

namespace attn::ui {

namespace {

const char *const kSettingsKey = "language";

// The shipped translations besides English: their codes and names in their own language.
const struct {
    const char *code;
    const char *name;
} kShipped[] = {{"de", "Deutsch"}};

} // namespace

// Answers the application's lookups from attnviz's and Qt's translators of the current
// language, remembering for each answer (the source text itself when there is no translation)
// where it came from.
class Translations::Recorder : public QTranslator {
public:
    using QTranslator::QTranslator;

    void setTranslators(std::unique_ptr<QTranslator> own, std::unique_ptr<QTranslator> qt) {
        QMutexLocker lock(&m_mutex);
        m_own = std::move(own);
        m_qt = std::move(qt);
    }

    bool isEmpty() const override { return false; }

    QString translate(const char *context, const char *sourceText, const char *disambiguation,
                      int n) const override {
        if (!sourceText)
            return {};
        QMutexLocker lock(&m_mutex);
        QString result;
        for (const QTranslator *t : {m_own.get(), m_qt.get()})
            if (t &&
                (result = t->translate(context, sourceText, disambiguation, n), !result.isEmpty()))
                break;
        const QString shown = result.isEmpty() ? QString::fromUtf8(sourceText) : result;
        m_sources.insert(shown, Source{context, sourceText, disambiguation, n});
        return result;
    }

    // The text `shown` would be now, if it came from a lookup.
    std::optional<QString> again(const QString &shown) const {
        Source source;
        {
            QMutexLocker lock(&m_mutex);
            const auto it = m_sources.constFind(shown);
            if (it == m_sources.constEnd())
                return std::nullopt;
            source = *it;
        }
        return QCoreApplication::translate(
            source.context.constData(), source.text.constData(),
            source.disambiguation.isEmpty() ? nullptr : source.disambiguation.constData(),
            source.n);
    }

private:
    // Where an answer came from: the lookup's arguments.
    struct Source {
        QByteArray context;
        QByteArray text;
        QByteArray disambiguation;
        int n = -1;
    };

    mutable QMutex m_mutex;
    std::unique_ptr<QTranslator> m_own;
    std::unique_ptr<QTranslator> m_qt;
    mutable QHash<QString, Source> m_sources;
};

Translations::Translations(QObject *parent) : QObject(parent), m_recorder(new Recorder(this)) {}

Translations &Translations::instance() {
    static Translations *translations = new Translations(QCoreApplication::instance());
    return *translations;
}

QList<Translations::Language> Translations::languages() {
    QList<Language> out{{QString(), tr("System default")},
                        {QStringLiteral("en"), QStringLiteral("English")}};
    for (const auto &l : kShipped)
        out.append({QString::fromLatin1(l.code), QString::fromUtf8(l.name)});
    return out;
}

QString Translations::saved() {
    return QSettings().value(kSettingsKey).toString();
}

void Translations::save(const QString &code) {
    QSettings().setValue(kSettingsKey, code);
}

QString Translations::apply(const QString &code) {
    QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    auto own = std::make_unique<QTranslator>();
    QString language = QStringLiteral("en");
    // English is the source language: no translator, every text as written.
    if (code != QLatin1String("en") &&
        own->load(locale, QStringLiteral("attnviz"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        language = own->language().section(u'_', 0, 0);
    else
        own.reset();
    std::unique_ptr<QTranslator> qt;
    if (own) {
        qt = std::make_unique<QTranslator>();
        if (!qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            qt.reset();
    }
    // A language without a translation keeps English texts and the English way of writing
    // numbers, so what is typed matches what is shown.
    QLocale::setDefault(own || code.isEmpty() ? locale
                                              : QLocale(QLocale::English, QLocale::UnitedStates));
    m_current = language;
    m_chosen = code;
    // Removing and installing again sends every widget a LanguageChange event.
    QCoreApplication::removeTranslator(m_recorder);
    m_recorder->setTranslators(std::move(own), std::move(qt));
    QCoreApplication::installTranslator(m_recorder);
    emit changed();
    return m_current;
}

void Translations::setTexts(QObject *owner, std::function<void()> setTexts) {
    setTexts();
    connect(&instance(), &Translations::changed, owner, std::move(setTexts));
}

void Translations::retranslate(QWidget &root) const {
    auto again = [this](const QString &text) { return m_recorder->again(text); };
    QList<QWidget *> widgets = root.findChildren<QWidget *>();
    widgets.prepend(&root);
    QList<QAction *> actions = root.findChildren<QAction *>();
    for (QWidget *w : widgets) {
        actions += w->actions();
        if (auto t = again(w->toolTip()))
            w->setToolTip(*t);
        if (auto t = again(w->statusTip()))
            w->setStatusTip(*t);
        if (w->isWindow() || qobject_cast<QDockWidget *>(w))
            if (auto t = again(w->windowTitle()))
                w->setWindowTitle(*t);
        if (auto *label = qobject_cast<QLabel *>(w)) {
            if (auto t = again(label->text()))
                label->setText(*t);
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (auto t = again(button->text()))
                button->setText(*t);
        } else if (auto *box = qobject_cast<QGroupBox *>(w)) {
            if (auto t = again(box->title()))
                box->setTitle(*t);
        } else if (auto *edit = qobject_cast<QLineEdit *>(w)) {
            if (auto t = again(edit->placeholderText()))
                edit->setPlaceholderText(*t);
        } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < combo->count(); ++i)
                if (auto t = again(combo->itemText(i)))
                    combo->setItemText(i, *t);
        } else if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                if (auto t = again(tabs->tabText(i)))
                    tabs->setTabText(i, *t);
                if (auto t = again(tabs->tabToolTip(i)))
                    tabs->setTabToolTip(i, *t);
            }
        }
    }
    for (QAction *a : actions) {
        // A tooltip never set follows the text; set, it is translated on its own.
        const bool ownToolTip = a->toolTip() != QString(a->text()).remove(u'&');
        if (auto t = again(a->text()))
            a->setText(*t);
        if (ownToolTip)
            if (auto t = again(a->toolTip()))
                a->setToolTip(*t);
        if (auto t = again(a->statusTip()))
            a->setStatusTip(*t);
    }
}

} // namespace attn::ui
