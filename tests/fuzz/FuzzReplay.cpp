// SPDX-License-Identifier: GPL-3.0-or-later
// Without libFuzzer (gcc builds): runs a fuzz target on every file of the folders given, so
// the seed corpora and every past finding are regression tests in ctest. Exit 0 when each
// input passed; a finding aborts, as it would under libFuzzer.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size);

int main(int argc, char **argv) {
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path dir(argv[i]);
        if (!std::filesystem::is_directory(dir))
            continue; // no findings yet
        for (const auto &entry : std::filesystem::directory_iterator(dir)) {
            if (!entry.is_regular_file())
                continue;
            std::ifstream in(entry.path(), std::ios::binary);
            const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in), {}};
            std::printf("%s\n", entry.path().filename().c_str());
            LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
            ++files;
        }
    }
    std::printf("%d inputs replayed, no finding\n", files);
    return files > 0 ? 0 : 1;
}
