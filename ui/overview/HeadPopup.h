// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/ColorScale.h"
#include "transformer/Run.h"

#include <QFrame>
#include <QStringList>

class QLabel;

namespace attn::ui {

class HeatmapView;

// The head under the pointer in the layers × heads overview, enlarged: its weights as a full
// heatmap with the token names on both axes and numbers when they fit, beside the thumbnail,
// never covering it. A tool-tip window: it takes no focus and goes when the pointer leaves.
class HeadPopup : public QFrame {
    Q_OBJECT
public:
    explicit HeadPopup(QWidget *parent = nullptr);

    // `near`: the thumbnail on the screen; the popup goes right of it, or left when there is
    // no room. `causal`: the cells above the diagonal are hatched as masked.
    void showHead(const attn::RunPtr &run, const QStringList &tokens, bool causal, int layer,
                  int head, const QRect &near);
    // Any n × n reading of a head or a layer in its place (value-weighted norms, a rollout):
    // `kind` its colour scale, `note` a line under it ("" for none).
    void showMatrix(const attn::Matrix &values, const QStringList &tokens, bool causal, int layer,
                    int head, const QString &title, ScaleKind kind, const QString &note,
                    const QRect &near);
    // A last line on what the head leads to (a click takes it apart, the context menu ablates,
    // patches or shows its circuits): the popup itself takes no clicks. "" hides it.
    void setHint(const QString &hint);
    QLabel *hint() const { return m_hint; }
    HeatmapView *heatmap() const { return m_view; }
    QLabel *note() const { return m_note; }
    int layer() const { return m_layer; }
    int head() const { return m_head; }

private:
    void place(const QRect &near);

    HeatmapView *m_view;
    QLabel *m_note;
    QLabel *m_hint;
    int m_layer = -1, m_head = -1;
};

} // namespace attn::ui
