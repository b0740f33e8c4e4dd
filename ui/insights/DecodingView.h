// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "InsightView.h"
#include "kernels/KvCache.h"

#include <QTimer>

class QLabel;
class QStackedWidget;
class QToolButton;

namespace attn::ui {

class HeatmapView;

// Decoding with a KV cache: the current head's causal attention computed the way a model
// generates text, one token per step. Each step appends the token's key and value rows to the
// cache, lets its one query row attend to the cache and appends one output row; the cache and
// the outputs grow on screen. Beside each step, its cost in multiply-adds and what recomputing
// everything for the tokens so far would cost; after the last token, the outputs are checked
// against the full causal computation. Step, Play and Reset (and Right, Space, Home).
class DecodingView : public InsightView {
    Q_OBJECT
public:
    DecodingView(Document *document, Recomputer *recomputer, QWidget *parent = nullptr);

    int decoded() const { return m_decoded; } // tokens so far
    const attn::KvCacheState &state() const { return m_state; }
    QString costText() const;
    QString checkText() const; // after the last step: the cache against the full computation
    bool isPlaying() const { return m_timer.isActive(); }
    HeatmapView *keysView() const { return m_keys; }
    HeatmapView *valuesView() const { return m_values; }
    HeatmapView *weightsView() const { return m_weights; }
    HeatmapView *outputsView() const { return m_outputs; }

public slots:
    void step();
    void play();
    void reset();

protected:
    void refresh() override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    int tokenCount() const;
    static QString checkFor(const attn::KvCacheState &state, const attn::AttentionInputs &in);
    void showDecoded(const attn::AttentionInputs &in, int head, const QString &check);

    int m_decoded = 0;
    attn::KvCacheState m_state;
    QString m_problem; // why decoding cannot run on these inputs
    QTimer m_timer;
    QToolButton *m_step;
    QToolButton *m_play;
    QToolButton *m_reset;
    QLabel *m_position;
    QLabel *m_cost;
    QLabel *m_check;
    QStackedWidget *m_pages; // a sentence while the cache is empty, then the four heatmaps
    HeatmapView *m_keys;
    HeatmapView *m_values;
    HeatmapView *m_weights;
    HeatmapView *m_outputs;
};

} // namespace attn::ui
