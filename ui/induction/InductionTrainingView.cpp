// SPDX-License-Identifier: GPL-3.0-or-later
#include "InductionTrainingView.h"

#include "InductionTrainer.h"
#include "Notation.h"
#include "lessons/CircuitLesson.h"
#include "overview/LayerHeadGrid.h"
#include "shell/Translations.h"

#include <QBoxLayout>
#include <QEvent>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

// Okabe–Ito colours, one per head of a layer (more heads reuse them).
const QColor kHeadColours[] = {{0, 114, 178}, {213, 94, 0},   {0, 158, 115},  {204, 121, 167},
                               {230, 159, 0}, {86, 180, 233}, {240, 228, 66}, {0, 0, 0}};
// The loss curves: the training batch's (blue) and the held-out repeat's (vermillion, as the
// lesson quotes it).
const QColor kTrainingLoss(0, 114, 178);
const QColor kHeldOutLoss(213, 94, 0);
// The plots take this share of the panel's height, between these many lines of its font:
// axes, legend and a readable curve, and never so much that the panel asks for more room than
// a projector's screen has.
constexpr double kPlotShare = 0.36;
constexpr int kMinPlotLines = 8, kMaxPlotLines = 14;
// Side by side from this many average characters of width (two plots of 40).
constexpr int kSideBySideChars = 80;

// The name of a token of the task's byte-level vocabulary: ids 0 … 93 are the printable bytes
// "!" … "~" (GPT-2's byte order), the last id the start token.
QString tokenName(std::int64_t id, std::int64_t vocab) {
    if (id == vocab - 1)
        return QStringLiteral("<|endoftext|>");
    if (id >= 0 && id < 94)
        return QString(QChar(char16_t('!' + id)));
    return QString::number(id);
}

QCustomPlot *newPlot(QWidget *parent) {
    auto *plot = new QCustomPlot(parent);
    plot->setLocale(QLocale::c()); // numbers as everywhere else, whatever the language
    plot->setAutoAddPlottableToLegend(false);
    plot->legend->setVisible(true);
    plot->legend->setBrush(QColor(255, 255, 255, 220));
    plot->legend->setBorderPen(QPen(QColor(0xb0, 0xb0, 0xb0)));
    return plot;
}

// An entry of a legend that stands for a kind of line, not for one curve: a graph without data.
void addLegendLine(QCustomPlot *plot, const QPen &pen, const QString &name) {
    QCPGraph *g = plot->addGraph();
    g->setPen(pen);
    g->setName(name);
    g->addToLegend();
}

} // namespace

InductionTrainingView::InductionTrainingView(InductionTrainer &trainer, QWidget *parent)
    : QWidget(parent), m_trainer(trainer), m_intro(new QLabel(this)), m_heads(new QSpinBox(this)),
      m_seed(new QSpinBox(this)), m_headsLabel(new QLabel(this)), m_seedLabel(new QLabel(this)),
      m_play(new QPushButton(this)), m_step(new QPushButton(this)), m_reset(new QPushButton(this)),
      m_status(new QLabel(this)), m_middle(new QSplitter(Qt::Horizontal, this)),
      m_lessonBox(new QFrame), m_lessonTitle(new QLabel), m_lessonText(new QLabel),
      m_lessonScroll(new QScrollArea), m_lessonPrevious(new QPushButton),
      m_lessonNext(new QPushButton), m_lessonEnd(new QPushButton), m_plotRow(nullptr),
      m_loss(newPlot(this)), m_scores(newPlot(this)), m_gridScroll(new QScrollArea),
      m_grid(new LayerHeadGrid) {
    setObjectName("inductionTrainingView");
    auto *layout = new QVBoxLayout(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);

    auto *controls = new QHBoxLayout;
    m_heads->setObjectName("inductionHeads");
    m_heads->setRange(1, 8);
    m_heads->setValue(int(trainer.settings().heads));
    m_headsLabel->setBuddy(m_heads);
    m_seed->setObjectName("inductionSeed");
    m_seed->setRange(0, 9999);
    m_seed->setValue(int(trainer.settings().seed));
    m_seedLabel->setBuddy(m_seed);
    controls->addWidget(m_headsLabel);
    controls->addWidget(m_heads);
    controls->addWidget(m_seedLabel);
    controls->addWidget(m_seed);
    m_play->setObjectName("inductionPlay");
    m_step->setObjectName("inductionStep");
    m_reset->setObjectName("inductionReset");
    controls->addWidget(m_play);
    controls->addWidget(m_step);
    controls->addWidget(m_reset);
    controls->addStretch(1);
    layout->addLayout(controls);
    m_status->setObjectName("inductionStatus");
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    // The lesson's box: its step's title and text with the current numbers, and the buttons.
    // The text scrolls when the step is long (the ablation's table in presentation type): the
    // plots below keep their height, and the panel never asks the window to grow past the
    // screen for it.
    m_lessonBox->setObjectName("circuitLesson");
    static_cast<QFrame *>(m_lessonBox)->setFrameShape(QFrame::StyledPanel);
    auto *lessonLayout = new QVBoxLayout(m_lessonBox);
    QFont title = m_lessonTitle->font();
    title.setBold(true);
    m_lessonTitle->setFont(title);
    m_lessonTitle->setWordWrap(true);
    m_lessonText->setObjectName("circuitLessonText");
    m_lessonText->setWordWrap(true);
    m_lessonText->setTextFormat(Qt::RichText);
    m_lessonText->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_lessonScroll->setObjectName("circuitLessonScroll");
    m_lessonScroll->setWidget(m_lessonText);
    m_lessonScroll->setWidgetResizable(true);
    m_lessonScroll->setFrameShape(QFrame::NoFrame);
    m_lessonScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    lessonLayout->addWidget(m_lessonTitle);
    lessonLayout->addWidget(m_lessonScroll, 1);
    auto *lessonButtons = new QHBoxLayout;
    lessonButtons->addWidget(m_lessonPrevious);
    lessonButtons->addWidget(m_lessonNext);
    lessonButtons->addStretch(1);
    lessonButtons->addWidget(m_lessonEnd);
    lessonLayout->addLayout(lessonButtons);
    m_lessonBox->hide();
    connect(m_lessonPrevious, &QPushButton::clicked, this,
            [this] { goToLessonStep(m_lessonStep - 1); });
    connect(m_lessonNext, &QPushButton::clicked, this,
            [this] { goToLessonStep(m_lessonStep + 1); });
    connect(m_lessonEnd, &QPushButton::clicked, this, &InductionTrainingView::stopLesson);

    // The lesson's text beside the heads it talks about; the overview scrolls down (never
    // sideways) when the layers do not fit the height, its heads shrinking first.
    m_grid->setScore(LayerHeadGrid::Score::Induction, false);
    m_gridScroll->setObjectName("inductionGridScroll");
    m_gridScroll->setWidget(m_grid);
    m_gridScroll->setWidgetResizable(true);
    m_gridScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_gridScroll->viewport()->installEventFilter(this);
    m_middle->setObjectName("inductionMiddle");
    m_middle->setChildrenCollapsible(false);
    m_middle->addWidget(m_lessonBox);
    m_middle->addWidget(m_gridScroll);
    m_middle->setStretchFactor(0, 1);
    m_middle->setStretchFactor(1, 1);
    layout->addWidget(m_middle, 1);

    auto *lossGraph = m_loss->addGraph();
    lossGraph->setPen(QPen(kTrainingLoss, 2));
    lossGraph->addToLegend();
    auto *heldOutGraph = m_loss->addGraph();
    heldOutGraph->setPen(QPen(kHeldOutLoss, 2));
    heldOutGraph->addToLegend();
    m_loss->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_loss->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    // The losses fall from the top left to the right: their legend at the bottom left covers
    // no curve.
    m_loss->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
    m_scores->yAxis->setRange(0, 1.02);
    // Many lines: their legend under the plot, in columns, covering none of them.
    m_scores->axisRect()->insetLayout()->take(m_scores->legend);
    m_scores->plotLayout()->addElement(1, 0, m_scores->legend);
    m_scores->plotLayout()->setRowStretchFactor(1, 0.001);
    m_scores->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_scores->legend->setMargins(QMargins(4, 2, 4, 2));
    m_plotRow = new QBoxLayout(QBoxLayout::LeftToRight);
    m_plotRow->addWidget(m_loss, 1);
    m_plotRow->addWidget(m_scores, 1);
    layout->addLayout(m_plotRow);
    for (QCustomPlot *plot : {m_loss, m_scores})
        plot->installEventFilter(this);

    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_trainer.isPlaying())
            m_trainer.pause();
        else
            m_trainer.play();
    });
    connect(m_step, &QPushButton::clicked, &m_trainer, &InductionTrainer::step);
    connect(m_reset, &QPushButton::clicked, &m_trainer, &InductionTrainer::reset);
    connect(m_heads, &QSpinBox::valueChanged, this, &InductionTrainingView::applySettings);
    connect(m_seed, &QSpinBox::valueChanged, this, &InductionTrainingView::applySettings);
    connect(&m_trainer, &InductionTrainer::progressed, this, &InductionTrainingView::showProgress);
    connect(&m_trainer, &InductionTrainer::playingChanged, this,
            &InductionTrainingView::retranslate);
    connect(&m_trainer, &InductionTrainer::failed, m_status, &QLabel::setText);
    Translations::setTexts(this, [this] { retranslate(); });
    fitPlots();
    showProgress();
}

void InductionTrainingView::applySettings() {
    attn::TrainingSettings s = m_trainer.settings();
    s.heads = m_heads->value();
    s.seed = std::uint64_t(m_seed->value());
    if (!(s == m_trainer.settings()))
        m_trainer.setSettings(s); // a new model: it starts again
}

void InductionTrainingView::retranslate() {
    m_intro->setText(
        tr("A model of two attention-only layers learns to continue random letters in which "
           "pairs come back: after “A B” … “A” the next letter is "
           "“B”. Watch a previous-token head form in layer 0, then an induction head in "
           "layer 1 that finds the letter after the earlier occurrence of the current one by "
           "reading the keys layer 0 wrote."));
    m_headsLabel->setText(tr("&Heads:"));
    m_seedLabel->setText(tr("S&eed:"));
    m_play->setText(m_trainer.isPlaying() ? tr("&Pause") : tr("&Play"));
    m_step->setText(tr("S&tep"));
    m_reset->setText(tr("&Reset"));
    m_lessonPrevious->setText(tr("◀ Previous"));
    m_lessonNext->setText(tr("Next ▶"));
    m_lessonEnd->setText(tr("End the lesson"));
    m_loss->xAxis->setLabel(tr("training step"));
    m_loss->yAxis->setLabel(tr("loss"));
    m_loss->graph(0)->setName(tr("training loss (batch)"));
    m_loss->graph(1)->setName(tr("loss over the repeat (held out)"));
    m_loss->setToolTip(tr("The training loss of each step's batch, and the loss over the repeated "
                          "half of held-out sequences that the lesson quotes"));
    m_scores->xAxis->setLabel(tr("training step"));
    m_scores->yAxis->setLabel(tr("head scores"));
    m_scores->setToolTip(tr("Each head's induction score (solid) and previous-token score "
                            "(dashed) on held-out sequences"));
    m_legendHeads = -1; // the legend's names in the new language
    showProgress();
}

void InductionTrainingView::buildScoreLegend() {
    const int layers = int(m_trainer.settings().layers), heads = int(m_trainer.settings().heads);
    // Graphs 0 … 2·layers·heads − 1 are the scores; the legend's lines come after them.
    while (m_scores->graphCount() > 2 * layers * heads)
        m_scores->removeGraph(m_scores->graphCount() - 1);
    const QColor ink(0x40, 0x40, 0x40);
    addLegendLine(m_scores, QPen(ink, 2, Qt::SolidLine), tr("induction"));
    addLegendLine(m_scores, QPen(ink, 2, Qt::DashLine), tr("previous token"));
    if (layers > 1) {
        // The pens say it: thick for the last layer, thin and lighter for layer 0.
        addLegendLine(m_scores, QPen(ink, 2), tr("layer %1").arg(layers - 1));
        addLegendLine(m_scores, QPen(ink.lighter(130), 1), tr("layer 0"));
    }
    for (int h = 0; h < heads; ++h)
        addLegendLine(m_scores, QPen(kHeadColours[h % 8], 3), tr("head %1").arg(h));
    m_legendHeads = heads;
    m_legendLayers = layers;
    fitPlots();
}

void InductionTrainingView::fitPlots() {
    const QFontMetrics fm(font());
    const bool wide = width() >= kSideBySideChars * fm.averageCharWidth();
    m_plotRow->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // The score legend in as many columns as the plot's width holds (each column as wide as
    // its own widest entry).
    const int plotWidth = (wide ? width() / 2 : width()) - 8;
    QList<int> entries;
    for (int i = 0; i < m_scores->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_scores->legend->item(i)))
            entries << fm.horizontalAdvance(item->plottable()->name()) +
                           m_scores->legend->iconSize().width() +
                           m_scores->legend->iconTextPadding() + 16;
    int columns = 1;
    for (int c = std::min<int>(4, int(entries.size())); c > 1; --c) {
        QList<int> widths(c, 0);
        for (int i = 0; i < entries.size(); ++i)
            widths[i % c] = std::max(widths[i % c], entries[i]);
        if (std::accumulate(widths.begin(), widths.end(), 0) <= plotWidth) {
            columns = c;
            break;
        }
    }
    m_scores->legend->setWrap(columns);
    m_scores->legend->setFillOrder(QCPLegend::foColumnsFirst, true); // the wrap, applied
    const int legendRows = (m_scores->legend->itemCount() + columns - 1) / std::max(columns, 1);
    // One height, whatever the lesson's step (its text scrolls): a share of the panel's own,
    // the scores' legend rows below their plot; stacked, the two share it.
    const int line = fm.height();
    const int total =
        std::clamp(int(kPlotShare * height()), kMinPlotLines * line, kMaxPlotLines * line);
    if (wide) {
        m_loss->setFixedHeight(total);
        m_scores->setFixedHeight(total);
    } else {
        m_loss->setFixedHeight(std::max(total / 2 - legendRows * line / 2, 4 * line));
        m_scores->setFixedHeight(std::max(total / 2 + legendRows * line / 2, 5 * line));
    }
    for (QCustomPlot *plot : {m_loss, m_scores}) {
        for (QCPAxis *axis : plot->axisRect()->axes()) {
            axis->setTickLabelFont(font());
            axis->setLabelFont(font());
        }
        plot->legend->setFont(font());
        spaceTicks(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void InductionTrainingView::spaceTicks(QCustomPlot *plot) {
    // QCustomPlot spaces about five ticks whatever their width: "750 1000 1250" ran together in
    // a narrow plot in presentation type. As many as fit with a label's width between them.
    const QFontMetrics fm(plot->xAxis->tickLabelFont());
    const double label = fm.horizontalAdvance(QStringLiteral("00000"));
    const int width = plot->axisRect()->width() > 0 ? plot->axisRect()->width() : plot->width();
    plot->xAxis->ticker()->setTickCount(std::clamp(int(width / (2 * label)), 2, 6));
}

bool InductionTrainingView::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Resize) {
        if (watched == m_gridScroll->viewport())
            m_grid->setFitHeight(m_gridScroll->viewport()->height());
        else if (watched == m_loss || watched == m_scores)
            spaceTicks(static_cast<QCustomPlot *>(watched));
    }
    return QWidget::eventFilter(watched, event);
}

void InductionTrainingView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitPlots();
}

void InductionTrainingView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    fitPlots();
}

int InductionTrainingView::lessonStepCount() const {
    return int(attn::circuitLessonSteps(m_trainer.readings(), [](std::int64_t) {
                   return QString();
               }).size());
}

void InductionTrainingView::startLesson() {
    goToLessonStep(0);
}

void InductionTrainingView::stopLesson() {
    if (m_lessonStep < 0)
        return;
    m_lessonStep = -1;
    m_lessonBox->hide();
    m_intro->show();
    m_grid->setScore(LayerHeadGrid::Score::Induction, false);
    m_grid->choose(-1, -1);
    emit lessonRunningChanged(false);
}

void InductionTrainingView::goToLessonStep(int step) {
    const bool starting = m_lessonStep < 0;
    m_lessonStep = std::clamp(step, 0, lessonStepCount() - 1);
    m_intro->hide(); // the lesson's text takes its place
    m_lessonBox->show();
    showLesson();
    if (starting) {
        emit lessonRunningChanged(true);
        // The text and the heads it talks about share the width: the overview's thumbnails
        // were 35 px beside a text that took it all.
        const int width = std::max(m_middle->width(), this->width());
        m_middle->setSizes({width * 3 / 5, width * 2 / 5});
    }
}

void InductionTrainingView::showLesson() {
    if (m_lessonStep < 0)
        return;
    const std::int64_t vocab = m_trainer.settings().vocab;
    attn::CircuitReadings readings = m_trainer.readings();
    if (readings.tokens == 0) // nothing trained yet: the task is known all the same
        readings.tokens = m_trainer.settings().inductionTokens;
    const std::vector<LessonStep> steps = attn::circuitLessonSteps(
        readings, [vocab](std::int64_t id) { return tokenName(id, vocab); });
    const LessonStep &s = steps[std::size_t(m_lessonStep)];
    m_lessonTitle->setText(s.title);
    m_lessonText->setText(s.html);
    m_lessonPrevious->setEnabled(m_lessonStep > 0);
    m_lessonNext->setEnabled(m_lessonStep + 1 < int(steps.size()));
    // The overview shows what the step talks about: layer 0's previous-token head scored by
    // its previous-token score (step 2), the induction head by its induction score (steps 3
    // and 4), the head the ablation takes away (step 5), outlined.
    switch (m_lessonStep) {
    case 1:
        m_grid->setScore(LayerHeadGrid::Score::PreviousToken, false);
        m_grid->choose(readings.previousLayer, readings.previousHead);
        break;
    case 2:
    case 3:
        m_grid->setScore(LayerHeadGrid::Score::Induction, false);
        m_grid->choose(readings.inductionLayer, readings.inductionHead);
        break;
    case 4:
        m_grid->setScore(LayerHeadGrid::Score::Induction, false);
        m_grid->choose(readings.previousLayer, readings.previousHead);
        break;
    default:
        m_grid->setScore(LayerHeadGrid::Score::Induction, false);
        m_grid->choose(-1, -1);
        break;
    }
}

void InductionTrainingView::showProgress() {
    showLesson();
    const std::vector<InductionTrainer::Point> &history = m_trainer.history();
    m_grid->setRun(m_trainer.run(), true);
    const int layers = int(m_trainer.settings().layers), heads = int(m_trainer.settings().heads);
    // One solid line per head for its induction score, one dashed for its previous-token score.
    if (m_legendHeads != heads || m_legendLayers != layers) {
        m_scores->clearGraphs();
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h)
                for (bool previous : {false, true}) {
                    QCPGraph *g = m_scores->addGraph();
                    QColor c = kHeadColours[h % 8];
                    if (l == 0)
                        c = c.lighter(130);
                    g->setPen(
                        QPen(c, l == layers - 1 ? 2 : 1, previous ? Qt::DashLine : Qt::SolidLine));
                }
        buildScoreLegend();
    }
    QVector<double> steps, losses, heldOutSteps, heldOut;
    std::vector<QVector<double>> lines(std::size_t(2 * layers * heads));
    for (const InductionTrainer::Point &p : history) {
        steps << double(p.step);
        losses << std::max(p.loss, 1e-12); // a log axis has no 0
        if (std::isfinite(p.heldOutLoss)) {
            heldOutSteps << double(p.step);
            heldOut << std::max(p.heldOutLoss, 1e-12);
        }
        for (std::size_t k = 0; k < p.scores.size() && 2 * k + 1 < lines.size(); ++k) {
            lines[2 * k] << (std::isnan(p.scores[k].induction) ? 0 : p.scores[k].induction);
            lines[2 * k + 1] << p.scores[k].previousToken;
        }
    }
    m_loss->graph(0)->setData(steps, losses, true);
    m_loss->graph(1)->setData(heldOutSteps, heldOut, true);
    for (std::size_t k = 0; k < lines.size(); ++k)
        if (lines[k].size() == steps.size())
            m_scores->graph(int(k))->setData(steps, lines[k], true);
    const double right = std::max(100.0, steps.isEmpty() ? 0.0 : steps.back());
    m_loss->xAxis->setRange(0, right);
    m_scores->xAxis->setRange(0, right);
    bool found = false;
    QCPRange range = m_loss->graph(0)->getValueRange(found);
    bool foundHeldOut = false;
    const QCPRange heldOutRange = m_loss->graph(1)->getValueRange(foundHeldOut);
    if (found && foundHeldOut)
        range.expand(heldOutRange);
    if (found)
        m_loss->yAxis->setRange(range.lower / 1.3, range.upper * 1.3);
    m_loss->replot(QCustomPlot::rpQueuedReplot);
    m_scores->replot(QCustomPlot::rpQueuedReplot);

    if (history.empty()) {
        m_status->setText(tr("Press Play: the model starts from random weights (seed %1).")
                              .arg(m_trainer.settings().seed));
        return;
    }
    const InductionTrainer::Point &last = history.back();
    int best = 0;
    for (int k = 1; k < int(last.scores.size()); ++k)
        if (last.scores[std::size_t(k)].induction > last.scores[std::size_t(best)].induction)
            best = k;
    const double induction = last.scores.empty() ? 0 : last.scores[std::size_t(best)].induction;
    // Both losses by their names: the training batch's, and the held-out repeat's that the
    // lesson quotes (they differ: the batch counts only the positions a copy can predict).
    m_status->setText(
        tr("step %1 — training loss %2, loss over the repeat (held out) %3 — %4 "
           "tokens/s — %5 s of training — best induction score %6 (layer %7, "
           "head %8)")
            .arg(last.step)
            .arg(attn::notation::number(last.loss, 4), attn::notation::number(last.heldOutLoss, 3))
            .arg(m_trainer.tokensPerSecond(), 0, 'f', 0)
            .arg(m_trainer.trainingSeconds(), 0, 'f', 1)
            .arg(induction, 0, 'f', 2)
            .arg(heads > 0 ? best / heads : 0)
            .arg(heads > 0 ? best % heads : 0));
}

} // namespace attn::ui
