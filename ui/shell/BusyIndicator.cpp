#include "BusyIndicator.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

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
    return m_tasks.value(m_latest, m_tasks.isEmpty() ? QString() : m_tasks.first());
}

void BusyIndicator::begin(const QString &key, const QString &text) {
    const bool idle = m_tasks.isEmpty();
    m_tasks.insert(key, text);
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

void BusyIndicator::update() {
    const bool show = !m_tasks.isEmpty() && !m_delay.isActive();
    m_label->setText(text());
    setAccessibleName(text());
    setVisible(show);
}
