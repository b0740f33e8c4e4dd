// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a GGUF file's header (io/GgufFile.h), its tensors dequantized, its tokenizer
// read from the metadata and the checkpoint its keys and tensors make (every family's GGUF
// layout, Gemma's inferred config included). Any input gives a file or an InputError; every
// tensor of a file it gives lies inside the data, aligned, without overlapping another; reading a
// tensor's first row, a tokenizer or a checkpoint never crashes.

#include "FuzzCheck.h"
#include "InputError.h"
#include "Limits.h"
#include "checkpoint/Checkpoint.h"
#include "checkpoint/TensorBinder.h"
#include "io/GgufFile.h"
#include "tokenizer/GgufTokenizer.h"

#include <QString>

#include <memory>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size) {
    std::unique_ptr<attn::GgufFile> file;
    try {
        file = attn::GgufFile::parse(data, size, QStringLiteral("fuzz.gguf"));
    } catch (const attn::InputError &) {
        return 0;
    }
    if (file->tensors().size() > std::size_t(attn::kMaxGgufTensors))
        fuzz::finding("too many tensors were accepted");
    for (const attn::GgufTensor &t : file->tensors()) {
        if (t.offset % file->alignment() != 0)
            fuzz::finding("an unaligned tensor was accepted");
        if (file->dataStart() + t.offset + t.bytes > size)
            fuzz::finding("a tensor past the end was accepted");
        const attn::TensorView view = attn::viewOfGgufTensor(*file, t);
        if (view.cols() <= 4096) {
            std::vector<double> row(std::size_t(view.cols()));
            try {
                view.widenRows(0, 1, row.data());
            } catch (const attn::InputError &) {
            }
        }
    }
    try {
        if (attn::ggufHasTokenizer(*file)) {
            const auto tokenizer = attn::loadGgufTokenizer(*file);
            tokenizer->encode(QStringLiteral("Hello world! 12 ab"));
        }
    } catch (const attn::InputError &) {
    }
    // The checkpoint takes the file; the bytes outlive it.
    try {
        const auto checkpoint = attn::Checkpoint::fromGguf(std::move(file));
        if (checkpoint->config().layers != std::int64_t(checkpoint->weights().layers.size()))
            fuzz::finding("a checkpoint's layers differ from its config's");
        checkpoint->summaryJson();
    } catch (const attn::InputError &) {
    }
    return 0;
}
