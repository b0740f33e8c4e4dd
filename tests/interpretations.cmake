attnviz_add_test(test_interpretations SOURCES test_interpretations.cpp TestSupport.h
  LIBS attnviz_ui GUI)
