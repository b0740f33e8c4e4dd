// SPDX-License-Identifier: GPL-3.0-or-later
#include "TensorView.h"

#include "InputError.h"
#include "Matrix.h"
#include "Translate.h"
#include "WidenValues.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <memory>
#include <vector>

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
    case TensorDtype::Q8_0:
        return "Q8_0";
    case TensorDtype::Q4_0:
        return "Q4_0";
    case TensorDtype::Q4_1:
        return "Q4_1";
    case TensorDtype::Q5_0:
        return "Q5_0";
    case TensorDtype::Q5_1:
        return "Q5_1";
    case TensorDtype::Q4_K:
        return "Q4_K";
    case TensorDtype::Q5_K:
        return "Q5_K";
    case TensorDtype::Q6_K:
        return "Q6_K";
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
    default:
        return 0;
    }
}

bool isQuantized(TensorDtype dtype) {
    return dtypeBytes(dtype) == 0;
}

int blockValues(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::Q8_0:
    case TensorDtype::Q4_0:
    case TensorDtype::Q4_1:
    case TensorDtype::Q5_0:
    case TensorDtype::Q5_1:
        return 32;
    case TensorDtype::Q4_K:
    case TensorDtype::Q5_K:
    case TensorDtype::Q6_K:
        return 256;
    default:
        return 1;
    }
}

int blockBytes(TensorDtype dtype) {
    switch (dtype) {
    case TensorDtype::Q8_0:
        return 34;
    case TensorDtype::Q4_0:
        return 18;
    case TensorDtype::Q4_1:
        return 20;
    case TensorDtype::Q5_0:
        return 22;
    case TensorDtype::Q5_1:
        return 24;
    case TensorDtype::Q4_K:
        return 144;
    case TensorDtype::Q5_K:
        return 176;
    case TensorDtype::Q6_K:
        return 210;
    default:
        return dtypeBytes(dtype);
    }
}

std::int64_t TensorView::storedRow(std::int64_t row) const {
    const std::int64_t n = interleavedHeadDim;
    if (n <= 0)
        return row;
    const std::int64_t half = n / 2, i = row % n;
    return row - i + 2 * (i % half) + i / half;
}

bool TensorView::widenStoredRows(const unsigned char *p, std::int64_t count, double *out) const {
    return widenValues(dtype, p, count * cols(), out);
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
    const std::int64_t bytes = rowBytes();
    const std::int64_t chunk = std::max<std::int64_t>(1, kReadChunk / bytes); // rows
    const auto buffer = std::make_unique_for_overwrite<unsigned char[]>(std::size_t(chunk * bytes));
    ok = true;
    for (std::int64_t done = 0; done < count; done += chunk) {
        const std::int64_t n = std::min(chunk, count - done);
        if (!readFully(fd, buffer.get(), n * bytes, offset + (first + done) * bytes)) {
            // The file cannot be read (any more): the rest through the mapping, which then
            // fails as the mapping would have.
            ok &= widenStoredRows(data + (first + done) * bytes, count - done, out + done * cols());
            return true;
        }
        ok &= widenStoredRows(buffer.get(), n, out + done * cols());
    }
    return true;
}

void TensorView::widenRows(std::int64_t first, std::int64_t count, double *out) const {
    widenBlock(first, count, 0, cols(), out);
}

void TensorView::widenBlock(std::int64_t row, std::int64_t rows, std::int64_t col,
                            std::int64_t width, double *out) const {
    const std::int64_t bytes = rowBytes();
    bool ok = true;
    if (col == 0 && width == cols() && interleavedHeadDim == 0 && rows * bytes >= kReadMinimum &&
        widenRead(row, rows, out, ok)) {
        if (ok)
            return;
    } else if (!isQuantized(dtype)) {
        ok = true;
        const int item = dtypeBytes(dtype);
        for (std::int64_t r = 0; r < rows; ++r)
            ok &= widenValues(dtype, data + storedRow(row + r) * bytes + col * item, width,
                              out + r * width);
        if (ok)
            return;
    } else {
        // Whole blocks: those that hold columns [col, col + width), into `out` directly when
        // the columns are whole blocks, else into a buffer the columns are copied from.
        ok = true;
        const std::int64_t per = blockValues(dtype), size = blockBytes(dtype);
        const std::int64_t b0 = col / per, b1 = (col + width + per - 1) / per;
        const bool whole = col % per == 0 && width % per == 0;
        std::vector<double> buffer(whole ? 0 : std::size_t((b1 - b0) * per));
        for (std::int64_t r = 0; r < rows; ++r) {
            const unsigned char *p = data + storedRow(row + r) * bytes + b0 * size;
            if (whole) {
                ok &= widenValues(dtype, p, width, out + r * width);
            } else {
                // Values of blocks outside the columns asked for are not checked.
                widenValues(dtype, p, (b1 - b0) * per, buffer.data());
                std::copy_n(buffer.data() + (col - b0 * per), width, out + r * width);
                for (std::int64_t c = 0; c < width; ++c)
                    ok &= std::abs(out[r * width + c]) <= kMaxAbsInput;
            }
        }
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
    const auto begin = std::uintptr_t(data), end = begin + std::uintptr_t(rows() * rowBytes());
    const std::uintptr_t first = (begin + page - 1) / page * page, last = end / page * page;
    // Only pages wholly inside the tensor: its neighbours may still be in use. Advice that
    // fails changes nothing but the memory figure.
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
}

} // namespace attn
