#include "CompactDocks.h"

#include "ControlsPanel.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>

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
    connect(controls, &QDockWidget::dockLocationChanged, this, [this](Qt::DockWidgetArea area) {
        m_panel->setOrientation(area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea
                                    ? Qt::Horizontal
                                    : Qt::Vertical);
    });
    const Qt::DockWidgetArea area = window.dockWidgetArea(controls);
    panel->setOrientation(area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea
                              ? Qt::Horizontal
                              : Qt::Vertical);
    m_window.installEventFilter(this);
}

void CompactDocks::arrange() {
    if (!m_automatic || m_window.isFullScreen())
        return;
    const bool compact = m_window.width() < kCompactWidth;
    if (compact != m_compact)
        place(compact);
}

void CompactDocks::place(bool compact) {
    m_placing = true;
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
    if (watched == &m_window && event->type() == QEvent::Resize)
        arrange();
    return QObject::eventFilter(watched, event);
}
