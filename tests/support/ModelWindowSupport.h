// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The model window's tests (tests/ui/networkview): what the window should show, computed directly
// with the core, and a model opened and run in a test harness.

#include "SessionSupport.h"
#include "checkpoint/Checkpoint.h"
#include "network/NetworkDocument.h"
#include "network/NetworkRunner.h"
#include "networkview/NetworkFeatures.h"
#include "networkview/NetworkView.h"
#include "overview/HeadPopup.h"
#include "overview/LayerDeltaView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "overview/TokenStrip.h"
#include "tokenizer/TokenizerFiles.h"
#include "transformer/Forward.h"
#include "transformer/Predictions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTest>

#include <string>
#include <vector>

using namespace attn::ui; // the GUI's classes, named bare as in ui/

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

// The model view's parts, found as a user's tools find them: by their object names (the view
// shows its NetworkDocument; it hands out no widgets but the few the command line needs).
template <typename T> T *partOf(const NetworkView &view, const char *name) {
    T *part = view.findChild<T *>(QString::fromLatin1(name));
    if (!part)
        qFatal("the model view has no %s", name);
    return part;
}
inline LayerHeadGrid *gridOf(const NetworkView &v) {
    return partOf<LayerHeadGrid>(v, "layerHeadGrid");
}
inline PredictionsView *predictionsOf(const NetworkView &v) {
    return partOf<PredictionsView>(v, "predictionsView");
}
inline TokenStrip *tokensOf(const NetworkView &v) {
    return partOf<TokenStrip>(v, "tokenStrip");
}
inline HeadPopup *popupOf(const NetworkView &v) {
    return partOf<HeadPopup>(v, "headPopup");
}
inline QProgressBar *progressOf(const NetworkView &v) {
    return partOf<QProgressBar>(v, "modelProgress");
}
inline QLabel *messageOf(const NetworkView &v) {
    return partOf<QLabel>(v, "modelMessage");
}
inline QComboBox *scoreBoxOf(const NetworkView &v) {
    return partOf<QComboBox>(v, "headScoreBox");
}
inline QCheckBox *sortBoxOf(const NetworkView &v) {
    return partOf<QCheckBox>(v, "headSortBox");
}
inline QLabel *bestHeadsOf(const NetworkView &v) {
    return partOf<QLabel>(v, "bestHeads");
}
inline LayerDeltaView *deltaOf(const NetworkView &v) {
    return partOf<LayerDeltaView>(v, "layerDeltaView");
}
inline QComboBox *pictureBoxOf(const NetworkView &v) {
    return partOf<QComboBox>(v, "headPictureBox");
}
inline QPushButton *restoreAllOf(const NetworkView &v) {
    return partOf<QPushButton>(v, "restoreAllHeadsButton");
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
    NetworkController &model = h.workbench.model();
    QString error;
    QVERIFY2(model.openFolderNow(folder, &error), qPrintable(error));
    model.showModel(true);
    model.view().textEdit()->setText(text);
    QVERIFY(model.runner().waitUntilIdle());
    QVERIFY2(model.runner().error().isEmpty(), qPrintable(model.runner().error()));
    QVERIFY(model.runner().outcome().run);
}

} // namespace testsupport
