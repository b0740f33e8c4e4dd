# Sessions, presets and presentation mode (ui/sessions.cmake).
attnviz_add_test(test_sessions
  SOURCES test_sessions.cpp SessionTestSupport.h TestSupport.h LIBS attnviz_ui GUI)
attnviz_add_test(test_presets
  SOURCES test_presets.cpp PresetFactory.cpp PresetFactory.h SessionTestSupport.h TestSupport.h
  LIBS attnviz_ui GUI)
attnviz_add_test(test_presentation
  SOURCES test_presentation.cpp SessionTestSupport.h LIBS attnviz_ui GUI)
# Writes resources/presets/ from PresetFactory.cpp; run it after changing a preset:
#   attnviz_make_presets <source dir>/resources/presets
add_executable(attnviz_make_presets make_presets.cpp PresetFactory.cpp PresetFactory.h)
target_link_libraries(attnviz_make_presets PRIVATE attnviz_ui attnviz_warnings)
