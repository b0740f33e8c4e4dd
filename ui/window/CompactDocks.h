// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace attn::ui {

class ControlsPanel;

// Where "Sizes and options" goes, by the window's width: in the left column of a wide window,
// and, in a window narrower than kCompactWidth (a 1280×800 projector), as a tab beside the
// inputs in the strip under the heatmaps, its groups side by side, so the heatmaps get the whole
// width. Only while the layout is the program's own: once the user moves or floats a dock, or a
// saved layout was restored, the docks stay where they are put.
class CompactDocks : public QObject {
    Q_OBJECT
public:
    static constexpr int kCompactWidth = 1500;

    CompactDocks(QMainWindow &window, QDockWidget *controls, QDockWidget *inputs,
                 ControlsPanel *panel);

    bool isCompact() const { return m_compact; }
    bool isAutomatic() const { return m_automatic; }
    // Stops following the width (a saved layout or the user's own arrangement).
    void setAutomatic(bool automatic) { m_automatic = automatic; }
    // Arranges for the window's current width (nothing while the window is full screen, as in
    // presentation mode, whose docks are hidden).
    void arrange();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place(bool compact);
    void orient(Qt::DockWidgetArea area); // groups along the dock, its scrolling to match

    QMainWindow &m_window;
    QDockWidget *m_controls;
    QDockWidget *m_inputs;
    ControlsPanel *m_panel;
    bool m_compact = false;
    bool m_placed = false; // arranged once at a real size
    bool m_automatic = true;
    bool m_placing = false; // our own moves are not the user's
};

} // namespace attn::ui
