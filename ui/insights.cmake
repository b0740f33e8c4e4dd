# Interpretation panels (vector form, token links, head overview, readouts, what-ifs, difference)
# and installInsightViews(MainWindow &), which docks them.
list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  DifferenceView.cpp DifferenceView.h
  HeadOverview.cpp HeadOverview.h
  InsightSupport.cpp InsightSupport.h
  InsightView.cpp InsightView.h
  InsightViews.cpp InsightViews.h
  Readouts.cpp Readouts.h
  ReadoutsModel.cpp ReadoutsModel.h
  ReadoutsView.cpp ReadoutsView.h
  TokenLinksView.cpp TokenLinksView.h
  VectorForm.cpp VectorForm.h
  VectorFormView.cpp VectorFormView.h
  WhatIfPanel.cpp WhatIfPanel.h
  WhatIfs.cpp WhatIfs.h
)
