// SPDX-License-Identifier: GPL-3.0-or-later
#include "Allocator.h"

// Any C library header defines __GLIBC__ (through <features.h>); without one before the test
// below it was never defined and this function compiled to nothing.
#include <cstdlib>

#include <cstdint>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace attn {

void keepLargeAllocationsInHeap() {
#if defined(__GLIBC__)
    // Blocks up to 32 MiB (a 2048×2048 double matrix; every n × d matrix up to n = 65536) come
    // from the heap: glibc refuses a larger threshold (mallopt returns 0 and changes nothing, so
    // the 512 MiB asked for before left every large block to mmap, page faults and all). Up to
    // 1 GiB of freed memory is kept before the heap is trimmed.
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
    // The heap's first 512 MiB in transparent huge pages: a whole model's run keeps thousands of
    // fresh matrices (GPT-2 small on 128 tokens: 110 MB of them), and on a virtual machine every
    // 4 KiB page first written costs a fault of ~15 µs: a quarter of the run's CPU time went to
    // 30,000 of them, and a 2 MiB page costs one. The heap is grown once by a block that is freed
    // at once (it stays: the trim threshold is above it) and advised; nothing is touched, so
    // nothing is resident until used. Mmap is off only while the block is taken.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    // (A sanitizer's allocator replaces glibc's: the block would only be poisoned, its shadow
    // written.)
    constexpr std::size_t reserve = std::size_t(512) << 20;
    mallopt(M_MMAP_MAX, 0);
    if (void *block = std::malloc(reserve)) {
        adviseHugePages(block, reserve);
        std::free(block);
    }
    mallopt(M_MMAP_MAX, 65536); // glibc's default
#endif
#endif
}

void adviseHugePages(void *data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const auto page = std::uintptr_t(sysconf(_SC_PAGESIZE));
    const auto begin = (std::uintptr_t(data) + page - 1) / page * page;
    const auto end = (std::uintptr_t(data) + bytes) / page * page;
    // Advice that fails (no huge pages on this system) changes nothing but the speed.
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace attn
