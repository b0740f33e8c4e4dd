// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainPanel.h"

#include "Notation.h"
#include "TrainingRunner.h"
#include "document/Document.h"
#include "shell/Translations.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace attn::ui {

namespace {

const QString kSpeedKey = QStringLiteral("train/speed"); // "fast" or "classroom"

} // namespace

TrainPanel::TrainPanel(Document *document, QWidget *parent)
    : QWidget(parent), m_doc(document), m_runner(new TrainingRunner(this)) {
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_task = new QComboBox(this);
    m_task->setObjectName("trainTaskCombo");
    for (attn::TrainingTask task : {attn::TrainingTask::PreviousToken,
                                    attn::TrainingTask::FirstToken, attn::TrainingTask::Match})
        m_task->addItem(attn::taskName(task), int(task));
    form->addRow(tr("&Task"), m_task);
    m_positional = new QComboBox(this);
    for (attn::Positional p :
         {attn::Positional::None, attn::Positional::Sinusoidal, attn::Positional::Rope})
        m_positional->addItem(attn::positionalName(p), int(p));
    form->addRow(tr("P&ositions"), m_positional);
    m_optimizer = new QComboBox(this);
    m_optimizer->addItem(QCoreApplication::translate("TrainPanel", "Adam"),
                         int(attn::OptimizerKind::Adam));
    m_optimizer->addItem(QCoreApplication::translate("TrainPanel", "SGD"),
                         int(attn::OptimizerKind::Sgd));
    form->addRow(tr("&Optimiser"), m_optimizer);
    m_learningRate = new QDoubleSpinBox(this);
    m_learningRate->setDecimals(4);
    m_learningRate->setRange(0.0001, 10.0);
    m_learningRate->setSingleStep(0.01);
    form->addRow(tr("&Learning rate \u03b7"), m_learningRate);
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The random sequences and the initial weights"));
    form->addRow(tr("S&eed"), m_seed);
    // Fast learns the task in seconds; a class needs time to watch each step.
    m_speed = new QComboBox(this);
    m_speed->setObjectName("trainSpeedCombo");
    m_speed->addItem(tr("Fast (200 steps a second)"), int(TrainingRunner::Speed::Fast));
    m_speed->addItem(tr("Classroom (a step every half second)"),
                     int(TrainingRunner::Speed::Classroom));
    m_speed->setToolTip(tr("How fast Play trains; remembered for the next time"));
    form->addRow(tr("Spee&d"), m_speed);
    layout->addLayout(form);

    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    layout->addWidget(m_description);

    auto *buttons = new QHBoxLayout;
    m_play = new QPushButton(tr("Play"), this);
    m_play->setObjectName("trainPlayButton");
    m_step = new QPushButton(tr("Step"), this);
    m_reset = new QPushButton(tr("Reset"), this);
    for (QPushButton *b : {m_play, m_step, m_reset})
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_status = new QLabel(this);
    // Wrapped: a longer translation must not widen the dock.
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    m_plot = new QCustomPlot(this);
    m_plot->setLocale(QLocale::c()); // numbers as everywhere else, whatever the language
    m_plot->setMinimumHeight(160);
    m_plot->addGraph();                              // loss, left axis (log)
    m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2); // accuracy, right axis
    m_plot->graph(0)->setName(tr("loss"));
    m_plot->graph(0)->setPen(QPen(QColor(0, 114, 178), 2));
    m_plot->graph(1)->setName(tr("accuracy"));
    m_plot->graph(1)->setPen(QPen(QColor(213, 94, 0), 2));
    m_plot->xAxis->setLabel(tr("step"));
    m_plot->yAxis->setLabel(tr("held-out loss"));
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("accuracy"));
    m_plot->yAxis2->setRange(0, 1.05);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_plot, 1);

    // Defaults follow the task (its positions) and the optimiser (its rate).
    connect(m_task, &QComboBox::currentIndexChanged, this, [this] {
        const auto task = attn::TrainingTask(m_task->currentData().toInt());
        m_positional->setCurrentIndex(m_positional->findData(int(attn::defaultPositional(task))));
        updateDescription();
    });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] {
        m_learningRate->setValue(
            attn::defaultLearningRate(attn::OptimizerKind(m_optimizer->currentData().toInt())));
    });
    m_positional->setCurrentIndex(
        m_positional->findData(int(attn::defaultPositional(attn::TrainingTask::PreviousToken))));
    m_learningRate->setValue(attn::defaultLearningRate(attn::OptimizerKind::Adam));
    updateDescription();
    connect(&Translations::instance(), &Translations::changed, this,
            &TrainPanel::updateDescription);

    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_runner->isPlaying()) {
            m_runner->pause();
            return;
        }
        if (!claimDocument())
            return;
        resumeTask();
        ++m_run; // Play to Pause is one undo step
        m_doc->breakMerge();
        m_runner->play();
    });
    connect(m_step, &QPushButton::clicked, this, [this] {
        if (!claimDocument())
            return;
        resumeTask();
        ++m_run;
        m_doc->breakMerge();
        m_runner->step();
    });
    connect(m_reset, &QPushButton::clicked, this, [this] {
        // A new sentence is a new document, even in place of the task's own (it may be edited).
        if (m_doc->mayReplace())
            reset();
    });
    const bool classroom = QSettings().value(kSpeedKey).toString() == QLatin1String("classroom");
    m_speed->setCurrentIndex(classroom ? 1 : 0);
    m_runner->setSpeed(classroom ? TrainingRunner::Speed::Classroom : TrainingRunner::Speed::Fast);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        const auto speed = TrainingRunner::Speed(m_speed->currentData().toInt());
        m_runner->setSpeed(speed);
        QSettings().setValue(kSpeedKey, speed == TrainingRunner::Speed::Classroom
                                            ? QStringLiteral("classroom")
                                            : QStringLiteral("fast"));
    });
    connect(m_runner, &TrainingRunner::playingChanged, this,
            [this](bool playing) { m_play->setText(playing ? tr("Pause") : tr("Play")); });
    connect(m_runner, &TrainingRunner::progressed, this, &TrainPanel::showProgress);
    m_status->setText(tr("Reset, Step or Play puts the task's sentence in the document."));
}

void TrainPanel::reset() {
    attn::TrainingConfig config = attn::defaultTrainingConfig(
        attn::TrainingTask(m_task->currentData().toInt()), quint32(m_seed->value()));
    config.positional = attn::Positional(m_positional->currentData().toInt());
    config.optimizer.kind = attn::OptimizerKind(m_optimizer->currentData().toInt());
    config.optimizer.learningRate = m_learningRate->value();
    m_started = true;
    m_replaceNext = true;
    m_taskName = tr("Training: %1").arg(m_task->currentText());
    ++m_run;
    m_doc->breakMerge();
    m_runner->reset(config);
}

bool TrainPanel::showsTask() const {
    return m_hasTaskDocument && m_doc->documentGeneration() == m_taskDocument;
}

void TrainPanel::resumeTask() {
    if (!m_started)
        reset();
    else if (!showsTask())
        m_replaceNext = true; // the run goes on, in a document of its own again
}

bool TrainPanel::claimDocument() {
    return (m_started && (showsTask() || m_replaceNext)) || m_doc->mayReplace();
}

void TrainPanel::updateDescription() {
    const auto task = attn::TrainingTask(m_task->currentData().toInt());
    m_description->setText(
        QCoreApplication::translate("TrainingTask", attn::taskDescription(task)) + ".");
}

void TrainPanel::showProgress() {
    const TrainingRunner::Progress p = m_runner->progress();
    if (!m_started || p.history.empty()) // the runner's first trainer, before any Reset
        return;
    QVector<double> steps, losses, accuracies;
    for (const TrainingRunner::Point &point : p.history) {
        steps << point.step;
        losses << std::max(point.loss, 1e-12); // a log axis has no 0
        accuracies << point.accuracy;
    }
    m_plot->graph(0)->setData(steps, losses, true);
    m_plot->graph(1)->setData(steps, accuracies, true);
    m_plot->xAxis->setRange(0, std::max(100.0, steps.back()));
    bool found = false;
    const QCPRange range = m_plot->graph(0)->getValueRange(found);
    if (found)
        m_plot->yAxis->setRange(range.lower / 1.5, range.upper * 1.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    const TrainingRunner::Point &last = p.history.back();
    m_status->setText(tr("step %1 \u2014 held-out loss %2, accuracy %3")
                          .arg(last.step)
                          .arg(attn::notation::number(last.loss, 4))
                          .arg(attn::notation::number(last.accuracy, 3)));
    QString error;
    if (m_replaceNext) {
        m_replaceNext = false;
        if (!m_doc->replaceDocument(p.watched, m_taskName, &error)) {
            m_status->setText(error);
            return;
        }
        m_taskDocument = m_doc->documentGeneration();
        m_hasTaskDocument = true;
        return;
    }
    if (!showsTask()) {
        // A file, a preset or a head came in meanwhile: never write training's numbers over it.
        m_runner->pause();
        m_status->setText(tr("The document is no longer the task's: Reset, Step or Play puts "
                             "its sentence back."));
        return;
    }
    if (!m_doc->applyTraining(p.watched, m_run, &error))
        m_status->setText(error);
}

} // namespace attn::ui
