// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunJson.h"

#include "io/JsonWrite.h"

namespace attn {

QByteArray runToJson(const Run &run) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("ids");
    out += '[';
    for (std::size_t i = 0; i < run.ids.size(); ++i)
        out += (i ? ", " : "") + QByteArray::number(qlonglong(run.ids[i]));
    out += ']';
    root.key("layers");
    json::Block layers(out, root.inner(), json::Block::Array);
    for (const LayerRun &layer : run.layers) {
        layers.item();
        json::Block l(out, layers.inner(), json::Block::Object);
        l.key("x");
        json::appendMatrix(out, layer.x, l.inner());
        l.key("attn_out");
        json::appendMatrix(out, layer.attnOut, l.inner());
        l.key("hidden");
        json::appendMatrix(out, layer.hidden, l.inner());
        l.key("heads");
        json::Block heads(out, l.inner(), json::Block::Array);
        for (const HeadRun &head : layer.heads) {
            heads.item();
            json::Block h(out, heads.inner(), json::Block::Object);
            const std::pair<const char *, const Matrix *> matrices[] = {{"q", &head.q},
                                                                        {"k", &head.k},
                                                                        {"v", &head.v},
                                                                        {"weights", &head.weights},
                                                                        {"output", &head.output}};
            for (const auto &[name, m] : matrices) {
                h.key(name);
                json::appendMatrix(out, *m, h.inner());
            }
            h.close();
        }
        heads.close();
        l.close();
    }
    layers.close();
    root.key("final");
    json::appendMatrix(out, run.final, root.inner());
    root.key("logits");
    json::appendMatrix(out, run.logits, root.inner());
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
