list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  CombinationView.cpp CombinationView.h
  Derivation.cpp Derivation.h
  MainWindow.cpp MainWindow.h
  StagesView.cpp StagesView.h
)
list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  LessonPanel.cpp LessonPanel.h
  LessonScript.cpp LessonScript.h
)
