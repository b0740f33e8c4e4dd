# Sessions (open/save/recent, autosave and recovery, view state), presets shipped as resources,
# and presentation mode.
list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  AppSettings.cpp AppSettings.h
  AtomicWrite.cpp AtomicWrite.h
  Autosaver.cpp Autosaver.h
  Presentation.cpp Presentation.h
  RecentFiles.cpp RecentFiles.h
  RecoveryFile.cpp RecoveryFile.h
  SessionController.cpp SessionController.h
  SessionFeatures.cpp SessionFeatures.h
  SessionPrompts.cpp SessionPrompts.h
  ViewStateRegistry.cpp ViewStateRegistry.h
  # The presets (resources/presets/*.json), compiled in by AUTORCC; Presets.cpp registers them.
  ${CMAKE_CURRENT_LIST_DIR}/../resources/attnviz.qrc
)
