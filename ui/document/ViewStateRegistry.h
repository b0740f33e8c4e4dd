// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>

#include <functional>
#include <vector>

namespace attn::ui {

// The keys of a session's "view" object, each contributed by the feature that owns that state:
// the session features register the layout, the selection and the colour maps; a lesson can
// register its step. Saving asks every provider for its value; loading hands each provider the
// value stored under its key (providers whose key is absent are left alone), in registration
// order, so a provider may rely on those registered before it (the row after the head).
class ViewStateRegistry : public QObject {
    Q_OBJECT
public:
    using Save = std::function<QJsonValue()>;
    using Load = std::function<void(const QJsonValue &)>;

    explicit ViewStateRegistry(QObject *parent = nullptr);

    // Replaces a provider registered under the same key. With a context, the provider is
    // removed when the context is destroyed (its functions may point into it).
    void registerProvider(const QString &key, Save save, Load load, QObject *context = nullptr);
    void unregisterProvider(const QString &key);
    QStringList keys() const;

    // Every provider's value; undefined values are left out.
    QJsonObject save() const;
    void load(const QJsonObject &view) const;

private:
    struct Provider {
        QString key;
        Save save;
        Load load;
        QObject *context = nullptr;
    };
    std::vector<Provider> m_providers;
};

} // namespace attn::ui
