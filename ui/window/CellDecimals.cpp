// SPDX-License-Identifier: GPL-3.0-or-later
#include "CellDecimals.h"

#include "document/ViewStateRegistry.h"
#include "shell/MenuId.h"
#include "shell/Shell.h"
#include "workbench/StagesView.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QJsonValue>
#include <QMenu>
#include <QSettings>

#include <optional>

namespace attn::ui {

namespace {

constexpr auto kSettingsKey = "view/cellDecimals";

// -1 (automatic) or 0–6; anything else is not a setting (a hand-edited file): nullopt.
std::optional<int> decimalsFrom(const QJsonValue &value) {
    if (value.toString() == QLatin1String("auto"))
        return -1;
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (d != int(d) || d < 0 || d > 6)
        return std::nullopt;
    return int(d);
}

} // namespace

QMenu *installCellDecimals(Shell &shell, StagesView &stages, ViewStateRegistry &viewState) {
    QMenu *menu = shell.menu(MenuId::View)
                      ->addMenu(QCoreApplication::translate("CellDecimals", "Cell &decimals"));
    menu->setObjectName(QStringLiteral("cellDecimalsMenu"));
    auto *group = new QActionGroup(menu);
    for (int d = -1; d <= 6; ++d) {
        QAction *a = menu->addAction(
            d < 0 ? QCoreApplication::translate("CellDecimals", "&Automatic (3 significant digits)")
                  : QCoreApplication::translate("CellDecimals", "&%1").arg(d));
        a->setObjectName(QStringLiteral("cellDecimals%1")
                             .arg(d < 0 ? QStringLiteral("Auto") : QString::number(d)));
        a->setCheckable(true);
        a->setData(d);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, &stages, [s = &stages, d] {
            s->setDecimals(d);
            QSettings().setValue(kSettingsKey, d);
        });
    }
    auto check = [group](int decimals) {
        for (QAction *a : group->actions())
            a->setChecked(a->data().toInt() == decimals);
    };
    QObject::connect(&stages, &StagesView::decimalsChanged, menu, check);
    const int saved = QSettings().value(kSettingsKey, -1).toInt();
    stages.setDecimals(saved >= -1 && saved <= 6 ? saved : -1);
    check(stages.decimals());
    viewState.registerProvider(
        QStringLiteral("decimals"),
        [s = &stages] {
            return s->decimals() < 0 ? QJsonValue(QStringLiteral("auto"))
                                     : QJsonValue(s->decimals());
        },
        [s = &stages](const QJsonValue &value) {
            if (const std::optional<int> d = decimalsFrom(value))
                s->setDecimals(*d);
        },
        &stages);
    return menu;
}

} // namespace attn::ui
