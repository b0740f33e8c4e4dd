// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Matrix.h"
#include "Stage.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace attn {

struct Run;
struct Session;

// The layers × heads overview of the model a session was taken from: every head's weights on
// the run's tokens, drawn as small heatmaps on the page.
struct PageOverview {
    QString model;                            // the folder's name, for the heading
    std::vector<std::string> tokens;          // the run's token labels
    std::vector<std::vector<Matrix>> weights; // [layer][head], n × n, in [0, 1]
    int layer = -1, head = -1;                // the head taken apart (outlined); −1 = none
};
// Every head's weights of `run`; `labels` one per token. Throws InputError when the run is
// larger than the page holds (kMaxPageOverviewValues).
PageOverview pageOverview(const Run &run, const std::vector<std::string> &labels, int layer,
                          int head);

struct PageOptions {
    QString title;                        // the page's heading: the session's file name
    Layout layout = Layout::Rows;         // the layout the page opens in (a toggle switches it)
    int query = 0;                        // the lesson's example query, clamped
    int head = 0;                         // the head shown first and the lesson's, clamped
    std::optional<PageOverview> overview; // a session taken from a model
};

// One self-contained HTML page of the inputs' computation: the stage heatmaps with token
// names, each cell's derivation (the tooltips' text, derivation::ofStage, written here and
// carried as data), a query's row as a combination of V's rows (ExplainText's table), the
// row/column layout toggle, the lesson's steps (LessonScript) and the overview. Every script
// and style is inline and a Content-Security-Policy forbids any request, so the page works
// offline, from a file, in an iframe. Throws InputError for inputs it cannot compute on or
// larger than kMaxPageTokens.
QByteArray htmlPage(const AttentionInputs &inputs, const PageOptions &options);

// The overview of a session's "model" member ({"folder", "ids" or "text", "layer", "head"}, as
// attnviz-cli model session and the window write it): the checkpoint run again on those tokens.
// `labels` name the tokens (the session's own). Throws InputError naming the folder.
PageOverview modelOverview(const QJsonObject &model, const std::vector<std::string> &labels);

// The page of a session as attnviz-cli html and File › Export › Interactive page write it: the
// layout, head and row of its view, and for a session taken from a model its overview. A model
// that cannot be run (its folder moved) leaves the overview out and says why in `note`; the page
// is still written. Throws InputError as htmlPage does.
QByteArray sessionPage(const Session &session, const QString &title, QString *note = nullptr);

} // namespace attn
