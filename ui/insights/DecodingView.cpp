// SPDX-License-Identifier: GPL-3.0-or-later
#include "DecodingView.h"

#include "InputError.h"
#include "InsightSupport.h"
#include "Notation.h"
#include "document/Document.h"
#include "document/Recomputer.h"
#include "headreadings/TokenLabels.h"
#include "heatmap/HeatmapView.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

namespace {

HeatmapView *cacheView(const char *name, const QString &title) {
    auto *view = new HeatmapView;
    view->setObjectName(name);
    view->setTitle(title);
    view->setMinimumSize(160, 160);
    return view;
}

QString count(long long value) {
    return QLocale::c().toString(value);
}

} // namespace

DecodingView::DecodingView(Document *document, Recomputer *recomputer, QWidget *parent)
    : InsightView(document, recomputer, parent) {
    setObjectName("decodingView");
    setFocusPolicy(Qt::StrongFocus);
    auto *layout = new QVBoxLayout(this);
    auto *buttons = new QHBoxLayout;
    auto button = [this, buttons](const char *name, const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setToolTip(tip);
        b->setFocusPolicy(Qt::NoFocus);
        buttons->addWidget(b);
        return b;
    };
    m_step = button("decodeStep", QCoreApplication::translate("DecodingView", "Step"),
                    QCoreApplication::translate("DecodingView", "Decode the next token (Right)"));
    m_play = button("decodePlay", QCoreApplication::translate("DecodingView", "Play"),
                    QCoreApplication::translate("DecodingView",
                                                "Decode the remaining tokens one by one (Space)"));
    m_reset = button("decodeReset", QCoreApplication::translate("DecodingView", "Reset"),
                     QCoreApplication::translate("DecodingView", "Empty the cache (Home)"));
    m_position = new QLabel(this);
    m_position->setObjectName("decodePosition");
    buttons->addWidget(m_position, 1);
    layout->addLayout(buttons);
    m_cost = new QLabel(this);
    m_cost->setObjectName("decodeCost");
    m_cost->setWordWrap(true);
    layout->addWidget(m_cost);
    m_check = new QLabel(this);
    m_check->setObjectName("decodeCheck");
    m_check->setWordWrap(true);
    layout->addWidget(m_check);
    // Before the first step the cache is empty: a sentence instead of four empty plots.
    m_pages = new QStackedWidget(this);
    auto *empty =
        new QLabel(QCoreApplication::translate(
                       "DecodingView", "Decoding generates one token at a time. Each step appends "
                                       "the new token's key and value to the cache, and its query "
                                       "attends to every cached key: press Step (or Right)."),
                   m_pages);
    empty->setObjectName("decodeEmpty");
    empty->setWordWrap(true);
    empty->setAlignment(Qt::AlignCenter);
    empty->setMargin(24);
    m_pages->addWidget(empty);
    auto *cache = new QWidget(m_pages);
    auto *grid = new QGridLayout(cache);
    grid->setContentsMargins(0, 0, 0, 0);
    m_keys = cacheView("decodeKeys", QCoreApplication::translate("DecodingView", "K cache"));
    m_values = cacheView("decodeValues", QCoreApplication::translate("DecodingView", "V cache"));
    m_weights = cacheView("decodeWeights",
                          QCoreApplication::translate("DecodingView", "new query's weights"));
    m_outputs = cacheView("decodeOutputs",
                          QCoreApplication::translate("DecodingView", "output rows so far"));
    grid->addWidget(m_keys, 0, 0);
    grid->addWidget(m_values, 0, 1);
    grid->addWidget(m_weights, 1, 0);
    grid->addWidget(m_outputs, 1, 1);
    m_pages->addWidget(cache);
    layout->addWidget(m_pages, 1);

    connect(m_step, &QToolButton::clicked, this, &DecodingView::step);
    connect(m_play, &QToolButton::clicked, this, &DecodingView::play);
    connect(m_reset, &QToolButton::clicked, this, &DecodingView::reset);
    m_timer.setInterval(700);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_decoded >= tokenCount())
            m_timer.stop();
        else
            step();
    });
}

int DecodingView::tokenCount() const {
    const ResultSnapshot &snap = snapshot();
    return snap.isValid() ? int(snap.inputs->queryCount()) : 0;
}

void DecodingView::step() {
    if (m_decoded < tokenCount())
        ++m_decoded;
    if (m_decoded >= tokenCount())
        m_timer.stop();
    // Not refreshNow: at thousands of tokens a step's work is left to a worker.
    bringUpToDate();
}

void DecodingView::play() {
    if (m_timer.isActive()) {
        m_timer.stop();
    } else {
        if (m_decoded >= tokenCount())
            m_decoded = 0; // from the start again
        m_timer.start();
    }
    bringUpToDate();
}

void DecodingView::reset() {
    m_timer.stop();
    m_decoded = 0;
    bringUpToDate();
}

void DecodingView::keyPressEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Right)
        step();
    else if (event->key() == Qt::Key_Space)
        play();
    else if (event->key() == Qt::Key_Home)
        reset();
    else
        InsightView::keyPressEvent(event);
}

QString DecodingView::costText() const {
    if (m_state.steps.empty())
        return m_problem.isEmpty() ? tr("The cache is empty: press Step.") : QString();
    const attn::KvCacheStep &s = m_state.steps.back();
    return tr("This step: %1 multiply-adds (one token's q, k, v and %2 cached keys and "
              "values); recomputing all %2 tokens from scratch: %3. So far %4 against %5.")
        .arg(count(s.stepCost))
        .arg(s.token + 1)
        .arg(count(s.fullCost), count(m_state.totalStepCost()), count(m_state.totalFullCost()));
}

QString DecodingView::checkText() const {
    return m_check->text();
}

// After the last step: the cached outputs against the full causal computation of the same
// inputs (the document's may not be causal); empty before.
QString DecodingView::checkFor(const attn::KvCacheState &state, const attn::AttentionInputs &in) {
    if (state.outputs.rows() == 0 || state.outputs.rows() < in.queryCount())
        return QString();
    const attn::AttentionResult full = attn::compute(attn::causalInputs(in));
    const attn::Matrix &expected = full.heads[size_t(state.head)].output;
    const double diff = (state.outputs - expected).cwiseAbs().maxCoeff();
    const bool ok = diff <= 1e-12 * std::max(1.0, expected.cwiseAbs().maxCoeff());
    return tr("Every token decoded: the outputs equal the full causal computation "
              "(largest difference %1) %2")
        .arg(attn::notation::number(diff, 2))
        .arg(ok ? "\u2713" : "\u2717");
}

void DecodingView::refresh() {
    const ResultSnapshot &snap = snapshot();
    m_problem.clear();
    if (!snap.isValid() || snap.result->heads.empty()) {
        m_position->setText(tr("No result yet."));
        return;
    }
    const attn::AttentionInputs &in = *snap.inputs;
    const int n = int(in.queryCount());
    m_decoded = std::clamp(m_decoded, 0, n);
    const int head = insight::headOf(*document(), *snap.result);
    // Decoding m of n tokens reads the whole mask, and the last step's check is a full causal
    // computation: off the GUI thread when large.
    struct Decoded {
        attn::KvCacheState state;
        QString problem, check;
    };
    runOffThread(insight::isLarge(*snap.result),
                 [this, inputs = snap.inputs, head, decoded = m_decoded]() -> Present {
                     auto d = std::make_shared<Decoded>();
                     try {
                         d->state = attn::kvCacheDecode(*inputs, head, decoded);
                         if (decoded > 0)
                             d->check = checkFor(d->state, *inputs);
                     } catch (const attn::InputError &e) {
                         d->state = {};
                         d->problem = QString::fromStdString(e.what());
                     }
                     return [this, inputs, head, d] {
                         m_state = std::move(d->state);
                         m_problem = d->problem;
                         showDecoded(*inputs, head, d->problem.isEmpty() ? d->check : d->problem);
                     };
                 });
}

void DecodingView::showDecoded(const attn::AttentionInputs &in, int head, const QString &check) {
    const int n = int(in.queryCount());
    const QStringList tokens = attn::tokenLabels(in.tokens).mid(0, m_decoded);
    const QStringList dims = [](int d) {
        QStringList out;
        for (int k = 0; k < d; ++k)
            out << QString::number(k);
        return out;
    }(int(std::max(m_state.K.cols(), m_state.V.cols())));
    m_position->setText(tr("head %1: %2 of %3 tokens decoded%4")
                            .arg(head)
                            .arg(m_decoded)
                            .arg(n)
                            .arg(in.options.causal ? "" : tr(" (decoding is causal)")));
    m_pages->setCurrentIndex(m_decoded > 0 ? 1 : 0);
    if (m_decoded > 0) {
        m_keys->setData(m_state.K, tokens, dims.mid(0, int(m_state.K.cols())),
                        ScaleKind::Diverging);
        m_values->setData(m_state.V, tokens, dims.mid(0, int(m_state.V.cols())),
                          ScaleKind::Diverging);
        const attn::Matrix weights = m_state.steps.back().weights;
        m_weights->setData(weights, {tokens.last()}, tokens, ScaleKind::Unit);
        m_outputs->setData(m_state.outputs, tokens, dims.mid(0, int(m_state.V.cols())),
                           ScaleKind::Diverging);
        // The rows the last step appended.
        for (HeatmapView *v : {m_keys, m_values, m_outputs})
            v->setSelectedRow(m_decoded - 1);
    } else {
        for (HeatmapView *v : {m_keys, m_values, m_weights, m_outputs})
            v->clear();
    }
    const bool canDecode = m_problem.isEmpty();
    m_step->setEnabled(canDecode && m_decoded < n);
    m_play->setEnabled(canDecode);
    m_play->setText(m_timer.isActive() ? tr("Pause") : tr("Play"));
    m_cost->setText(costText());
    m_check->setText(check);
}

} // namespace attn::ui
