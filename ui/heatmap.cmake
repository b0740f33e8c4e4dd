# The heatmap widget every stage of the GUI uses (HeatmapView) and its colour scales.
list(APPEND ATTNVIZ_UI_HEATMAP_SOURCES
  CellText.cpp CellText.h
  ColorScale.cpp ColorScale.h
  HeatmapAxisLabels.cpp HeatmapAxisLabels.h
  HeatmapCellLayer.cpp HeatmapCellLayer.h
  HeatmapData.h
  HeatmapImage.cpp HeatmapImage.h
  HeatmapOverlay.cpp HeatmapOverlay.h
  HeatmapPlot.cpp HeatmapPlot.h
  HeatmapView.cpp HeatmapView.h
)
