// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Inputs and a document set-up shared by the insight panels' tests (test_insights,
// test_whatifs).

#include "Attention.h"
#include "document/Document.h"
#include "document/Presets.h"
#include "document/Recomputer.h"

#include <QtTest>

#include <vector>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

namespace testsupport {

using namespace attn;

// presets() builds every preset (some from files): look each one up once.
inline const AttentionInputs &presetWhere(bool (*matches)(const AttentionInputs &)) {
    static const std::vector<Preset> all = presets();
    for (const Preset &p : all)
        if (matches(p.inputs))
            return p.inputs;
    qFatal("no such preset");
}

inline AttentionInputs twoHeads() {
    return presetWhere([](const AttentionInputs &in) { return in.heads.size() == 2; });
}

inline AttentionInputs crossAttention() {
    return presetWhere([](const AttentionInputs &in) { return in.hasContext; });
}

inline AttentionInputs causal() {
    AttentionInputs in = workedExample();
    in.options.causal = true;
    return in;
}

inline AttentionInputs unscaledWarm() {
    AttentionInputs in = twoHeads();
    in.options.scale = false;
    in.options.temperature = 2.5;
    return in;
}

inline AttentionInputs customMasked() {
    AttentionInputs in = workedExample();
    in.mask = Mask::Constant(4, 4, false);
    in.mask(1, 1) = true;
    in.mask(2, 0) = true;
    in.mask(0, 0) = in.mask(0, 1) = in.mask(0, 2) = in.mask(0, 3) = true; // query 0 sees nothing
    return in;
}

// A document on `inputs` in `layout` with its result computed.
struct Setup {
    Document doc;
    Recomputer rc{&doc};
    Setup(const AttentionInputs &inputs, Layout layout) {
        QString error;
        if (!doc.replaceInputs(inputs, "test", &error))
            qFatal("%s", qPrintable(error));
        doc.selection().setLayout(layout);
        rc.recomputeNow();
    }
};

inline void addCases() {
    QTest::addColumn<AttentionInputs>("inputs");
    QTest::addColumn<Layout>("layout");
    const std::pair<const char *, AttentionInputs> cases[] = {
        {"worked", workedExample()},        {"two heads", twoHeads()},
        {"cross", crossAttention()},        {"causal", causal()},
        {"unscaled T=2.5", unscaledWarm()}, {"custom mask", customMasked()}};
    for (const auto &[name, inputs] : cases) {
        QTest::addRow("%s rows", name) << inputs << Layout::Rows;
        QTest::addRow("%s columns", name) << inputs << Layout::Columns;
    }
}

} // namespace testsupport

Q_DECLARE_METATYPE(attn::AttentionInputs)
Q_DECLARE_METATYPE(attn::Layout)
