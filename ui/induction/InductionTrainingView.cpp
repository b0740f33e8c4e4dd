// SPDX-License-Identifier: GPL-3.0-or-later
#include "InductionTrainingView.h"

#include "InductionTrainer.h"
#include "Notation.h"
#include "lessons/CircuitLesson.h"
#include "overview/LayerHeadGrid.h"
#include "shell/Translations.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

// Okabe–Ito colours, one per head of a layer (more heads reuse them).
const QColor kHeadColours[] = {{0, 114, 178}, {213, 94, 0},   {0, 158, 115},  {204, 121, 167},
                               {230, 159, 0}, {86, 180, 233}, {240, 228, 66}, {0, 0, 0}};

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
    plot->setMinimumHeight(100);   // room for the lesson's text above in a short panel
    return plot;
}

} // namespace

InductionTrainingView::InductionTrainingView(InductionTrainer &trainer, QWidget *parent)
    : QWidget(parent), m_trainer(trainer), m_intro(new QLabel(this)), m_heads(new QSpinBox(this)),
      m_seed(new QSpinBox(this)), m_headsLabel(new QLabel(this)), m_seedLabel(new QLabel(this)),
      m_play(new QPushButton(this)), m_step(new QPushButton(this)), m_reset(new QPushButton(this)),
      m_status(new QLabel(this)), m_lessonBox(new QFrame(this)), m_lessonTitle(new QLabel),
      m_lessonText(new QLabel), m_lessonPrevious(new QPushButton), m_lessonNext(new QPushButton),
      m_lessonEnd(new QPushButton), m_loss(newPlot(this)), m_scores(newPlot(this)),
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
    // The text is never squeezed below its height: the plots give way instead.
    m_lessonText->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    lessonLayout->addWidget(m_lessonTitle);
    lessonLayout->addWidget(m_lessonText);
    auto *lessonButtons = new QHBoxLayout;
    lessonButtons->addWidget(m_lessonPrevious);
    lessonButtons->addWidget(m_lessonNext);
    lessonButtons->addStretch(1);
    lessonButtons->addWidget(m_lessonEnd);
    lessonLayout->addLayout(lessonButtons);
    m_lessonBox->hide();
    layout->addWidget(m_lessonBox);
    connect(m_lessonPrevious, &QPushButton::clicked, this,
            [this] { goToLessonStep(m_lessonStep - 1); });
    connect(m_lessonNext, &QPushButton::clicked, this,
            [this] { goToLessonStep(m_lessonStep + 1); });
    connect(m_lessonEnd, &QPushButton::clicked, this, &InductionTrainingView::stopLesson);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    auto *plots = new QWidget(splitter);
    auto *plotLayout = new QVBoxLayout(plots);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    m_loss->addGraph();
    m_loss->graph(0)->setPen(QPen(QColor(0, 114, 178), 2));
    m_loss->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_loss->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    plotLayout->addWidget(m_loss, 1);
    m_scores->yAxis->setRange(0, 1.02);
    plotLayout->addWidget(m_scores, 1);
    splitter->addWidget(plots);
    m_grid->setScore(LayerHeadGrid::Score::Induction, false);
    splitter->addWidget(m_grid);
    // Even halves: narrower, the overview elides its scores (presentation mode at 1024 × 768).
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);

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
    m_loss->xAxis->setLabel(tr("step"));
    m_loss->yAxis->setLabel(tr("loss"));
    m_scores->xAxis->setLabel(tr("step"));
    m_scores->yAxis->setLabel(tr("head scores"));
    m_scores->setToolTip(tr("Each head's induction score (solid) and previous-token score "
                            "(dashed) on held-out sequences"));
    showProgress();
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
    m_lessonStep = -1;
    m_lessonBox->hide();
    m_intro->show();
}

void InductionTrainingView::goToLessonStep(int step) {
    m_lessonStep = std::clamp(step, 0, lessonStepCount() - 1);
    m_intro->hide(); // the lesson's text takes its place
    m_lessonBox->show();
    showLesson();
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
}

void InductionTrainingView::showProgress() {
    showLesson();
    const std::vector<InductionTrainer::Point> &history = m_trainer.history();
    m_grid->setRun(m_trainer.run(), true);
    const int layers = int(m_trainer.settings().layers), heads = int(m_trainer.settings().heads);
    // One solid line per head for its induction score, one dashed for its previous-token score.
    if (m_scores->graphCount() != 2 * layers * heads) {
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
    }
    QVector<double> steps, losses;
    std::vector<QVector<double>> lines(std::size_t(2 * layers * heads));
    for (const InductionTrainer::Point &p : history) {
        steps << double(p.step);
        losses << std::max(p.loss, 1e-12); // a log axis has no 0
        for (std::size_t k = 0; k < p.scores.size() && 2 * k + 1 < lines.size(); ++k) {
            lines[2 * k] << (std::isnan(p.scores[k].induction) ? 0 : p.scores[k].induction);
            lines[2 * k + 1] << p.scores[k].previousToken;
        }
    }
    m_loss->graph(0)->setData(steps, losses, true);
    for (std::size_t k = 0; k < lines.size(); ++k)
        if (lines[k].size() == steps.size())
            m_scores->graph(int(k))->setData(steps, lines[k], true);
    const double right = std::max(100.0, steps.isEmpty() ? 0.0 : steps.back());
    m_loss->xAxis->setRange(0, right);
    m_scores->xAxis->setRange(0, right);
    bool found = false;
    const QCPRange range = m_loss->graph(0)->getValueRange(found);
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
    m_status->setText(tr("step %1 — loss %2 — %3 tokens/s — %4 s of training — best induction "
                         "score %5 (layer %6, head %7)")
                          .arg(last.step)
                          .arg(attn::notation::number(last.loss, 4))
                          .arg(m_trainer.tokensPerSecond(), 0, 'f', 0)
                          .arg(m_trainer.trainingSeconds(), 0, 'f', 1)
                          .arg(induction, 0, 'f', 2)
                          .arg(heads > 0 ? best / heads : 0)
                          .arg(heads > 0 ? best % heads : 0));
}

} // namespace attn::ui
