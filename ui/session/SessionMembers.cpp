// SPDX-License-Identifier: GPL-3.0-or-later
#include "SessionMembers.h"

namespace attn::ui {

namespace sessionmembers {

namespace {

constexpr const char *kModel = "model";

} // namespace

QJsonObject take(QJsonObject &view) {
    QJsonObject members;
    if (view.contains(kModel))
        members.insert(kModel, view.take(kModel));
    return members;
}

QJsonObject viewOf(const attn::Session &session) {
    QJsonObject view = session.view;
    view.remove(kModel); // only the top-level member counts
    if (!session.model.isEmpty())
        view.insert(kModel, session.model);
    return view;
}

QByteArray toJson(const attn::AttentionInputs &inputs, QJsonObject view, const QJsonObject &more) {
    QJsonObject members = more;
    const QJsonObject taken = take(view);
    for (auto it = taken.begin(); it != taken.end(); ++it)
        members.insert(it.key(), it.value());
    return attn::sessionToJson(inputs, view, members);
}

} // namespace sessionmembers

} // namespace attn::ui
