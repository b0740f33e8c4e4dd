// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultJson.h"

#include "NumberText.h"

#include <cmath>

namespace attn {

std::string jsonNumber(double value) {
    if (!std::isfinite(value))
        return "null";
    return shortestNumber(value); // reads back as the same double (at most 17 digits)
}

namespace {

void appendString(std::string &out, const std::string &s) {
    out += '"';
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

} // namespace

void appendJsonMatrix(std::string &out, const Matrix &m, const std::string &indent) {
    out += "[";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        out += i ? ",\n" : "\n";
        out += indent + "  [";
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (j)
                out += ", ";
            out += jsonNumber(m(i, j));
        }
        out += "]";
    }
    out += m.rows() ? "\n" + indent + "]" : "]";
}

std::string resultToJson(const AttentionResult &r) {
    std::string out = "{\n  \"layout\": ";
    out += r.layout == Layout::Rows ? "\"rows\"" : "\"columns\"";
    out += ",\n  \"heads\": [";
    // "capped" (the soft-capped scaled scores) only when the head has a soft cap.
    const char *names[] = {"Q", "K", "V", "scores", "capped", "logits", "weights", "output"};
    for (size_t h = 0; h < r.heads.size(); ++h) {
        const HeadResult &head = r.heads[h];
        const Matrix scores = head.scores(), logits = head.logits(), weights = head.weights();
        const Matrix capped = head.softcap > 0 ? head.capped() : Matrix();
        const Matrix *mats[] = {&head.Q, &head.K, &head.V,  &scores,
                                &capped, &logits, &weights, &head.output};
        out += h ? ",\n    {" : "\n    {";
        for (int k = 0; k < 8; ++k) {
            if (k == 4 && head.softcap <= 0)
                continue;
            out += k ? ",\n      \"" : "\n      \"";
            out += names[k];
            out += "\": ";
            appendJsonMatrix(out, *mats[k], "      ");
        }
        out += "\n    }";
    }
    out += r.heads.empty() ? "],\n  \"concat\": " : "\n  ],\n  \"concat\": ";
    appendJsonMatrix(out, r.concat(), "  ");
    out += ",\n  \"output\": ";
    appendJsonMatrix(out, r.output(), "  ");
    out += ",\n  \"warnings\": [";
    for (size_t i = 0; i < r.warnings.size(); ++i) {
        if (i)
            out += ", ";
        appendString(out, r.warnings[i]);
    }
    out += "]\n}\n";
    return out;
}

} // namespace attn
