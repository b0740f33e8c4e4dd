// SPDX-License-Identifier: GPL-3.0-or-later
// keepLargeAllocationsInHeap() (core/Allocator.h) really keeps large blocks in the heap: an 8 MB
// block comes from the program break, not from mmap (each fresh mmap'd block costs page faults
// on every edit). It once compiled to nothing, its glibc test coming before any libc header.

#include "Allocator.h"

#include <QtTest>

#include <cstdlib>

#if defined(__GLIBC__)
#include <unistd.h>

#include "support/TestMainName.h" // last: renames main in a shared executable
#endif

class TestAllocator : public QObject {
    Q_OBJECT
private slots:
    void largeBlocksComeFromTheHeap() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer's allocator replaces glibc's malloc: there is nothing to tune");
#elif defined(__GLIBC__)
        attn::keepLargeAllocationsInHeap();
        void *block = std::malloc(8 * 1024 * 1024);
        QVERIFY(block != nullptr);
        const void *end = sbrk(0); // the heap's end: an mmap'd block lies far above it
        const bool inHeap = static_cast<char *>(block) < static_cast<const char *>(end);
        std::free(block);
        QVERIFY(inHeap);
#else
        QSKIP("only glibc's allocator is tuned");
#endif
    }
};

QTEST_GUILESS_MAIN(TestAllocator)
#include "test_allocator.moc"
