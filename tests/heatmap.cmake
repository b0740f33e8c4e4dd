# HeatmapView: values, colour ranges, masks, tooltips, clicks (row 0 at the top), rendering.
attnviz_add_test(test_heatmap SOURCES test_heatmap.cpp LIBS attnviz_ui GUI)
