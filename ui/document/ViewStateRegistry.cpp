// SPDX-License-Identifier: GPL-3.0-or-later
#include "ViewStateRegistry.h"

#include <algorithm>

namespace attn::ui {

ViewStateRegistry::ViewStateRegistry(QObject *parent) : QObject(parent) {
    setObjectName(QStringLiteral("viewStateRegistry"));
}

void ViewStateRegistry::registerProvider(const QString &key, Save save, Load load,
                                         QObject *context) {
    unregisterProvider(key);
    m_providers.push_back({key, std::move(save), std::move(load), context});
    if (context)
        connect(context, &QObject::destroyed, this, [this, key, context] {
            // Only the provider this context registered: the key may have been taken over.
            std::erase_if(m_providers,
                          [&](const Provider &p) { return p.key == key && p.context == context; });
        });
}

void ViewStateRegistry::unregisterProvider(const QString &key) {
    std::erase_if(m_providers, [&](const Provider &p) { return p.key == key; });
}

QStringList ViewStateRegistry::keys() const {
    QStringList out;
    for (const Provider &p : m_providers)
        out << p.key;
    return out;
}

QJsonObject ViewStateRegistry::save() const {
    QJsonObject view;
    for (const Provider &p : m_providers) {
        const QJsonValue value = p.save ? p.save() : QJsonValue(QJsonValue::Undefined);
        if (!value.isUndefined())
            view.insert(p.key, value);
    }
    return view;
}

void ViewStateRegistry::load(const QJsonObject &view) const {
    // A copy: a provider's load may register or remove providers.
    const std::vector<Provider> providers = m_providers;
    for (const Provider &p : providers)
        if (p.load && view.contains(p.key))
            p.load(view.value(p.key));
}

} // namespace attn::ui
