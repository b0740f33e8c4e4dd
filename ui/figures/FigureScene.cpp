// SPDX-License-Identifier: GPL-3.0-or-later
#include "FigureScene.h"

#include "InputError.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "heatmap/HeatmapView.h"
#include "insights/TokenLinksView.h"
#include "workbench/CombinationView.h"
#include "workbench/StagesView.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLayout>
#include <QUndoStack>

#include <algorithm>

#include <unistd.h>

namespace attn::ui {

namespace {

// The figures that are no stage, after the result stages in figureViewNames.
struct PanelName {
    FigurePanel panel;
    const char *name;
};
constexpr PanelName kPanels[] = {
    {FigurePanel::Links, "links"},
    {FigurePanel::Combination, "combination"},
};

[[noreturn]] void refuse(const QString &message) {
    throw attn::InputError(message.toStdString());
}

} // namespace

std::optional<FigureView> figureViewFromName(const QString &name) {
    const attn::StageInfo *info = attn::findStageByFileName(name.toStdString());
    if (info && !info->input)
        return FigureView{FigurePanel::Stage, info->stage};
    for (const PanelName &p : kPanels)
        if (name == QLatin1String(p.name))
            return FigureView{p.panel};
    return std::nullopt;
}

QString figureViewName(FigureView view) {
    for (const PanelName &p : kPanels)
        if (p.panel == view.panel)
            return QString::fromLatin1(p.name);
    return QString::fromLatin1(attn::stageInfo(view.stage).fileName);
}

QStringList figureViewNames() {
    QStringList names;
    for (const attn::StageInfo &info : attn::stageInfos())
        if (!info.input)
            names << QString::fromLatin1(info.fileName);
    for (const PanelName &p : kPanels)
        names << QString::fromLatin1(p.name);
    return names;
}

QSize defaultFigureSize(FigureView view, const QWidget *widget) {
    if (view.panel == FigurePanel::Stage)
        return {720, 560};
    const QSize hint = widget ? widget->sizeHint() : QSize(0, 0);
    return {std::max(900, hint.width()), std::max(240, hint.height())};
}

FigureScene::FigureScene(const attn::AttentionInputs &inputs, const FigureRequest &request)
    : m_doc(std::make_unique<Document>()), m_recomputer(std::make_unique<Recomputer>(m_doc.get())) {
    attn::validate(inputs); // the core's message for inputs that cannot be computed on
    const int heads = int(inputs.heads.size());
    if (request.head < 0 || request.head >= heads)
        refuse(QCoreApplication::translate(
                   "FigureScene", "there is no head %1: the session has %2 head%3 (0 to %4)")
                   .arg(request.head)
                   .arg(heads)
                   .arg(heads == 1 ? "" : "s")
                   .arg(heads - 1));
    const int n = int(inputs.queryCount());
    if (request.row < -1 || request.row >= n)
        refuse(QCoreApplication::translate(
                   "FigureScene", "there is no query row %1: the session has %2 queries (0 to %3)")
                   .arg(request.row)
                   .arg(n)
                   .arg(n - 1));
    QString error;
    if (!m_doc->replaceInputs(inputs, QStringLiteral("render"), &error))
        refuse(error);
    m_doc->selection().setLayout(request.layout);
    m_doc->selection().setCurrentHead(request.head);
    m_doc->selection().setSelectedRow(request.row);
    m_recomputer->recomputeNow();
    if (!m_recomputer->result())
        refuse(m_recomputer->error());
    build(request.view);
}

FigureScene::~FigureScene() {
    delete m_widget; // before the stages view that fills it
    delete m_stages;
}

void FigureScene::build(FigureView view) {
    switch (view.panel) {
    case FigurePanel::Links: {
        auto *links = new TokenLinksView(m_doc.get(), m_recomputer.get());
        links->refreshNow();
        m_widget = links;
        return;
    }
    case FigurePanel::Combination:
        m_widget = new CombinationView(m_doc.get(), m_recomputer.get());
        return;
    case FigurePanel::Stage:
        break;
    }
    m_stages = new StagesView(m_doc.get(), m_recomputer.get());
    HeatmapView *heatmap = m_stages->view(view.stage);
    if (!heatmap) { // an input: the stages view draws results only
        delete m_stages;
        m_stages = nullptr;
        refuse(QCoreApplication::translate("FigureScene", "there is no figure of the input %1")
                   .arg(attn::stageInfo(view.stage).name));
    }
    if (heatmap->isHidden()) {
        delete m_stages; // the destructor does not run when the constructor throws
        m_stages = nullptr;
        refuse(
            view.stage == attn::Stage::Concat
                ? QCoreApplication::translate("FigureScene",
                                              "there is no concat view: the session has one head")
                : QCoreApplication::translate(
                      "FigureScene", "there is no final output view: the session has one head and "
                                     "no Wo (the output is --view output)"));
    }
    // The figure's size, not the readable size on screen: neither the stages view's minimum
    // nor its plot's (a window's layout would impose it on the offscreen platform, which warns).
    heatmap->setMinimumSize(0, 0);
    heatmap->layout()->setSizeConstraint(QLayout::SetNoConstraint);
    heatmap->setParent(nullptr); // leaves the grid; deleted by this scene
    m_widget = heatmap;
}

QByteArray renderFigure(const attn::AttentionInputs &inputs, const FigureRequest &request) {
    FigureScene scene(inputs, request);
    QWidget *widget = scene.widget();
    FigureOptions options;
    options.format = request.format;
    options.scale = request.scale;
    const QSize fallback = defaultFigureSize(request.view, widget);
    options.size = QSize(request.size.width() > 0 ? request.size.width() : fallback.width(),
                         request.size.height() > 0 ? request.size.height() : fallback.height());
    options.title = QStringLiteral("attnviz \u2014 ") + figureViewName(request.view);
    options.selectionOutline = request.row >= 0; // --row I: "the selected query row (outlined)"
    QString error;
    QByteArray bytes = widgetFigureBytes(widget, options, &error);
    if (bytes.isEmpty())
        refuse(error);
    return bytes;
}

std::unique_ptr<QCoreApplication> createFigureApplication(int &argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Without a desktop session there is no XDG_RUNTIME_DIR, and Qt would warn on standard
    // error (which scripts read for errors) before making the same private folder itself.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const QString dir =
            QDir::temp().filePath(QStringLiteral("runtime-attnviz-%1").arg(getuid()));
        if (QDir().mkpath(dir) &&
            QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
    }
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace attn::ui
