// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "heatmap/ColorScale.h"

#include "Attention.h"

#include <memory>

class QLabel;

namespace attn::ui {

class HeatmapView;
struct DocumentChange;

// What the last edit did to the attention: weights(after) − weights(before) of the current head
// on a diverging scale (0 = unchanged, neutral colour), titled with the edit ("Edit X[0][2]",
// "Undo …"). Keeps the result from before each edit; "no previous edit" until there is one, or
// when the edit changed the shape (nothing to subtract).
class DifferenceView : public InsightView {
    Q_OBJECT
public:
    DifferenceView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    HeatmapView *heatmap() const { return m_heatmap; }
    // The difference on display, in the row layout (queries × keys); empty when none.
    // After − before of the current head's weights; empty when there is nothing to subtract.
    const attn::Matrix &difference() const {
        static const attn::Matrix none;
        return m_difference ? *m_difference : none;
    }
    QString description() const { return m_description; } // what changed; "" before any edit
    QString message() const;                              // the caption under the title
    void setColorMap(ColorMapId diverging);

protected:
    void refresh() override;
    void resultArrived(const ResultSnapshot &snapshot) override;

private:
    void onChanged(const DocumentChange &change);
    QString editText() const;

    HeatmapView *m_heatmap;
    QLabel *m_caption;
    ResultSnapshot m_latest; // the last snapshot seen
    ResultSnapshot m_before, m_after;
    bool m_pending = false; // an edit happened; its result has not arrived yet
    int m_undoIndex = 0;    // the undo stack's index when the last result arrived
    QString m_description;
    std::shared_ptr<const attn::Matrix> m_difference; // shared with the heatmap
};

} // namespace attn::ui
