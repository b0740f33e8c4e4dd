# The insight panels (ui/insights.cmake).
attnviz_add_test(test_insights SOURCES test_insights.cpp InsightsSupport.h TestSupport.h
  LIBS attnviz_ui GUI)
attnviz_add_test(test_whatifs SOURCES test_whatifs.cpp InsightsSupport.h TestSupport.h
  LIBS attnviz_ui GUI)
