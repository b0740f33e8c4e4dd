// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "AttentionInputs.h"
#include "FigureExport.h"
#include "Stage.h"

#include <QByteArray>
#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QCoreApplication;
class QWidget;

namespace attn::ui {

class Document;
class Recomputer;
class StagesView;

// Figures without a window, for `attnviz-cli render`: a session's views built off screen,
// exactly as the workbench draws them (same widgets, same titles and colours), one at a time.
// A figure is a result stage's heatmap or one of the two panels that show no single matrix.
enum class FigurePanel { Stage, Links, Combination };
struct FigureView {
    FigurePanel panel = FigurePanel::Stage;
    attn::Stage stage = attn::Stage::Weights; // a computed stage (Q … Final), for Stage only
    friend bool operator==(const FigureView &, const FigureView &) = default;
};

// The stage table's file names of the results ("weights", "output" of a head, "final"), then
// "links" and "combination".
std::optional<FigureView> figureViewFromName(const QString &name);
QString figureViewName(FigureView view);
QStringList figureViewNames();
// Heatmaps: 720×560. The combination panel and the token links are as tall as their content
// (their sizeHint) and at least 900 wide: they read as a line of text.
QSize defaultFigureSize(FigureView view, const QWidget *widget = nullptr);

struct FigureRequest {
    FigureView view;
    int row = 0; // the selected query (outlined in the heatmaps, explained by combination); -1 none
    int head = 0; // the head of Q … output, links and combination
    attn::Layout layout = attn::Layout::Rows;
    QSize size;         // the view's size in pixels; empty = defaultFigureSize
    double scale = 1.0; // PNG: device pixels per pixel
    FigureFormat format = FigureFormat::Png;
};

// The document, its computation and the one widget a request asks for, built off screen. A
// heatmap is taken out of the stages grid (StagesView fills it exactly as on screen) to be a
// window of its own, so that it can be sized freely. Throws attn::InputError like
// renderFigure.
class FigureScene {
public:
    FigureScene(const attn::AttentionInputs &inputs, const FigureRequest &request);
    ~FigureScene();
    FigureScene(const FigureScene &) = delete;
    FigureScene &operator=(const FigureScene &) = delete;

    QWidget *widget() const { return m_widget; }
    Document *document() const { return m_doc.get(); }

private:
    void build(FigureView view);

    std::unique_ptr<Document> m_doc;
    std::unique_ptr<Recomputer> m_recomputer;
    StagesView *m_stages = nullptr;
    QWidget *m_widget = nullptr;
};

// The figure's bytes. Throws attn::InputError (one line for the user, without the file name)
// for inputs that cannot be computed on, a row or head out of range, or a view the inputs do
// not have (concat with one head, final without Wo or heads). Needs a QApplication.
QByteArray renderFigure(const attn::AttentionInputs &inputs, const FigureRequest &request);

// The application the render command needs: a QApplication on the offscreen platform, so it
// works on a machine with no display (and draws the same with one).
std::unique_ptr<QCoreApplication> createFigureApplication(int &argc, char **argv);

} // namespace attn::ui
