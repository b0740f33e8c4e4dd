// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelOptionsControls.h"

#include "Masks.h"
#include "Notation.h"
#include "RefusalLabel.h"
#include "document/Document.h"
#include "document/DocumentChange.h"
#include "shell/Translations.h"

#include <QCheckBox>
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
    m_alibi->setToolTip(tr("Adds m\u2095\u00b7(j \u2212 i) to head h's logits: a penalty growing "
                           "with the distance to earlier keys; the standard slopes are "
                           "m\u2095 = 2^(−8h/H)."));
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
    m_message = new RefusalLabel(doc, this);
    form->addRow(m_message);

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

void KernelOptionsControls::sync() {
    const attn::AttentionInputs &in = m_doc->inputs();
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
