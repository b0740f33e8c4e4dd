// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "heatmap/HeatmapPicture.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QComboBox;
class QDockWidget;
class QPushButton;

namespace attn::ui {

class Document;
class NetworkFocus;
class NetworkInterventions;
class NetworkRunner;
class NetworkView;
class NetworkDocument;
class RunReadings;
struct ResultSnapshot;
class Shell;
class ViewStateRegistry;

// A real model in the window (issue 25): File › Open model… (or a folder dropped on the window,
// or `attnviz --model DIR`) opens a Hugging Face checkpoint folder into a NetworkRunner, whose
// NetworkView gets the whole window (NetworkFocus). Taking a head or a layer apart puts its
// numbers (attn::takeApart) into the Document as one undo step and shows the workbench; a
// "Back to the model" button in the status bar (and View › Model, Ctrl+M) shows the model
// again. What the engineer set up (the text, text B, the chosen head, the interventions) is the
// NetworkDocument: the view shows and edits it, the controller runs its text and keeps it in
// sessions, under the view's "model" key with the folder (docs/formats.md). The controller
// talks to the document, the runner and the readings, never to the view's widgets.
class NetworkController : public QObject {
    Q_OBJECT
public:
    NetworkController(Shell &shell, Document &document, ViewStateRegistry &viewState);
    ~NetworkController() override;

    NetworkRunner &runner() const { return *m_runner; }
    NetworkView &view() const { return *m_view; }
    // The text, text B, the chosen head and the interventions.
    NetworkDocument &networkDocument() const { return *m_network; }
    // Heads ablated or scaled in the run, each change one undo step.
    NetworkInterventions &interventions() const { return *m_interventions; }
    QDockWidget *dock() const { return m_dock; }
    QAction *openAction() const { return m_open; }
    QAction *compareFileAction() const { return m_compareFile; }
    // File › Compare with another file…: the open model's text through the model in `path` (a
    // folder or a .gguf file of the same architecture), in the A/B tab.
    void compareWithFile(const QString &path);
    QAction *showAction() const { return m_show; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *sendBackButton() const { return m_sendBack; }
    QPushButton *circuitsButton() const { return m_circuits; }

    // Interactive: a folder chooser, then openFolder.
    void open();
    void compareWithFile(); // asks for the file
    // Opens `folder` on a worker and shows the model once open, after calling `opened` (if
    // given); a folder that cannot be opened is said in one line (status bar and the model
    // view), the model open before stays, and `opened` is never called.
    void openFolder(const QString &folder, std::function<void()> opened = {});
    // The same on this thread; false and *error when refused.
    bool openFolderNow(const QString &folder, QString *error = nullptr);

    bool isModelShown() const;
    void showModel(bool shown);

    // Head `head` of layer `layer` of the current run (−1: every head of the layer) into the
    // document, one undo step, then the workbench. A layer over attnviz's limits is said, and
    // askTakeHead offered the chosen head instead. False and *error when nothing was loaded.
    bool takeApart(int layer, int head, QString *error = nullptr);
    // After Continue grew the run with the KV cache: the head taken apart, when the workbench
    // still holds it unedited, is taken apart again from the grown run (it gains the new rows;
    // the model view stays). False when there was nothing to follow.
    bool followGrowth();
    // The head last taken apart, with the workbench's edits of any of its numbers (X, Wq, Wk,
    // Wv, Wo), back into the model: its final output replaces the head's contribution to the
    // layer (one undo step), and the model shows what that changed. False and *error when the
    // workbench no longer holds that head (another session, other sizes, another text).
    bool sendHeadBack(QString *error = nullptr);
    // The circuits (W_QK, W_OV, their spectra) of the head in the workbench as it is now, edits
    // included, in the model view's Circuits tab; false with a message when the workbench holds
    // no head of the model.
    bool showEditedCircuits(QString *error = nullptr);
    // Asked when a whole layer is too large: `why`, one line. True = take the head instead.
    void setAskTakeHead(std::function<bool(const QString &why)> ask) {
        m_askTakeHead = std::move(ask);
    }

    // What the workbench's weights heatmap shows while it holds the head taken apart (issue 27):
    // the weights with a tooltip line on the sink, value-weighted attention ‖a·v·Wo‖ of the
    // document as it is (its edits included), or the model's rollout through the head's layer;
    // nullopt when the document is no longer that head. weightsPictureChanged asks for a redraw.
    enum class WeightsPicture { Weights, ValueWeighted, Rollout };
    std::optional<HeatmapPicture> weightsPicture(const ResultSnapshot &snapshot, int head) const;
    QComboBox *weightsPictureBox() const { return m_pictureBox; }
    // The line a weights tooltip adds for the sink key: its weight, its value's norm and the
    // other keys' ("" for another key, or without a sink).
    static QString sinkLine(const attn::Matrix &weights, const attn::RowVector &valueNorms,
                            int query, int key);

    // The view's "model" object of a session, and loading one (a missing folder is said, and
    // the document opens all the same).
    QJsonObject state() const;
    void loadState(const QJsonObject &state);

    // The open model's name for the window's title: "gpt2-tiny (GPT-2)"; empty when none is
    // open.
    QString modelName() const;

signals:
    void weightsPictureChanged();
    // The model view took the whole window, or gave it back, or another model opened in it.
    void shownChanged();

private:
    // A session's model member: its document taken from head `head` (−1: the layer) of `layer`.
    void adoptTakenApart(int layer, int head, qsizetype tokens);
    void updateBackButton();
    void failed(const QString &message);

    Shell &m_shell;
    Document &m_document;
    NetworkRunner *m_runner;
    RunReadings *m_readings;
    NetworkInterventions *m_interventions;
    NetworkDocument *m_network;
    NetworkView *m_view;
    QDockWidget *m_dock;
    NetworkFocus *m_focus;
    QAction *m_open;
    QAction *m_compareFile;
    QAction *m_show;
    QPushButton *m_back;
    QPushButton *m_sendBack;
    QPushButton *m_circuits;
    QComboBox *m_pictureBox;
    bool m_following = false;                // followGrowth is taking the head apart again
    quint64 m_takenGeneration = 0;           // the document's generation when it was taken apart
    int m_takenLayer = -1, m_takenHead = -1; // what the workbench's document was taken from
    std::function<bool(const QString &)> m_askTakeHead;
    // A session's chosen head, applied once the run of its text is there.
    int m_pendingLayer = -1, m_pendingHead = -1;
    QString m_sessionName; // the document's name (a session's file) for its load's messages
};

} // namespace attn::ui
