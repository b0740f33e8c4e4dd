// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunSelection.h"

#include "InputError.h"
#include "Translate.h"
#include "checkpoint/ModelConfig.h"

#include <QStringList>

#include <algorithm>

namespace attn {

namespace {

struct FieldName {
    const char *name;
    RunSelection::Field field;
};

constexpr FieldName kFieldNames[] = {
    {"x", RunSelection::X},
    {"attn_out", RunSelection::AttnOut},
    {"resid_mid", RunSelection::ResidMid},
    {"mlp_out", RunSelection::MlpOut},
    {"hidden", RunSelection::Hidden},
    {"final", RunSelection::Final},
    {"logits", RunSelection::Logits},
    {"heads", RunSelection::Heads},
};

} // namespace

bool RunSelection::keeps(int layer, int head) const {
    if (allHeads())
        return true;
    if (layer < 0 || std::size_t(layer) >= heads.size())
        return false;
    const std::vector<int> &chosen = heads[std::size_t(layer)];
    return std::binary_search(chosen.begin(), chosen.end(), head);
}

unsigned parseRunFields(const QString &text) {
    unsigned fields = 0;
    for (const QString &part : text.split(',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        const auto *found = std::find_if(std::begin(kFieldNames), std::end(kFieldNames),
                                         [&](const FieldName &f) { return name == f.name; });
        if (found == std::end(kFieldNames)) {
            QStringList known;
            for (const FieldName &f : kFieldNames)
                known << f.name;
            throw InputError(translate("attn::transformer", "--fields: there is no field \"%1\" "
                                                            "(the fields are %2)")
                                 .arg(name, known.join(", ")));
        }
        fields |= found->field;
    }
    if (fields == 0)
        throw InputError(translate("attn::transformer", "--fields names no field"));
    return fields;
}

std::vector<std::vector<int>> parseRunHeads(const QString &text, const ModelConfig &config) {
    std::vector<std::vector<int>> heads(std::size_t(config.layers));
    bool any = false;
    for (const QString &part : text.split(',', Qt::SkipEmptyParts)) {
        const QStringList lh = part.trimmed().split(':');
        bool okLayer = false, okHead = false;
        const int layer = lh.size() == 2 ? lh[0].toInt(&okLayer) : 0;
        const int head = lh.size() == 2 ? lh[1].toInt(&okHead) : 0;
        if (!okLayer || !okHead)
            throw InputError(
                translate("attn::transformer", "--heads expects L:H[,L:H…], got \"%1\"")
                    .arg(part.trimmed()));
        if (layer < 0 || layer >= config.layers)
            throw InputError(
                translate("attn::transformer", "--heads %1: there is no layer %2: the model has %3")
                    .arg(part.trimmed(), qs(std::int64_t(layer)), qs(config.layers)));
        if (head < 0 || head >= config.heads)
            throw InputError(
                translate("attn::transformer", "--heads %1: there is no head %2: a layer has %3")
                    .arg(part.trimmed(), qs(std::int64_t(head)), qs(config.heads)));
        std::vector<int> &chosen = heads[std::size_t(layer)];
        if (std::find(chosen.begin(), chosen.end(), head) == chosen.end())
            chosen.push_back(head);
        any = true;
    }
    if (!any)
        throw InputError(translate("attn::transformer", "--heads names no head"));
    for (std::vector<int> &chosen : heads)
        std::sort(chosen.begin(), chosen.end());
    return heads;
}

} // namespace attn
