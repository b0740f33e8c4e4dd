#include "Allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attn {

void keepLargeAllocationsInHeap() {
#if defined(__GLIBC__)
    // Blocks up to 512 MiB (a 8192×8192 double matrix) come from the heap; up to 1 GiB of freed
    // memory is kept before the heap is trimmed.
    mallopt(M_MMAP_THRESHOLD, 512 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
#endif
}

} // namespace attn
