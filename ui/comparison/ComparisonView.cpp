// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonView.h"

#include "InputError.h"
#include "Notation.h"
#include "checkpoint/Checkpoint.h"
#include "heatmap/HeatmapView.h"
#include "network/NetworkComparison.h"
#include "overview/LayerDeltaView.h"
#include "overview/LayerHeadGrid.h"
#include "shell/Translations.h"
#include "tokenizer/Tokenizer.h"
#include "transformer/Predictions.h"

#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

QScrollArea *scrolled(LayerHeadGrid *grid, QWidget *parent) {
    auto *scroll = new QScrollArea(parent);
    scroll->setWidget(grid);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

// The softmax probability of `id` at the last position of a run.
double lastProbability(const attn::Run &run, std::int64_t id) {
    const attn::RowVector row = run.logits.row(run.logits.rows() - 1);
    const double top = row.maxCoeff();
    return std::exp(row(Eigen::Index(id)) - top) / (row.array() - top).exp().sum();
}

} // namespace

ComparisonView::ComparisonView(NetworkComparison &comparison, QWidget *parent)
    : QWidget(parent), m_comparison(comparison), m_status(new QLabel(this)),
      m_titleA(new QLabel(this)), m_titleB(new QLabel(this)), m_gridA(new LayerHeadGrid),
      m_gridB(new LayerHeadGrid), m_perHeadBox(new QComboBox(this)),
      m_perHead(new HeatmapView(this)), m_predictions(new QTreeWidget(this)),
      m_patchAll(new QPushButton(this)), m_patchPositions(new QPushButton(this)),
      m_cancel(new QPushButton(this)), m_progress(new QProgressBar(this)),
      m_patchResult(new QLabel(this)), m_residual(new LayerDeltaView(this)) {
    setObjectName("comparisonView");
    auto *layout = new QVBoxLayout(this);
    m_status->setObjectName("comparisonStatus");
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    // The panels scroll rather than shrink past reading (presentation mode's type in a
    // 1024 × 768 window): at least kContentColumns × kContentLines of the font.
    auto *scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setObjectName("comparisonScroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(scroll);
    auto *contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Horizontal, m_content);
    m_split = split;
    split->setObjectName("comparisonSplit");
    auto *grids = new QWidget(split);
    auto *gridsLayout = new QHBoxLayout(grids);
    gridsLayout->setContentsMargins(0, 0, 0, 0);
    for (auto [title, grid] : {std::pair{m_titleA, m_gridA}, std::pair{m_titleB, m_gridB}}) {
        auto *column = new QVBoxLayout;
        // One line: the sentences are in the boxes above, and in the tooltip.
        title->setTextFormat(Qt::RichText);
        column->addWidget(title);
        column->addWidget(scrolled(grid, grids), 1);
        gridsLayout->addLayout(column, 1);
    }
    m_titleA->setObjectName("comparisonTitleA");
    m_titleB->setObjectName("comparisonTitleB");
    m_gridA->setObjectName("comparisonGridA");
    m_gridB->setObjectName("comparisonGridB");
    for (LayerHeadGrid *grid : {m_gridA, m_gridB}) {
        grid->setPatchMenu(true);
        grid->setMinimumCell(kMinimumCell);
    }
    split->addWidget(grids);

    auto *side = new QWidget(split);
    m_side = side;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_perHeadBox->setObjectName("comparisonPerHeadBox");
    m_perHeadBox->addItem(QString(), int(PerHead::WeightChange));
    m_perHeadBox->addItem(QString(), int(PerHead::Restored));
    m_perHeadBox->addItem(QString(), int(PerHead::Divergence));
    m_perHeadBox->addItem(QString(), int(PerHead::Positions));
    sideLayout->addWidget(m_perHeadBox);
    m_perHead->setObjectName("comparisonPerHead");
    m_perHead->setMinimumHeight(160);
    sideLayout->addWidget(m_perHead, 2);
    auto *patchRow = new QHBoxLayout;
    m_patchAll->setObjectName("comparisonPatchAll");
    patchRow->addWidget(m_patchAll);
    m_patchPositions->setObjectName("comparisonPatchPositions");
    patchRow->addWidget(m_patchPositions);
    m_progress->setObjectName("comparisonProgress");
    m_progress->setTextVisible(false);
    m_progress->hide();
    patchRow->addWidget(m_progress, 1);
    m_cancel->setObjectName("comparisonCancel");
    m_cancel->hide();
    patchRow->addWidget(m_cancel);
    sideLayout->addLayout(patchRow);
    m_patchResult->setObjectName("comparisonPatchResult");
    m_patchResult->setWordWrap(true);
    m_patchResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sideLayout->addWidget(m_patchResult);
    m_residual->setObjectName("comparisonResidual");
    m_residual->setComparing(true);
    m_residual->hide();
    sideLayout->addWidget(m_residual);
    m_predictions->setObjectName("comparisonPredictions");
    m_predictions->setColumnCount(3);
    m_predictions->setRootIsDecorated(false);
    m_predictions->setSelectionMode(QAbstractItemView::NoSelection);
    m_predictions->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_predictions->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_predictions->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_predictions->header()->setStretchLastSection(false);
    sideLayout->addWidget(m_predictions, 1);
    split->addWidget(side);
    // The two overviews want 12 heads of kMinimumCell each; the map and the table the rest.
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setCollapsible(0, false);
    contentLayout->addWidget(split, 1);
    scroll->setWidget(m_content);
    layout->addWidget(scroll, 1);
    fitContent();

    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this,
            [this] { m_progress->setValue(m_comparison.patchProgress()); });
    connect(&m_comparison, &NetworkComparison::changed, this, &ComparisonView::refresh);
    connect(&m_comparison, &NetworkComparison::patched, this, &ComparisonView::showPatch);
    const auto done = [this] {
        m_progress->hide();
        m_cancel->hide();
        m_poll.stop();
        showPerHead();
    };
    connect(&m_comparison, &NetworkComparison::patchedAll, this, done);
    connect(&m_comparison, &NetworkComparison::positionsPatched, this, done);
    connect(&m_comparison, &NetworkComparison::failed, this,
            [this](const QString &message) { m_patchResult->setText(message); });
    connect(&m_comparison, &NetworkComparison::busyChanged, this, [this](bool busy) {
        if (!busy) {
            m_progress->hide();
            m_cancel->hide();
            m_poll.stop();
        }
    });
    for (LayerHeadGrid *grid : {m_gridA, m_gridB})
        connect(grid, &LayerHeadGrid::patchRequested, &m_comparison, &NetworkComparison::patch);
    for (LayerHeadGrid *grid : {m_gridA, m_gridB})
        connect(grid, &LayerHeadGrid::patchPositionsRequested, this,
                [this] { startPatching(PerHead::Positions); });
    connect(m_perHead, &HeatmapView::cellClicked, this,
            [this](int row, int col, Qt::KeyboardModifiers) {
                // A cell of a map of heads patches that head; the positions map is read whole.
                if (PerHead(m_perHeadBox->currentData().toInt()) != PerHead::Positions)
                    m_comparison.patch(row, col);
            });
    connect(m_perHeadBox, &QComboBox::currentIndexChanged, this, &ComparisonView::showPerHead);
    m_perHead->setTooltipProvider([this](int row, int col) { return perHeadTip(row, col); });
    connect(m_patchAll, &QPushButton::clicked, this, [this] { startPatching(PerHead::Restored); });
    connect(m_patchPositions, &QPushButton::clicked, this,
            [this] { startPatching(PerHead::Positions); });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_comparison.cancelPatching();
        m_progress->hide();
        m_cancel->hide();
        m_poll.stop();
    });
    Translations::setTexts(this, [this] {
        m_perHeadBox->setItemText(0, tr("Per head: how much its weights differ"));
        m_perHeadBox->setItemText(1, tr("Per head: how much of B patching restores"));
        m_perHeadBox->setItemText(2, tr("Per head: JS divergence of the weights (two files)"));
        m_perHeadBox->setItemText(
            3, tr("Per position and layer: how much of B patching the residual restores"));
        m_patchAll->setText(tr("Patch every head from B"));
        m_patchPositions->setText(tr("Patch each position"));
        m_patchPositions->setToolTip(
            tr("Run A once per position and layer with the residual stream after that layer, at "
               "that position only, replaced by B's, and colour a positions × layers map by how "
               "much of B's prediction it restores"));
        m_cancel->setText(tr("Cancel"));
        m_patchAll->setToolTip(tr("Run A once per head with that head's output replaced by B's, "
                                  "and colour each head by how much of B's prediction it "
                                  "restores"));
        m_predictions->setHeaderLabels({tr("next token"), tr("A"), tr("B")});
        refresh();
    });
    refresh();
}

void ComparisonView::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitContent();
}

void ComparisonView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    fitContent();
}

bool ComparisonView::stacked() const {
    return m_split->orientation() == Qt::Vertical;
}

void ComparisonView::fitContent() {
    const QFontMetrics metrics(font());
    const bool narrow = width() < metrics.averageCharWidth() * kSideBySideColumns;
    const bool turned = m_split->orientation() != (narrow ? Qt::Vertical : Qt::Horizontal);
    m_split->setOrientation(narrow ? Qt::Vertical : Qt::Horizontal);
    int height = metrics.height() * kContentLines;
    // The height the overviews are shown in: every layer in sight when the cells allow.
    int grids = std::max(m_scroll->viewport()->height(), metrics.height() * 12);
    if (narrow) {
        // The overviews fill the first screen at the whole width; the map, the patching and the
        // predictions follow under them, a scroll away.
        const int side = std::max(m_side->minimumSizeHint().height(), metrics.height() * 18);
        height = grids + side + m_split->handleWidth();
        m_split->setSizes({grids, side});
    } else if (turned || !m_sized) {
        // Beside each other, two thirds for the overviews; a drag of the handle then stays.
        const int w = std::max(m_split->width(), 3);
        m_split->setSizes({w * 2 / 3, w - w * 2 / 3});
        m_sized = m_split->width() > 3;
    }
    for (LayerHeadGrid *grid : {m_gridA, m_gridB})
        grid->setFitHeight(grids - metrics.height() - metrics.height() / 2);
    if (!narrow) // a map of many positions: the panels scroll rather than overlap
        height = std::max(height, m_side->minimumSizeHint().height());
    m_content->setMinimumSize(metrics.averageCharWidth() * kContentColumns, height);
}

void ComparisonView::setColorMap(ColorMapId map) {
    m_gridA->setColorMap(map);
    m_gridB->setColorMap(map);
}

QString ComparisonView::piece(std::int64_t id) const {
    if (const auto tokenizer = m_comparison.a().tokenizer()) {
        try {
            return attn::displayLabel(tokenizer->token(int(id)));
        } catch (const attn::InputError &) {
            // An id of the model's vocabulary beyond the tokenizer's: its number below.
        }
    }
    return QStringLiteral("#%1").arg(id);
}

void ComparisonView::refresh() {
    const attn::RunPtr a = m_comparison.runA(), b = m_comparison.runB();
    const auto checkpoint = m_comparison.a().checkpoint();
    const bool causal = !checkpoint || checkpoint->config().decoder();
    m_gridA->setRun(a, causal);
    m_gridB->setRun(m_comparison.isActive() ? b : attn::RunPtr(), causal);
    const auto tokensOf = [](const attn::RunPtr &run) { return run ? int(run->ids.size()) : 0; };
    const bool files = m_comparison.comparesFiles();
    if (files) { // the same text on two files of one model: the files name the runs
        m_titleA->setText(tr("<b>A</b> %1").arg(QFileInfo(m_comparison.a().folder()).fileName()));
        m_titleB->setText(tr("<b>B</b> %1").arg(QFileInfo(m_comparison.fileB()).fileName()));
        m_titleA->setToolTip(m_comparison.a().folder());
        m_titleB->setToolTip(m_comparison.fileB());
    } else {
        m_titleA->setText(tr("<b>A</b> (the text)"));
        m_titleB->setText(tr("<b>B</b> (compared with)"));
        m_titleA->setToolTip(m_comparison.a().text());
        m_titleB->setToolTip(m_comparison.textB());
    }
    if (files && m_comparison.comparable() && m_comparison.files()) {
        const auto c = m_comparison.files();
        int changed = 0;
        for (std::size_t i = 0; i < c->top1A.size(); ++i)
            changed += c->top1A[i] != c->top1B[i];
        m_status->setText(
            tr("The same %1 tokens through two files of one model: mean KL(A \u2016 B) of the "
               "next-token distributions %2, the top prediction the same at %3 of %4 positions "
               "(%5 changed). The map colours each head by how far its attention moved.")
                .arg(tokensOf(a))
                .arg(attn::notation::number(c->finalKl, 3))
                .arg(c->top1A.size() - std::size_t(changed))
                .arg(c->top1A.size())
                .arg(changed));
    } else if (files && !m_comparison.isActive())
        m_status->setText(tr("Opening %1…").arg(m_comparison.fileB()));
    else if (!m_comparison.isActive())
        m_status->setText(tr("Type a second sentence in “Compare with…” above: its run (B) "
                             "appears beside this one (A), with what differs per head."));
    else if (!a || !b)
        m_status->setText(tr("Running…"));
    else if (!m_comparison.comparable())
        m_status->setText(tr("A has %1 tokens, B %2: the per-head difference and patching need "
                             "as many tokens in both (make B the same length).")
                              .arg(tokensOf(a))
                              .arg(tokensOf(b)));
    else if (a->compact || b->compact)
        m_status->setText(tr("%1 tokens each: the map colours each head by how far its weights "
                             "moved, read a layer at a time. Right-click a head to patch it: "
                             "each patch runs the whole text again.")
                              .arg(tokensOf(a)));
    else
        m_status->setText(tr("%1 tokens each. Right-click a head (or click a cell of the map) to "
                             "patch its output from B into A and see how much of B's prediction "
                             "it restores.")
                              .arg(tokensOf(a)));
    m_patchAll->setEnabled(m_comparison.comparable());
    m_patchPositions->setEnabled(m_comparison.comparable());
    m_residual->setRuns(m_comparison.comparable() ? b : attn::RunPtr(), a);
    m_residual->setVisible(!m_residual->changes().empty());
    showPerHead();
    showPredictions();
    showPatch();
}

void ComparisonView::showPerHead() {
    auto which = PerHead(m_perHeadBox->currentData().toInt());
    const auto difference = m_comparison.difference();
    const auto &all = m_comparison.allPatches();
    const auto files = m_comparison.files();
    // A row per token: tall enough for each to be named, which the heads' map never needs.
    const int line = m_perHead->fontMetrics().height();
    const qsizetype tokens = which == PerHead::Positions && m_comparison.runA()
                                 ? qsizetype(m_comparison.runA()->ids.size())
                                 : 0;
    m_perHead->setMinimumHeight(
        std::max(160, int(double(std::min<qsizetype>(tokens, 64)) * line * 1.5) + 8 * line));
    fitContent();
    if (which == PerHead::Positions) {
        showPositions();
        return;
    }
    if (which == PerHead::Divergence && !m_comparison.comparesFiles())
        which = PerHead::WeightChange; // JS divergence is read for two files only
    if (which == PerHead::Divergence && files) {
        const int layers = int(files->layers.size());
        const int heads = layers ? int(files->layers[0].heads.size()) : 0;
        attn::Matrix m(layers, heads);
        QStringList rows, cols;
        for (int l = 0; l < layers; ++l) {
            rows << tr("L%1").arg(l);
            for (int h = 0; h < heads; ++h)
                m(l, h) = files->layers[std::size_t(l)].heads[std::size_t(h)].jsDivergence;
        }
        for (int h = 0; h < heads; ++h)
            cols << tr("H%1").arg(h);
        m_perHead->setAxisTitles(tr("layer"), tr("head"));
        m_perHead->setTitle(tr("JS divergence, A to B"));
        // Its own range: quantization moves attention by hundredths, which a 0–1 scale hides.
        m_perHead->setData(std::move(m), rows, cols, ScaleKind::Sequential);
        return;
    }
    if (!m_comparison.comparable() || (which == PerHead::WeightChange && !difference) ||
        (which == PerHead::Restored && all.empty()) || which == PerHead::Divergence) {
        m_perHead->clear();
        m_perHead->setTitle(which == PerHead::Restored && m_comparison.comparable()
                                ? tr("Patch every head from B to see this")
                                : QString());
        return;
    }
    const auto &values = which == PerHead::WeightChange ? difference->weights : all;
    const int layers = int(values.size()), heads = layers ? int(values[0].size()) : 0;
    attn::Matrix m(layers, heads);
    QStringList rows, cols;
    for (int l = 0; l < layers; ++l) {
        rows << tr("L%1").arg(l);
        for (int h = 0; h < heads; ++h)
            m(l, h) = values[std::size_t(l)][std::size_t(h)];
    }
    for (int h = 0; h < heads; ++h)
        cols << tr("H%1").arg(h);
    m_perHead->setAxisTitles(tr("layer"), tr("head"));
    if (which == PerHead::WeightChange) {
        m_perHead->setTitle(tr("max |w_B − w_A| per head"));
        m_perHead->setData(std::move(m), rows, cols, ScaleKind::Unit);
    } else {
        m_perHead->setTitle(tr("share of B restored"));
        m_perHead->setData(std::move(m), rows, cols, ScaleKind::Diverging);
    }
}

void ComparisonView::startPatching(PerHead map) {
    if (!m_comparison.comparable())
        return;
    m_perHeadBox->setCurrentIndex(m_perHeadBox->findData(int(map)));
    if (map == PerHead::Positions)
        m_comparison.patchPositions();
    else
        m_comparison.patchAll();
    m_progress->setRange(0, m_comparison.patchCount());
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_poll.start();
}

void ComparisonView::showPositions() {
    m_perHead->clear();
    const attn::RunPtr a = m_comparison.runA(), b = m_comparison.runB();
    if (!m_comparison.isActive() || !a || !b) {
        m_perHead->setTitle(QString());
        return;
    }
    if (!m_comparison.comparable()) {
        // Patching puts B's row of a position into A's: there is none when the lengths differ.
        m_perHead->setTitle(tr("Patching needs as many tokens in A and B (A has %1, B %2)")
                                .arg(a->ids.size())
                                .arg(b->ids.size()));
        return;
    }
    const auto &values = m_comparison.positionPatches();
    if (values.empty()) {
        m_perHead->setTitle(tr("Patch each position to see this"));
        return;
    }
    const int positions = int(values.size()), layers = int(values[0].size());
    attn::Matrix m(positions, layers);
    QStringList rows, cols;
    for (int p = 0; p < positions; ++p) {
        // The token of A there, and B's when it differs: where the sentences differ shows.
        const std::int64_t ta = a->ids[std::size_t(p)], tb = b->ids[std::size_t(p)];
        rows << (ta == tb ? piece(ta) : tr("%1 → %2").arg(piece(ta), piece(tb)));
        for (int l = 0; l < layers; ++l)
            m(p, l) = values[std::size_t(p)][std::size_t(l)];
    }
    for (int l = 0; l < layers; ++l)
        cols << tr("L%1").arg(l);
    m_perHead->setAxisTitles(tr("position"), tr("residual after layer"));
    m_perHead->setTitle(tr("share of B restored, per position patched"));
    m_perHead->setData(std::move(m), rows, cols, ScaleKind::Diverging);
}

QString ComparisonView::positionTip(int position, int layer) const {
    const attn::RunPtr a = m_comparison.runA();
    const auto &values = m_comparison.positionPatches();
    if (!a || position < 0 || layer < 0 || std::size_t(position) >= values.size() ||
        std::size_t(layer) >= values[std::size_t(position)].size())
        return {};
    const double f = values[std::size_t(position)][std::size_t(layer)];
    return tr("<b>the residual after layer %1 at position %2 (%3)</b><br>patched from B: %4")
        .arg(layer)
        .arg(position)
        .arg(piece(a->ids[std::size_t(position)]).toHtmlEscaped())
        .arg(std::isnan(f) ? tr("A and B give B's top token the same probability")
                           : tr("restores %1 % of the way from A to B")
                                 .arg(std::abs(f) < 0.005 ? 0.0 : f * 100, 0, 'f', 0));
}

QString ComparisonView::perHeadTip(int layer, int head) const {
    if (PerHead(m_perHeadBox->currentData().toInt()) == PerHead::Positions)
        return positionTip(layer, head);
    const attn::RunPtr a = m_comparison.runA(), b = m_comparison.runB();
    if (!m_comparison.comparable() || !a || !b || layer < 0 || head < 0 ||
        std::size_t(layer) >= a->layers.size() ||
        std::size_t(head) >= a->layers[std::size_t(layer)].heads.size())
        return {};
    const attn::Matrix &wa = a->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
    const attn::Matrix &wb = b->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
    if (wa.rows() != wb.rows() || wa.cols() != wb.cols() || wa.rows() == 0)
        return {};
    QString text = tr("<b>layer %1, head %2</b>").arg(layer).arg(head);
    text += tr("<br>max |w_B \u2212 w_A| = %1")
                .arg(attn::notation::number((wb - wa).cwiseAbs().maxCoeff(), 3));
    if (const auto files = m_comparison.files())
        text +=
            tr(", JS divergence %1")
                .arg(attn::notation::number(
                    files->layers[std::size_t(layer)].heads[std::size_t(head)].jsDivergence, 3));
    // The last query's weights in both runs and their difference, key by key (at most 16).
    const Eigen::Index q = wa.rows() - 1, keys = std::min<Eigen::Index>(wa.cols(), 16);
    text += tr("<br>the last token's weights:") +
            QStringLiteral("<table><tr><th></th><th>A</th><th>B</th><th>B \u2212 A</th></tr>");
    for (Eigen::Index k = 0; k < keys; ++k)
        text += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td>"
                               "<td align=right>%4</td></tr>")
                    .arg(piece(a->ids[std::size_t(k)]).toHtmlEscaped(),
                         attn::notation::number(wa(q, k), 3), attn::notation::number(wb(q, k), 3),
                         attn::notation::number(wb(q, k) - wa(q, k), 3));
    text += QStringLiteral("</table>");
    if (wa.cols() > keys)
        text += tr("(the first %1 of %2 keys)").arg(keys).arg(wa.cols());
    return text;
}

void ComparisonView::showPredictions() {
    m_predictions->clear();
    const attn::RunPtr a = m_comparison.runA(), b = m_comparison.runB();
    if (!m_comparison.isActive() || !a || !b || a->logits.cols() == 0 || b->logits.cols() == 0 ||
        a->logits.rows() == 0 || b->logits.rows() == 0)
        return;
    // Each run's top five after its last token, in one list: A's first, then B's that A lacks.
    std::vector<std::int64_t> ids;
    for (const attn::RunPtr &run : {a, b})
        for (const attn::Prediction &p :
             attn::topPredictions(*run, std::int64_t(run->ids.size()) - 1, 5))
            if (std::find(ids.begin(), ids.end(), p.id) == ids.end())
                ids.push_back(p.id);
    for (std::int64_t id : ids) {
        auto *item = new QTreeWidgetItem(m_predictions);
        item->setText(0, piece(id));
        item->setText(1, attn::notation::weight(lastProbability(*a, id), 3));
        item->setText(2, attn::notation::weight(lastProbability(*b, id), 3));
        item->setTextAlignment(1, Qt::AlignRight);
        item->setTextAlignment(2, Qt::AlignRight);
    }
}

void ComparisonView::showPatch() {
    const auto &patch = m_comparison.lastPatch();
    if (!patch) {
        m_patchResult->clear();
        return;
    }
    const QString restored =
        std::isnan(patch->fraction)
            ? tr("A and B give it the same probability: nothing to restore")
            : tr("the patch restores <b>%1 %</b> of the way from A to B")
                  .arg(std::abs(patch->fraction) < 0.005 ? 0.0 // not "−0 %"
                                                         : patch->fraction * 100,
                       0, 'f', 0);
    m_patchResult->setText(tr("Layer %1, head %2 patched from B. B's top prediction “%3”: %4 in A, "
                              "%5 patched, %6 in B; %7.")
                               .arg(QString::number(patch->layer), QString::number(patch->head),
                                    piece(patch->token).toHtmlEscaped(),
                                    attn::notation::weight(patch->before, 3),
                                    attn::notation::weight(patch->patched, 3),
                                    attn::notation::weight(patch->wanted, 3), restored));
}

} // namespace attn::ui
