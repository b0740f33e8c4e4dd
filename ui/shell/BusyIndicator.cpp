// SPDX-License-Identifier: GPL-3.0-or-later
#include "BusyIndicator.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

namespace attn::ui {

BusyIndicator::BusyIndicator(QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_bar(new QProgressBar(this)) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 6, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    m_bar->setRange(0, 0); // no known end: it moves to say the window is alive
    m_bar->setTextVisible(false);
    m_bar->setMaximumWidth(120);
    m_bar->setMaximumHeight(14);
    m_delay.setSingleShot(true);
    m_delay.setInterval(kDelayMs);
    connect(&m_delay, &QTimer::timeout, this, &BusyIndicator::update);
    hide();
}

QString BusyIndicator::text() const {
    if (m_tasks.isEmpty())
        return {};
    const Text &text = m_tasks.contains(m_latest) ? m_tasks[m_latest] : m_tasks.first();
    return text();
}

void BusyIndicator::begin(const QString &key, Text text) {
    const bool idle = m_tasks.isEmpty();
    m_tasks.insert(key, std::move(text));
    m_latest = key;
    if (idle)
        m_delay.start();
    else
        update();
}

void BusyIndicator::end(const QString &key) {
    m_tasks.remove(key);
    if (m_tasks.isEmpty())
        m_delay.stop();
    update();
}

void BusyIndicator::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange)
        update();
    QWidget::changeEvent(event);
}

void BusyIndicator::update() {
    const bool show = !m_tasks.isEmpty() && !m_delay.isActive();
    m_label->setText(text());
    setAccessibleName(text());
    setVisible(show);
}

} // namespace attn::ui
