# The command line, tested as a user runs it: these tests start the built attnviz-cli
# (ATTNVIZ_CLI_PATH) with QProcess.
attnviz_add_test(test_cli SOURCES test_cli.cpp CliSupport.h)
target_compile_definitions(test_cli PRIVATE ATTNVIZ_VERSION="${PROJECT_VERSION}")
attnviz_add_test(test_cli_explain SOURCES test_cli_explain.cpp CliSupport.h)
