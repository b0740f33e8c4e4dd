// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunArrays.h"

#include "RunLayers.h"
#include "checkpoint/Checkpoint.h"
#include "io/NpzWriter.h"

#include <string>
#include <vector>

namespace attn {

namespace {

// [pos, head, d_head] of the chosen heads' matrices (each n × d_head), in C order.
void addPerHead(NpzWriter &npz, const QString &name, const std::vector<const Matrix *> &heads) {
    const Eigen::Index n = heads.empty() ? 0 : heads[0]->rows();
    const Eigen::Index d = heads.empty() ? 0 : heads[0]->cols();
    npz.addFloat64(name, {std::int64_t(n), std::int64_t(heads.size()), std::int64_t(d)},
                   [&](double *out) {
                       for (Eigen::Index p = 0; p < n; ++p)
                           for (const Matrix *m : heads) {
                               std::copy(m->row(p).data(), m->row(p).data() + d, out);
                               out += d;
                           }
                   });
}

void addHeads(NpzWriter &npz, const QString &prefix, const LayerRun &layer, int index,
              const ModelConfig &config, const RunSelection &selection) {
    std::vector<int> chosen;
    for (int h = 0; h < int(layer.heads.size()); ++h)
        if (selection.keeps(index, h))
            chosen.push_back(h);
    if (chosen.empty())
        return;
    std::vector<const Matrix *> q, z, k, v;
    for (int h : chosen) {
        q.push_back(&layer.heads[std::size_t(h)].q);
        z.push_back(&layer.heads[std::size_t(h)].output);
    }
    const std::int64_t group = config.heads / std::max<std::int64_t>(config.kvHeads, 1);
    for (std::int64_t g = 0; g < config.kvHeads; ++g) {
        k.push_back(&layer.heads[std::size_t(g * group)].k);
        v.push_back(&layer.heads[std::size_t(g * group)].v);
    }
    addPerHead(npz, prefix + "attn.hook_q", q);
    addPerHead(npz, prefix + "attn.hook_k", k);
    addPerHead(npz, prefix + "attn.hook_v", v);
    const Matrix &first = layer.heads[std::size_t(chosen.front())].weights;
    const Eigen::Index n = first.rows(), keys = first.cols();
    npz.addFloat64(prefix + "attn.hook_pattern",
                   {std::int64_t(chosen.size()), std::int64_t(n), std::int64_t(keys)},
                   [&](double *out) {
                       for (int h : chosen) {
                           const Matrix &w = layer.heads[std::size_t(h)].weights;
                           std::copy(w.data(), w.data() + w.size(), out);
                           out += w.size();
                       }
                   });
    addPerHead(npz, prefix + "attn.hook_z", z);
    if (!selection.allHeads())
        npz.addInt64(prefix + "attn.head_index",
                     std::vector<std::int64_t>(chosen.begin(), chosen.end()));
}

} // namespace

namespace {

void writeRun(NpzWriter &npz, const Checkpoint &checkpoint, const Run &run,
              const RunSelection &selection) {
    const ModelConfig &config = checkpoint.config();
    RunLayers layers(run, &checkpoint, selection);
    if (!selection.tokens.empty()) {
        std::vector<QString> tokens;
        for (const std::string &t : selection.tokens)
            tokens.push_back(QString::fromStdString(t));
        npz.addStrings("tokens", tokens);
    }
    npz.addInt64("ids", run.ids);
    const bool decoder = config.decoder();
    for (std::size_t l = 0; l < run.layers.size(); ++l) {
        const LayerRun &layer = layers.layer(int(l));
        const QString prefix = QString("blocks.%1.").arg(l);
        if (selection.has(RunSelection::Hidden))
            npz.addMatrix(prefix + "hook_resid_pre",
                          l == 0 ? run.embedded : run.layers[l - 1].hidden);
        if (selection.has(RunSelection::X) && decoder)
            npz.addMatrix(prefix + "ln1.hook_normalized", layer.x);
        if (selection.has(RunSelection::Heads))
            addHeads(npz, prefix, layer, int(l), config, selection);
        if (selection.has(RunSelection::AttnOut))
            npz.addMatrix(prefix + "hook_attn_out", layer.attnOut);
        if (selection.has(RunSelection::ResidMid))
            npz.addMatrix(prefix + "hook_resid_mid", layer.mid);
        if (selection.has(RunSelection::MlpOut))
            npz.addMatrix(prefix + "hook_mlp_out", layer.mlpOut);
        if (selection.has(RunSelection::Hidden))
            npz.addMatrix(prefix + "hook_resid_post", layer.hidden);
    }
    if (selection.has(RunSelection::Final) && decoder)
        npz.addMatrix("ln_final.hook_normalized", run.final);
    if (selection.has(RunSelection::Logits) && run.logits.cols() > 0)
        npz.addMatrix("logits", layers.logits());
}

} // namespace

QByteArray runToNpz(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection) {
    NpzWriter npz;
    writeRun(npz, checkpoint, run, selection);
    return npz.finish();
}

bool runToNpz(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection,
              const ByteSink &sink) {
    NpzWriter npz(sink);
    writeRun(npz, checkpoint, run, selection);
    npz.finish();
    return npz.ok();
}

} // namespace attn
