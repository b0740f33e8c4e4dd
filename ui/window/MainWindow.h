// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

#include <functional>
#include <limits>
#include <vector>

class QLabel;

namespace attn::ui {

class Document;
class Shell;

// The main window: the QMainWindow behind the Shell, with the window's own menu entries (Quit,
// Undo/Redo, query-row navigation, the layout switch, colour maps, About) and the status bar's
// error and timing labels. WindowAssembler fills it: the heatmaps in the middle, the features
// around.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Document &document, QWidget *parent = nullptr);
    ~MainWindow() override;

    Shell &shell() const { return *m_shell; }
    void showTiming(double computeMs, double drawMs);
    void showError(const QString &message); // empty clears

protected:
    // A new language (View › Language): every text that came whole from a translation switches
    // (Translations::retranslate), the window's composed ones are set again.
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The timing line gives way when the status bar's other permanent widgets (a head taken
    // apart adds four) leave it no room: squeezed below their sizes, they were drawn on top of
    // each other ("◂ Back to the model" over "last update: …").
    void fitStatusBar();
    void createMenus();
    void createLanguageMenu();
    void createLayoutSwitch();
    void createColorMapMenus();
    void moveSelection(int delta);

    Document &m_document;
    Shell *m_shell;
    QLabel *m_timing;
    // The last update's times, to say them again in a new language (NaN before the first).
    double m_computeMs = std::numeric_limits<double>::quiet_NaN(), m_drawMs = 0;
    QLabel *m_error;
    std::vector<std::function<void()>> m_retranslations;
};

} // namespace attn::ui
