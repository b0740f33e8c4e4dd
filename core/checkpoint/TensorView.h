// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Matrix.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace attn {

// The types a checkpoint's weights may be stored in; each converts exactly to double. The float
// types are safetensors' and GGUF's; the quantized ones are ggml's blocks (GGUF only,
// Dequantize.h), each block of blockValues values in blockBytes bytes.
enum class TensorDtype { F64, F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K };

// "F64", "F32", "F16", "BF16" (safetensors' names), "Q8_0", "Q4_K", … (ggml's).
const char *dtypeName(TensorDtype dtype);
// Bytes of one value of a float type; 0 for a quantized one (see blockBytes).
int dtypeBytes(TensorDtype dtype);
bool isQuantized(TensorDtype dtype);
// Values and bytes of one block: 1 and dtypeBytes for the float types.
int blockValues(TensorDtype dtype);
int blockBytes(TensorDtype dtype);

// A tensor of a checkpoint where it lies in the memory-mapped file, in its stored precision: no
// copy is made when a checkpoint is opened. The forward pass widens blocks of rows to double as
// it needs them (widenRows), so a model in BF16 takes its file's size in memory, not four times
// it. A 1-D tensor is one row. Valid while its Checkpoint lives.
struct TensorView {
    QString name; // as the file names it
    QString file; // the file it is in, for messages
    TensorDtype dtype = TensorDtype::F32;
    std::vector<std::int64_t> shape;
    const unsigned char *data = nullptr; // little-endian, C order; not aligned
    // The open file `data` was mapped from and where `data` starts in it (−1: none). Large
    // blocks of whole rows are read from it (pread) rather than through the mapping: on a
    // virtual machine reading a 2.2 GB model through its mapping took 1.5 s of faults and cache
    // misses, pread 0.6 s; and what is read is never counted in the process's resident memory.
    int fd = -1;
    std::int64_t offset = 0;
    // Non-zero for a Llama q or k projection read from GGUF: llama.cpp's converter stored each
    // head's rows (of this many) with the halves (i, i + headDim/2) interleaved as pairs
    // (2i, 2i + 1) for its interleaved RoPE. Row i of a head is read from the stored row
    // 2(i mod headDim/2) + i div (headDim/2): Hugging Face's order, without a copy.
    std::int64_t interleavedHeadDim = 0;

    bool present() const { return data != nullptr; }
    std::int64_t rows() const { return shape.size() == 2 ? shape[0] : 1; }
    std::int64_t cols() const { return shape.empty() ? 1 : shape.back(); }
    std::int64_t size() const { return rows() * cols(); }
    // Bytes of one stored row (whole blocks for a quantized type).
    std::int64_t rowBytes() const { return cols() / blockValues(dtype) * blockBytes(dtype); }
    // The row of the file that holds row `row` (interleavedHeadDim).
    std::int64_t storedRow(std::int64_t row) const;

    // Rows [first, first + count) as doubles into `out` (count × cols(), row-major, contiguous).
    // Throws InputError naming the file, the tensor and the row for NaN, ±∞ or a value beyond
    // kMaxAbsInput: such weights are refused where they are converted.
    void widenRows(std::int64_t first, std::int64_t count, double *out) const;
    // The block of rows [row, row + rows) and columns [col, col + cols) the same way, into
    // `out` (rows × cols, row-major): a panel of a product, widened just before it is used.
    void widenBlock(std::int64_t row, std::int64_t rows, std::int64_t col, std::int64_t cols,
                    double *out) const;
    Matrix widenRows(std::int64_t first, std::int64_t count) const;
    Matrix widen() const { return widenRows(0, rows()); }
    // A 1-D tensor (a bias, a norm's weight) as a row vector.
    RowVector widenVector() const;
    // Drops the tensor's whole pages from this process's resident memory; they stay in the
    // page cache, and a later read maps them again. The forward pass releases a layer's weights
    // once it is done with them, so a model larger than memory streams through it layer by
    // layer and the file's pages are not counted on top of the run.
    void release() const;

private:
    // Rows [first, first + count) read from fd and widened into out; ok: all in range. False
    // when there is no file to read.
    bool widenRead(std::int64_t first, std::int64_t count, double *out, bool &ok) const;
    // Stored rows' bytes widened: `count` whole rows from p into out.
    bool widenStoredRows(const unsigned char *p, std::int64_t count, double *out) const;
};

} // namespace attn
