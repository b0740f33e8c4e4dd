# The document model, undo commands, recompute service and input editors (ui/document.cmake).
attnviz_add_test(test_document SOURCES test_document.cpp LIBS attnviz_ui GUI)
attnviz_add_test(test_editors SOURCES test_editors.cpp LIBS attnviz_ui GUI)
attnviz_add_test(test_recomputer SOURCES test_recomputer.cpp LIBS attnviz_ui GUI)
