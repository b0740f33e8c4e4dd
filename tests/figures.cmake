# Import into the document, matrix export from the GUI, figures of any view, and
# attnviz-cli render (run as a process without a display).
attnviz_add_test(test_figures SOURCES test_figures.cpp FigureSupport.h LIBS attnviz_ui GUI)
attnviz_add_test(test_importexport SOURCES test_importexport.cpp IoSupport.h LIBS attnviz_ui GUI)
attnviz_add_test(test_cli_render SOURCES test_cli_render.cpp CliSupport.h FigureSupport.h LIBS attnviz_ui GUI)
