// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QMainWindow;

class QAction;
class QActionGroup;
class QPalette;
class QShortcut;
class QWidget;

namespace attn::ui {

class Shell;

// Presentation mode for a projector: full screen, the editing chrome hidden (toolbars, the status
// bar, and the panels given to addEditingChrome(): the Inputs and Controls docks), its own
// font scale (a zoom of the whole UI through the application font: heatmap labels and cell
// numbers follow) and theme (high contrast by default). PageDown/PageUp step a lesson (a
// clicker sends them); Esc or F11 leave. Each mode's zoom and theme, the colour maps and the
// window's geometry and dock layout are kept in the settings (AppSettings).
class Presentation : public QObject {
    Q_OBJECT
public:
    enum class Theme { Standard, HighContrast };
    static constexpr double kMinZoom = 0.5;
    static constexpr double kMaxZoom = 3.0;

    // Adds its actions to the View menu and restores the saved settings, the dock layout
    // among them: construct it after every dock exists.
    explicit Presentation(Shell &shell);
    ~Presentation() override;

    bool isActive() const { return m_active; }
    void setActive(bool on);

    // The current mode's zoom: 1 = the system font size.
    double zoom() const { return m_zoom; }
    void setZoom(double scale);
    void zoomIn();
    void zoomOut();
    void resetZoom(); // Ctrl+0: the mode's default size (1, or 1.5 in presentation mode)

    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);
    static QPalette highContrastPalette();

    // A widget to hide in presentation mode (an editing dock).
    void addEditingChrome(QWidget *widget);

    // The lesson feature hooks in here (or connects to lessonStepRequested); stepLesson is
    // what PageDown (+1) and PageUp (−1) call.
    void setLessonStepHandler(std::function<void(int delta)> handler);
    // Esc asks this first (the pen clears its strokes); it leaves presentation mode only when
    // the handler returns false.
    void setEscapeHandler(std::function<bool()> handler) { m_escapeHandler = std::move(handler); }
    void stepLesson(int delta);

    // Writes the window geometry and dock layout (of the normal mode) to the settings; also
    // done when the window closes.
    void saveWindowSettings();

    QAction *toggleAction() const { return m_toggle; }
    // Whether a dock layout saved by an earlier run was restored at construction.
    bool restoredSavedLayout() const { return m_restoredLayout; }

signals:
    void activeChanged(bool active);
    void zoomChanged(double scale);
    void themeChanged(Presentation::Theme theme);
    void lessonStepRequested(int delta);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void applyZoom();
    void scaleOwnFonts();
    void applyTheme();
    void restoreSettings();
    QList<QWidget *> editingChrome() const;

    Shell &m_shell;
    QMainWindow &m_window;
    bool m_active = false;
    bool m_restoredLayout = false;
    double m_zoom = 1.0;
    double m_appliedZoom = 1.0; // the zoom the widgets' own font sizes were last scaled to
    Theme m_theme = Theme::Standard;
    QList<QPointer<QWidget>> m_extraChrome;
    QList<QPointer<QWidget>> m_hidden; // what entering hid, to show again on leaving
    QByteArray m_normalGeometry, m_normalState;
    Qt::WindowStates m_normalWindowState;
    std::function<void(int)> m_lessonHandler;
    std::function<bool()> m_escapeHandler;
    QAction *m_toggle = nullptr;
    QAction *m_nextStep = nullptr;
    QAction *m_previousStep = nullptr;
    QActionGroup *m_themes = nullptr;
    QShortcut *m_escape = nullptr;
};

} // namespace attn::ui
