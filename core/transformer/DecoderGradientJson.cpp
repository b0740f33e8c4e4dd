// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecoderGradientJson.h"

#include "io/JsonWrite.h"

namespace attn {

QByteArray decoderGradientToJson(double loss, const DecoderParameters &gradient) {
    QByteArray out;
    json::Block root(out, 0, json::Block::Object);
    root.key("loss");
    json::appendNumber(out, loss);
    root.key("grad");
    json::Block grad(out, root.inner(), json::Block::Object);
    for (const Parameter *t : gradient.tensors()) {
        grad.key(t->name);
        if (t->shape.size() == 2) {
            json::appendMatrix(out, t->value, grad.inner());
            continue;
        }
        out += '[';
        for (Eigen::Index i = 0; i < t->value.size(); ++i) {
            if (i > 0)
                out += ", ";
            json::appendNumber(out, t->value.data()[i]);
        }
        out += ']';
    }
    grad.close();
    root.close();
    out += '\n';
    return out;
}

} // namespace attn
