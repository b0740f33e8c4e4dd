// SPDX-License-Identifier: GPL-3.0-or-later
#include "NetworkView.h"

#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "comparison/ComparisonView.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkComparison.h"
#include "network/NetworkDocument.h"
#include "network/NetworkInterventions.h"
#include "network/NetworkRunner.h"
#include "network/RunOverview.h"
#include "network/RunReadings.h"
#include "network/TextContinuation.h"
#include "overview/HeadPopup.h"
#include "overview/HeadSummaryModel.h"
#include "overview/LayerDeltaView.h"
#include "overview/LayerHeadGrid.h"
#include "overview/PredictionsView.h"
#include "overview/TokenStrip.h"
#include "readings/AttributionView.h"
#include "readings/CircuitsView.h"
#include "readings/LogitLensView.h"
#include "shell/Translations.h"
#include "tokenizer/Tokenizer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attn::ui {

NetworkView::NetworkView(NetworkRunner &runner, NetworkDocument &document, RunReadings &readings,
                         QWidget *parent)
    : QWidget(parent), m_runner(runner), m_document(document), m_readings(readings),
      m_model(new QLabel(this)), m_text(new QLineEdit(this)), m_progress(new QProgressBar(this)),
      m_tokens(new TokenStrip(this)), m_message(new QLabel(this)), m_grid(new LayerHeadGrid),
      m_scroll(new QScrollArea(this)), m_predictions(new PredictionsView(this)),
      m_scoreBox(new QComboBox(this)), m_sortBox(new QCheckBox(this)), m_best(new QLabel(this)),
      m_chosen(new QLabel(this)), m_delta(new LayerDeltaView(this)),
      m_restoreAll(new QPushButton(this)), m_pictureBox(new QComboBox(this)),
      m_pictureNote(new QLabel(this)), m_readingCancel(new QPushButton(this)),
      m_tabs(new QTabWidget(this)), m_lens(new LogitLensView(this)),
      m_circuits(new CircuitsView(this)), m_attribution(new AttributionView(this)),
      m_attribute(new QPushButton(this)),
      m_continuation(new TextContinuation(runner, document, this)),
      m_continueOne(new QPushButton(this)), m_continueTen(new QPushButton(this)),
      m_cacheNote(new QLabel(this)), m_compareText(new QLineEdit(this)),
      m_comparison(new NetworkComparison(runner, this)),
      m_comparisonView(new ComparisonView(*m_comparison, this)), m_takeHead(new QPushButton(this)),
      m_takeLayer(new QPushButton(this)), m_popup(new HeadPopup(this)),
      m_cancelRun(new QPushButton(this)), m_overview(new RunOverview(this)),
      m_summary(new HeadSummaryModel(this)), m_summarySort(new QSortFilterProxyModel(this)),
      m_table(new QTableView(this)), m_overviewProgress(new QProgressBar(this)),
      m_overviewCancel(new QPushButton(this)), m_overviewNote(new QLabel(this)),
      m_find(new QLineEdit(this)), m_foundBox(new QComboBox(this)), m_foundNote(new QLabel(this)) {
    setObjectName("modelView");
    auto *layout = new QVBoxLayout(this);

    auto *header = new QHBoxLayout;
    m_model->setObjectName("modelDescription");
    m_model->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_model->setWordWrap(true);
    header->addWidget(m_model, 1);
    auto *open = new QPushButton(tr("Open model\u2026"), this);
    open->setObjectName("openModelButton");
    connect(open, &QPushButton::clicked, this, &NetworkView::openRequested);
    header->addWidget(open);
    auto *back = new QPushButton(tr("Back to the workbench"), this);
    back->setObjectName("backToWorkbenchButton");
    connect(back, &QPushButton::clicked, this, &NetworkView::backRequested);
    header->addWidget(back);
    layout->addLayout(header);

    auto *textRow = new QHBoxLayout;
    auto *textLabel = new QLabel(tr("&Text:"), this);
    textLabel->setBuddy(m_text);
    textRow->addWidget(textLabel);
    m_text->setObjectName("modelText");
    m_text->setPlaceholderText(tr("Type a sentence; the model runs on it as you type"));
    m_text->setClearButtonEnabled(true);
    textRow->addWidget(m_text, 3); // the text first: B is the second thought
    auto *compareLabel = new QLabel(tr("&Compare with:"), this);
    compareLabel->setBuddy(m_compareText);
    textRow->addWidget(compareLabel);
    m_compareText->setObjectName("modelCompareText");
    m_compareText->setPlaceholderText(tr("a second sentence (B), of as many tokens"));
    m_compareText->setClearButtonEnabled(true);
    textRow->addWidget(m_compareText, 2);
    m_progress->setObjectName("modelProgress");
    m_progress->setRange(0, 0); // counted in layers once the run reports them
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_progress->hide();
    textRow->addWidget(m_progress);
    m_cancelRun->setObjectName("cancelRunButton");
    m_cancelRun->setText(tr("Cancel"));
    m_cancelRun->setToolTip(tr("Stop the model's run of this text"));
    m_cancelRun->hide();
    connect(m_cancelRun, &QPushButton::clicked, &m_runner, &NetworkRunner::cancel);
    // While the model writes, Cancel stops it after the token under way.
    connect(m_cancelRun, &QPushButton::clicked, this, [this] { m_continuation->stop(); });
    textRow->addWidget(m_cancelRun);
    layout->addLayout(textRow);
    layout->addWidget(m_tokens);
    m_message->setObjectName("modelMessage");
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020"));
    m_message->hide();
    layout->addWidget(m_message);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_scroll->setWidget(m_grid);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // The heads, with what their thumbnails show above them; the logit lens beside, as a tab.
    auto *heads = new QWidget(this);
    auto *headsLayout = new QVBoxLayout(heads);
    headsLayout->setContentsMargins(0, 0, 0, 0);
    auto *pictureRow = new QHBoxLayout;
    m_pictureBox->setObjectName("headPictureBox");
    for (LayerHeadGrid::Picture picture :
         {LayerHeadGrid::Picture::Weights, LayerHeadGrid::Picture::ValueWeighted,
          LayerHeadGrid::Picture::Rollout})
        m_pictureBox->addItem(QString(), int(picture));
    auto *pictureLabel = new QLabel(tr("S&how:"), this);
    pictureLabel->setBuddy(m_pictureBox);
    pictureRow->addWidget(pictureLabel);
    pictureRow->addWidget(m_pictureBox);
    m_pictureNote->setObjectName("headPictureNote");
    m_pictureNote->setWordWrap(true);
    // Two lines always: a note that grows after the layout was made is not cut at the top.
    m_pictureNote->setMinimumHeight(2 * m_pictureNote->fontMetrics().lineSpacing());
    pictureRow->addWidget(m_pictureNote, 1);
    // A long text's value-weighted attention and rollout are read layer by layer: Cancel.
    m_readingCancel->setObjectName("readingCancelButton");
    m_readingCancel->setText(tr("Cancel"));
    m_readingCancel->setToolTip(tr("Stop reading this picture layer by layer"));
    m_readingCancel->hide();
    pictureRow->addWidget(m_readingCancel);
    headsLayout->addLayout(pictureRow);
    // Find a token: its positions lit on every head, one of them chosen for the workbench.
    auto *findRow = new QHBoxLayout;
    auto *findLabel = new QLabel(tr("&Find:"), this);
    findLabel->setBuddy(m_find);
    findRow->addWidget(findLabel);
    m_find->setObjectName("findTokenEdit");
    m_find->setPlaceholderText(tr("a word of the text: its positions light up on every head"));
    m_find->setClearButtonEnabled(true);
    findRow->addWidget(m_find, 2);
    m_foundBox->setObjectName("foundPositionsBox");
    m_foundBox->setToolTip(tr("Choose a position: the head taken apart shows its row"));
    m_foundBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    findRow->addWidget(m_foundBox);
    m_foundNote->setObjectName("foundNote");
    findRow->addWidget(m_foundNote, 1);
    headsLayout->addLayout(findRow);
    // Beside the heads, one row per head with what its weights do, sortable.
    auto *headsSplitter = new QSplitter(Qt::Horizontal, heads);
    headsSplitter->addWidget(m_scroll);
    auto *tablePanel = new QWidget(headsSplitter);
    auto *tableLayout = new QVBoxLayout(tablePanel);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    auto *progressRow = new QHBoxLayout;
    m_overviewProgress->setObjectName("overviewProgress");
    m_overviewProgress->setTextVisible(true);
    progressRow->addWidget(m_overviewProgress, 1);
    m_overviewCancel->setObjectName("overviewCancelButton");
    progressRow->addWidget(m_overviewCancel);
    tableLayout->addLayout(progressRow);
    m_overviewNote->setObjectName("overviewNote");
    m_overviewNote->setWordWrap(true);
    m_overviewNote->hide();
    tableLayout->addWidget(m_overviewNote);
    m_summarySort->setSourceModel(m_summary);
    m_summarySort->setSortRole(HeadSummaryModel::kSortRole);
    m_table->setObjectName("headSummaryTable");
    m_table->setModel(m_summarySort);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the heads in order until a click sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setResizeContentsPrecision(32);
    tableLayout->addWidget(m_table, 1);
    // Room for the eight columns' numbers without a horizontal scroll bar.
    tablePanel->setMinimumWidth(fontMetrics().averageCharWidth() * 64);
    headsSplitter->addWidget(tablePanel);
    // The heads first: the table is their index, narrower.
    headsSplitter->setStretchFactor(0, 3);
    headsSplitter->setStretchFactor(1, 1);
    headsSplitter->setSizes({3000, 1000});
    headsLayout->addWidget(headsSplitter, 1);
    m_tabs->setObjectName("modelTabs");
    m_tabs->addTab(heads, QString());
    m_tabs->addTab(m_lens, QString());
    m_tabs->addTab(m_circuits, QString());
    m_tabs->addTab(m_comparisonView, QString());
    m_tabs->addTab(m_attribution, QString());
    splitter->addWidget(m_tabs);
    auto *side = new QWidget(splitter);
    m_side = side;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_predictions, 1);
    // Where the top prediction comes from: each head's, MLP's and embedding's direct share.
    m_attribute->setObjectName("attributeButton");
    connect(m_attribute, &QPushButton::clicked, this, [this] { showTab(Tab::Attribution); });
    sideLayout->addWidget(m_attribute);
    // The model writes on: a greedy token appended per run, the overview a row longer each.
    auto *continueRow = new QHBoxLayout;
    m_continueOne->setObjectName("continueButton");
    m_continueTen->setObjectName("continueTenButton");
    continueRow->addWidget(m_continueOne);
    continueRow->addWidget(m_continueTen);
    sideLayout->addLayout(continueRow);
    // What the KV cache saved for the rows shown, in the KV-cache lesson's words.
    m_cacheNote->setObjectName("kvCacheNote");
    m_cacheNote->setWordWrap(true);
    m_cacheNote->hide();
    sideLayout->addWidget(m_cacheNote);
    connect(m_continueOne, &QPushButton::clicked, this, [this] { m_continuation->start(1); });
    connect(m_continueTen, &QPushButton::clicked, this, [this] {
        if (m_continuation->isActive())
            m_continuation->stop();
        else
            m_continuation->start(10);
    });
    connect(m_continuation, &TextContinuation::activeChanged, this, &NetworkView::updateContinue);
    connect(m_continuation, &TextContinuation::progress, this, &NetworkView::updateContinue);
    connect(m_continuation, &TextContinuation::failed, this, &NetworkView::showMessage);
    // "Find the induction head": every head scored by what its pattern does, the best named.
    auto *scoreRow = new QFormLayout;
    m_scoreBox->setObjectName("headScoreBox");
    for (LayerHeadGrid::Score score :
         {LayerHeadGrid::Score::None, LayerHeadGrid::Score::PreviousToken,
          LayerHeadGrid::Score::FirstToken, LayerHeadGrid::Score::Induction,
          LayerHeadGrid::Score::DuplicateToken})
        m_scoreBox->addItem(QString(), int(score));
    auto *scoreLabel = new QLabel(tr("&Score heads by:"), this);
    scoreLabel->setBuddy(m_scoreBox);
    scoreRow->addRow(scoreLabel, m_scoreBox);
    sideLayout->addLayout(scoreRow);
    m_sortBox->setObjectName("headSortBox");
    m_sortBox->setText(tr("S&ort by the score"));
    m_sortBox->setToolTip(tr("Draw each layer's heads from the highest score to the lowest"));
    sideLayout->addWidget(m_sortBox);
    m_best->setObjectName("bestHeads");
    m_best->setWordWrap(true);
    m_best->hide();
    sideLayout->addWidget(m_best);
    // What the ablations changed, and the way back, while there are any.
    m_delta->hide();
    sideLayout->addWidget(m_delta);
    m_restoreAll->setObjectName("restoreAllHeadsButton");
    m_restoreAll->hide();
    connect(m_restoreAll, &QPushButton::clicked, &m_document.interventions(),
            &NetworkInterventions::clear);
    sideLayout->addWidget(m_restoreAll);
    m_chosen->setObjectName("chosenHead");
    m_chosen->setWordWrap(true);
    sideLayout->addWidget(m_chosen);
    m_takeHead->setObjectName("takeHeadButton");
    m_takeLayer->setObjectName("takeLayerButton");
    sideLayout->addWidget(m_takeHead);
    sideLayout->addWidget(m_takeLayer);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    // The heads get the room; the predictions what a token and its probability need.
    splitter->setSizes({4000, fontMetrics().averageCharWidth() * 34});
    m_scroll->viewport()->installEventFilter(this);
    fitSide();
    splitter->setCollapsible(0, false);
    layout->addWidget(splitter, 1);

    // The text boxes edit the document and show it (a session's, a preset's text).
    setFocusProxy(m_text); // the model shown in the whole window: type at once
    connect(m_text, &QLineEdit::textChanged, &m_document, &NetworkDocument::setText);
    connect(&m_document, &NetworkDocument::textChanged, this, [this](const QString &text) {
        if (m_text->text() != text)
            m_text->setText(text);
    });
    connect(m_compareText, &QLineEdit::textChanged, &m_document, &NetworkDocument::setCompareText);
    connect(&m_document, &NetworkDocument::compareTextChanged, this, [this](const QString &text) {
        if (m_compareText->text() != text)
            m_compareText->setText(text);
        // The first letters of B bring its tab; clearing B ends the comparison where it is.
        if (!text.isEmpty() && !m_comparison->isActive())
            m_tabs->setCurrentWidget(m_comparisonView);
        m_comparison->setTextB(text);
    });
    connect(&m_runner, &NetworkRunner::runFinished, this, [this] {
        showMessage(m_runner.outcome().note);
        showOutcome();
    });
    // A failed (or cancelled) run leaves nothing of the text before it on screen.
    connect(&m_runner, &NetworkRunner::runFailed, this, [this](const QString &message) {
        showOutcome();
        showMessage(message);
    });
    connect(&m_runner, &NetworkRunner::progressChanged, this, [this](int done, int total) {
        if (m_continuation->isActive())
            return; // counted in tokens meanwhile
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    });
    // Each layer of the overview as it is read: a compact run's thumbnails, every run's table.
    connect(m_overview, &RunOverview::layerReady, this, [this](int layer) {
        m_grid->setLayerOverview(layer, m_overview->layer(layer));
        m_summary->setLayer(layer, m_overview->layer(layer));
        if (m_runner.outcome().run && m_runner.outcome().run->compact)
            updateScores();
    });
    connect(m_overview, &RunOverview::progressChanged, this, &NetworkView::updateOverviewProgress);
    connect(m_overview, &RunOverview::finished, this, &NetworkView::updateOverviewProgress);
    connect(m_overviewCancel, &QPushButton::clicked, this, [this] {
        if (m_overview->isBusy())
            m_overview->cancel();
        else
            m_overview->resume();
    });
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) {
        m_document.choose(index.data(HeadSummaryModel::kLayerRole).toInt(),
                          index.data(HeadSummaryModel::kHeadRole).toInt());
    });
    connect(m_find, &QLineEdit::textChanged, this, &NetworkView::updateFind);
    connect(m_foundBox, &QComboBox::activated, this,
            [this](int index) { m_document.choosePosition(m_foundBox->itemData(index).toInt()); });
    connect(&m_runner, &NetworkRunner::opened, this, [this] {
        showMessage({});
        // A model without tokenizer files runs on the ids typed in the text box: say so there.
        const bool ids =
            m_runner.tokenizer() && m_runner.tokenizer()->family() == attn::Tokenizer::Family::Ids;
        m_text->setPlaceholderText(
            ids ? tr("This model has no tokenizer: type token ids, such as 1, 15043, 3186")
                : tr("Type a sentence; the model runs on it as you type"));
        m_compareText->setPlaceholderText(ids ? tr("a second list of ids (B), as many")
                                              : tr("a second sentence (B), of as many tokens"));
        m_circuits->setModel(m_runner.checkpoint(), m_runner.tokenizer());
        updateCircuits();
        updateHeader();
        showOutcome();
    });
    connect(&m_runner, &NetworkRunner::openFailed, this,
            [this](const QString &, const QString &message) { showMessage(message); });
    // The bar only for runs a user waits for: a quick run would make it flicker on each key.
    m_progressDelay.setSingleShot(true);
    m_progressDelay.setInterval(kProgressDelayMs);
    connect(&m_progressDelay, &QTimer::timeout, this, [this] {
        m_progress->show();
        m_cancelRun->show();
    });
    connect(&m_runner, &NetworkRunner::busyChanged, this, [this](bool busy) {
        if (busy) {
            if (!m_progress->isVisible()) {
                m_progress->setRange(0, 0);
                m_progressDelay.start();
            }
        } else if (!m_continuation->isActive()) { // Continue 10 shows its tokens there
            m_progressDelay.stop();
            m_progress->hide();
            m_cancelRun->hide();
        }
    });
    connect(m_grid, &LayerHeadGrid::headHovered, this, &NetworkView::hoverHead);
    connect(m_pictureBox, &QComboBox::currentIndexChanged, this, [this] {
        m_readingStopped = false; // chosen again: read it again
        updatePicture();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &NetworkView::updateLens);
    connect(m_tabs, &QTabWidget::currentChanged, this, &NetworkView::updateAttribution);
    connect(m_tabs, &QTabWidget::currentChanged, this, &NetworkView::updateCircuits);
    // The A/B tab has both runs' predictions of its own, and a head's circuits are its weights',
    // whatever the text: the side gives them its width.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        m_side->setVisible(m_tabs->currentWidget() != m_comparisonView &&
                           m_tabs->currentWidget() != m_circuits);
    });
    connect(m_grid, &LayerHeadGrid::circuitsRequested, this, &NetworkView::showCircuits);
    connect(&m_readings, &RunReadings::ready, this, [this](RunReadings::Kind kind) {
        if (kind == RunReadings::Kind::LogitLens)
            updateLens();
        else if (kind == RunReadings::Kind::Attribution)
            updateAttribution();
        else
            updatePicture();
    });
    connect(&m_readings, &RunReadings::failed, this,
            [this](RunReadings::Kind, const QString &message) {
                showMessage(message);
                updatePicture();
            });
    connect(
        &m_readings, &RunReadings::progress, this,
        [this](RunReadings::Kind kind, int done, int total) {
            const auto picture = LayerHeadGrid::Picture(m_pictureBox->currentData().toInt());
            if ((kind == RunReadings::Kind::ValueWeighted &&
                 picture == LayerHeadGrid::Picture::ValueWeighted) ||
                (kind == RunReadings::Kind::Rollout && picture == LayerHeadGrid::Picture::Rollout))
                m_pictureNote->setText(tr("reading layer %1 of %2…").arg(done).arg(total));
        });
    connect(m_readingCancel, &QPushButton::clicked, this, [this] {
        m_readingStopped = true; // until the picture is chosen again or another run comes
        m_readings.cancel();
        updatePicture();
    });
    // The grid chooses a head of the document, and outlines the one the document has chosen
    // (none when the run has no such head: the document follows).
    connect(m_grid, &LayerHeadGrid::chosen, &m_document, &NetworkDocument::choose);
    connect(&m_document, &NetworkDocument::chosenChanged, this, [this](int layer, int head) {
        m_grid->choose(layer, head);
        updateChosen();
    });
    connect(m_grid, &LayerHeadGrid::takeHeadApart, this, &NetworkView::takeApartRequested);
    connect(m_grid, &LayerHeadGrid::takeLayerApart, this,
            [this](int layer) { emit takeApartRequested(layer, -1); });
    NetworkInterventions &interventions = m_document.interventions();
    connect(m_grid, &LayerHeadGrid::ablateRequested, &interventions, &NetworkInterventions::ablate);
    connect(m_grid, &LayerHeadGrid::steerRequested, this, &NetworkView::askSteering);
    connect(&interventions, &NetworkInterventions::failed, this, &NetworkView::showMessage);
    connect(m_grid, &LayerHeadGrid::restoreRequested, &interventions,
            &NetworkInterventions::restore);
    connect(m_grid, &LayerHeadGrid::restoreAllRequested, &interventions,
            &NetworkInterventions::clear);
    connect(&m_runner, &NetworkRunner::interventionsChanged, this,
            &NetworkView::updateInterventions);
    connect(m_scoreBox, &QComboBox::currentIndexChanged, this, &NetworkView::updateScores);
    connect(m_sortBox, &QCheckBox::toggled, this, &NetworkView::updateScores);
    connect(m_takeHead, &QPushButton::clicked, this, [this] {
        if (m_document.chosenLayer() >= 0)
            emit takeApartRequested(m_document.chosenLayer(), m_document.chosenHead());
    });
    connect(m_takeLayer, &QPushButton::clicked, this, [this] {
        if (m_document.chosenLayer() >= 0)
            emit takeApartRequested(m_document.chosenLayer(), -1);
    });
    Translations::setTexts(this, [this] {
        for (int i = 0; i < m_scoreBox->count(); ++i)
            m_scoreBox->setItemText(i, i == 0 ? tr("nothing")
                                              : LayerHeadGrid::scoreName(LayerHeadGrid::Score(
                                                    m_scoreBox->itemData(i).toInt())));
        updateHeader();
        updateChosen();
        updateScores();
        m_restoreAll->setText(tr("Restore every head"));
        m_pictureBox->setItemText(0, tr("attention weights"));
        m_pictureBox->setItemText(1, tr("value-weighted ‖a·v·Wo‖"));
        m_pictureBox->setItemText(2, tr("attention rollout"));
        m_tabs->setTabText(0, tr("Heads"));
        m_tabs->setTabText(1, tr("Logit lens"));
        m_tabs->setTabText(2, tr("Circuits"));
        m_tabs->setTabText(3, tr("A/B"));
        m_tabs->setTabText(4, tr("Attribution"));
        m_attribute->setText(tr("Attribute the top prediction"));
        m_attribute->setToolTip(tr("Split the logit of the most probable next token into what "
                                   "each head, each MLP, the embeddings and the biases write "
                                   "directly (direct logit attribution)"));
        updatePicture();
        updateLens();
        updateAttribution();
        updateContinue();
        m_overviewProgress->setFormat(tr("layer %v of %m"));
        updateOverviewProgress();
        updateFind();
    });
    showOutcome();
}

void NetworkView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitSide();
}

void NetworkView::fitSide() {
    // Room for a token and its probability at the current type size (presentation mode's too).
    if (m_side)
        m_side->setMinimumWidth(fontMetrics().averageCharWidth() * 30);
}

bool NetworkView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        m_grid->setFitHeight(m_scroll->viewport()->height());
    return QWidget::eventFilter(watched, event);
}

void NetworkView::setColorMap(ColorMapId map) {
    m_grid->setColorMap(map);
    m_comparisonView->setColorMap(map);
}

void NetworkView::showMessage(const QString &text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void NetworkView::updateHeader() {
    m_model->setText(m_runner.isOpen()
                         ? tr("<b>%1</b><br>%2<br>%3")
                               .arg(m_runner.folder().toHtmlEscaped(),
                                    m_runner.description().toHtmlEscaped(),
                                    m_runner.features().toHtmlEscaped())
                         : tr("No model is open: File \u203a Open model\u2026 or drop a model "
                              "folder (config.json, model.safetensors and the tokenizer's "
                              "files) on the window."));
}

void NetworkView::updateChosen() {
    const int layer = m_document.chosenLayer(), head = m_document.chosenHead();
    m_takeHead->setEnabled(layer >= 0);
    m_takeLayer->setEnabled(layer >= 0);
    if (layer < 0) {
        m_chosen->setText(tr("Click a head to take it apart in the workbench; hover it to "
                             "enlarge it."));
        m_takeHead->setText(tr("Take the head apart"));
        m_takeLayer->setText(tr("Take the layer apart"));
        return;
    }
    m_chosen->setText(tr("Layer %1, head %2").arg(layer).arg(head));
    m_takeHead->setText(tr("Take head %1 apart").arg(head));
    m_takeLayer->setText(tr("Take layer %1 apart (all heads)").arg(layer));
}

void NetworkView::updateScores() {
    const auto score = LayerHeadGrid::Score(m_scoreBox->currentData().toInt());
    m_sortBox->setEnabled(score != LayerHeadGrid::Score::None);
    m_grid->setScore(score, m_sortBox->isChecked());
    if (score == LayerHeadGrid::Score::None || m_grid->headCount() == 0) {
        m_best->hide();
        return;
    }
    // The three highest heads of the whole model, named, so the class can find them.
    struct Scored {
        double value;
        int layer, head;
    };
    std::vector<Scored> scored;
    for (int l = 0; l < m_grid->layers(); ++l)
        for (int h = 0; h < m_grid->heads(); ++h)
            if (const double v = m_grid->scoreOf(l, h); !std::isnan(v))
                scored.push_back({v, l, h});
    std::stable_sort(scored.begin(), scored.end(),
                     [](const Scored &a, const Scored &b) { return a.value > b.value; });
    QStringList best;
    for (std::size_t i = 0; i < std::min<std::size_t>(3, scored.size()); ++i)
        best << tr("layer %1 head %2: %3")
                    .arg(scored[i].layer)
                    .arg(scored[i].head)
                    .arg(scored[i].value, 0, 'f', 2);
    if (best.isEmpty())
        m_best->setText(tr("No token of this text repeats an earlier one, so no head has a %1 "
                           "score: type a sentence that repeats itself.")
                            .arg(LayerHeadGrid::scoreName(score)));
    else
        m_best->setText(tr("Highest %1 score: %2")
                            .arg(LayerHeadGrid::scoreName(score), best.join(QStringLiteral("; "))));
    m_best->show();
}

void NetworkView::updateInterventions() {
    // The marks follow the interventions at once; the numbers follow with the run they make.
    QHash<QPair<int, int>, QString> marks;
    for (const attn::Intervention &e : m_runner.interventions().edits)
        if (e.kind != attn::Intervention::Kind::PatchResidual &&
            e.kind != attn::Intervention::Kind::Steer) // a layer's, not a head's
            marks.insert({e.layer, e.head}, NetworkInterventions::mark(e));
    m_grid->setMarks(marks);
    // Steering marks no head, but the way back is the same button.
    m_restoreAll->setVisible(!m_runner.interventions().empty());
}

void NetworkView::hoverHead(int layer, int head, const QRect &near) {
    if (layer < 0) {
        m_popup->hide();
        return;
    }
    const NetworkRunner::Outcome &o = m_runner.outcome();
    const bool causal = m_runner.checkpoint() && m_runner.checkpoint()->config().decoder();
    const QStringList tokens = attn::displayLabels(o.tokens);
    QString hint = tr("Click: take it apart in the workbench. Right-click: ablate it, or "
                      "Circuits of head %1 (what it reads and writes, from its weights).")
                       .arg(head);
    // A run the KV cache grew: which row of the enlarged head is new, in the lesson's words.
    if (m_grid->addedRows() > 0 && m_grid->picture() != LayerHeadGrid::Picture::Rollout)
        hint = tr("The last row (position %1) is the new query, computed now: it reads the %2 "
                  "cached keys and values and its own. The rows above it were computed before.")
                   .arg(qlonglong(m_grid->reusedRows()))
                   .arg(qlonglong(m_grid->reusedRows())) +
               QLatin1Char(' ') + hint;
    m_popup->setHint(hint);
    // A compact run's pictures are the largest of each block of cells (no head keeps its
    // weights): enlarged, each block named by the positions it covers.
    const bool maxima = o.run && o.run->compact;
    const auto showMaxima = [&](const attn::Matrix &m, const QString &title, ScaleKind kind,
                                const QString &note) {
        const auto n = qint64(o.tokens.size());
        const qint64 blocks = m.rows();
        if (blocks == 0 || n == 0) {
            m_popup->hide();
            return;
        }
        QStringList ranges;
        for (qint64 b = 0; b < blocks; ++b) {
            const qint64 first = b * n / blocks, last = (b + 1) * n / blocks - 1;
            ranges << (first == last ? QString::number(first)
                                     : QStringLiteral("%1–%2").arg(first).arg(last));
        }
        m_popup->showMatrix(m.array().isNaN().select(0, m), ranges, causal, layer, head, title,
                            kind, note, near);
    };
    switch (m_grid->picture()) {
    case LayerHeadGrid::Picture::Weights:
        if (maxima) {
            showMaxima(
                m_grid->shown(layer, head),
                tr("Layer %1, head %2: the largest weight of each block").arg(layer).arg(head),
                ScaleKind::Unit,
                tr("At %1 tokens the run keeps no head's weights: each cell is "
                   "the largest of a block of them, derived from the layer "
                   "again. Click to take the head apart: the workbench shows "
                   "every weight.")
                    .arg(qlonglong(o.tokens.size())));
            break;
        }
        m_popup->showHead(o.run, tokens, causal, layer, head, near);
        break;
    case LayerHeadGrid::Picture::ValueWeighted: {
        const auto norms = m_readings.norms();
        if (!norms || !o.run) {
            m_popup->hide();
            return;
        }
        const attn::ValueWeightedHead &v = (*norms)[std::size_t(layer)][std::size_t(head)];
        if (maxima) {
            showMaxima(
                v.norms,
                tr("Layer %1, head %2: the largest ‖a·v·Wo‖ of each block").arg(layer).arg(head),
                ScaleKind::Sequential,
                tr("At %1 tokens each cell is the largest of a block of cells, derived "
                   "from the layer again.")
                    .arg(qlonglong(o.tokens.size())));
            break;
        }
        m_popup->showMatrix(
            v.norms, tokens, causal, layer, head,
            tr("Layer %1, head %2: ‖a·v·Wo‖").arg(layer).arg(head), ScaleKind::Sequential,
            sinkNote(o.run->layers[std::size_t(layer)].heads[std::size_t(head)].weights,
                     v.valueNorms, tokens),
            near);
        break;
    }
    case LayerHeadGrid::Picture::Rollout: {
        const QString note = tr("½·mean of the heads + ½·I per layer, "
                                "multiplied from layer 0 up: rows are positions after the layers, "
                                "columns the input tokens they trace back to.");
        if (maxima) {
            showMaxima(m_grid->shown(layer, head),
                       tr("Rollout through layer %1: the largest of each block").arg(layer),
                       ScaleKind::Unit, note);
            break;
        }
        m_popup->showMatrix(m_grid->shown(layer, head), tokens, causal, layer, head,
                            tr("Rollout through layer %1").arg(layer), ScaleKind::Unit, note, near);
        break;
    }
    }
    // The KV-cache lesson outlines the row a step appended: so does the enlarged head.
    m_popup->heatmap()->setSelectedRow(!maxima && m_grid->addedRows() > 0 &&
                                               m_grid->picture() != LayerHeadGrid::Picture::Rollout
                                           ? int(m_grid->reusedRows())
                                           : -1);
}

QString NetworkView::sinkNote(const attn::Matrix &weights, const attn::RowVector &valueNorms,
                              const QStringList &tokens) {
    const Eigen::Index n = weights.cols();
    if (n < 2 || valueNorms.size() != n || weights.rows() == 0)
        return {};
    // The key that draws the most weight on average, against what the others write.
    Eigen::Index key = 0;
    const attn::RowVector share = weights.colwise().mean();
    share.maxCoeff(&key);
    const double others = (valueNorms.sum() - valueNorms(key)) / double(n - 1);
    const QString name = key < tokens.size() ? tokens[int(key)] : QString::number(key);
    const QString line = tr("Key %1 (%2) draws %3 % of the weight on average, and its value writes "
                            "‖v·Wo‖ = %4 (the other keys: %5 on average).")
                             .arg(key)
                             .arg(name)
                             .arg(share(key) * 100, 0, 'f', 0)
                             .arg(valueNorms(key), 0, 'f', 3)
                             .arg(others, 0, 'f', 3);
    if (valueNorms(key) < 0.5 * others)
        return line + QLatin1Char(' ') +
               tr("So it is a sink: the head parks its weight there, and little comes of it.");
    return line;
}

void NetworkView::updatePicture() {
    const auto picture = LayerHeadGrid::Picture(m_pictureBox->currentData().toInt());
    // The readings a picture needs, asked for when it is chosen, drawn when they come (not
    // after Cancel, until the picture is chosen again).
    if (picture == LayerHeadGrid::Picture::ValueWeighted && !m_readingStopped)
        m_readings.request(RunReadings::Kind::ValueWeighted);
    if (picture == LayerHeadGrid::Picture::Rollout && !m_readingStopped)
        m_readings.request(RunReadings::Kind::Rollout);
    m_grid->setPicture(picture, m_readings.norms(), m_readings.rollouts());
    switch (picture) {
    case LayerHeadGrid::Picture::Weights:
        if (const attn::RunPtr run = m_runner.outcome().run; run && run->compact)
            m_pictureNote->setText(tr("which key each query reads, 0–1 for every head: at %1 "
                                      "tokens, the largest weight of each block of them, read "
                                      "layer by layer")
                                       .arg(qlonglong(run->ids.size())));
        else
            m_pictureNote->setText(tr("which key each query reads, 0–1 for every head"));
        break;
    case LayerHeadGrid::Picture::ValueWeighted:
        m_pictureNote->setText(
            m_readings.norms()
                ? (m_readings.blockMaxima()
                       ? tr("how much each key adds to the query's output (Kobayashi et al. "
                            "2020), 0–%1 for every head; at %2 tokens, block maxima")
                             .arg(attn::notation::number(m_grid->scaleTop(), 3))
                             .arg(qlonglong(m_readings.run()->ids.size()))
                       : tr("how much each key adds to the query's output (Kobayashi et al. "
                            "2020), one scale for every head: 0–%1. Hover a head for its sink.")
                             .arg(attn::notation::number(m_grid->scaleTop(), 3)))
                : readingNote(RunReadings::Kind::ValueWeighted));
        break;
    case LayerHeadGrid::Picture::Rollout:
        m_pictureNote->setText(
            m_readings.rollouts()
                ? tr("where each position's information came from through the layers, if "
                     "attention alone mixed tokens (Abnar & Zuidema 2020; it ignores the MLPs "
                     "and how much each value writes)")
                : readingNote(RunReadings::Kind::Rollout));
        break;
    }
    const bool reading = (picture == LayerHeadGrid::Picture::ValueWeighted &&
                          m_readings.isReading(RunReadings::Kind::ValueWeighted)) ||
                         (picture == LayerHeadGrid::Picture::Rollout &&
                          m_readings.isReading(RunReadings::Kind::Rollout));
    m_readingCancel->setVisible(reading && m_readings.blockMaxima());
}

void NetworkView::showPicture(LayerHeadGrid::Picture picture) {
    m_pictureBox->setCurrentIndex(m_pictureBox->findData(int(picture)));
}

QString NetworkView::readingNote(RunReadings::Kind kind) const {
    if (m_readings.isReading(kind))
        return tr("reading…");
    if (!m_readings.error(kind).isEmpty())
        return m_readings.error(kind);
    return tr("not read: choose the picture again to read it");
}

void NetworkView::updateOverviewProgress() {
    const int read = m_overview->layersRead(), total = m_overview->layerCount();
    const bool busy = m_overview->isBusy();
    m_overviewProgress->setRange(0, std::max(total, 1));
    m_overviewProgress->setValue(read);
    m_overviewProgress->setVisible(total > 0 && (busy || read < total));
    m_overviewCancel->setVisible(total > 0 && (busy || read < total));
    m_overviewCancel->setText(busy ? tr("Cancel") : tr("Resume"));
    m_overviewCancel->setToolTip(busy ? tr("Stop reading the heads layer by layer")
                                      : tr("Read the layers left"));
    QString note;
    if (!m_overview->error().isEmpty())
        note = m_overview->error();
    else if (m_overview->wasCancelled())
        note = tr("Stopped after %1 of %2 layers: the other heads are blank and have no row "
                  "values.")
                   .arg(read)
                   .arg(total);
    m_overviewNote->setText(note);
    m_overviewNote->setVisible(!note.isEmpty());
}

void NetworkView::updateFind() {
    // A word as the tokens show it: their display pieces, without the leading space, any case.
    const QString word = m_find->text().trimmed();
    const NetworkRunner::Outcome &o = m_runner.outcome();
    std::vector<std::int64_t> found;
    m_foundBox->clear();
    if (!word.isEmpty() && o.run) {
        const QStringList labels = attn::displayLabels(o.tokens);
        for (int i = 0; i < labels.size(); ++i)
            if (labels[i].trimmed().compare(word, Qt::CaseInsensitive) == 0)
                found.push_back(i);
    }
    // The box lists the first ones: enough to choose from, cheap at any length.
    constexpr std::size_t kListed = 500;
    for (std::size_t k = 0; k < found.size() && k < kListed; ++k)
        m_foundBox->addItem(tr("position %1").arg(found[k]), int(found[k]));
    m_foundBox->setEnabled(!found.empty());
    m_foundBox->setVisible(!word.isEmpty());
    m_foundNote->setText(word.isEmpty()  ? QString()
                         : found.empty() ? tr("not in the text")
                         : found.size() > std::size_t(LayerHeadGrid::kMaxFound)
                             ? tr("%1 positions (the first %2 lit)")
                                   .arg(qlonglong(found.size()))
                                   .arg(LayerHeadGrid::kMaxFound)
                             : tr("%n position(s)", nullptr, int(found.size())));
    m_grid->setFoundPositions(std::move(found));
}

void NetworkView::updateLens() {
    const bool decoder = !m_runner.checkpoint() || m_runner.checkpoint()->config().decoder();
    m_tabs->setTabEnabled(1, decoder);
    if (m_tabs->currentIndex() != 1 || !decoder)
        return;
    if (!m_runner.outcome().run) {
        m_lens->setMessage(tr("Type a text above"));
        return;
    }
    if (const QString error = m_readings.error(RunReadings::Kind::LogitLens); !error.isEmpty()) {
        m_lens->setMessage(error);
        return;
    }
    if (!m_readings.lens()) {
        m_readings.request(RunReadings::Kind::LogitLens);
        m_lens->setMessage(tr("Reading the logit lens…"));
        return;
    }
    if (m_lens->lens() != m_readings.lens())
        m_lens->setLens(m_readings.lens(), m_runner.outcome().tokens, m_runner.tokenizer());
}

void NetworkView::updateAttribution() {
    const bool decoder = !m_runner.checkpoint() || m_runner.checkpoint()->config().decoder();
    const int tab = m_tabs->indexOf(m_attribution);
    m_tabs->setTabEnabled(tab, decoder);
    m_attribute->setEnabled(decoder && m_runner.outcome().run);
    if (m_tabs->currentIndex() != tab || !decoder)
        return;
    if (!m_runner.outcome().run) {
        m_attribution->setMessage(tr("Type a text above"));
        return;
    }
    if (const QString error = m_readings.error(RunReadings::Kind::Attribution); !error.isEmpty()) {
        m_attribution->setMessage(error);
        return;
    }
    if (!m_readings.attribution()) {
        m_readings.request(RunReadings::Kind::Attribution);
        m_attribution->setMessage(tr("Attributing the top prediction…"));
        return;
    }
    if (m_attribution->attribution() != m_readings.attribution())
        m_attribution->setAttribution(m_readings.attribution(), m_runner.tokenizer());
}

void NetworkView::updateContinue() {
    const bool decoder = m_runner.checkpoint() && m_runner.checkpoint()->config().decoder();
    const bool writing = m_continuation->isActive();
    m_continueOne->setText(tr("Continue ▸"));
    m_continueOne->setToolTip(tr("Append the model's most probable next token to the text: "
                                 "its row is computed with the KV cache, reusing every earlier "
                                 "position's keys and values"));
    m_continueOne->setEnabled(decoder && !writing);
    m_continueTen->setText(
        writing ? tr("Stop (%1 of %2)").arg(m_continuation->done()).arg(m_continuation->total())
                : tr("Continue 10"));
    m_continueTen->setToolTip(
        tr("Append ten tokens, one row each with the KV cache, each the most probable after "
           "the text so far"));
    m_continueTen->setEnabled(decoder);
    // Continue 10's progress, in tokens, where a run's shows in layers; Cancel stops it.
    if (writing) {
        m_progressDelay.stop();
        m_progress->setRange(0, m_continuation->total());
        m_progress->setValue(m_continuation->done());
        m_progress->show();
        m_cancelRun->show();
    } else if (!m_runner.isBusy()) {
        m_progress->hide();
        m_cancelRun->hide();
    }
    updateCacheNote();
}

void NetworkView::updateCacheNote() {
    const NetworkRunner::Outcome &o = m_runner.outcome();
    QString note;
    if (o.run && o.added > 0) {
        const qint64 n = qint64(o.reused + o.added);
        note = tr("KV cache: %1 cached keys and values reused in every head, %2 new row "
                  "computed (its query, key and value): %2 position of work instead of %3. "
                  "Veiled in each head: the rows from before; outlined: the new query's row.")
                   .arg(qlonglong(o.reused))
                   .arg(qlonglong(o.added))
                   .arg(n);
        if (o.filled > 0)
            note = tr("The KV cache was filled once with the text's %1 tokens.")
                       .arg(qlonglong(o.filled)) +
                   QLatin1Char(' ') + note;
    } else if (o.run && !m_continuation->cacheRefused().isEmpty() && o.text == m_document.text()) {
        note = tr("KV cache not used: %1").arg(m_continuation->cacheRefused());
    }
    m_cacheNote->setText(note);
    m_cacheNote->setVisible(!note.isEmpty());
}

void NetworkView::askSteering(int layer) {
    const auto checkpoint = m_runner.checkpoint();
    if (!checkpoint)
        return;
    QDialog dialog(this);
    dialog.setObjectName("steerDialog");
    dialog.setWindowTitle(tr("Steer the residual stream"));
    auto *form = new QFormLayout(&dialog);
    auto *intro = new QLabel(tr("Adds (A − B) × scale after the layer at every position: A and "
                                "B are the residual streams after that layer at the last "
                                "token of each text (ActAdd, Turner et al. 2023)."),
                             &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    auto *layerBox = new QSpinBox(&dialog);
    layerBox->setRange(0, int(checkpoint->config().layers) - 1);
    layerBox->setValue(layer);
    form->addRow(tr("After &layer:"), layerBox);
    auto *textA = new QLineEdit(&dialog);
    textA->setObjectName("steerTextA");
    textA->setPlaceholderText(tr("for example “Love”"));
    form->addRow(tr("Text &A:"), textA);
    auto *textB = new QLineEdit(&dialog);
    textB->setObjectName("steerTextB");
    textB->setPlaceholderText(tr("for example “Hate”"));
    form->addRow(tr("Text &B:"), textB);
    auto *scale = new QDoubleSpinBox(&dialog);
    scale->setRange(-100, 100);
    scale->setDecimals(2);
    scale->setValue(4);
    form->addRow(tr("&Scale:"), scale);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_document.interventions().steerByTexts(layerBox->value(), textA->text(), textB->text(),
                                            scale->value());
}

void NetworkView::showTab(Tab tab) {
    switch (tab) {
    case Tab::Heads:
        m_tabs->setCurrentIndex(0);
        break;
    case Tab::Lens:
        m_tabs->setCurrentWidget(m_lens);
        break;
    case Tab::Circuits:
        m_tabs->setCurrentWidget(m_circuits);
        break;
    case Tab::Compare:
        m_tabs->setCurrentWidget(m_comparisonView);
        break;
    case Tab::Attribution:
        m_tabs->setCurrentWidget(m_attribution);
        break;
    }
}

bool NetworkView::isBusy() const {
    return m_comparison->isBusy() || m_circuits->isBusy() || m_readings.isBusy() ||
           m_overview->isBusy();
}

void NetworkView::showCircuits(int layer, int head) {
    m_popup->hide();
    m_circuits->showHead(layer, head);
    m_tabs->setCurrentWidget(m_circuits);
}

void NetworkView::showProjections(std::shared_ptr<const attn::HeadProjections> head,
                                  const QString &title) {
    m_circuits->showProjections(std::move(head), title);
    m_tabs->setCurrentWidget(m_circuits);
}

void NetworkView::updateCircuits() {
    // A first look at the tab shows the chosen head (or the first): its circuits are read only
    // when asked for, as a d = 4096 head's are seconds of work.
    if (m_tabs->currentWidget() != m_circuits || m_circuits->layer() >= 0 || m_circuits->isBusy() ||
        !m_runner.checkpoint())
        return;
    m_circuits->showHead(std::max(m_document.chosenLayer(), 0),
                         std::max(m_document.chosenHead(), 0));
}

void NetworkView::showOutcome() {
    const NetworkRunner::Outcome &o = m_runner.outcome();
    m_tokens->setTokens(o.tokens);
    const bool decoder = !m_runner.checkpoint() || m_runner.checkpoint()->config().decoder();
    m_grid->setRun(o.run, decoder);
    m_grid->setCacheRows(o.reused, o.added);
    m_overview->setRun(m_runner.checkpoint(), o.run);
    m_summary->reset(m_grid->layers(), m_grid->heads());
    updateOverviewProgress();
    updateFind();
    // A head this run does not have is chosen no more (the grid forgets it quietly).
    m_document.choose(m_grid->chosenLayer(), m_grid->chosenHead());
    m_readings.setRun(m_runner.checkpoint(), o.run);
    m_readingStopped = false;
    updatePicture();
    updateLens();
    updateAttribution();
    updateContinue();
    updateScores();
    m_delta->setRuns(o.run, o.baseline);
    m_delta->setVisible(!m_delta->changes().empty());
    m_predictions->setOutcome(o, m_runner.tokenizer().get(), decoder);
    m_popup->hide();
    updateChosen();
}

} // namespace attn::ui
