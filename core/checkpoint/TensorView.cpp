// SPDX-License-Identifier: GPL-3.0-or-later
#include "TensorView.h"

#include "InputError.h"
#include "Translate.h"
#include "WidenValues.h"

#include <cmath>

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

void TensorView::widenRows(std::int64_t first, std::int64_t count, double *out) const {
    widenBlock(first, count, 0, cols(), out);
}

void TensorView::widenBlock(std::int64_t row, std::int64_t rows, std::int64_t col,
                            std::int64_t width, double *out) const {
    const int item = dtypeBytes(dtype);
    bool ok = true;
    for (std::int64_t r = 0; r < rows; ++r)
        ok &= widenValues(dtype, data + ((row + r) * cols() + col) * item, width, out + r * width);
    if (ok)
        return;
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
