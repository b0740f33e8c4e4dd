// SPDX-License-Identifier: GPL-3.0-or-later
#include "AutosaveNotice.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace attn::ui {

AutosaveNotice::AutosaveNotice(QWidget *parent)
    : QFrame(parent), m_text(new QLabel(this)), m_dismiss(new QToolButton(this)) {
    setObjectName("autosaveNotice");
    setFrameShape(QFrame::StyledPanel);
    // The palette's warning-like colours, so the theme (and presentation mode) still apply.
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    m_text->setForegroundRole(QPalette::ToolTipText);
    m_dismiss->setText(tr("Dismiss"));
    m_dismiss->setAutoRaise(true);
    m_dismiss->setToolTip(tr("Hide this notice (autosave keeps trying)"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 2, 0);
    layout->addWidget(m_text);
    layout->addWidget(m_dismiss);
    connect(m_dismiss, &QToolButton::clicked, this, &AutosaveNotice::dismiss);
    hide();
}

bool AutosaveNotice::report(const QString &reason) {
    if (m_told)
        return false;
    m_told = true;
    // Short, for the status bar; the tooltip says what it means.
    m_text->setText(tr("Autosave failed: %1 (retrying)").arg(reason));
    m_text->setToolTip(tr("Autosave failed: %1.\nYour unsaved work is not backed up until it "
                          "works again; attnviz keeps trying at every autosave interval.")
                           .arg(reason));
    show();
    return true;
}

void AutosaveNotice::recovered() {
    m_told = false;
    hide();
}

void AutosaveNotice::dismiss() {
    hide();
}

QString AutosaveNotice::message() const {
    return isHidden() ? QString() : m_text->text();
}

} // namespace attn::ui
