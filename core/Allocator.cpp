// SPDX-License-Identifier: GPL-3.0-or-later
#include "Allocator.h"

// Any C library header defines __GLIBC__ (through <features.h>); without one before the test
// below it was never defined and this function compiled to nothing.
#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
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
#endif
}

} // namespace attn
