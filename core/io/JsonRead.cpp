// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonRead.h"

#include "InputError.h"
#include "Translate.h"

namespace attn::json {

[[noreturn]] void fail(const QString &path, const QString &message) {
    throw InputError((path + ": " + message).toStdString());
}

QString describe(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    case QJsonValue::Double:
        return QString::number(v.toDouble());
    case QJsonValue::String: {
        QString s = v.toString();
        if (s.size() > 20)
            s = s.left(20) + "\u2026";
        return translate("attn::io", "the text \"%1\"").arg(s);
    }
    case QJsonValue::Array:
        return translate("attn::io", "an array");
    case QJsonValue::Object:
        return translate("attn::io", "an object");
    case QJsonValue::Undefined:
        break;
    }
    return translate("attn::io", "nothing");
}

QString index(const QString &path, qsizetype i) {
    return path + "[" + QString::number(i) + "]";
}

bool readBool(const QJsonObject &o, const char *key, const QString &path, bool fallback) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool())
        fail(path + "." + key,
             translate("attn::io", "expected true or false, got %1").arg(describe(v)));
    return v.toBool();
}

} // namespace attn::json
