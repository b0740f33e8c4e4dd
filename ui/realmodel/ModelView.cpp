// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelView.h"

#include "HeadPopup.h"
#include "LayerHeadGrid.h"
#include "ModelRunner.h"
#include "PredictionsView.h"
#include "TokenStrip.h"
#include "checkpoint/Checkpoint.h"
#include "shell/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

ModelView::ModelView(ModelRunner &runner, QWidget *parent)
    : QWidget(parent), m_runner(runner), m_model(new QLabel(this)), m_text(new QLineEdit(this)),
      m_progress(new QProgressBar(this)), m_tokens(new TokenStrip(this)),
      m_message(new QLabel(this)), m_grid(new LayerHeadGrid), m_scroll(new QScrollArea(this)),
      m_predictions(new PredictionsView(this)), m_scoreBox(new QComboBox(this)),
      m_sortBox(new QCheckBox(this)), m_best(new QLabel(this)), m_chosen(new QLabel(this)),
      m_takeHead(new QPushButton(this)), m_takeLayer(new QPushButton(this)),
      m_popup(new HeadPopup(this)) {
    setObjectName("modelView");
    auto *layout = new QVBoxLayout(this);

    auto *header = new QHBoxLayout;
    m_model->setObjectName("modelDescription");
    m_model->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_model->setWordWrap(true);
    header->addWidget(m_model, 1);
    auto *open = new QPushButton(tr("Open model\u2026"), this);
    open->setObjectName("openModelButton");
    connect(open, &QPushButton::clicked, this, &ModelView::openRequested);
    header->addWidget(open);
    auto *back = new QPushButton(tr("Back to the workbench"), this);
    back->setObjectName("backToWorkbenchButton");
    connect(back, &QPushButton::clicked, this, &ModelView::backRequested);
    header->addWidget(back);
    layout->addLayout(header);

    auto *textRow = new QHBoxLayout;
    auto *textLabel = new QLabel(tr("&Text:"), this);
    textLabel->setBuddy(m_text);
    textRow->addWidget(textLabel);
    m_text->setObjectName("modelText");
    m_text->setPlaceholderText(tr("Type a sentence; the model runs on it as you type"));
    m_text->setClearButtonEnabled(true);
    textRow->addWidget(m_text, 1);
    m_progress->setObjectName("modelProgress");
    m_progress->setRange(0, 0); // a run has no steps the view could count
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_progress->hide();
    textRow->addWidget(m_progress);
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
    splitter->addWidget(m_scroll);
    auto *side = new QWidget(splitter);
    m_side = side;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_predictions, 1);
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
    m_sortBox->setText(tr("S&ort each layer's heads by it"));
    sideLayout->addWidget(m_sortBox);
    m_best->setObjectName("bestHeads");
    m_best->setWordWrap(true);
    m_best->hide();
    sideLayout->addWidget(m_best);
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

    connect(m_text, &QLineEdit::textChanged, &m_runner, &ModelRunner::setText);
    connect(&m_runner, &ModelRunner::runFinished, this, [this] {
        showMessage({});
        showOutcome();
    });
    connect(&m_runner, &ModelRunner::runFailed, this, &ModelView::showMessage);
    connect(&m_runner, &ModelRunner::opened, this, [this] {
        showMessage({});
        updateHeader();
        showOutcome();
    });
    connect(&m_runner, &ModelRunner::openFailed, this,
            [this](const QString &, const QString &message) { showMessage(message); });
    // The bar only for runs a user waits for: a quick run would make it flicker on each key.
    m_progressDelay.setSingleShot(true);
    m_progressDelay.setInterval(kProgressDelayMs);
    connect(&m_progressDelay, &QTimer::timeout, m_progress, &QWidget::show);
    connect(&m_runner, &ModelRunner::busyChanged, this, [this](bool busy) {
        if (busy) {
            if (!m_progress->isVisible())
                m_progressDelay.start();
        } else {
            m_progressDelay.stop();
            m_progress->hide();
        }
    });
    connect(
        m_grid, &LayerHeadGrid::headHovered, this, [this](int layer, int head, const QRect &near) {
            if (layer < 0) {
                m_popup->hide();
                return;
            }
            const bool causal = m_runner.checkpoint() && m_runner.checkpoint()->config().decoder();
            m_popup->showHead(m_runner.outcome().run, TokenStrip::labels(m_runner.outcome().tokens),
                              causal, layer, head, near);
        });
    connect(m_grid, &LayerHeadGrid::chosen, this, &ModelView::updateChosen);
    connect(m_grid, &LayerHeadGrid::takeHeadApart, this, &ModelView::takeHeadApart);
    connect(m_grid, &LayerHeadGrid::takeLayerApart, this, &ModelView::takeLayerApart);
    connect(m_scoreBox, &QComboBox::currentIndexChanged, this, &ModelView::updateScores);
    connect(m_sortBox, &QCheckBox::toggled, this, &ModelView::updateScores);
    connect(m_takeHead, &QPushButton::clicked, this, [this] {
        if (m_grid->chosenLayer() >= 0)
            emit takeHeadApart(m_grid->chosenLayer(), m_grid->chosenHead());
    });
    connect(m_takeLayer, &QPushButton::clicked, this, [this] {
        if (m_grid->chosenLayer() >= 0)
            emit takeLayerApart(m_grid->chosenLayer());
    });
    Translations::setTexts(this, [this] {
        for (int i = 0; i < m_scoreBox->count(); ++i)
            m_scoreBox->setItemText(i, i == 0 ? tr("nothing")
                                              : LayerHeadGrid::scoreName(LayerHeadGrid::Score(
                                                    m_scoreBox->itemData(i).toInt())));
        updateHeader();
        updateChosen();
        updateScores();
    });
    showOutcome();
}

void ModelView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitSide();
}

void ModelView::fitSide() {
    // Room for a token and its probability at the current type size (presentation mode's too).
    if (m_side)
        m_side->setMinimumWidth(fontMetrics().averageCharWidth() * 30);
}

bool ModelView::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        m_grid->setFitHeight(m_scroll->viewport()->height());
    return QWidget::eventFilter(watched, event);
}

void ModelView::setColorMap(ColorMapId map) {
    m_grid->setColorMap(map);
}

void ModelView::showMessage(const QString &text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void ModelView::updateHeader() {
    m_model->setText(
        m_runner.isOpen()
            ? tr("<b>%1</b><br>%2")
                  .arg(m_runner.folder().toHtmlEscaped(), m_runner.description().toHtmlEscaped())
            : tr("No model is open: File \u203a Open model\u2026 or drop a model "
                 "folder (config.json, model.safetensors and the tokenizer's "
                 "files) on the window."));
}

void ModelView::updateChosen() {
    const int layer = m_grid->chosenLayer(), head = m_grid->chosenHead();
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

void ModelView::updateScores() {
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

void ModelView::showOutcome() {
    const ModelRunner::Outcome &o = m_runner.outcome();
    m_tokens->setTokens(o.tokens);
    const bool decoder = !m_runner.checkpoint() || m_runner.checkpoint()->config().decoder();
    m_grid->setRun(o.run, decoder);
    updateScores();
    m_predictions->setOutcome(o, m_runner.tokenizer().get(), decoder);
    m_popup->hide();
    updateChosen();
}
