add_executable(attnviz gui_main.cpp)
target_link_libraries(attnviz PRIVATE attnviz_ui attnviz_warnings)
target_compile_definitions(attnviz PRIVATE ATTNVIZ_VERSION="${PROJECT_VERSION}")
