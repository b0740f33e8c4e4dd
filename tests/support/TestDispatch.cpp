// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/TestDispatch.h"

#include <cstdio>
#include <cstring>
#include <string>

// Runs the test named by the first argument with the remaining arguments. Its argv[0] names the
// test, not the shared executable, so that the test sees the program name it had as a program of
// its own (Qt takes the application name, and with it settings and data paths, from argv[0]).
int main(int argc, char *argv[]) {
    const auto &tests = attnviz::test::entries();
    if (argc >= 2) {
        for (const auto &test : tests) {
            if (std::strcmp(argv[1], test.name) != 0)
                continue;
            std::string program = argv[0];
            const std::size_t slash = program.rfind('/');
            program = (slash == std::string::npos ? std::string() : program.substr(0, slash + 1)) +
                      test.name;
            argv[1] = program.data();
            return test.main(argc - 1, argv + 1);
        }
        std::fprintf(stderr, "%s: no test named %s\n", argv[0], argv[1]);
    }
    std::fprintf(stderr, "usage: %s TEST [Qt Test options]\ntests:", argc > 0 ? argv[0] : "tests");
    for (const auto &test : tests)
        std::fprintf(stderr, " %s", test.name);
    std::fprintf(stderr, "\n");
    return 2;
}
