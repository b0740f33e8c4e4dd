// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "transformer/Interventions.h"

#include <QJsonArray>
#include <QObject>
#include <QString>

class QUndoStack;

namespace attn::ui {

class NetworkRunner;

// The engineer's edits of a model run (issue 27): heads ablated (output zeroed, replaced by its
// mean over the positions, or scaled) or sent back edited from the workbench, combined freely
// (one edit a head), and the residual stream steered after a layer (issue 42's ActAdd). Each change
// is one undo step on the document's stack, so Edit › Undo takes an ablation back like any edit;
// the command sets the runner's interventions, and the runner reruns the text with them. Sessions
// keep them as the model member's "interventions" array, in their order: {"layer", "head",
// "kind": "zero"|"mean"|"scale", "factor"} for a head, {"kind": "steer", "layer", "vector":
// [d_model numbers, its scale applied]} for steering.
class NetworkInterventions : public QObject {
    Q_OBJECT
public:
    NetworkInterventions(NetworkRunner &runner, QUndoStack &undo, QObject *parent = nullptr);

    // Ablates head `head` of layer `layer` (replacing any edit of that head): Zero, Mean or
    // Scale by `factor`. One undo step. False when the head is out of range or the factor not
    // finite.
    bool ablate(int layer, int head, attn::Intervention::Kind kind, double factor = 0);
    // Head `head` of layer `layer` contributes `contribution` (n × d, as many rows as the run's
    // tokens) instead of its own: the final output of the head taken apart into the workbench
    // and edited there. One undo step; false for a head out of range or a wrong shape.
    bool replaceContribution(int layer, int head, attn::Matrix contribution);
    // Adds `vector` (1 × d_model, its scale applied) to the residual stream after layer `layer`
    // at every position (attn::Intervention::steer), beside the other edits; `text` names the
    // undo step. One undo step; false for a layer out of range or a vector of another shape.
    bool steer(int layer, attn::Matrix vector, const QString &text);
    // ActAdd (Turner et al. 2023): steers after layer `layer` by the residual stream there of
    // text `a` at its last position minus text `b`'s, times `scale`. The two texts run on a
    // worker; the undo step is pushed when they are back, then steered() (or failed()).
    void steerByTexts(int layer, const QString &a, const QString &b, double scale);
    // A steering being read (the tests and screenshots wait for it).
    bool isBusy() const { return m_reading > 0; }
    bool waitUntilIdle(int milliseconds = 30000);

    // Takes the edit of that head away (one undo step); false when it had none.
    bool restore(int layer, int head);
    // Every edit away, one undo step; false when there were none.
    bool clear();

    const attn::Interventions &current() const;
    // The edit of a head, or nullptr.
    const attn::Intervention *of(int layer, int head) const;
    // "zero", "mean", "×0.5": a head's mark in the overview.
    static QString mark(const attn::Intervention &edit);
    static QString describe(const attn::Intervention &edit);

    QJsonArray state() const;
    // From a session: edits that do not fit the open model (a head or layer it does not have, a
    // steering vector that is not d_model finite numbers) are dropped, *error saying which and
    // why in one line; the others apply.
    void loadState(const QJsonArray &state, QString *error = nullptr);

signals:
    void steered();
    void failed(const QString &message);

private:
    void put(attn::Intervention edit); // the head's edit, replacing any it had
    void change(attn::Interventions after, const QString &text);

    NetworkRunner &m_runner;
    QUndoStack &m_undo;
    int m_reading = 0; // steerings on a worker
};

} // namespace attn::ui
