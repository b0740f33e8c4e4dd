#pragma once

class QAction;
class Tour;
class Workbench;

// Help › Tour: seven stops over the window's regions (controls, inputs, stage heatmaps, the
// weights, the combination panel, Interpretations, the lesson), built on the workbench's views.
// Returns the tour; its action is the Help menu's.
Tour *installWindowTour(Workbench &workbench);
