#pragma once

#include "ColorScale.h"

#include <QMainWindow>

class CombinationView;
class ControlsPanel;
class Document;
class InputsPanel;
class LessonPanel;
class QDockWidget;
class QLabel;
class QMenu;
class Recomputer;
class StagesView;

// Assembles the workbench: the inputs and controls on the left, every stage's heatmap in the
// middle, the selected row's convex combination on the right. Each part observes the Document
// itself; the window only wires menus, shortcuts and the status bar.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_document; }
    Recomputer *recomputer() const { return m_recomputer; }
    StagesView *stagesView() const { return m_stages; }
    CombinationView *combinationView() const { return m_combination; }
    InputsPanel *inputsPanel() const { return m_inputs; }
    LessonPanel *lessonPanel() const { return m_lesson; }
    ControlsPanel *controlsPanel() const { return m_controls; }
    QString statusText() const;

    void setColorMaps(ColorMapId sequential, ColorMapId diverging);
    ColorMapId sequentialMap() const { return m_sequential; }
    ColorMapId divergingMap() const { return m_diverging; }

    // Extension points for the features that install themselves into the window: the
    // top-level menu with this object name ("file", "edit", "presets", "view", "tools", "help";
    // created before "help" if missing), and a dock around a panel.
    QMenu *menu(const QString &name);
    QDockWidget *addPanel(const QString &title, const QString &objectName, QWidget *panel,
                          Qt::DockWidgetArea area);

signals:
    void colorMapsChanged(ColorMapId sequential, ColorMapId diverging);

private:
    void createMenus();
    void createLayoutSwitch(QMenu *view);
    void moveSelection(int delta);
    void showTiming(double computeMs, double drawMs);
    void showError(const QString &message);

    Document *m_document;
    Recomputer *m_recomputer;
    StagesView *m_stages;
    CombinationView *m_combination;
    InputsPanel *m_inputs;
    ControlsPanel *m_controls;
    LessonPanel *m_lesson = nullptr;
    QLabel *m_timing;
    QLabel *m_error;
    ColorMapId m_sequential = ColorMapId::Viridis;
    ColorMapId m_diverging = ColorMapId::RdBu;
};
