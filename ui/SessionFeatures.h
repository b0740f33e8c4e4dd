#pragma once

class MainWindow;

// File > Open, Open Recent, Save, Save As; the unsaved-changes question on close; autosave and
// crash recovery (SessionController); the window's view state in each session file
// (ViewStateRegistry keys "layout", "head", "row", "column", "colorMaps"); the description of a
// chosen preset in the status bar. Call once per window.
void installSessionFeatures(MainWindow &window);

// The standard view-state keys, on their own (installSessionFeatures registers them).
void registerStandardViewState(MainWindow &window);
