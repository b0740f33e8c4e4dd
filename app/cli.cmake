# attnviz-cli: the headless command line (compute / explain). Argument parsing lives here; the
# work (loading, computing, JSON and text output) is in attnviz_core.
add_executable(attnviz-cli cli_main.cpp)
target_link_libraries(attnviz-cli PRIVATE attnviz_core attnviz_warnings)
target_compile_definitions(attnviz-cli PRIVATE ATTNVIZ_VERSION="${PROJECT_VERSION}")
