// SPDX-License-Identifier: GPL-3.0-or-later
#include "Presentation.h"

#include "session/AppSettings.h"
#include "shell/Shell.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMetaMethod>
#include <QPalette>
#include <QShortcut>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include <algorithm>
#include <array>
#include <cmath>

namespace attn::ui {

namespace {

// The application's own font and palette before any zoom or theme: every zoom scales this
// font (not the last zoomed one, so zooming in and out comes back exactly), and the standard
// theme is this palette.
const QFont &baseFont() {
    static const QFont font = QApplication::font();
    return font;
}

const QPalette &basePalette() {
    static const QPalette palette = QApplication::palette();
    return palette;
}

constexpr std::array kZoomLevels = {0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0};

// QApplication::setFont and setPalette tell the existing widgets only once the event loop
// runs; the saved zoom and theme are applied before that (at start), so tell the windows here
// when they have not heard. A widget re-resolves its font or palette on these events and
// passes them on to its children.
void tellWindows(QEvent::Type type) {
    for (QWidget *w : QApplication::topLevelWidgets()) {
        const bool stale = type == QEvent::ApplicationFontChange
                               ? w->font() != QApplication::font(w)
                               : w->palette() != QApplication::palette(w);
        if (stale) {
            QEvent e(type);
            QCoreApplication::sendEvent(w, &e);
        }
    }
}

QString themeName(Presentation::Theme theme) {
    return theme == Presentation::Theme::HighContrast ? "high-contrast" : "standard";
}

} // namespace

Presentation::Presentation(Shell &shell) : m_shell(shell), m_window(shell.window()) {
    setObjectName("presentation");
    baseFont();
    basePalette();
    createActions();
    restoreSettings();
    m_window.installEventFilter(this);
}

Presentation::~Presentation() = default;

void Presentation::createActions() {
    QMenu *view = m_shell.menu(MenuId::View);
    view->addSeparator();
    m_toggle = view->addAction(tr("&Presentation mode"));
    m_toggle->setCheckable(true);
    m_toggle->setShortcut(QKeySequence(Qt::Key_F11));
    m_toggle->setStatusTip(tr("Full screen, large type, high contrast, editing panels hidden "
                              "(F11 or Esc to leave)"));
    connect(m_toggle, &QAction::toggled, this, &Presentation::setActive);

    // Ctrl+= is Ctrl++ without Shift. The same sequence twice on one action would make it
    // ambiguous (neither fires), hence the de-duplication.
    auto shortcuts = [](QKeySequence mine, QKeySequence::StandardKey standard) {
        QList<QKeySequence> list{mine};
        for (const QKeySequence &k : QKeySequence::keyBindings(standard))
            if (!list.contains(k))
                list << k;
        return list;
    };
    QAction *in = view->addAction(tr("Zoom &in"), this, &Presentation::zoomIn);
    in->setShortcuts(shortcuts(QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence::ZoomIn));
    QAction *out = view->addAction(tr("Zoom &out"), this, &Presentation::zoomOut);
    out->setShortcuts(shortcuts(QKeySequence(Qt::CTRL | Qt::Key_Minus), QKeySequence::ZoomOut));
    QAction *reset = view->addAction(tr("&Actual size"), this, &Presentation::resetZoom);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));

    QMenu *themes = view->addMenu(tr("&Theme"));
    m_themes = new QActionGroup(this);
    for (Theme t : {Theme::Standard, Theme::HighContrast}) {
        QAction *a =
            themes->addAction(t == Theme::Standard ? tr("&Standard") : tr("&High contrast"));
        a->setCheckable(true);
        a->setData(int(t));
        m_themes->addAction(a);
        connect(a, &QAction::triggered, this, [this, t] { setTheme(t); });
    }

    m_nextStep = view->addAction(tr("Next lesson &step"), this, [this] { stepLesson(1); });
    m_previousStep = view->addAction(tr("Previous lesson s&tep"), this, [this] { stepLesson(-1); });

    // Esc leaves, but only in presentation mode: elsewhere it belongs to the editors.
    m_escape = new QShortcut(QKeySequence(Qt::Key_Escape), &m_window);
    m_escape->setEnabled(false);
    connect(m_escape, &QShortcut::activated, this, [this] {
        if (!m_escapeHandler || !m_escapeHandler())
            setActive(false);
    });

    connect(&m_shell, &Shell::colorMapsChanged, this,
            [](ColorMapId s, ColorMapId d) { AppSettings().setColorMaps(s, d); });
}

void Presentation::restoreSettings() {
    AppSettings settings;
    if (const auto s = settings.sequentialMap(), d = settings.divergingMap(); s || d)
        m_shell.setColorMaps(s.value_or(m_shell.sequentialMap()),
                             d.value_or(m_shell.divergingMap()));
    m_restoredLayout = settings.restoreWindow(m_window);
    // Normal mode, whatever the last run ended in.
    m_zoom = std::clamp(settings.fontScale(false), kMinZoom, kMaxZoom);
    m_theme = settings.theme(false) == "high-contrast" ? Theme::HighContrast : Theme::Standard;
    applyZoom();
    applyTheme();
    m_nextStep->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageDown));
    m_previousStep->setShortcut(QKeySequence(Qt::ALT | Qt::Key_PageUp));
}

QList<QWidget *> Presentation::editingChrome() const {
    QList<QWidget *> out;
    for (QToolBar *bar : m_window.findChildren<QToolBar *>(QString(), Qt::FindDirectChildrenOnly))
        out << bar;
    out << m_window.statusBar();
    for (const QPointer<QWidget> &w : m_extraChrome)
        if (w)
            out << w.data();
    return out;
}

void Presentation::addEditingChrome(QWidget *widget) {
    m_extraChrome << widget;
    if (m_active && widget->isVisible()) {
        m_hidden << widget;
        widget->hide();
    }
}

void Presentation::setActive(bool on) {
    if (on == m_active)
        return;
    AppSettings settings;
    m_active = on;
    if (on) {
        m_normalGeometry = m_window.saveGeometry();
        m_normalState = m_window.saveState(AppSettings::kWindowStateVersion);
        m_normalWindowState = m_window.windowState();
        m_hidden.clear();
        for (QWidget *w : editingChrome())
            if (!w->isHidden()) {
                m_hidden << w;
                w->hide();
            }
        m_window.setWindowState(m_normalWindowState | Qt::WindowFullScreen);
    }
    // Each mode has its own zoom and theme.
    m_zoom = std::clamp(settings.fontScale(on), kMinZoom, kMaxZoom);
    m_theme = settings.theme(on) == "high-contrast" ? Theme::HighContrast : Theme::Standard;
    applyZoom();
    applyTheme();
    if (!on) {
        m_window.setWindowState(m_normalWindowState & ~Qt::WindowFullScreen);
        // The size it had (not every platform gives it back on leaving full screen): the docks
        // are restored into the same room.
        if (!(m_normalWindowState & (Qt::WindowMaximized | Qt::WindowFullScreen)))
            m_window.restoreGeometry(m_normalGeometry);
        for (const QPointer<QWidget> &w : std::as_const(m_hidden))
            if (w)
                w->show();
        m_hidden.clear();
        // The docks as they were: shown again under a different font, they would otherwise
        // keep the sizes the larger type asked for. Once now, and again when the smaller type
        // has reached every layout (the docks' contents re-lay themselves out after this call).
        m_window.restoreState(m_normalState, AppSettings::kWindowStateVersion);
        QTimer::singleShot(0, this, [this, state = m_normalState] {
            if (!m_active)
                m_window.restoreState(state, AppSettings::kWindowStateVersion);
        });
    }
    // A clicker sends PageDown/PageUp; in the editing mode those keys belong to the tables.
    // (The lesson panel drops its own PageDown/PageUp meanwhile: one key, one action.)
    m_nextStep->setShortcut(on ? QKeySequence(Qt::Key_PageDown)
                               : QKeySequence(Qt::ALT | Qt::Key_PageDown));
    m_previousStep->setShortcut(on ? QKeySequence(Qt::Key_PageUp)
                                   : QKeySequence(Qt::ALT | Qt::Key_PageUp));
    m_escape->setEnabled(on);
    m_shell.showMessage({}, 0); // e.g. a zoom level of the other mode
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(on);
    }
    emit activeChanged(on);
}

void Presentation::setZoom(double scale) {
    scale = std::clamp(scale, kMinZoom, kMaxZoom);
    if (std::abs(scale - m_zoom) < 1e-9)
        return;
    m_zoom = scale;
    AppSettings().setFontScale(m_active, m_zoom);
    applyZoom();
    m_shell.showMessage(tr("Zoom %1%").arg(std::lround(m_zoom * 100)), 2000);
}

void Presentation::zoomIn() {
    const auto next = std::find_if(kZoomLevels.begin(), kZoomLevels.end(),
                                   [this](double z) { return z > m_zoom + 1e-6; });
    setZoom(next == kZoomLevels.end() ? kMaxZoom : *next);
}

void Presentation::zoomOut() {
    const auto previous = std::find_if(kZoomLevels.rbegin(), kZoomLevels.rend(),
                                       [this](double z) { return z < m_zoom - 1e-6; });
    setZoom(previous == kZoomLevels.rend() ? kMinZoom : *previous);
}

void Presentation::resetZoom() {
    // Each mode's own default: presenting, that is the projector's larger type, never the
    // normal size (which would then be saved as the presentation's zoom).
    setZoom(AppSettings::defaultFontScale(m_active));
}

void Presentation::applyZoom() {
    QFont font = baseFont();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * m_zoom);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * m_zoom))));
    // The application font reaches every widget that does not set its own size: tables,
    // menus, heatmap titles, axis labels and cell numbers (HeatmapView follows its font).
    QApplication::setFont(font);
    tellWindows(QEvent::ApplicationFontChange);
    scaleOwnFonts();
    emit zoomChanged(m_zoom);
}

void Presentation::scaleOwnFonts() {
    // Widgets that chose their own size (a lesson's title and text, a formula, a panel's
    // larger numbers) do not follow the application font: they get the same zoom, relative to
    // the size they chose at zoom 1, so every text on screen grows by one factor.
    static const char *const kBase = "attnvizUnzoomedPointSize";
    for (QWidget *w : QApplication::allWidgets()) {
        if (!w->testAttribute(Qt::WA_SetFont) || !(w->font().resolveMask() & QFont::SizeResolved))
            continue;
        QFont f = w->font();
        if (f.pointSizeF() <= 0)
            continue;
        const QVariant stored = w->property(kBase);
        // A widget seen for the first time chose its size under the zoom applied until now.
        const double base = stored.isValid() ? stored.toDouble() : f.pointSizeF() / m_appliedZoom;
        w->setProperty(kBase, base);
        if (std::abs(f.pointSizeF() - base * m_zoom) > 1e-6) {
            f.setPointSizeF(base * m_zoom);
            w->setFont(f);
        }
    }
    m_appliedZoom = m_zoom;
}

QPalette Presentation::highContrastPalette() {
    // Black on white, not white on black: the heatmaps are drawn on white, and a projector
    // shows dark text on a light ground most legibly in a lit room.
    QPalette p(QColor(0xe6, 0xe6, 0xe6) /* button */, Qt::white /* window */);
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::ButtonText, Qt::black);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x00, 0x3d, 0xa5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, Qt::white);
    p.setColor(QPalette::ToolTipText, Qt::black);
    p.setColor(QPalette::PlaceholderText, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Link, QColor(0x00, 0x3d, 0xa5));
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xd0, 0xd0, 0xd0));
    p.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x50));
    p.setColor(QPalette::Dark, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Shadow, Qt::black);
    // Disabled text stays readable (dark grey, not the usual pale grey).
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x55, 0x55, 0x55));
    return p;
}

void Presentation::setTheme(Theme theme) {
    if (theme != m_theme) {
        m_theme = theme;
        AppSettings().setTheme(m_active, themeName(theme));
    }
    applyTheme();
}

void Presentation::applyTheme() {
    QApplication::setPalette(m_theme == Theme::HighContrast ? highContrastPalette()
                                                            : basePalette());
    tellWindows(QEvent::ApplicationPaletteChange);
    for (QAction *a : m_themes->actions())
        a->setChecked(a->data().toInt() == int(m_theme));
    emit themeChanged(m_theme);
}

void Presentation::setLessonStepHandler(std::function<void(int)> handler) {
    m_lessonHandler = std::move(handler);
}

void Presentation::stepLesson(int delta) {
    const bool listened =
        m_lessonHandler ||
        isSignalConnected(QMetaMethod::fromSignal(&Presentation::lessonStepRequested));
    if (m_lessonHandler)
        m_lessonHandler(delta);
    emit lessonStepRequested(delta);
    if (!listened)
        m_shell.showMessage(tr("No lesson is open"), 3000);
}

void Presentation::saveWindowSettings() {
    // In presentation mode the window is full screen with its panels hidden; what is worth
    // keeping is the layout the user will come back to.
    if (m_active)
        AppSettings().saveWindow(m_normalGeometry, m_normalState);
    else
        AppSettings().saveWindow(m_window.saveGeometry(),
                                 m_window.saveState(AppSettings::kWindowStateVersion));
}

bool Presentation::eventFilter(QObject *watched, QEvent *event) {
    if (watched == &m_window && event->type() == QEvent::Close)
        saveWindowSettings(); // harmless if another filter then keeps the window open
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
