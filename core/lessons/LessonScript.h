// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "Stage.h"

#include <QList>
#include <QPoint>
#include <QString>

#include <vector>

// The guided walk through attention, written for a projector. Each step names what it talks
// about (the stages to emphasize, the layout) and states its formula with the current numbers,
// so the text always matches the heatmaps beside it. Pure: built from inputs and a row-layout
// result, testable without a window.
struct LessonStep {
    QString title; // rich text, as the html: d<sub>k</sub>, never "d_k"
    QString html;  // rich text with the live numbers
    QList<attn::Stage> emphasis;
    attn::Layout layout = attn::Layout::Rows;
    bool combination = false; // the row-combination panel is part of the step
    // The entry of the query × key stages the text quotes (x = key, y = query, in the row
    // layout): outlined wherever one of those stages is emphasised; (−1, −1) = none.
    QPoint cell{-1, -1};
};

// query: the example query (clamped); head: the head the numbers come from.
std::vector<LessonStep> lessonSteps(const attn::AttentionInputs &inputs,
                                    const attn::AttentionResult &rowResult, int query, int head);
