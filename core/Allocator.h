// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace attn {

// Every edit produces a new result: at n = 1024 that is a handful of fresh 8 MB matrices. glibc
// serves such blocks with mmap and returns them on free, so each new one costs about 2,000 page
// faults and the kernel zeroing 8 MB (~3 ms each, a third of an edit's compute). Raising the
// mmap and trim thresholds keeps freed blocks in the heap for the next result. Call once at
// start-up, before any large allocation; a no-op where the C library is not glibc.
// It also puts the heap's first 512 MiB in transparent huge pages (adviseHugePages).
void keepLargeAllocationsInHeap();

// Asks the kernel to back the whole pages of [data, data + bytes) with transparent huge pages
// (2 MiB) when they are first written, before anything is written to them: one page fault for
// 512 of them. A matrix larger than glibc keeps in its heap (a model's logits: 50 MB) gets
// mapped afresh; the forward pass advises it. A no-op where there is no such advice.
void adviseHugePages(void *data, std::size_t bytes);

} // namespace attn
