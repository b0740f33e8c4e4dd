// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace attn {

// Every edit produces a new result: at n = 1024 that is a handful of fresh 8 MB matrices. glibc
// serves such blocks with mmap and returns them on free, so each new one costs about 2,000 page
// faults and the kernel zeroing 8 MB (~3 ms each, a third of an edit's compute). Raising the
// mmap and trim thresholds keeps freed blocks in the heap for the next result. Call once at
// start-up, before any large allocation; a no-op where the C library is not glibc.
void keepLargeAllocationsInHeap();

} // namespace attn
