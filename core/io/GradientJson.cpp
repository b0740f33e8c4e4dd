// SPDX-License-Identifier: GPL-3.0-or-later
#include "GradientJson.h"

#include "ResultJson.h"

namespace attn {

namespace {

// A matrix, or null when the gradient has none (no context, no Wo).
void appendMatrix(std::string &out, const Matrix &m, const std::string &indent) {
    if (m.size() == 0)
        out += "null";
    else
        appendJsonMatrix(out, m, indent);
}

} // namespace

std::string gradientToJson(const Gradient &g) {
    std::string out = "{\n  \"loss\": " + jsonNumber(g.loss) + ",\n  \"grad\": {\n    \"X\": ";
    appendMatrix(out, g.X, "    ");
    out += ",\n    \"context\": ";
    appendMatrix(out, g.context, "    ");
    out += ",\n    \"heads\": [";
    for (size_t h = 0; h < g.heads.size(); ++h) {
        out += h ? ",\n      {\n" : "\n      {\n";
        const char *names[] = {"Wq", "Wk", "Wv"};
        const Matrix *matrices[] = {&g.heads[h].Wq, &g.heads[h].Wk, &g.heads[h].Wv};
        for (int k = 0; k < 3; ++k) {
            out += std::string("        \"") + names[k] + "\": ";
            appendMatrix(out, *matrices[k], "        ");
            out += k < 2 ? ",\n" : "\n";
        }
        out += "      }";
    }
    out += "\n    ],\n    \"Wo\": ";
    appendMatrix(out, g.Wo, "    ");
    out += "\n  }\n}\n";
    return out;
}

} // namespace attn
