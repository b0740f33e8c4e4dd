attnviz_add_test(test_workbench SOURCES test_workbench.cpp TestSupport.h LIBS attnviz_ui GUI)
