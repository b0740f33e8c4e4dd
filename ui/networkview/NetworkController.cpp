// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkController.h"

#include "Attention.h"
#include "InputError.h"
#include "Limits.h"
#include "NetworkFocus.h"
#include "NetworkView.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/ModelFamilies.h"
#include "comparison/ComparisonView.h"
#include "document/Document.h"
#include "document/ResultSnapshot.h"
#include "document/ViewStateRegistry.h"
#include "network/NetworkComparison.h"
#include "network/NetworkDocument.h"
#include "network/NetworkInterventions.h"
#include "network/NetworkRunner.h"
#include "network/RunReadings.h"
#include "readings/CircuitsView.h"
#include "shell/BusyIndicator.h"
#include "shell/Shell.h"
#include "tokenizer/Tokenizer.h"
#include "transformer/Forward.h"
#include "transformer/TakeApart.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace attn::ui {

namespace {

constexpr int kMessageMs = 15000;
// The workbench's weights picture notes read the whole weights: up to this many tokens.
constexpr Eigen::Index kMaxPictureTokens = 1024;

} // namespace

NetworkController::NetworkController(Shell &shell, Document &document, ViewStateRegistry &viewState)
    : QObject(&shell), m_shell(shell), m_document(document), m_runner(new NetworkRunner(this)),
      m_readings(new RunReadings(this)),
      m_interventions(new NetworkInterventions(*m_runner, *document.undoStack(), this)),
      m_network(new NetworkDocument(*m_interventions, this)),
      m_view(new NetworkView(*m_runner, *m_network, *m_readings)), m_back(new QPushButton),
      m_sendBack(new QPushButton), m_circuits(new QPushButton), m_pictureBox(new QComboBox) {
    QMainWindow &window = shell.window();
    m_dock = shell.addPanel(tr("Model"), "modelDock", m_view, Qt::RightDockWidgetArea);
    m_dock->hide();
    m_focus = new NetworkFocus(window, m_dock, m_view);
    m_view->setColorMap(shell.sequentialMap());
    connect(&shell, &Shell::colorMapsChanged, m_view,
            [this](ColorMapId sequential, ColorMapId) { m_view->setColorMap(sequential); });

    m_open = new QAction(tr("Open &model\u2026"), this);
    m_open->setObjectName("openModelAction");
    m_open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_open->setToolTip(tr("Open a Hugging Face model folder (config.json, model.safetensors and "
                          "its tokenizer) and see every head of every layer"));
    connect(m_open, &QAction::triggered, this, &NetworkController::open);
    QMenu *file = shell.menu(MenuId::File);
    const QList<QAction *> fileActions = file->actions();
    // Under File › Open…, where a user looks for opening things.
    file->insertAction(fileActions.size() > 1 ? fileActions[1] : nullptr, m_open);

    // The quantization lens: the same text through another file of the model (issue 40).
    m_compareFile = new QAction(tr("Compare with another &file\u2026"), this);
    m_compareFile->setObjectName("compareFileAction");
    m_compareFile->setToolTip(tr("Run the text through another file of the same model (F16 "
                                 "beside Q4_K_M, a folder beside a GGUF file) and see per head "
                                 "how far its attention moved"));
    m_compareFile->setEnabled(false);
    connect(m_compareFile, &QAction::triggered, this,
            qOverload<>(&NetworkController::compareWithFile));
    connect(m_runner, &NetworkRunner::opened, this, [this] { m_compareFile->setEnabled(true); });
    file->insertAction(fileActions.size() > 1 ? fileActions[1] : nullptr, m_compareFile);

    m_show = new QAction(tr("Show the &model"), this);
    m_show->setObjectName("showModelAction");
    m_show->setCheckable(true);
    m_show->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_show->setToolTip(tr("Show the open model's heads in the whole window, or the workbench "
                          "again"));
    connect(m_show, &QAction::toggled, this, &NetworkController::showModel);
    shell.menu(MenuId::View)->addAction(m_show);
    connect(m_focus, &NetworkFocus::activeChanged, this, [this](bool on) {
        const QSignalBlocker block(m_show);
        m_show->setChecked(on);
        updateBackButton();
        emit shownChanged();
    });
    connect(m_runner, &NetworkRunner::opened, this, &NetworkController::shownChanged);

    // Flat buttons in the status bar, shown while the workbench holds the model's numbers; the
    // first, the link back from a head taken apart, always while the workbench shows.
    const auto statusButton = [&window, this](QPushButton *button, const char *name,
                                              const QString &text, const QString &tip,
                                              auto clicked) {
        button->setObjectName(name);
        button->setText(text);
        button->setToolTip(tip);
        button->setFlat(true);
        button->hide();
        window.statusBar()->addPermanentWidget(button);
        connect(button, &QPushButton::clicked, this, clicked);
    };
    statusButton(m_back, "backToModelButton", tr("\u25c2 Back to the model"),
                 tr("Show the model the workbench's numbers came from (Ctrl+M)"),
                 [this] { showModel(true); });
    // And the loop no other tool closes: edit a number of the head, send it back, see the answer
    // of the model change.
    statusButton(m_sendBack, "sendHeadBackButton", tr("Send the head's edits to the model ▸"),
                 tr("Run the model with this head as the workbench computes it now: its output "
                    "replaces the head's own, and the model shows what changed (Edit › Undo "
                    "takes it back)"),
                 [this] { sendHeadBack(); });
    // What an edit does to the head's circuits, beside what it does to the model's answer.
    statusButton(m_circuits, "editedCircuitsButton", tr("Its circuits ▸"),
                 tr("W_QK and W_OV of this head as the workbench holds it now, edits included, "
                    "with their spectra and the copying score (the model view's Circuits tab)"),
                 [this] { showEditedCircuits(); });
    // The overview's pictures, for the head in the workbench: its weights heatmap switches.
    m_pictureBox->setObjectName("workbenchWeightsPicture");
    m_pictureBox->addItem(tr("Weights heatmap: attention weights"), int(WeightsPicture::Weights));
    m_pictureBox->addItem(tr("Weights heatmap: value-weighted ‖a·v·Wo‖"),
                          int(WeightsPicture::ValueWeighted));
    m_pictureBox->addItem(tr("Weights heatmap: attention rollout"), int(WeightsPicture::Rollout));
    m_pictureBox->setToolTip(tr("What the workbench's weights heatmap shows for the head taken "
                                "apart, as the model view's Show box does for every head"));
    m_pictureBox->hide();
    window.statusBar()->addPermanentWidget(m_pictureBox);
    connect(m_pictureBox, &QComboBox::currentIndexChanged, this, [this] {
        if (WeightsPicture(m_pictureBox->currentData().toInt()) == WeightsPicture::Rollout)
            m_readings->request(RunReadings::Kind::Rollout);
        emit weightsPictureChanged();
    });
    connect(m_readings, &RunReadings::ready, this, [this](RunReadings::Kind kind) {
        if (kind == RunReadings::Kind::Rollout &&
            WeightsPicture(m_pictureBox->currentData().toInt()) == WeightsPicture::Rollout)
            emit weightsPictureChanged();
    });

    connect(m_view, &NetworkView::openRequested, this, &NetworkController::open);
    connect(m_view, &NetworkView::backRequested, this, [this] { showModel(false); });
    connect(m_view, &NetworkView::takeApartRequested, this,
            [this](int layer, int head) { takeApart(layer, head); });
    // The document's text is what the model runs on.
    connect(m_network, &NetworkDocument::textChanged, m_runner, &NetworkRunner::setText);
    // A position chosen among a word's occurrences: the head in the workbench shows its row.
    connect(m_network, &NetworkDocument::positionChosen, this, [this](int position) {
        if (m_takenLayer >= 0 && position >= 0 && position < int(m_document.inputs().X.rows()))
            m_document.selection().setSelectedRow(position);
    });
    connect(m_runner, &NetworkRunner::openFailed, this,
            [this](const QString &, const QString &message) { failed(message); });
    connect(m_runner, &NetworkRunner::opened, this, [this] {
        m_shell.showMessage(tr("Opened the model %1").arg(QFileInfo(m_runner->folder()).fileName()),
                            kMessageMs);
        updateBackButton();
    });
    connect(m_runner, &NetworkRunner::runFinished, this, [this] {
        if (m_pendingLayer >= 0) {
            m_network->choose(m_pendingLayer, m_pendingHead);
            m_pendingLayer = m_pendingHead = -1;
        }
        if (m_runner->outcome().added > 0)
            followGrowth();
    });
    connect(m_runner, &NetworkRunner::busyChanged, this, [this](bool busy) {
        if (busy)
            m_shell.busy().begin(QStringLiteral("model"), [] {
                return QCoreApplication::translate("NetworkController", "running the model\u2026");
            });
        else
            m_shell.busy().end(QStringLiteral("model"));
    });

    m_askTakeHead = [this](const QString &why) {
        return QMessageBox::question(&m_shell.window(), tr("Take the layer apart"), why) ==
               QMessageBox::Yes;
    };

    // A session's document takes the file's name just before its view state loads: the
    // messages about what the session holds name the file.
    connect(&document, &Document::replaced, this,
            [this](const QString &name) { m_sessionName = name; });

    viewState.registerProvider(
        QStringLiteral("model"),
        [this] {
            const QJsonObject s = state();
            return s.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(s);
        },
        [this](const QJsonValue &v) { loadState(v.toObject()); }, this);
}

NetworkController::~NetworkController() = default;

void NetworkController::open() {
    // A GGUF file, or a Hugging Face folder by its config.json.
    const QString path = QFileDialog::getOpenFileName(
        &m_shell.window(), tr("Open a model"), m_runner->folder(),
        tr("Models (*.gguf config.json);;GGUF files (*.gguf);;Hugging Face folders (config.json)"));
    if (path.isEmpty())
        return;
    openFolder(path.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive) ? path
                                                                          : QFileInfo(path).path());
}

void NetworkController::compareWithFile() {
    if (!m_runner->isOpen())
        return;
    const QString path = QFileDialog::getOpenFileName(
        &m_shell.window(), tr("Compare with another file of the model"), m_runner->folder(),
        tr("Models (*.gguf config.json);;GGUF files (*.gguf);;Hugging Face folders (config.json)"));
    if (path.isEmpty())
        return;
    compareWithFile(
        path.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive) ? path : QFileInfo(path).path());
}

void NetworkController::compareWithFile(const QString &path) {
    showModel(true);
    m_view->tabs()->setCurrentWidget(m_view->comparisonView());
    m_view->comparison().openFileB(path);
}

void NetworkController::openFolder(const QString &folder, std::function<void()> opened) {
    // Shown once open; the model open before stays in view until then, and if it fails. Only
    // the open asked for here: the connections go with the first answer, opened or failed.
    auto *connection = new QMetaObject::Connection;
    auto *failure = new QMetaObject::Connection;
    const auto done = [connection, failure] {
        QObject::disconnect(*connection);
        QObject::disconnect(*failure);
        delete connection;
        delete failure;
    };
    *connection =
        connect(m_runner, &NetworkRunner::opened, this, [this, done, opened = std::move(opened)] {
            done();
            if (opened)
                opened();
            showModel(true);
        });
    *failure = connect(m_runner, &NetworkRunner::openFailed, this, [done] { done(); });
    m_runner->open(folder);
}

bool NetworkController::openFolderNow(const QString &folder, QString *error) {
    return m_runner->openNow(folder, error);
}

QString NetworkController::modelName() const {
    if (!m_runner->isOpen())
        return {};
    return tr("%1 (%2)").arg(
        QFileInfo(m_runner->folder()).fileName(),
        QString::fromLatin1(attn::familySpec(m_runner->checkpoint()->config().family).displayName));
}

bool NetworkController::isModelShown() const {
    return m_focus->isActive();
}

void NetworkController::showModel(bool shown) {
    m_focus->setActive(shown);
    updateBackButton();
}

void NetworkController::updateBackButton() {
    m_back->setVisible(m_runner->isOpen() && !m_focus->isActive());
    m_sendBack->setVisible(m_back->isVisibleTo(m_back->parentWidget()) && m_takenHead >= 0);
    m_pictureBox->setVisible(m_sendBack->isVisibleTo(m_sendBack->parentWidget()));
    m_circuits->setVisible(m_sendBack->isVisibleTo(m_sendBack->parentWidget()));
}

bool NetworkController::sendHeadBack(QString *error) {
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        failed(message);
        return false;
    };
    const attn::RunPtr run = m_runner->outcome().run;
    const auto checkpoint = m_runner->checkpoint();
    if (m_takenHead < 0 || !run || !checkpoint)
        return fail(tr("No head of the model is in the workbench: take one apart first."));
    const attn::AttentionInputs &inputs = m_document.inputs();
    const Eigen::Index n = Eigen::Index(run->ids.size());
    if (inputs.heads.size() != 1 || inputs.X.rows() != n ||
        inputs.Wo.cols() != checkpoint->config().dModel)
        return fail(tr("The workbench no longer holds head %1 of layer %2 on the model's %3 "
                       "tokens: take the head apart again.")
                        .arg(m_takenHead)
                        .arg(m_takenLayer)
                        .arg(n));
    attn::Matrix contribution;
    const QString thrown = [&] {
        try {
            contribution = attn::compute(inputs).output();
        } catch (const std::exception &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    }();
    if (!thrown.isEmpty())
        return fail(thrown);
    if (!m_interventions->replaceContribution(m_takenLayer, m_takenHead, std::move(contribution)))
        return fail(tr("The head's output does not fit the model (not finite, or of another "
                       "shape)."));
    showModel(true);
    return true;
}

bool NetworkController::showEditedCircuits(QString *error) {
    const auto checkpoint = m_runner->checkpoint();
    const attn::AttentionInputs &inputs = m_document.inputs();
    if (m_takenHead < 0 || !checkpoint || inputs.heads.size() != 1 ||
        inputs.heads[0].Wq.rows() != checkpoint->config().dModel ||
        inputs.Wo.cols() != checkpoint->config().dModel) {
        const QString message =
            tr("No head of the model is in the workbench: take one apart first.");
        if (error)
            *error = message;
        failed(message);
        return false;
    }
    auto head = std::make_shared<attn::HeadProjections>();
    head->qkv = inputs.heads[0];
    head->Wo = inputs.Wo;
    const attn::HeadProjections own = attn::headProjections(*checkpoint, m_takenLayer, m_takenHead);
    const auto same = [](const attn::Matrix &a, const attn::Matrix &b) {
        return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
    };
    // Only what the circuits read: Wq, Wk, Wv and Wo (the biases and X leave them alone).
    const bool edited = !same(head->qkv.Wq, own.qkv.Wq) || !same(head->qkv.Wk, own.qkv.Wk) ||
                        !same(head->qkv.Wv, own.qkv.Wv) || !same(head->Wo, own.Wo);
    const QString title = edited ? tr("Layer %1, head %2 as edited in the workbench")
                                 : tr("Layer %1, head %2 from the workbench");
    m_view->showProjections(std::move(head), title.arg(m_takenLayer).arg(m_takenHead));
    showModel(true);
    return true;
}

void NetworkController::failed(const QString &message) {
    m_view->showMessage(message);
    m_shell.showMessage(message, kMessageMs);
}

bool NetworkController::followGrowth() {
    const NetworkRunner::Outcome &o = m_runner->outcome();
    const auto checkpoint = m_runner->checkpoint();
    // The workbench's document must still be the head taken apart of the run before this token
    // (its shape) and unedited since (its undo stack clean): anything else is the user's.
    const attn::AttentionInputs &inputs = m_document.inputs();
    if (m_takenLayer < 0 || !checkpoint || !o.run || o.added <= 0 ||
        m_document.documentGeneration() != m_takenGeneration ||
        m_document.undoStack()->index() != 0 ||
        inputs.X.rows() != qsizetype(o.tokens.size()) - qsizetype(o.added) ||
        inputs.X.cols() != checkpoint->config().dModel)
        return false;
    const int layer = m_takenLayer, head = m_takenHead;
    const qsizetype before = inputs.X.rows();
    m_following = true; // takeApart: no switch to the workbench, no message of its own
    const bool taken = takeApart(layer, head);
    m_following = false;
    if (!taken)
        return false;
    // The new query is the row the KV-cache lesson points at; the rows before it are the ones
    // whose keys and values the cache reused.
    m_document.selection().setSelectedRow(int(o.tokens.size()) - 1);
    m_shell.showMessage(tr("The head in the workbench grew with the KV cache: row %1 is the new "
                           "query; the keys and values of rows 0–%2 were reused.")
                            .arg(qlonglong(o.tokens.size()) - 1)
                            .arg(qlonglong(before) - 1),
                        kMessageMs);
    return true;
}

bool NetworkController::takeApart(int layer, int head, QString *error) {
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        failed(message);
        return false;
    };
    const std::shared_ptr<const attn::Checkpoint> checkpoint = m_runner->checkpoint();
    const NetworkRunner::Outcome outcome = m_runner->outcome(); // a copy: the run may move on
    if (!checkpoint || !outcome.run)
        return fail(tr("There is no run of the model to take apart yet: type a text."));
    if (layer < 0 || layer >= int(outcome.run->layers.size()))
        return fail(tr("The model has no layer %1.").arg(layer));
    const int chosenHead = std::max(m_network->chosenHead(), 0);
    if (head < 0) {
        const std::string why =
            attn::layerTooLarge(checkpoint->config(), std::int64_t(outcome.tokens.size()));
        if (!why.empty()) {
            const QString line = tr("Layer %1 is too large for the workbench: %2")
                                     .arg(layer)
                                     .arg(QString::fromStdString(why));
            if (!m_askTakeHead(
                    tr("%1\n\nTake head %2 of it apart instead?").arg(line).arg(chosenHead)))
                return fail(line);
            head = chosenHead;
        }
    }
    std::vector<std::string> tokens;
    tokens.reserve(outcome.tokens.size());
    for (const attn::Token &t : outcome.tokens)
        tokens.push_back(attn::displayLabel(t).left(int(attn::kMaxLabelLength)).toStdString());
    attn::AttentionInputs inputs;
    try {
        if (outcome.run->compact) {
            // A compact run keeps the residual stream: the layer's input is one layer's work
            // away (expandLayer, no head's weights), and take-apart reads only that layer.
            attn::Run one;
            one.ids = outcome.run->ids;
            one.layers.resize(std::size_t(layer) + 1);
            one.layers[std::size_t(layer)] = attn::expandLayer(
                *checkpoint, *outcome.run, layer,
                std::vector<bool>(std::size_t(checkpoint->config().heads), false));
            inputs = attn::takeApart(*checkpoint, one, tokens, layer, head);
        } else {
            inputs = attn::takeApart(*checkpoint, *outcome.run, tokens, layer, head);
        }
    } catch (const attn::InputError &e) {
        return fail(QString::fromUtf8(e.what()));
    }
    const QString name = QFileInfo(m_runner->folder()).fileName();
    const QString text =
        head >= 0 ? tr("Take apart head %1 of layer %2 of %3").arg(head).arg(layer).arg(name)
                  : tr("Take apart layer %1 of %2").arg(layer).arg(name);
    // The head is a document of its own: the one it replaces is offered for saving first, and
    // the title names the head from now on (Save never writes it over that file).
    if (!m_document.mayReplace()) {
        if (error)
            *error = tr("Kept the document: the head was not taken apart.");
        return false;
    }
    const QString documentName = head >= 0
                                     ? tr("%1: layer %2, head %3").arg(name).arg(layer).arg(head)
                                     : tr("%1: layer %2").arg(name).arg(layer);
    QString refused;
    if (!m_document.replaceDocument(std::move(inputs), documentName, &refused))
        return fail(refused);
    m_network->choose(layer, head >= 0 ? head : chosenHead);
    m_takenLayer = layer;
    m_takenHead = head;
    m_takenGeneration = m_document.documentGeneration();
    m_document.selection().setCurrentHead(head >= 0 ? 0 : chosenHead);
    // The position found in the overview is the query row the workbench shows.
    if (const int position = m_network->chosenPosition(); position >= 0)
        m_document.selection().setSelectedRow(position);
    if (m_following) // Continue grew the run: the model view stays where the user is
        return true;
    m_view->showMessage({});
    showModel(false);
    m_shell.showMessage(tr("%1: in the workbench now; \u25c2 Back to the model (Ctrl+M) shows the "
                           "model again.")
                            .arg(text),
                        kMessageMs);
    return true;
}

QJsonObject NetworkController::state() const {
    if (!m_runner->isOpen())
        return {};
    QJsonObject o;
    o["folder"] = m_runner->folder();
    o["text"] = m_network->text();
    // The head (or layer) the workbench was taken from, else the one chosen in the overview.
    o["layer"] = m_takenLayer >= 0 ? m_takenLayer : m_network->chosenLayer();
    o["head"] = m_takenLayer >= 0 ? m_takenHead : m_network->chosenHead();
    if (const QJsonArray edits = m_network->interventions().state(); !edits.isEmpty())
        o["interventions"] = edits;
    if (const QString b = m_network->compareText(); !b.isEmpty())
        o["compare"] = b; // run B of the A/B comparison
    QJsonArray ids;       // as attnviz-cli model session writes them
    for (const attn::Token &t : m_runner->outcome().tokens)
        ids.append(t.id);
    o["ids"] = ids;
    return o;
}

void NetworkController::loadState(const QJsonObject &state) {
    const QString folder = state.value("folder").toString();
    if (folder.isEmpty())
        return;
    if (!QFileInfo(folder).isDir()) {
        failed(tr("The model of this session is not there: %1").arg(folder));
        return;
    }
    QString error;
    if (!openFolderNow(folder, &error)) {
        failed(tr("The model of this session could not be opened: %1").arg(error));
        return;
    }
    m_pendingLayer = state.value("layer").toInt(-1);
    m_pendingHead = state.value("head").toInt(-1);
    adoptTakenApart(m_pendingLayer, m_pendingHead, state.value("ids").toArray().size());
    QString text = state.value("text").toString();
    if (!state.contains("text") && state.value("ids").isArray()) {
        // attnviz-cli model session --ids: the text those ids read as.
        std::vector<int> ids;
        for (const QJsonValue &v : state.value("ids").toArray())
            ids.push_back(v.toInt());
        try {
            text = m_runner->tokenizer()->decode(ids);
        } catch (const attn::InputError &e) {
            failed(QString::fromUtf8(e.what()));
        }
    }
    m_network->setText(text);
    m_runner->setText(text); // run again on the model just opened, if the text is the same
    m_network->setCompareText(state.value("compare").toString());
    QString dropped;
    m_network->interventions().loadState(state.value("interventions").toArray(), &dropped);
    if (!dropped.isEmpty())
        failed(m_sessionName.isEmpty() ? dropped
                                       : QStringLiteral("%1: %2").arg(m_sessionName, dropped));
}

void NetworkController::adoptTakenApart(int layer, int head, qsizetype tokens) {
    // The session's document is that head (or layer) on the model's tokens when it has its
    // shape: the workbench then leads back to the model as after Take a head apart (sending
    // edits back, the circuits, the pictures), whatever cells were edited before it was saved.
    m_takenLayer = m_takenHead = -1;
    const auto checkpoint = m_runner->checkpoint();
    const attn::AttentionInputs &inputs = m_document.inputs();
    if (!checkpoint || layer < 0 || layer >= int(checkpoint->config().layers) || head < -1 ||
        head >= int(checkpoint->config().heads) || inputs.X.rows() != tokens ||
        inputs.X.cols() != checkpoint->config().dModel || !inputs.hasWo() ||
        inputs.Wo.cols() != checkpoint->config().dModel)
        return;
    const std::size_t heads = head >= 0 ? 1 : std::size_t(checkpoint->config().heads);
    if (inputs.heads.size() != heads)
        return;
    m_takenLayer = layer;
    m_takenHead = head;
    updateBackButton();
}

QString NetworkController::sinkLine(const attn::Matrix &weights, const attn::RowVector &valueNorms,
                                    int query, int key) {
    const Eigen::Index n = weights.cols();
    if (n < 2 || valueNorms.size() != n || query < 0 || query >= weights.rows() || key < 0 ||
        key >= n)
        return {};
    // The key that draws the most weight on average: the sink, if its value writes little.
    Eigen::Index sink = 0;
    const attn::RowVector share = weights.colwise().mean();
    share.maxCoeff(&sink);
    if (key != sink)
        return {};
    const double others = (valueNorms.sum() - valueNorms(sink)) / double(n - 1);
    const double w = weights(query, key);
    QString line = tr("Position %1 gets weight %2 here (%3 on average), but its value writes "
                      "‖v·Wo‖ = %4 (the other keys: %5 on average): ‖a·v·Wo‖ = %6.")
                       .arg(key)
                       .arg(w, 0, 'f', 2)
                       .arg(share(sink), 0, 'f', 2)
                       .arg(valueNorms(sink), 0, 'f', 3)
                       .arg(others, 0, 'f', 3)
                       .arg(w * valueNorms(sink), 0, 'f', 3);
    if (valueNorms(sink) < 0.5 * others)
        line += QLatin1Char(' ') + tr("A sink: the head parks its weight there, and little comes "
                                      "of it (the value-weighted picture shows it).");
    return line;
}

std::optional<HeatmapPicture> NetworkController::weightsPicture(const ResultSnapshot &snapshot,
                                                                int head) const {
    const attn::RunPtr run = m_runner->outcome().run;
    const auto checkpoint = m_runner->checkpoint();
    if (m_takenHead < 0 || !run || !checkpoint || !snapshot.isValid())
        return std::nullopt;
    // Still the head taken apart, on the model's tokens: one head, its rows of Wo.
    const attn::AttentionInputs &inputs = *snapshot.inputs;
    const Eigen::Index n = Eigen::Index(run->ids.size());
    if (inputs.heads.size() != 1 || head != 0 || inputs.X.rows() != n || !inputs.hasWo() ||
        inputs.Wo.cols() != checkpoint->config().dModel)
        return std::nullopt;
    // Past this many tokens the weights are not derived whole on each draw (134 MB at 4096):
    // the workbench draws its own weights from block extrema, without the notes.
    if (n > kMaxPictureTokens)
        return std::nullopt;
    const attn::HeadResult &h = snapshot.result->heads.front();
    const attn::Matrix weights = h.weights();
    if (weights.rows() != n || weights.cols() != n || inputs.Wo.rows() != h.V.cols())
        return std::nullopt;
    // ‖v_j·Wo_h‖ of the document as it is: an edited Wv or Wo shows at once.
    const attn::RowVector valueNorms = (h.V * inputs.Wo).rowwise().norm().transpose();
    HeatmapPicture picture;
    picture.note = [weights, valueNorms](int row, int col) {
        return sinkLine(weights, valueNorms, row, col);
    };
    switch (WeightsPicture(m_pictureBox->currentData().toInt())) {
    case WeightsPicture::Weights:
        break;
    case WeightsPicture::ValueWeighted:
        picture.values = weights.array().rowwise() * valueNorms.array();
        picture.title = tr("‖a·v·Wo‖ (value-weighted)");
        picture.kind = ScaleKind::Sequential;
        break;
    case WeightsPicture::Rollout: {
        const auto rollouts = m_readings->rollouts();
        if (!rollouts || m_takenLayer >= int(rollouts->size()))
            break; // asked for; drawn when it comes
        picture.values = (*rollouts)[std::size_t(m_takenLayer)];
        picture.title = tr("rollout through layer %1 (the model's run)").arg(m_takenLayer);
        picture.kind = ScaleKind::Unit;
        break;
    }
    }
    return picture;
}

} // namespace attn::ui
