# attnviz-cli: the headless command line (compute / explain). Argument parsing lives here; the
# work (loading, computing, JSON and text output) is in attnviz_core.
add_executable(attnviz-cli cli_main.cpp)
target_link_libraries(attnviz-cli PRIVATE attnviz_core attnviz_warnings)
target_compile_definitions(attnviz-cli PRIVATE ATTNVIZ_VERSION="${PROJECT_VERSION}")
# render draws the GUI's own views (FigureScene): with the GUI built, the CLI links attnviz_ui.
if(TARGET attnviz_ui)
  target_sources(attnviz-cli PRIVATE CliRender.cpp CliRender.h)
  target_link_libraries(attnviz-cli PRIVATE attnviz_ui)
  target_compile_definitions(attnviz-cli PRIVATE ATTNVIZ_CLI_RENDER)
endif()
