// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelOptionsControls.h"

#include "Masks.h"
#include "Notation.h"
#include "RefusalLabel.h"
#include "document/Document.h"
#include "document/DocumentChange.h"
#include "shell/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStringList>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

KernelOptionsControls::KernelOptionsControls(Document *doc, QWidget *parent)
    : QWidget(parent), m_doc(doc) {
    setObjectName("kernelOptionsControls");
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);

    m_window = new QSpinBox(this);
    m_window->setObjectName("windowSpin");
    m_window->setRange(0, Document::kMaxDimension);
    m_window->setSpecialValueText(tr("off"));
    m_window->setToolTip(tr("Sliding window: each query sees only the w keys before it (0: "
                            "off). Long-context models use it to keep the cost linear in n."));
    m_self = new QCheckBox(tr("itself"), this);
    m_self->setObjectName("windowSelfCheck");
    m_self->setToolTip(tr("With a window: each query also sees its own key."));
    m_global = new QSpinBox(this);
    m_global->setObjectName("globalSpin");
    m_global->setRange(0, Document::kMaxDimension);
    m_global->setPrefix(tr("global "));
    m_global->setToolTip(tr("With a window: the first g tokens are global: every query sees "
                            "them, and they see every key."));
    auto *window = new QHBoxLayout;
    window->addWidget(m_window);
    window->addWidget(m_self);
    window->addWidget(m_global);
    form->addRow(tr("window"), window);

    m_alibi = new QCheckBox(tr("ALiBi bias"), this);
    m_alibi->setObjectName("alibiCheck");
    m_alibi->setToolTip(tr("Adds mₕ·(j − i) to head h's logits: a penalty growing "
                           "with the distance to earlier keys; the standard slopes are "
                           "mₕ = 2^(−8h/H)."));
    m_slope = new QLabel(this);
    m_slope->setObjectName("alibiSlope");
    auto *alibi = new QHBoxLayout;
    alibi->addWidget(m_alibi);
    alibi->addWidget(m_slope, 1);
    form->addRow(tr("bias"), alibi);

    m_group = new QSpinBox(this);
    m_group->setObjectName("kvGroupSpin");
    m_group->setRange(-1, Document::kMaxHeads - 1);
    m_group->setSpecialValueText(tr("own"));
    m_group->setPrefix(tr("group "));
    m_group->setToolTip(tr("Grouped-query / multi-query attention: heads in the same key/value "
                           "group share one Wk and Wv (edited once, for all of them)."));
    m_sharing = new QLabel(this);
    m_sharing->setObjectName("kvSharing");
    m_sharing->setWordWrap(true);
    auto *group = new QHBoxLayout;
    group->addWidget(m_group);
    group->addWidget(m_sharing, 1);
    form->addRow(tr("keys, values"), group);
    // What Gemma, Qwen3, Llama 3 and Phi-3 compute (a head taken apart from them sets these).
    m_scaleDim = new QDoubleSpinBox(this);
    m_scaleDim->setObjectName("scaleDimSpin");
    m_scaleDim->setRange(0, 1e6);
    m_scaleDim->setDecimals(2);
    m_scaleDim->setPrefix(QStringLiteral("/√"));
    m_scaleDim->setSpecialValueText(tr("/√d_k"));
    m_scaleDim->setKeyboardTracking(false);
    m_scaleDim->setToolTip(tr("The scaling divides the scores by √s instead of √d_k "
                              "(0: d_k). Gemma divides by √query_pre_attn_scalar."));
    m_softcap = new QDoubleSpinBox(this);
    m_softcap->setObjectName("softcapSpin");
    m_softcap->setRange(0, 1e6);
    m_softcap->setDecimals(2);
    m_softcap->setPrefix(tr("cap "));
    m_softcap->setSpecialValueText(tr("no cap"));
    m_softcap->setKeyboardTracking(false);
    m_softcap->setToolTip(tr("Soft-capping: each scaled score s becomes c·tanh(s/c) before "
                             "the mask, so no logit passes ±c (Gemma 2: c = 50). The "
                             "“capped” stage shows it."));
    auto *scores = new QHBoxLayout;
    scores->addWidget(m_scaleDim);
    scores->addWidget(m_softcap);
    form->addRow(tr("scores"), scores);

    m_qkNorm = new QCheckBox(tr("RMS norm of q and k"), this);
    m_qkNorm->setObjectName("qkNormCheck");
    m_qkNorm->setToolTip(tr("Each row of Q and K is divided by its root mean square and "
                            "multiplied by the head's gains gq, gk (Qwen3, Gemma 3), before "
                            "RoPE: q ← q/√(mean(q²) + ε) ⊙ gq."));
    m_qkEpsilon = new QDoubleSpinBox(this);
    m_qkEpsilon->setObjectName("qkNormEpsilonSpin");
    m_qkEpsilon->setDecimals(8);
    m_qkEpsilon->setRange(1e-8, 1);
    m_qkEpsilon->setSingleStep(1e-6);
    m_qkEpsilon->setPrefix(QStringLiteral("ε "));
    m_qkEpsilon->setKeyboardTracking(false);
    auto *norm = new QHBoxLayout;
    norm->addWidget(m_qkNorm);
    norm->addWidget(m_qkEpsilon);
    form->addRow(tr("QK norm"), norm);

    m_rotaryDims = new QSpinBox(this);
    m_rotaryDims->setObjectName("rotaryDimsSpin");
    m_rotaryDims->setRange(0, Document::kMaxDimension);
    m_rotaryDims->setSingleStep(2);
    m_rotaryDims->setSpecialValueText(tr("all dims"));
    m_rotaryDims->setSuffix(tr(" dims"));
    m_rotaryDims->setKeyboardTracking(false);
    m_rotaryDims->setToolTip(tr("RoPE turns only the first r dimensions of each row of Q and K "
                                "(Phi-3, GPT-NeoX); the rest pass through unchanged."));
    m_ropeScaling = new QComboBox(this);
    m_ropeScaling->setObjectName("ropeScalingCombo");
    m_ropeScaling->addItem(tr("unscaled"), int(attn::RopeScaling::None));
    m_ropeScaling->addItem(tr("linear"), int(attn::RopeScaling::Linear));
    m_ropeScaling->addItem(tr("llama3"), int(attn::RopeScaling::Llama3));
    m_ropeScaling->setToolTip(tr("How the frequencies are rewritten for long inputs. linear: "
                                 "each divided by the factor. llama3: long wavelengths slowed by "
                                 "the factor, short ones kept, those between blended."));
    const auto spin = [this](const char *name, double min, double max, int decimals,
                             const QString &prefix) {
        auto *box = new QDoubleSpinBox(this);
        box->setObjectName(name);
        box->setRange(min, max);
        box->setDecimals(decimals);
        box->setPrefix(prefix);
        box->setKeyboardTracking(false);
        return box;
    };
    m_ropeFactor = spin("ropeFactorSpin", 0.01, 1e6, 2, QStringLiteral("×"));
    m_ropeFactor->setToolTip(tr("The scaling's factor (Llama 3.1: 8, Llama 3.2: 32)."));
    m_lowFreq = spin("ropeLowFreqSpin", 0.01, 1e6, 2, tr("low "));
    m_highFreq = spin("ropeHighFreqSpin", 0.01, 1e6, 2, tr("high "));
    m_originalPositions = spin("ropeOriginalSpin", 1, 1e9, 0, tr("orig "));
    m_lowFreq->setToolTip(tr("llama3: wavelengths beyond original/low are slowed by the factor."));
    m_highFreq->setToolTip(tr("llama3: wavelengths below original/high are kept."));
    m_originalPositions->setToolTip(tr("llama3: the context the model was first trained on."));
    auto *rope = new QHBoxLayout;
    rope->addWidget(m_rotaryDims);
    rope->addWidget(m_ropeScaling);
    rope->addWidget(m_ropeFactor);
    rope->addWidget(m_lowFreq);
    rope->addWidget(m_highFreq);
    rope->addWidget(m_originalPositions);
    form->addRow(tr("RoPE"), rope);

    m_message = new RefusalLabel(doc, this);
    form->addRow(m_message);
    connect(m_scaleDim, &QDoubleSpinBox::valueChanged, this, &KernelOptionsControls::applyScores);
    connect(m_softcap, &QDoubleSpinBox::valueChanged, this, &KernelOptionsControls::applyScores);
    connect(m_qkNorm, &QCheckBox::toggled, this, &KernelOptionsControls::applyQkNorm);
    connect(m_qkEpsilon, &QDoubleSpinBox::valueChanged, this, &KernelOptionsControls::applyQkNorm);
    connect(m_rotaryDims, &QSpinBox::valueChanged, this, &KernelOptionsControls::applyRope);
    connect(m_ropeScaling, &QComboBox::activated, this, &KernelOptionsControls::applyRope);
    for (QDoubleSpinBox *box : {m_ropeFactor, m_lowFreq, m_highFreq, m_originalPositions})
        connect(box, &QDoubleSpinBox::valueChanged, this, &KernelOptionsControls::applyRope);

    connect(m_window, &QSpinBox::valueChanged, this, &KernelOptionsControls::applyWindow);
    connect(m_self, &QCheckBox::toggled, this, &KernelOptionsControls::applyWindow);
    connect(m_global, &QSpinBox::valueChanged, this, &KernelOptionsControls::applyWindow);
    connect(m_alibi, &QCheckBox::toggled, this, &KernelOptionsControls::applyAlibi);
    connect(m_group, &QSpinBox::valueChanged, this, &KernelOptionsControls::applyGroup);
    // Cell edits and renamed tokens change no option: the spin boxes are not set again (and
    // repainted) on every edit.
    connect(doc, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.what & ~DocumentChange::Flags(DocumentChange::Values | DocumentChange::Tokens))
            sync();
    });
    connect(&doc->selection(), &ViewSelection::currentHeadChanged, this,
            &KernelOptionsControls::sync);
    connect(&Translations::instance(), &Translations::changed, this, &KernelOptionsControls::sync);
    sync();
}

void KernelOptionsControls::applyWindow() {
    attn::AttentionOptions options = m_doc->inputs().options;
    options.window = m_window->value();
    options.windowSelf = m_self->isChecked();
    options.globalTokens = m_global->value();
    QString error;
    if (!m_doc->setKernelOptions(options,
                                 options.window > 0 ? tr("Sliding window of %1").arg(options.window)
                                                    : tr("Sliding window off"),
                                 &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::applyAlibi(bool on) {
    attn::AttentionOptions options = m_doc->inputs().options;
    options.alibi = on;
    QString error;
    if (!m_doc->setKernelOptions(options, on ? tr("ALiBi bias on") : tr("ALiBi bias off"), &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::applyGroup(int group) {
    QString error;
    if (!m_doc->setKvGroup(m_doc->selection().currentHead(), group, &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::applyScores() {
    attn::AttentionOptions options = m_doc->inputs().options;
    options.scaleDim = m_scaleDim->value();
    options.softcap = m_softcap->value();
    QString error;
    if (!m_doc->setKernelOptions(
            options,
            options.softcap > 0 ? tr("Soft cap %1").arg(attn::notation::number(options.softcap))
                                : tr("Scores' scale and cap"),
            &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::applyQkNorm() {
    QString error;
    if (!m_doc->setQkNorm(m_qkNorm->isChecked(), m_qkEpsilon->value(), &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::applyRope() {
    attn::AttentionOptions options = m_doc->inputs().options;
    options.rope.rotaryDims = m_rotaryDims->value();
    options.rope.scaling = attn::RopeScaling(m_ropeScaling->currentData().toInt());
    options.rope.factor = m_ropeFactor->value();
    options.rope.lowFreqFactor = m_lowFreq->value();
    options.rope.highFreqFactor = m_highFreq->value();
    options.rope.originalPositions = m_originalPositions->value();
    QString error;
    if (!m_doc->setKernelOptions(options, tr("RoPE dimensions and scaling"), &error))
        m_message->refuse(error);
    sync();
}

void KernelOptionsControls::sync() {
    const attn::AttentionInputs &in = m_doc->inputs();
    {
        const QSignalBlocker s1(m_scaleDim), s2(m_softcap), s3(m_qkNorm), s4(m_qkEpsilon),
            s5(m_rotaryDims), s6(m_ropeScaling), s7(m_ropeFactor), s8(m_lowFreq), s9(m_highFreq),
            s10(m_originalPositions);
        const attn::AttentionOptions &o = in.options;
        m_scaleDim->setValue(o.scaleDim);
        m_scaleDim->setEnabled(o.scale);
        m_softcap->setValue(o.softcap);
        m_qkNorm->setChecked(o.qkNorm);
        m_qkEpsilon->setValue(o.qkNormEpsilon);
        m_qkEpsilon->setEnabled(o.qkNorm);
        const bool rope = o.positional == attn::Positional::Rope;
        m_rotaryDims->setValue(o.rope.rotaryDims);
        m_ropeScaling->setCurrentIndex(m_ropeScaling->findData(int(o.rope.scaling)));
        m_ropeFactor->setValue(o.rope.factor);
        m_lowFreq->setValue(o.rope.lowFreqFactor);
        m_highFreq->setValue(o.rope.highFreqFactor);
        m_originalPositions->setValue(o.rope.originalPositions);
        for (QWidget *w : std::initializer_list<QWidget *>{m_rotaryDims, m_ropeScaling})
            w->setEnabled(rope);
        m_ropeFactor->setVisible(o.rope.scaling != attn::RopeScaling::None);
        m_ropeFactor->setEnabled(rope);
        for (QDoubleSpinBox *box : {m_lowFreq, m_highFreq, m_originalPositions}) {
            box->setVisible(o.rope.scaling == attn::RopeScaling::Llama3);
            box->setEnabled(rope);
        }
    }
    const QSignalBlocker b1(m_window), b2(m_self), b3(m_global), b4(m_alibi), b5(m_group);
    m_window->setValue(in.options.window);
    m_self->setChecked(in.options.windowSelf);
    m_global->setValue(in.options.globalTokens);
    m_self->setEnabled(in.options.window > 0);
    m_global->setEnabled(in.options.window > 0);
    m_alibi->setChecked(in.options.alibi);
    const size_t head =
        size_t(std::clamp(m_doc->selection().currentHead(), 0, m_doc->headCount() - 1));
    const double slope = attn::alibiSlopes(in.options, in.heads.size()).at(head);
    m_slope->setText(tr("head %1: m = %2").arg(head).arg(attn::notation::number(slope)));
    m_slope->setEnabled(in.options.alibi);
    m_group->setValue(in.heads[head].kvGroup);
    const std::vector<size_t> members = attn::kvGroupMembers(in, head);
    QStringList names;
    for (size_t h : members)
        names << QString::number(h);
    m_sharing->setText(members.size() > 1 ? tr("heads %1 share Wk and Wv").arg(names.join(", "))
                                          : tr("head %1 has its own Wk and Wv").arg(head));
}

} // namespace attn::ui
