// SPDX-License-Identifier: GPL-3.0-or-later
#include "ControlsPanel.h"

#include "Formula.h"
#include "KernelOptionsControls.h"
#include "Notation.h"
#include "document/Document.h"
#include "shell/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

struct DimensionRow {
    Dimension dim;
    const char *label;
    const char *tip;
};

const DimensionRow kRows[] = {
    {Dimension::Tokens, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "tokens n"),
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "Rows of X: how many tokens (queries).")},
    {Dimension::Embedding, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "embedding p"),
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "Columns of X, rows of Wq.")},
    {Dimension::KeyDim, "d_k",
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel",
                       "Columns of Wq and Wk (every head): the size of queries and keys.")},
    {Dimension::ValueDim, "d_v",
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel",
                       "Columns of Wv (every head): the size of each head's output.")},
    {Dimension::Heads, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "heads H"),
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel",
                       "Number of attention heads. With several heads Wo combines their outputs.")},
    {Dimension::ContextLength, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "context m"),
     QT_TRANSLATE_NOOP(
         "attn::ui::ControlsPanel",
         "Rows of the context: how many keys. Needs cross-attention (otherwise m = n).")},
    {Dimension::ContextEmbedding, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "context p_c"),
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel",
                       "Columns of the context, rows of Wk and Wv. Needs cross-attention.")},
    {Dimension::OutputDim, QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "output p_out"),
     QT_TRANSLATE_NOOP("attn::ui::ControlsPanel", "Columns of Wo. Exists with several heads.")},
};

} // namespace

ControlsPanel::ControlsPanel(Document *doc, QWidget *parent) : QWidget(parent), m_doc(doc) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_groups = new QBoxLayout(QBoxLayout::TopToBottom);
    m_groups->addWidget(buildSizes(), 0, Qt::AlignTop);
    m_groups->addWidget(buildNewCells(), 0, Qt::AlignTop);
    m_groups->addWidget(buildAttention(), 0, Qt::AlignTop);
    // The sliding window, ALiBi and shared keys/values in a group of their own: beside the
    // others when the panel lies under the heatmaps, so it adds no height there.
    auto *kernel = new QGroupBox(tr("Masks, bias, shared keys"), this);
    auto *kernelLayout = new QVBoxLayout(kernel);
    kernelLayout->addWidget(new KernelOptionsControls(m_doc, kernel));
    m_groups->addWidget(kernel, 0, Qt::AlignTop);
    layout->addLayout(m_groups);
    m_message = new RefusalLabel(doc, this);
    layout->addWidget(m_message);
    layout->addStretch(1);

    // Cell edits and token renames change nothing here; skipping them also leaves a spin box
    // the user is typing into alone.
    connect(doc, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.what & ~DocumentChange::Flags(DocumentChange::Values | DocumentChange::Tokens))
            sync();
    });
    // A refusal is about the value just tried: any later change of the document leaves it stale.
    connect(&doc->selection(), &ViewSelection::currentHeadChanged, this, &ControlsPanel::sync);
    // A large size change is made on a worker: its spin box keeps the value typed until then;
    // a dropped or failed one shows the document's value again (and why it failed).
    connect(doc, &Document::resizeFinished, this, &ControlsPanel::sync);
    connect(doc, &Document::resizeFailed, this, &ControlsPanel::showMessage);
    sync();
}

void ControlsPanel::setOrientation(Qt::Orientation orientation) {
    m_groups->setDirection(orientation == Qt::Horizontal ? QBoxLayout::LeftToRight
                                                         : QBoxLayout::TopToBottom);
}

Qt::Orientation ControlsPanel::orientation() const {
    return m_groups->direction() == QBoxLayout::LeftToRight ? Qt::Horizontal : Qt::Vertical;
}

QWidget *ControlsPanel::buildSizes() {
    auto *box = new QGroupBox(tr("Sizes"), this);
    // Two pairs a row, the pairs that belong together side by side: n p, d_k d_v, H and the
    // current head, m p_c, p_out.
    auto *grid = new QGridLayout(box);
    grid->setHorizontalSpacing(8);
    grid->setColumnMinimumWidth(2, 6);
    int cell = 0;
    auto place = [&](const QString &label, QSpinBox *spin) {
        const int row = cell / 2, col = (cell % 2) * 3;
        auto *name = new QLabel(label, box);
        name->setBuddy(spin);
        name->setToolTip(spin->toolTip());
        grid->addWidget(name, row, col);
        grid->addWidget(spin, row, col + 1);
        ++cell;
    };
    for (const DimensionRow &row : kRows) {
        auto *spin = new QSpinBox(box);
        spin->setRange(1, Document::maximumDimension(row.dim));
        // Typing "12" must not resize to 1 first: apply on Enter, focus loss or arrows.
        spin->setKeyboardTracking(false);
        spin->setToolTip(tr(row.tip));
        spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 30);
        const Dimension dim = row.dim;
        connect(spin, &QSpinBox::valueChanged, this,
                [this, dim](int value) { applyDimension(dim, value); });
        m_dims[dim] = spin;
        place(tr(row.label), spin);
        if (dim == Dimension::Heads) {
            m_currentHead = new QSpinBox(box);
            m_currentHead->setToolTip(tr("The head whose Wq, Wk, Wv and heatmaps are shown."));
            m_currentHead->setMinimumWidth(spin->minimumWidth());
            connect(m_currentHead, &QSpinBox::valueChanged, &m_doc->selection(),
                    &ViewSelection::setCurrentHead);
            place(tr("current head"), m_currentHead);
        }
    }
    grid->setColumnStretch(5, 1);
    return box;
}

QWidget *ControlsPanel::buildNewCells() {
    auto *box = new QGroupBox(tr("New cells"), this);
    box->setToolTip(tr("How cells are filled when a matrix grows, and by “Fill\u201d."));
    auto *form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    m_initializer = new QComboBox(box);
    for (Initializer init :
         {Initializer::Zeros, Initializer::IdentityLike, Initializer::RandomNormal})
        m_initializer->addItem(initializerName(init), int(init));
    connect(m_initializer, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_doc->setInitializer(Initializer(m_initializer->itemData(index).toInt()));
    });
    form->addRow(tr("fill with"), m_initializer);
    m_seed = new QSpinBox(box);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("Seed of the random numbers: the same seed gives the same matrices."));
    m_seed->setKeyboardTracking(false);
    connect(m_seed, &QSpinBox::valueChanged, this,
            [this](int seed) { m_doc->setRandomSeed(quint32(seed)); });
    form->addRow(tr("random seed"), m_seed);
    return box;
}

QWidget *ControlsPanel::buildAttention() {
    auto *box = new QGroupBox(tr("Attention"), this);
    auto *layout = new QVBoxLayout(box);
    m_scale = new QCheckBox(box);
    Translations::setTexts(m_scale, [this] {
        m_scale->setText(tr("scale the scores by 1/%1").arg(attn::scaleSymbol()));
    });
    connect(m_scale, &QCheckBox::toggled, m_doc, &Document::setScale);
    layout->addWidget(m_scale);

    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("temperature"), box));
    m_temperature = new QSlider(Qt::Horizontal, box);
    m_temperature->setRange(0, kSliderSteps);
    m_temperature->setPageStep(kSliderSteps / 20);
    Translations::setTexts(m_temperature, [this] {
        m_temperature->setToolTip(tr("Logits are divided by the temperature: low = sharp, "
                                     "high = flat (logarithmic, %1 to %2).")
                                      .arg(kMinTemperature)
                                      .arg(kMaxTemperature));
    });
    connect(m_temperature, &QSlider::valueChanged, this,
            [this](int position) { m_doc->setTemperature(temperatureAt(position)); });
    // One drag is one undo step: merging stops when the slider is let go.
    connect(m_temperature, &QSlider::sliderReleased, m_doc, &Document::breakMerge);
    row->addWidget(m_temperature, 1);
    m_temperatureValue = new QLabel(box);
    m_temperatureValue->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
    m_temperatureValue->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    row->addWidget(m_temperatureValue);
    m_resetTemperature = new QToolButton(box);
    m_resetTemperature->setText(tr("Reset"));
    m_resetTemperature->setToolTip(tr("Back to temperature 1"));
    connect(m_resetTemperature, &QToolButton::clicked, this, [this] {
        m_doc->breakMerge();
        m_doc->setTemperature(1.0);
        m_doc->breakMerge();
    });
    row->addWidget(m_resetTemperature);
    layout->addLayout(row);

    m_causal = new QCheckBox(tr("causal (a token sees only itself and earlier ones)"), box);
    connect(m_causal, &QCheckBox::toggled, m_doc, &Document::setCausal);
    layout->addWidget(m_causal);
    m_crossAttention = new QCheckBox(tr("cross-attention (keys and values from a context)"), box);
    connect(m_crossAttention, &QCheckBox::toggled, this, [this](bool on) {
        QString error;
        if (m_doc->setCrossAttention(on, &error)) {
            m_message->dismiss();
        } else {
            showMessage(error);
            sync();
        }
    });
    layout->addWidget(m_crossAttention);
    m_clearMask = new QPushButton(tr("Clear mask"), box);
    m_clearMask->setToolTip(tr("Switch every masked (query, key) cell back on."));
    connect(m_clearMask, &QPushButton::clicked, m_doc, &Document::clearMask);
    // Positions: where a token is enters the scores only through this (attention itself sees
    // a set). Data = attn::Positional.
    auto *positionsLabel = new QLabel(tr("positions"), box);
    m_positional = new QComboBox(box);
    m_positional->setObjectName("positionalCombo");
    // Data: attn::Positional, and for RoPE its pairs (kRopeHalfItem: Hugging Face's half-split).
    m_positional->addItem(tr("none"), int(attn::Positional::None));
    m_positional->addItem(tr("sinusoidal"), int(attn::Positional::Sinusoidal));
    m_positional->addItem(tr("RoPE"), int(attn::Positional::Rope));
    m_positional->addItem(tr("RoPE, half-split"), kRopeHalfItem);
    m_positional->setToolTip(tr(
        "none: attention sees the tokens as a set. sinusoidal: P[pos, 2i] = sin(pos/10000^(2i/p)), "
        "P[pos, 2i+1] = cos(…) is added to X (and to the context) before the projections. "
        "RoPE: each pair (2i, 2i+1) of every row of Q and K is rotated by pos·θ^(−2i/d_k), "
        "so q·k depends only on the offset of the two positions (d_k must be even). "
        "RoPE, half-split: the pairs (i, i + d_k/2), as Llama and Qwen2 rotate them."));
    positionsLabel->setBuddy(m_positional);
    // RoPE's base θ: 10000 in RoFormer and Llama 2, 500000 in Llama 3, 1000000 in Qwen2.
    m_ropeTheta = new QDoubleSpinBox(box);
    m_ropeTheta->setObjectName("ropeThetaSpin");
    m_ropeTheta->setPrefix(QStringLiteral("θ "));
    m_ropeTheta->setDecimals(0);
    m_ropeTheta->setRange(2, 1e12);
    m_ropeTheta->setKeyboardTracking(false);
    m_ropeTheta->setToolTip(tr("RoPE's base θ: pair i turns by pos·θ^(−2i/d_k). "
                               "A larger θ turns slowly, for long texts."));
    const auto applyPositions = [this] {
        const int item = m_positional->currentData().toInt();
        const attn::Positional positional =
            item == kRopeHalfItem ? attn::Positional::Rope : attn::Positional(item);
        attn::Rope rope = m_doc->inputs().options.rope;
        if (positional == attn::Positional::Rope)
            rope.style =
                item == kRopeHalfItem ? attn::RopeStyle::HalfSplit : attn::RopeStyle::Interleaved;
        rope.theta = m_ropeTheta->value();
        QString error;
        if (m_doc->setPositioning(positional, rope, &error)) {
            m_message->dismiss();
        } else {
            showMessage(error);
            sync();
        }
    };
    connect(m_positional, &QComboBox::activated, this, applyPositions);
    connect(m_ropeTheta, &QDoubleSpinBox::valueChanged, this, applyPositions);
    // Beside Clear mask: the panel keeps its height (the window's minimum size depends on it).
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_clearMask);
    buttons->addStretch(1);
    buttons->addWidget(positionsLabel);
    buttons->addWidget(m_positional);
    buttons->addWidget(m_ropeTheta);
    layout->addLayout(buttons);
    return box;
}

QSpinBox *ControlsPanel::dimensionSpinBox(Dimension dim) const {
    auto it = m_dims.find(dim);
    return it == m_dims.end() ? nullptr : it->second;
}

QString ControlsPanel::message() const {
    return m_message->shown();
}

double ControlsPanel::temperatureAt(int position) {
    const double t = double(std::clamp(position, 0, kSliderSteps)) / kSliderSteps;
    const double value = kMinTemperature * std::pow(kMaxTemperature / kMinTemperature, t);
    // Three significant digits: the label shows what the document holds.
    const double digits = std::pow(10.0, std::floor(std::log10(value)) - 2);
    return std::round(value / digits) * digits;
}

int ControlsPanel::positionOf(double temperature) {
    const double t =
        std::log(std::clamp(temperature, kMinTemperature, kMaxTemperature) / kMinTemperature) /
        std::log(kMaxTemperature / kMinTemperature);
    return int(std::lround(t * kSliderSteps));
}

void ControlsPanel::applyDimension(Dimension dim, int value) {
    QString error;
    if (m_doc->setDimension(dim, value, &error)) {
        m_message->dismiss();
        return;
    }
    showMessage(error);
    sync(); // back to the document's value
}

void ControlsPanel::showMessage(const QString &message) {
    m_message->refuse(message);
}

void ControlsPanel::sync() {
    const attn::AttentionInputs &in = m_doc->inputs();
    for (auto &[dim, spin] : m_dims) {
        const QSignalBlocker block(spin);
        const bool available = m_doc->isDimensionAvailable(dim);
        spin->setEnabled(available);
        // Without Wo, p_out shows "none" (the minimum 0 with a special text); m and p_c show
        // the values they take in self-attention (n and p), disabled.
        const bool none = dim == Dimension::OutputDim && !available;
        spin->setMinimum(none ? 0 : 1);
        spin->setSpecialValueText(none ? tr("none") : QString());
        spin->setValue(m_doc->dimension(dim));
    }
    {
        const QSignalBlocker block(m_currentHead);
        m_currentHead->setRange(0, m_doc->headCount() - 1);
        m_currentHead->setValue(m_doc->selection().currentHead());
        m_currentHead->setEnabled(m_doc->headCount() > 1);
    }
    {
        const QSignalBlocker b1(m_initializer), b2(m_seed);
        m_initializer->setCurrentIndex(m_initializer->findData(int(m_doc->initializer())));
        m_seed->setValue(int(std::min<quint32>(m_doc->randomSeed(), quint32(m_seed->maximum()))));
    }
    const QSignalBlocker b1(m_scale), b2(m_temperature), b3(m_causal), b4(m_crossAttention);
    m_scale->setChecked(in.options.scale);
    m_temperature->setValue(positionOf(in.options.temperature));
    m_temperatureValue->setText(attn::notation::number(in.options.temperature, 3));
    m_causal->setChecked(in.options.causal);
    {
        const QSignalBlocker block(m_positional), blockTheta(m_ropeTheta);
        const bool rope = in.options.positional == attn::Positional::Rope;
        const int item = rope && in.options.rope.style == attn::RopeStyle::HalfSplit
                             ? kRopeHalfItem
                             : int(in.options.positional);
        m_positional->setCurrentIndex(m_positional->findData(item));
        m_ropeTheta->setValue(in.options.rope.theta);
        m_ropeTheta->setVisible(rope);
    }
    m_crossAttention->setChecked(in.hasContext);
    m_clearMask->setEnabled(in.mask.size() != 0 && in.mask.any());
}

} // namespace attn::ui
