# Import and export of matrices, and figures (PNG/SVG/PDF) of any view; the command line's
# render command builds its views with FigureScene.
list(APPEND ATTNVIZ_UI_WINDOW_SOURCES
  ExportDirectory.cpp ExportDirectory.h
  FigureExport.cpp FigureExport.h
  FigureFeatures.cpp FigureFeatures.h
  FigureMenu.cpp FigureMenu.h
  FigureScene.cpp FigureScene.h
  ImportDialog.cpp ImportDialog.h
  ImportPlan.cpp ImportPlan.h
  MatrixExportMenu.cpp MatrixExportMenu.h
)

# `render --view links` draws TokenLinksView when the build has it (it is registered by another
# area's cmake file, which may be included before or after this one): decided once every
# source of attnviz_ui is known.
function(attnviz_figures_links_view)
  get_target_property(sources attnviz_ui SOURCES)
  if("TokenLinksView.cpp" IN_LIST sources)
    set_property(SOURCE FigureScene.cpp DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                 APPEND PROPERTY COMPILE_DEFINITIONS ATTNVIZ_HAS_TOKEN_LINKS)
  endif()
endfunction()
cmake_language(DEFER CALL attnviz_figures_links_view)
