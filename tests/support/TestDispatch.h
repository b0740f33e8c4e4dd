// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

// The tests of one folder share an executable (tests/CMakeLists.txt): each test's main is
// compiled as attnviz_test_main_NAME, and the executable's main runs the test that its first
// argument names, as ctest calls it: `tests_core test_attention [Qt Test options]`.
namespace attnviz::test {

struct Entry {
    const char *name;
    int (*main)(int argc, char *argv[]);
};

// The executable's tests, written by CMake into the build folder.
const std::vector<Entry> &entries();

} // namespace attnviz::test
