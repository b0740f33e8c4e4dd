// SPDX-License-Identifier: GPL-3.0-or-later
#include "InterpretationsState.h"

#include "InterpretationsView.h"
#include "KernelReadingControls.h"
#include "document/ViewStateRegistry.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSpinBox>

#include <array>
#include <optional>

namespace attn::ui {

namespace {

constexpr std::array<const char *, 6> kModeKeys{"dot", "row", "column", "outer", "tiled", "online"};

std::optional<InterpretationMode> modeFrom(const QString &key) {
    for (size_t i = 0; i < kModeKeys.size(); ++i)
        if (key == QLatin1String(kModeKeys[i]))
            return InterpretationMode(i);
    return std::nullopt;
}

// Sets `spin` when `value` is a whole number it accepts.
void setIfValid(QSpinBox *spin, const QJsonValue &value) {
    const double v = value.toDouble(-1);
    if (v == double(int(v)) && v >= spin->minimum() && v <= spin->maximum())
        spin->setValue(int(v));
}

} // namespace

void registerInterpretationsState(ViewStateRegistry &registry, InterpretationsView &view) {
    KernelReadingControls *sizes = view.kernelControls();
    registry.registerProvider(
        QStringLiteral("interpretations"),
        [v = &view, sizes] {
            QJsonArray tile;
            for (int i = 0; i < 3; ++i)
                tile.append(sizes->tileSpinBox(i)->value());
            return QJsonObject{{"product", v->product() == Product::Scores ? "scores" : "output"},
                               {"mode", kModeKeys[size_t(v->mode())]},
                               {"tile", tile},
                               {"block", sizes->blockSpinBox()->value()}};
        },
        [v = &view, sizes](const QJsonValue &value) {
            const QJsonObject o = value.toObject();
            const QString product = o.value("product").toString();
            if (product == "scores" || product == "output")
                v->setProduct(product == "scores" ? Product::Scores : Product::Output);
            if (const std::optional<InterpretationMode> mode = modeFrom(o.value("mode").toString()))
                v->setMode(*mode);
            const QJsonArray tile = o.value("tile").toArray();
            if (tile.size() == 3)
                for (int i = 0; i < 3; ++i)
                    setIfValid(sizes->tileSpinBox(i), tile[i]);
            setIfValid(sizes->blockSpinBox(), o.value("block"));
        },
        &view);
}

} // namespace attn::ui
