// SPDX-License-Identifier: GPL-3.0-or-later
// Every test source includes this header last. The tests of a folder share one executable
// (tests/CMakeLists.txt): there each test's main, written by QTEST_MAIN or by hand, becomes
// ATTNVIZ_TEST_MAIN (attnviz_test_main_NAME), which the executable's own main runs when ctest
// names the test (support/TestDispatch.cpp). A test that is a program of its own (ALONE) keeps
// its main. The rename is here, not a -Dmain=… on the command line: Qt's headers name `main`, so
// GCC would refuse the precompiled header with such a macro defined before it.
#ifdef ATTNVIZ_TEST_MAIN
#define main ATTNVIZ_TEST_MAIN
#endif
