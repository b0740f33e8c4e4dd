// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The model window's tests (tests/ui/realmodel): what the window should show, computed directly
// with the core, and a model opened and run in a test harness.

#include "SessionSupport.h"
#include "checkpoint/Checkpoint.h"
#include "realmodel/ModelFeatures.h"
#include "realmodel/ModelRunner.h"
#include "realmodel/ModelView.h"
#include "realmodel/TokenStrip.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"

#include <QLineEdit>
#include <QTest>

#include <string>
#include <vector>

namespace testsupport {

// What the window should show: the folder's own tokenizer and runModel, called directly.
struct Expected {
    std::vector<attn::Token> tokens;
    attn::RunPtr run;
};

inline Expected expected(const QString &folder, const QString &text) {
    const auto checkpoint = attn::Checkpoint::open(folder);
    const auto tokenizer = attn::loadTokenizer(folder);
    Expected e;
    e.tokens = tokenizer->encode(text);
    std::vector<std::int64_t> ids;
    for (const attn::Token &t : e.tokens)
        ids.push_back(t.id);
    e.run = attn::runModel(*checkpoint, ids);
    return e;
}

inline std::vector<std::string> labels(const std::vector<attn::Token> &tokens) {
    std::vector<std::string> out;
    for (const QString &l : attn::displayLabels(tokens))
        out.push_back(l.toStdString());
    return out;
}

inline bool samePredictions(const std::vector<attn::Prediction> &a,
                            const std::vector<attn::Prediction> &b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].id != b[i].id || a[i].probability != b[i].probability)
            return false;
    return true;
}

// Opens the model folder in `h`, shows the model and runs `text` to the end.
inline void openAndRun(Harness &h, const QString &folder, const QString &text) {
    ModelController &model = h.workbench.model();
    QString error;
    QVERIFY2(model.openFolderNow(folder, &error), qPrintable(error));
    model.showModel(true);
    model.view().textEdit()->setText(text);
    QVERIFY(model.runner().waitUntilIdle());
    QVERIFY2(model.runner().error().isEmpty(), qPrintable(model.runner().error()));
    QVERIFY(model.runner().outcome().run);
}

} // namespace testsupport
