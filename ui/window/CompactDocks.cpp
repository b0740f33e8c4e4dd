// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompactDocks.h"

#include "workbench/ControlsPanel.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>

namespace attn::ui {

CompactDocks::CompactDocks(QMainWindow &window, QDockWidget *controls, QDockWidget *inputs,
                           ControlsPanel *panel)
    : QObject(&window), m_window(window), m_controls(controls), m_inputs(inputs), m_panel(panel) {
    setObjectName("compactDocks");
    for (QDockWidget *dock : {controls, inputs}) {
        // A dock the user drags elsewhere or floats: their layout from now on.
        connect(dock, &QDockWidget::dockLocationChanged, this, [this] {
            if (!m_placing)
                m_automatic = false;
        });
        connect(dock, &QDockWidget::topLevelChanged, this, [this](bool floating) {
            if (!m_placing && floating)
                m_automatic = false;
        });
    }
    // Wherever the controls are (placed here, restored from the settings or dragged by the
    // user), their groups run along the dock: side by side in a strip, stacked in a column.
    connect(controls, &QDockWidget::dockLocationChanged, this, &CompactDocks::orient);
    orient(window.dockWidgetArea(controls));
    m_window.installEventFilter(this);
}

void CompactDocks::orient(Qt::DockWidgetArea area) {
    const bool strip = area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea;
    m_panel->setOrientation(strip ? Qt::Horizontal : Qt::Vertical);
    // The panel is scrolled so that a column of groups taller than a small window (a large
    // zoom) scrolls instead of growing the window. A column keeps the groups' whole width; a
    // strip may scroll sideways in a narrow window rather than widen it.
    if (auto *scroll = qobject_cast<QScrollArea *>(m_controls->widget())) {
        scroll->setHorizontalScrollBarPolicy(strip ? Qt::ScrollBarAsNeeded
                                                   : Qt::ScrollBarAlwaysOff);
        m_panel->adjustSize();
        scroll->setMinimumWidth(strip ? 0
                                      : m_panel->minimumSizeHint().width() +
                                            scroll->verticalScrollBar()->sizeHint().width() +
                                            2 * scroll->frameWidth());
    }
}

void CompactDocks::arrange() {
    if (!m_automatic || m_window.isFullScreen())
        return;
    const bool compact = m_window.width() < kCompactWidth;
    // The first arrangement at the window's real size too: the inputs' height set while the
    // window had none is lost when it first grows around the heatmaps' readable sizes.
    if (compact != m_compact || !m_placed)
        place(compact);
}

void CompactDocks::place(bool compact) {
    m_placing = true;
    m_placed = true;
    m_compact = compact;
    if (compact) {
        m_window.addDockWidget(Qt::BottomDockWidgetArea, m_controls);
        m_window.tabifyDockWidget(m_inputs, m_controls);
        m_inputs->raise(); // the inputs are what a first look at the numbers needs
    } else {
        m_window.addDockWidget(Qt::LeftDockWidgetArea, m_controls);
    }
    // A strip low enough that the weights keep their readable size above it.
    m_window.resizeDocks({m_inputs}, {compact ? 230 : 250}, Qt::Vertical);
    m_placing = false;
}

bool CompactDocks::eventFilter(QObject *watched, QEvent *event) {
    // Not from inside the resize: moving docks while QMainWindow lays itself out for the new
    // size re-enters its layout (a crash in tabifyDockWidget); arrange once the resize is done.
    if (watched == &m_window && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &CompactDocks::arrange, Qt::QueuedConnection);
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
