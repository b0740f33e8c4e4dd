// SPDX-License-Identifier: GPL-3.0-or-later
#include "Interventions.h"

#include "InputError.h"
#include "NumberText.h"
#include "Translate.h"
#include "checkpoint/ModelConfig.h"

#include <cmath>

namespace attn {

namespace {

bool usesHead(Intervention::Kind kind) {
    return kind != Intervention::Kind::PatchResidual && kind != Intervention::Kind::Steer;
}

bool usesSource(Intervention::Kind kind) {
    return kind == Intervention::Kind::PatchHead || kind == Intervention::Kind::PatchResidual;
}

std::string place(const Intervention &e) {
    return std::to_string(e.layer) + ':' + std::to_string(e.head);
}

std::string at(std::int64_t position) {
    return position < 0 ? std::string() : " at position " + std::to_string(position);
}

} // namespace

std::string Intervention::describe() const {
    switch (kind) {
    case Kind::Zero:
        return "ablate " + place(*this);
    case Kind::Mean:
        return "ablate " + place(*this) + " by its mean";
    case Kind::Scale:
        return "scale " + place(*this) + " by " + shortestNumber(factor);
    case Kind::PatchHead:
        return "patch " + place(*this) + at(position) + " from B";
    case Kind::PatchResidual:
        return "patch the residual after layer " + std::to_string(layer) + at(position) + " from B";
    case Kind::Steer:
        return "steer after layer " + std::to_string(layer) + " (norm " +
               shortestNumber(values.size() ? values.norm() : 0.0) + ")";
    case Kind::ReplaceOutput:
        return "edited output of " + place(*this);
    case Kind::ReplaceContribution:
        return "edited head " + place(*this);
    }
    return {};
}

void checkInterventions(const ModelConfig &c, std::int64_t tokens,
                        const Interventions &interventions) {
    for (const Intervention &e : interventions.edits) {
        if (e.layer < 0 || e.layer >= c.layers)
            throw InputError(
                translate("attn::transformer", "there is no layer %1: the model has %2")
                    .arg(qs(std::int64_t(e.layer)), qs(c.layers)));
        if (usesHead(e.kind) && (e.head < 0 || e.head >= c.heads))
            throw InputError(translate("attn::transformer", "there is no head %1: the layer has %2")
                                 .arg(qs(std::int64_t(e.head)), qs(c.heads)));
        if (e.kind == Intervention::Kind::Scale && !std::isfinite(e.factor))
            throw InputError(translate("attn::transformer", "%1: the factor is not a finite number")
                                 .arg(qs(e.describe())));
        if (e.kind == Intervention::Kind::ReplaceOutput ||
            e.kind == Intervention::Kind::ReplaceContribution) {
            const std::int64_t cols =
                e.kind == Intervention::Kind::ReplaceOutput ? c.headDim : c.dModel;
            if (e.values.rows() != tokens || e.values.cols() != cols)
                throw InputError(translate("attn::transformer",
                                           "%1: the values are %2 × %3, the head needs %4 × %5")
                                     .arg(qs(e.describe()), qs(std::int64_t(e.values.rows())),
                                          qs(std::int64_t(e.values.cols())), qs(tokens), qs(cols)));
            if (!e.values.allFinite())
                throw InputError(
                    translate("attn::transformer", "%1: the values are not all finite numbers")
                        .arg(qs(e.describe())));
        }
        if (e.kind == Intervention::Kind::Steer) {
            if (e.values.rows() != 1 || e.values.cols() != c.dModel)
                throw InputError(translate("attn::transformer",
                                           "%1: the vector has %2 × %3 numbers, the residual "
                                           "stream %4")
                                     .arg(qs(e.describe()), qs(std::int64_t(e.values.rows())),
                                          qs(std::int64_t(e.values.cols())), qs(c.dModel)));
            if (!e.values.allFinite())
                throw InputError(
                    translate("attn::transformer", "%1: the vector is not all finite numbers")
                        .arg(qs(e.describe())));
        }
        if (usesSource(e.kind) && e.position >= tokens)
            throw InputError(
                translate("attn::transformer", "%1: there is no position %2: the run has %3 tokens")
                    .arg(qs(e.describe()), qs(e.position), qs(tokens)));
        if (!usesSource(e.kind))
            continue;
        const Run *b = interventions.source.get();
        if (!b)
            throw InputError(translate("attn::transformer", "%1: there is no run B to patch from")
                                 .arg(qs(e.describe())));
        const auto bTokens = std::int64_t(b->ids.size());
        if (bTokens != tokens)
            throw InputError(translate("attn::transformer",
                                       "%1: run B has %2 tokens and this run %3: patching needs "
                                       "the same length")
                                 .arg(qs(e.describe()), qs(bTokens), qs(tokens)));
        const bool shaped =
            std::int64_t(b->layers.size()) == c.layers &&
            b->layers[std::size_t(e.layer)].hidden.cols() == c.dModel &&
            std::int64_t(b->layers[std::size_t(e.layer)].heads.size()) == c.heads &&
            b->layers[std::size_t(e.layer)].heads[std::size_t(e.head)].output.cols() == c.headDim;
        if (!shaped)
            throw InputError(
                translate("attn::transformer", "%1: run B is not a run of the same model")
                    .arg(qs(e.describe())));
    }
}

} // namespace attn
