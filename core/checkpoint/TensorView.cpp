// SPDX-License-Identifier: GPL-3.0-or-later
#include "TensorView.h"

#include "InputError.h"
#include "Translate.h"
#include "WidenValues.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <memory>

#include <sys/mman.h>
#include <unistd.h>

namespace attn {

const char *dtypeName(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::F64:
        return "F64";
    case TensorDtype::F32:
        return "F32";
    case TensorDtype::F16:
        return "F16";
    case TensorDtype::BF16:
        return "BF16";
    }
    return "?";
}

int dtypeBytes(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::F64:
        return 8;
    case TensorDtype::F32:
        return 4;
    case TensorDtype::F16:
    case TensorDtype::BF16:
        return 2;
    }
    return 0;
}

namespace {

// Blocks of whole rows at least this large are read with pread (TensorView::fd) …
constexpr std::int64_t kReadMinimum = std::int64_t(64) << 10;
// … this many bytes at a time into a buffer that stays in the L2 cache while it is widened.
constexpr std::int64_t kReadChunk = std::int64_t(256) << 10;

// All of [offset, offset + bytes) of fd into buffer, or false.
bool readFully(int fd, unsigned char *buffer, std::int64_t bytes, std::int64_t offset) {
    while (bytes > 0) {
        const ssize_t n = pread(fd, buffer, std::size_t(bytes), off_t(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buffer += n;
        bytes -= n;
        offset += n;
    }
    return true;
}

} // namespace

bool TensorView::widenRead(std::int64_t first, std::int64_t count, double *out, bool &ok) const {
    if (fd < 0)
        return false;
    const int item = dtypeBytes(dtype);
    const std::int64_t chunk = kReadChunk / item; // values
    const auto buffer = std::make_unique_for_overwrite<unsigned char[]>(std::size_t(kReadChunk));
    ok = true;
    for (std::int64_t done = 0; done < count; done += chunk) {
        const std::int64_t n = std::min(chunk, count - done);
        if (!readFully(fd, buffer.get(), n * item, offset + (first + done) * item)) {
            // The file cannot be read (any more): the rest through the mapping, which then
            // fails as the mapping would have.
            ok &= widenValues(dtype, data + (first + done) * item, count - done, out + done);
            return true;
        }
        ok &= widenValues(dtype, buffer.get(), n, out + done);
    }
    return true;
}

void TensorView::widenRows(std::int64_t first, std::int64_t count, double *out) const {
    widenBlock(first, count, 0, cols(), out);
}

void TensorView::widenBlock(std::int64_t row, std::int64_t rows, std::int64_t col,
                            std::int64_t width, double *out) const {
    const int item = dtypeBytes(dtype);
    bool ok = true;
    if (col == 0 && width == cols() && rows * width * item >= kReadMinimum &&
        widenRead(row * width, rows * width, out, ok)) {
        if (ok)
            return;
    } else {
        ok = true;
        for (std::int64_t r = 0; r < rows; ++r)
            ok &= widenValues(dtype, data + ((row + r) * cols() + col) * item, width,
                              out + r * width);
        if (ok)
            return;
    }
    const std::int64_t n = rows * width;
    for (std::int64_t i = 0; i < n; ++i)
        if (!std::isfinite(out[i]) || std::abs(out[i]) > kMaxAbsInput) {
            const std::int64_t r = row + i / width, c = col + i % width;
            const QString where =
                shape.size() == 2 ? QString("[%1, %2]").arg(r).arg(c) : QString("[%1]").arg(c);
            throw InputError(
                translate("attn::checkpoint",
                          "%1: tensor \"%2\" at %3 is %4 (weights must be finite, "
                          "at most 1e15 in magnitude)")
                    .arg(file, name, where,
                         std::isnan(out[i]) ? QStringLiteral("NaN") : QString::number(out[i])));
        }
}

Matrix TensorView::widenRows(std::int64_t first, std::int64_t count) const {
    Matrix m(static_cast<Eigen::Index>(count), static_cast<Eigen::Index>(cols()));
    widenRows(first, count, m.data());
    return m;
}

RowVector TensorView::widenVector() const {
    RowVector v(static_cast<Eigen::Index>(size()));
    widenRows(0, rows(), v.data());
    return v;
}

void TensorView::release() const {
    if (!data)
        return;
    const auto page = std::uintptr_t(sysconf(_SC_PAGESIZE));
    const auto begin = std::uintptr_t(data),
               end = begin + std::uintptr_t(size() * dtypeBytes(dtype));
    const std::uintptr_t first = (begin + page - 1) / page * page, last = end / page * page;
    // Only pages wholly inside the tensor: its neighbours may still be in use. Advice that
    // fails changes nothing but the memory figure.
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
}

} // namespace attn
