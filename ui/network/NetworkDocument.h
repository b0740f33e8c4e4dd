// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

namespace attn::ui {

class NetworkInterventions;

// What the engineer set up in the model view, as Tiled's MapDocument holds a map: the text the
// model runs on, the comparison's text B, the head chosen in the overview and the interventions
// (NetworkInterventions, each change one undo step). No widgets: the model view shows it and
// sends its edits here, the controller (NetworkController) runs what it says and saves it in
// sessions. Each setter emits its signal only when the value changes.
class NetworkDocument : public QObject {
    Q_OBJECT
public:
    // `interventions` outlives the document (the controller owns both).
    explicit NetworkDocument(NetworkInterventions &interventions, QObject *parent = nullptr);

    // The text the model runs on.
    QString text() const { return m_text; }
    void setText(const QString &text);
    // Text B of the A/B comparison ("": no comparison).
    QString compareText() const { return m_compareText; }
    void setCompareText(const QString &text);
    // The head chosen in the overview; −1, −1 when none. The overview says which heads exist:
    // it chooses none for a head the run does not have.
    int chosenLayer() const { return m_layer; }
    int chosenHead() const { return m_head; }
    void choose(int layer, int head);
    // The position chosen among a word's occurrences (Find in the overview): the query row the
    // head taken apart shows; −1 when none.
    int chosenPosition() const { return m_position; }
    void choosePosition(int position);
    // Heads ablated or scaled in the run.
    NetworkInterventions &interventions() const { return m_interventions; }

signals:
    void textChanged(const QString &text);
    void compareTextChanged(const QString &text);
    void chosenChanged(int layer, int head);
    void positionChosen(int position);

private:
    NetworkInterventions &m_interventions;
    QString m_text;
    QString m_compareText;
    int m_layer = -1, m_head = -1;
    int m_position = -1;
};

} // namespace attn::ui
