// SPDX-License-Identifier: GPL-3.0-or-later
#include "CircuitsView.h"

#include "InputError.h"
#include "Limits.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "heatmap/HeatmapView.h"
#include "network/WorkerTask.h"
#include "shell/Translations.h"
#include "tokenizer/Tokenizer.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

const QColor kQkColour(0, 114, 178); // Okabe–Ito blue
const QColor kOvColour(213, 94, 0);  // Okabe–Ito vermilion

QCustomPlot *newPlot(QWidget *parent, const char *name) {
    auto *plot = new QCustomPlot(parent);
    plot->setObjectName(name);
    plot->setLocale(QLocale::c()); // numbers as everywhere else, whatever the language
    plot->setMinimumSize(160, 120);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString()));
    return plot;
}

QCPTextElement *titleOf(QCustomPlot *plot) {
    return qobject_cast<QCPTextElement *>(plot->plotLayout()->element(0, 0));
}

} // namespace

CircuitsView::CircuitsView(QWidget *parent)
    : QWidget(parent), m_heading(new QLabel(this)), m_layerBox(new QSpinBox(this)),
      m_headBox(new QSpinBox(this)), m_progress(new QProgressBar(this)),
      m_cancel(new QPushButton(this)), m_status(new QLabel(this)), m_qkView(new HeatmapView(this)),
      m_ovView(new HeatmapView(this)), m_singular(newPlot(this, "circuitSingularValues")),
      m_eigen(newPlot(this, "circuitEigenvalues")), m_copying(new QLabel(this)),
      m_pairs(new QTableWidget(this)) {
    setObjectName("circuitsView");
    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    m_heading->setObjectName("circuitHeading");
    m_heading->setWordWrap(true);
    top->addWidget(m_heading, 1);
    auto *layerLabel = new QLabel(this), *headLabel = new QLabel(this);
    layerLabel->setObjectName("circuitLayerLabel");
    headLabel->setObjectName("circuitHeadLabel");
    layerLabel->setBuddy(m_layerBox);
    headLabel->setBuddy(m_headBox);
    m_layerBox->setObjectName("circuitLayer");
    m_headBox->setObjectName("circuitHead");
    top->addWidget(layerLabel);
    top->addWidget(m_layerBox);
    top->addWidget(headLabel);
    top->addWidget(m_headBox);
    m_progress->setObjectName("circuitProgress");
    m_progress->setRange(0, kSteps);
    m_progress->setMaximumWidth(140);
    m_progress->hide();
    top->addWidget(m_progress);
    m_cancel->setObjectName("circuitCancel");
    m_cancel->hide();
    top->addWidget(m_cancel);
    layout->addLayout(top);
    m_status->setObjectName("circuitStatus");
    m_status->setWordWrap(true);
    m_status->hide();
    layout->addWidget(m_status);

    // Below the heading, the panels scroll rather than shrink past reading (presentation mode's
    // type in a 1024 × 768 window): at least kContentColumns × kContentLines of the font.
    auto *scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setObjectName("circuitScroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(scroll);
    auto *contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    // Above, the three square pictures: W_QK, W_OV and W_OV's eigenvalues on the complex plane
    // beside it (a d × d matrix squashed into a strip hides its structure); below, the copying
    // score, the singular values and the token pairs.
    auto *split = new QSplitter(Qt::Vertical, m_content);
    m_split = split;
    auto *maps = new QSplitter(Qt::Horizontal, split);
    m_qkView->setObjectName("circuitQk");
    m_ovView->setObjectName("circuitOv");
    maps->addWidget(m_qkView);
    maps->addWidget(m_ovView);
    maps->addWidget(m_eigen);
    maps->setSizes({400, 400, 300});
    auto *below = new QWidget(split);
    auto *belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    m_copying->setObjectName("circuitCopying");
    m_copying->setWordWrap(true);
    belowLayout->addWidget(m_copying);
    auto *plots = new QSplitter(Qt::Horizontal, below);
    plots->addWidget(m_singular);
    m_pairs->setObjectName("circuitPairs");
    m_pairs->setColumnCount(2);
    m_pairs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pairs->setSelectionMode(QAbstractItemView::NoSelection);
    m_pairs->verticalHeader()->hide();
    m_pairs->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_pairs->setWordWrap(false);
    plots->addWidget(m_pairs);
    plots->setSizes({500, 400});
    belowLayout->addWidget(plots, 1);
    split->addWidget(maps);
    split->addWidget(below);
    split->setCollapsible(0, false);
    split->setCollapsible(1, false);
    contentLayout->addWidget(split, 1);
    scroll->setWidget(m_content);
    layout->addWidget(scroll, 1);

    m_singular->addGraph();
    m_singular->addGraph();
    m_singular->graph(0)->setPen(QPen(kQkColour, 2));
    m_singular->graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_singular->graph(1)->setPen(QPen(kOvColour, 2));
    m_singular->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_singular->legend->setVisible(true);
    // Ranks are whole numbers: ticks at 1, 2, 5, 10 … of them, never at 2.5.
    QSharedPointer<QCPAxisTickerFixed> ranks(new QCPAxisTickerFixed);
    ranks->setTickStep(1);
    ranks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_singular->xAxis->setTicker(ranks);
    m_eigen->addGraph();
    m_eigen->graph(0)->setLineStyle(QCPGraph::lsNone);
    m_eigen->graph(0)->setPen(QPen(kOvColour));
    m_eigen->graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kOvColour, 6));
    m_eigen->graph(0)->setAdaptiveSampling(false);
    m_eigen->addGraph();
    m_eigen->graph(1)->setLineStyle(QCPGraph::lsNone);
    m_eigen->graph(1)->setPen(QPen(QColor(0, 0, 0), 1.5));
    m_eigen->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 13));
    m_eigen->graph(1)->setAdaptiveSampling(false);

    m_poll.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_steps)
            m_progress->setValue(m_steps->load());
    });
    connect(m_cancel, &QPushButton::clicked, this, &CircuitsView::cancel);
    auto followBoxes = [this] {
        if (m_checkpoint && (m_layerBox->value() != m_layer || m_headBox->value() != m_head))
            showHead(m_layerBox->value(), m_headBox->value());
    };
    connect(m_layerBox, &QSpinBox::valueChanged, this, followBoxes);
    connect(m_headBox, &QSpinBox::valueChanged, this, followBoxes);
    Translations::setTexts(this, [this, layerLabel, headLabel] {
        layerLabel->setText(tr("&Layer"));
        headLabel->setText(tr("H&ead"));
        m_cancel->setText(tr("Cancel"));
        updateTexts();
    });
    fitPlots();
    setModel(nullptr, nullptr);
}

CircuitsView::~CircuitsView() {
    // The worker stops at its next block of rows; its result goes with the watcher.
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void CircuitsView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitPlots();
}

void CircuitsView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    fitPlots();
}

void CircuitsView::fitPlots() {
    const QFontMetrics metrics(font());
    // The pictures above as tall as a third of the width (square, under their titles and axes),
    // the plots below at least kBelowLines: what does not fit scrolls.
    const int width =
        std::max(m_scroll->viewport()->width(), metrics.averageCharWidth() * kContentColumns);
    const int maps = width / 3 + metrics.height() * 3;
    const int below = metrics.height() * kBelowLines;
    const int height = std::max(m_scroll->viewport()->height(), metrics.height() * kContentLines);
    const int top =
        std::clamp(height - below - m_split->handleWidth(), metrics.height() * 10, maps);
    m_content->setMinimumSize(
        metrics.averageCharWidth() * kContentColumns,
        std::max(metrics.height() * kContentLines, top + below + m_split->handleWidth()));
    m_split->setSizes({top, std::max(below, height - top - m_split->handleWidth())});
    // The plots' texts at the widget's type size: presentation mode's larger one too.
    const QFont f = font();
    for (QCustomPlot *plot : {m_singular, m_eigen}) {
        for (QCPAxis *axis : {plot->xAxis, plot->yAxis}) {
            axis->setTickLabelFont(f);
            axis->setLabelFont(f);
        }
        plot->legend->setFont(f);
        QFont bold = f;
        bold.setBold(true);
        titleOf(plot)->setFont(bold);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void CircuitsView::setModel(std::shared_ptr<const attn::Checkpoint> checkpoint,
                            std::shared_ptr<const attn::Tokenizer> tokenizer) {
    cancel();
    m_checkpoint = std::move(checkpoint);
    m_tokenizer = std::move(tokenizer);
    m_layer = m_head = -1;
    m_result.reset();
    m_title.clear();
    const QSignalBlocker blockLayer(m_layerBox), blockHead(m_headBox);
    const int layers = m_checkpoint ? int(m_checkpoint->config().layers) : 0;
    const int heads = m_checkpoint ? int(m_checkpoint->config().heads) : 0;
    m_layerBox->setRange(0, std::max(0, layers - 1));
    m_headBox->setRange(0, std::max(0, heads - 1));
    m_layerBox->setEnabled(layers > 0);
    m_headBox->setEnabled(heads > 0);
    showResult();
}

QString CircuitsView::tokenText(std::int64_t id) const {
    if (m_tokenizer) {
        try {
            return attn::displayLabel(m_tokenizer->token(int(id)));
        } catch (const attn::InputError &) {
            // An id of the model's vocabulary beyond the tokenizer's: its number below.
        }
    }
    return QStringLiteral("#%1").arg(id);
}

void CircuitsView::showHead(int layer, int head) {
    if (!m_checkpoint)
        return;
    const attn::ModelConfig &config = m_checkpoint->config();
    if (layer < 0 || layer >= config.layers || head < 0 || head >= config.heads)
        return;
    m_layer = layer;
    m_head = head;
    {
        const QSignalBlocker blockLayer(m_layerBox), blockHead(m_headBox);
        m_layerBox->setValue(layer);
        m_headBox->setValue(head);
    }
    const auto checkpoint = m_checkpoint;
    const bool smallVocabulary = config.vocab <= attn::kMaxCircuitVocabulary;
    const std::int64_t vocab = config.vocab;
    start(tr("Layer %1, head %2").arg(layer).arg(head),
          [checkpoint, layer, head, smallVocabulary, vocab](const std::atomic<bool> &stop,
                                                            std::atomic<int> &steps) {
              Result r;
              r.error = catching([&] {
                  r.circuit = attn::headCircuit(*checkpoint, layer, head);
                  steps = 1;
                  auto qk = attn::qkCircuit(*checkpoint, layer, head, &stop);
                  if (stop)
                      return;
                  r.qk = std::make_shared<const attn::Matrix>(std::move(qk));
                  steps = 2;
                  auto ov = attn::ovCircuit(*checkpoint, layer, head, &stop);
                  if (stop)
                      return;
                  r.ov = std::make_shared<const attn::Matrix>(std::move(ov));
                  steps = 3;
                  if (!smallVocabulary) {
                      r.pairsNote = tr("The token pairs are read for a vocabulary of at most %1 "
                                       "tokens; this model has %2.")
                                        .arg(attn::kMaxCircuitVocabulary)
                                        .arg(vocab);
                      steps = kSteps;
                      return;
                  }
                  r.qkPairs = attn::favouredQkPairs(*checkpoint, layer, head, kPairs, &stop);
                  steps = 4;
                  r.ovPairs = attn::favouredOvPairs(*checkpoint, layer, head, kPairs, &stop);
                  steps = kSteps;
                  if (r.ovPairs.empty() && !stop)
                      r.pairsNote = tr("The model has no LM head: no OV pairs.");
              });
              r.cancelled = stop;
              return r;
          });
}

void CircuitsView::showProjections(std::shared_ptr<const attn::HeadProjections> head,
                                   const QString &title) {
    if (!head)
        return;
    m_layer = m_head = -1;
    start(title, [head](const std::atomic<bool> &stop, std::atomic<int> &steps) {
        Result r;
        r.error = catching([&] {
            r.circuit = attn::headCircuit(*head);
            steps = 1;
            auto qk = attn::qkCircuit(*head, &stop);
            if (stop)
                return;
            r.qk = std::make_shared<const attn::Matrix>(std::move(qk));
            steps = 2;
            auto ov = attn::ovCircuit(*head, &stop);
            if (stop)
                return;
            r.ov = std::make_shared<const attn::Matrix>(std::move(ov));
            steps = kSteps;
            r.pairsNote = tr("Token pairs need the model's embeddings: this head is no model's.");
        });
        r.cancelled = stop;
        return r;
    });
}

void CircuitsView::start(
    const QString &title,
    std::function<Result(const std::atomic<bool> &, std::atomic<int> &)> work) {
    cancel();
    m_title = title;
    const std::uint64_t generation = ++m_generation;
    auto stop = std::make_shared<std::atomic<bool>>(false);
    auto steps = std::make_shared<std::atomic<int>>(0);
    m_cancelFlag = stop;
    m_steps = steps;
    m_progress->setValue(0);
    setBusy(true);
    updateTexts();
    onWorker<Result>(
        this, [work = std::move(work), stop, steps] { return work(*stop, *steps); },
        [this, generation](Result r) { finish(generation, std::move(r)); });
}

void CircuitsView::cancel() {
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    m_cancelFlag.reset();
    if (m_busy) {
        ++m_generation; // what the stopped worker still hands back is dropped
        setBusy(false);
        updateTexts();
    }
}

void CircuitsView::finish(std::uint64_t generation, Result result) {
    if (generation != m_generation)
        return;
    m_cancelFlag.reset();
    setBusy(false);
    if (result.cancelled) {
        updateTexts();
        return;
    }
    m_result = std::make_unique<Result>(std::move(result));
    showResult();
    emit ready();
}

void CircuitsView::setBusy(bool busy) {
    if (busy == m_busy)
        return;
    m_busy = busy;
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy)
        m_poll.start();
    else
        m_poll.stop();
    emit busyChanged(busy);
}

bool CircuitsView::waitUntilIdle(int milliseconds) {
    return workEventsWhile([this] { return m_busy; }, milliseconds);
}

void CircuitsView::showResult() {
    updateTexts();
    const Result *r = m_result.get();
    if (!r || !r->error.isEmpty() || !r->qk || !r->ov) {
        m_qkView->clear();
        m_ovView->clear();
        m_singular->graph(0)->data()->clear();
        m_singular->graph(1)->data()->clear();
        m_eigen->graph(0)->data()->clear();
        m_eigen->graph(1)->data()->clear();
        m_singular->replot(QCustomPlot::rpQueuedReplot);
        m_eigen->replot(QCustomPlot::rpQueuedReplot);
        showPairs();
        return;
    }
    const auto d = r->qk->rows();
    m_qkView->setTitle(
        r->circuit.qkOmitted.isEmpty()
            ? tr("W_QK = Wq·Wkᵀ (%1 × %1)").arg(d)
            : tr("Wq·Wkᵀ (%1 × %1), not the head's scores: %2").arg(d).arg(r->circuit.qkOmitted));
    m_qkView->setAxisTitles(tr("query direction"), tr("key direction"));
    m_qkView->setData(r->qk, {}, {}, ScaleKind::Diverging);
    m_qkView->setTooltipProvider([this](int row, int col) {
        return tr("W_QK[%1, %2] = %3: a query along direction %1 scores a key along direction "
                  "%2 by this much (before the 1/√head_dim scale)")
            .arg(row)
            .arg(col)
            .arg(attn::notation::precise(m_qkView->value(row, col)));
    });
    m_ovView->setTitle(tr("W_OV = Wv·Wo (%1 × %1)").arg(d));
    m_ovView->setAxisTitles(tr("read direction"), tr("written direction"));
    m_ovView->setData(r->ov, {}, {}, ScaleKind::Diverging);
    m_ovView->setTooltipProvider([this](int row, int col) {
        return tr("W_OV[%1, %2] = %3: attending to a token along direction %1 writes this much "
                  "along direction %2 (per unit of attention weight)")
            .arg(row)
            .arg(col)
            .arg(attn::notation::precise(m_ovView->value(row, col)));
    });

    const attn::HeadCircuit &c = r->circuit;
    QVector<double> x;
    for (std::size_t i = 0; i < std::max(c.qkSingular.size(), c.ovSingular.size()); ++i)
        x << double(i + 1);
    const QVector<double> qk(c.qkSingular.begin(), c.qkSingular.end());
    const QVector<double> ov(c.ovSingular.begin(), c.ovSingular.end());
    m_singular->graph(0)->setData(x.mid(0, qk.size()), qk, true);
    m_singular->graph(1)->setData(x.mid(0, ov.size()), ov, true);
    const double top = std::max(qk.isEmpty() ? 0.0 : qk.front(), ov.isEmpty() ? 0.0 : ov.front());
    m_singular->xAxis->setRange(0.5, double(x.size()) + 0.5);
    m_singular->yAxis->setRange(0, top > 0 ? top * 1.05 : 1);
    m_singular->replot(QCustomPlot::rpQueuedReplot);

    QVector<double> re, im, topRe, topIm;
    double radius = 0;
    QStringList largest;
    for (std::size_t i = 0; i < c.ovEigenvalues.size(); ++i) {
        const std::complex<double> v = c.ovEigenvalues[i];
        re << v.real();
        im << v.imag();
        radius = std::max(radius, std::abs(v));
        if (i < kRinged) { // the largest by modulus, ringed: what the head mostly does
            topRe << v.real();
            topIm << v.imag();
        }
        if (i < 6)
            largest << (v.imag() == 0
                            ? attn::notation::number(v.real(), 3)
                            : QStringLiteral("%1%2%3i").arg(
                                  attn::notation::number(v.real(), 3),
                                  v.imag() < 0 ? QStringLiteral("−") : QStringLiteral("+"),
                                  attn::notation::number(std::abs(v.imag()), 3)));
    }
    m_eigen->graph(0)->setData(re, im);
    m_eigen->graph(1)->setData(topRe, topIm);
    const double r0 = radius > 0 ? radius * 1.1 : 1;
    m_eigen->xAxis->setRange(-r0, r0);
    m_eigen->yAxis->setRange(-r0, r0);
    m_eigen->setToolTip(tr("W_OV's eigenvalues by modulus, largest first: %1")
                            .arg(largest.join(QStringLiteral(", "))));
    m_eigen->replot(QCustomPlot::rpQueuedReplot);
    showPairs();
}

void CircuitsView::showPairs() {
    const Result *r = m_result.get();
    const int rows = r ? int(std::max(r->qkPairs.size(), r->ovPairs.size())) : 0;
    m_pairs->clearContents();
    m_pairs->setRowCount(rows);
    // No pairs to read (a large vocabulary, a head of no model): the plots take the room, and
    // the line above says why.
    m_pairs->setVisible(!r || rows > 0);
    for (int column = 0; column < 2 && r; ++column) {
        const std::vector<attn::TokenPair> &pairs = column == 0 ? r->qkPairs : r->ovPairs;
        for (int i = 0; i < int(pairs.size()); ++i) {
            const attn::TokenPair &p = pairs[std::size_t(i)];
            auto *item = new QTableWidgetItem(QStringLiteral("%1 → %2  %3")
                                                  .arg(tokenText(p.first), tokenText(p.second),
                                                       attn::notation::number(p.value, 3)));
            item->setToolTip(
                column == 0 ? tr("A query at %1 (id %3) scores the key %2 (id %4) by %5: E·W_QK·Eᵀ")
                                  .arg(tokenText(p.first), tokenText(p.second))
                                  .arg(p.first)
                                  .arg(p.second)
                                  .arg(attn::notation::precise(p.value))
                            : tr("Attending to %1 (id %3) raises the logit of %2 (id %4) by %5: "
                                 "E·W_OV·Uᵀ")
                                  .arg(tokenText(p.first), tokenText(p.second))
                                  .arg(p.first)
                                  .arg(p.second)
                                  .arg(attn::notation::precise(p.value)));
            m_pairs->setItem(i, column, item);
        }
    }
}

void CircuitsView::updateTexts() {
    m_pairs->setHorizontalHeaderLabels(
        {tr("QK: query → key it reads"), tr("OV: attended → token it raises")});
    titleOf(m_singular)->setText(tr("Singular values"));
    m_singular->graph(0)->setName(tr("W_QK"));
    m_singular->graph(1)->setName(tr("W_OV"));
    m_singular->xAxis->setLabel(tr("rank"));
    titleOf(m_eigen)->setText(tr("W_OV's eigenvalues"));
    m_eigen->xAxis->setLabel(tr("Re λ"));
    m_eigen->yAxis->setLabel(tr("Im λ"));
    m_singular->replot(QCustomPlot::rpQueuedReplot);
    m_eigen->replot(QCustomPlot::rpQueuedReplot);

    QString heading;
    if (!m_checkpoint && m_title.isEmpty())
        heading = tr("No model is open.");
    else if (m_title.isEmpty())
        heading = tr("The circuits of a head (Elhage et al. 2021): choose one below, or "
                     "right-click a head in the Heads tab › Circuits.");
    else
        heading = tr("<b>%1</b>: what it scores (W_QK) and writes (W_OV), from its weights")
                      .arg(m_title.toHtmlEscaped());
    m_heading->setText(heading);

    QString status;
    const Result *r = m_result.get();
    if (m_busy)
        status = tr("Reading the circuits…");
    else if (r && !r->error.isEmpty())
        status = r->error;
    else if (r && !r->pairsNote.isEmpty())
        status = r->pairsNote;
    m_status->setText(status);
    m_status->setVisible(!status.isEmpty());

    if (!r || !r->error.isEmpty()) {
        m_copying->clear();
        return;
    }
    const double copying = r->circuit.copying;
    m_copying->setText(
        std::isnan(copying)
            ? tr("Copying score: none (every eigenvalue of W_OV is 0: the head writes nothing).")
            : tr("<b>Copying score %1</b> = Σ Re λ / Σ |λ| over W_OV's eigenvalues: near +1 the "
                 "head copies what it attends to into the residual stream, near −1 it "
                 "suppresses it, near 0 it writes something else.")
                  .arg(attn::notation::number(copying, 3)));
}

} // namespace attn::ui
