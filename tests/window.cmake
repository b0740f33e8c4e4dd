attnviz_add_test(test_workbench SOURCES test_workbench.cpp TestSupport.h LIBS attnviz_ui GUI)
attnviz_add_test(test_lesson SOURCES test_lesson.cpp TestSupport.h LIBS attnviz_ui GUI)
