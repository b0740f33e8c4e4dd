// SPDX-License-Identifier: GPL-3.0-or-later
#include "MatrixImport.h"

#include "CsvMatrix.h"
#include "InputError.h"
#include "Npy.h"
#include "Safetensors.h"
#include "Translate.h"
#include "ZipArchive.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>

#include <new>

namespace attn {

namespace {

const QByteArray kNpyMagic("\x93NUMPY", 6);
const QByteArray kZipMagic("PK\x03\x04", 4);
const QByteArray kEmptyZipMagic("PK\x05\x06", 4);

QString singleQuoted(const QString &name) {
    return "'" + name + "'";
}

ImportFormat formatOf(const QByteArray &head, const QString &name) {
    if (head.startsWith(kNpyMagic))
        return ImportFormat::Npy;
    if (head.startsWith(kZipMagic) || head.startsWith(kEmptyZipMagic))
        return ImportFormat::Npz;
    if (looksLikeSafetensors(head))
        return ImportFormat::Safetensors;
    // Without a signature, the name decides only whether to refuse: a mislabelled binary file
    // gets "not an .npy file" rather than "line 1, column 1: … is not a number".
    const QString suffix = QFileInfo(name).suffix().toLower();
    if (suffix == "npy")
        fail(translate("attn::io", "not a NumPy .npy file (it does not start with \\x93NUMPY)"));
    if (suffix == "npz")
        fail(translate("attn::io", "not a NumPy .npz file (it is not a zip archive)"));
    if (suffix == "safetensors")
        return ImportFormat::Safetensors; // its reader says what is wrong with the header
    return ImportFormat::Text;
}

// Reads at most kMaxImportBytes; throws InputError (without the name).
QByteArray readLimited(const QString &fileName, qint64 limit = kMaxImportBytes) {
    if (QFileInfo(fileName).isDir())
        fail(translate("attn::io", "is a directory, not a file"));
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        fail(translate("attn::io", "cannot open: %1").arg(file.errorString()));
    if (file.size() > limit)
        fail(translate("attn::io", "the file is too large (%1 bytes; at most 256 MiB)")
                 .arg(QString::number(file.size())));
    // Pipes and growing files report no size: read one byte more than allowed to tell.
    const QByteArray bytes = file.read(limit + 1);
    if (bytes.size() > limit)
        fail(translate("attn::io", "the file is too large (at most 256 MiB)"));
    if (file.error() != QFileDevice::NoError)
        fail(translate("attn::io", "cannot read: %1").arg(file.errorString()));
    return bytes;
}

struct NpzArrays {
    std::vector<const ZipEntry *> entries;
    QStringList names;
    QStringList others; // members that are not .npy files
};

NpzArrays npzArrays(const ZipArchive &zip) {
    NpzArrays out;
    for (const ZipEntry &entry : zip.entries()) {
        if (entry.name.endsWith('/'))
            continue; // a directory
        if (entry.name.endsWith(".npy")) {
            out.entries.push_back(&entry);
            out.names << entry.name.chopped(4);
        } else {
            out.others << entry.name;
        }
    }
    return out;
}

void readText(const QByteArray &bytes, ImportResult &r) {
    CsvMatrix csv = readCsvMatrix(bytes);
    r.matrix = std::move(csv.matrix);
    r.shape = {std::uint64_t(r.matrix.rows()), std::uint64_t(r.matrix.cols())};
    r.description = csv.delimiter == "comma" ? translate("attn::io", "CSV (comma-separated)")
                    : csv.delimiter == "tab" ? translate("attn::io", "TSV (tab-separated)")
                    : csv.delimiter == "semicolon"
                        ? translate("attn::io", "CSV (semicolon-separated)")
                        : translate("attn::io", "text (numbers separated by spaces)");
    if (csv.headerLine)
        r.notes << translate("attn::io", "skipped the header row on line %1: %2")
                       .arg(QString::number(csv.headerLine), csv.header);
    if (csv.decimalComma)
        r.notes << translate("attn::io", "read decimal commas: 1,5 is 1.5");
}

void readNpz(const QByteArray &bytes, const QString &arrayName, ImportResult &r) {
    const ZipArchive zip(bytes);
    const NpzArrays arrays = npzArrays(zip);
    if (arrays.entries.empty())
        fail(zip.entries().empty()
                 ? translate("attn::io", "the .npz archive is empty (it holds no arrays)")
                 : translate("attn::io", "holds no .npy arrays (is it an .npz file?)"));
    qsizetype index = 0;
    if (!arrayName.isEmpty()) {
        const QString wanted = arrayName.endsWith(".npy") ? arrayName.chopped(4) : arrayName;
        index = arrays.names.indexOf(wanted);
        if (index < 0)
            fail(translate("attn::io", "has no array %1 (it has %2)")
                     .arg(singleQuoted(wanted), singleQuoted(arrays.names.join("', '"))));
    } else if (arrays.names.size() > 1) {
        r.notes << translate("attn::io", "took array %1, the first of %2 (%3)")
                       .arg(singleQuoted(arrays.names[0]), QString::number(arrays.names.size()),
                            arrays.names.join(", "));
    }
    const ZipEntry &entry = *arrays.entries[std::size_t(index)];
    r.arrayName = arrays.names[index];
    const QString prefix = translate("attn::io", "array %1: ").arg(singleQuoted(r.arrayName));
    try {
        const QByteArray member = zip.read(entry, std::uint64_t(kMaxImportBytes));
        NpyHeader header;
        r.matrix = readNpy(member, &r.notes, &header);
        r.shape = header.shape;
        r.description =
            (entry.method == 8 ? translate("attn::io", "NumPy .npz, array %1 (%2, deflated)")
                               : translate("attn::io", "NumPy .npz, array %1 (%2, stored)"))
                .arg(singleQuoted(r.arrayName), header.description());
    } catch (const InputError &e) {
        fail(prefix + QString::fromStdString(e.what()));
    }
}

// The tensor `name` ("" = the first that can be imported) of the safetensors file in `device`.
void readSafetensors(QIODevice &device, std::uint64_t size, const ImportSelection &selection,
                     ImportResult &r) {
    const SafetensorsFile file = readSafetensorsHeader(device, size);
    const SafetensorsTensor *tensor = nullptr;
    if (!selection.array.isEmpty()) {
        tensor = file.find(selection.array);
        if (!tensor)
            fail(translate("attn::io", "has no tensor %1 (it has %2: %3)")
                     .arg(singleQuoted(selection.array), QString::number(file.tensors.size()),
                          singleQuoted(file.names().mid(0, 8).join("', '")) +
                              (file.tensors.size() > 8 ? ", …" : "")));
    } else {
        for (const SafetensorsTensor &t : file.tensors)
            if (!tensor && t.problem().isEmpty())
                tensor = &t;
        if (!tensor)
            fail(file.tensors.empty()
                     ? translate("attn::io", "the safetensors file holds no tensors")
                     : translate("attn::io", "none of its tensors is a 1-D or 2-D float tensor"));
        if (file.tensors.size() > 1)
            r.notes << translate("attn::io", "took tensor %1, the first of %2 that can be imported")
                           .arg(singleQuoted(tensor->name), QString::number(file.tensors.size()));
    }
    SafetensorsRead read =
        readSafetensorsTensor(device, file, *tensor, parseArraySlice(selection.slice));
    r.matrix = std::move(read.matrix);
    r.notes << read.notes;
    r.arrayName = tensor->name;
    r.shape = tensor->shape;
    r.description = translate("attn::io", "safetensors, tensor %1 (%2, %3)")
                        .arg(singleQuoted(tensor->name), tensor->dtype, tensor->shapeText());
}

// Slices (all but safetensors, which slices as it reads) and transposes what was read.
void applySelection(const ImportSelection &selection, ImportResult &r) {
    const ArraySlice slice = parseArraySlice(selection.slice);
    if (r.format != ImportFormat::Safetensors && !slice.isWhole())
        r.matrix = applySlice(r.matrix, r.shape, slice);
    if (!slice.isWhole())
        r.description += translate("attn::io", ", slice %1 (%2\u00d7%3)")
                             .arg(sliceText(slice), QString::number(r.matrix.rows()),
                                  QString::number(r.matrix.cols()));
    if (selection.transpose) {
        r.matrix.transposeInPlace();
        r.description +=
            translate("attn::io", ", transposed"); // the preview states the shape after it
    }
}

} // namespace

namespace {

// Runs `read` (which throws InputError) and turns its outcome into an ImportResult: on failure
// only the format and "SOURCE: problem" remain.
template <typename Read>
ImportResult guarded(const QString &sourceName, const ImportSelection &selection, Read read) {
    ImportResult r;
    try {
        read(r);
        applySelection(selection, r);
    } catch (const InputError &e) {
        r.error = QString::fromStdString(e.what());
    } catch (const std::bad_alloc &) {
        r.error = translate("attn::io", "not enough memory to read it");
    }
    if (!r.error.isEmpty()) {
        ImportResult failed;
        failed.format = r.format;
        failed.error = sourceName + ": " + r.error;
        return failed;
    }
    return r;
}

void readBytes(const QByteArray &bytes, const QString &sourceName, const ImportSelection &selection,
               ImportResult &r) {
    if (bytes.size() > kMaxImportBytes)
        fail(translate("attn::io", "the file is too large (at most 256 MiB)"));
    r.format = formatOf(bytes, sourceName);
    if (!selection.array.isEmpty() && r.format != ImportFormat::Npz &&
        r.format != ImportFormat::Safetensors)
        fail(translate(
                 "attn::io",
                 "an array name (%1) was given, but this is not an .npz file (nor safetensors)")
                 .arg(singleQuoted(selection.array)));
    switch (r.format) {
    case ImportFormat::Text:
        readText(bytes, r);
        break;
    case ImportFormat::Npy: {
        NpyHeader header;
        r.matrix = readNpy(bytes, &r.notes, &header);
        r.shape = header.shape;
        r.description = translate("attn::io", "NumPy .npy (%1)").arg(header.description());
        break;
    }
    case ImportFormat::Npz:
        readNpz(bytes, selection.array, r);
        break;
    case ImportFormat::Safetensors: {
        QBuffer buffer;
        buffer.setData(bytes);
        buffer.open(QIODevice::ReadOnly);
        readSafetensors(buffer, std::uint64_t(bytes.size()), selection, r);
        break;
    }
    }
}

} // namespace

ImportResult importMatrixData(const QByteArray &bytes, const QString &sourceName,
                              const QString &arrayName) {
    const ImportSelection selection{arrayName, {}, false};
    return guarded(sourceName, selection,
                   [&](ImportResult &r) { readBytes(bytes, sourceName, selection, r); });
}

ImportResult importMatrix(const QString &fileName, const QString &arrayName) {
    return importMatrix(fileName, ImportSelection{arrayName, {}, false});
}

ImportResult importMatrix(const QString &fileName, const ImportSelection &selection) {
    return guarded(fileName, selection, [&](ImportResult &r) {
        // A checkpoint may be several GB: its header is read, then only the chosen rows.
        if (importFormatOf(fileName) == ImportFormat::Safetensors) {
            r.format = ImportFormat::Safetensors;
            QFile file(fileName);
            if (!file.open(QIODevice::ReadOnly))
                fail(translate("attn::io", "cannot open: %1").arg(file.errorString()));
            readSafetensors(file, std::uint64_t(file.size()), selection, r);
            return;
        }
        readBytes(readLimited(fileName), fileName, selection, r);
    });
}

ImportFormat importFormatOf(const QString &fileName) {
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        return ImportFormat::Text;
    const QByteArray head = file.read(9);
    if (head.startsWith(kNpyMagic))
        return ImportFormat::Npy;
    if (head.startsWith(kZipMagic) || head.startsWith(kEmptyZipMagic))
        return ImportFormat::Npz;
    if (looksLikeSafetensors(head) ||
        QFileInfo(fileName).suffix().compare("safetensors", Qt::CaseInsensitive) == 0)
        return ImportFormat::Safetensors;
    return ImportFormat::Text;
}

NpzListing listNpzArraysData(const QByteArray &bytes, const QString &sourceName) {
    NpzListing listing;
    try {
        if (!bytes.startsWith(kZipMagic) && !bytes.startsWith(kEmptyZipMagic))
            fail(translate("attn::io", "not a NumPy .npz file (it is not a zip archive)"));
        const ZipArchive zip(bytes);
        const NpzArrays arrays = npzArrays(zip);
        for (std::size_t k = 0; k < arrays.entries.size(); ++k) {
            const ZipEntry &entry = *arrays.entries[k];
            NpzArrayInfo info;
            info.name = arrays.names[qsizetype(k)];
            try {
                const QByteArray head = zip.readPrefix(entry, 12 + kMaxNpyHeaderBytes);
                const NpyHeader h = parseNpyHeader(head);
                info.dtype = h.dtypeName();
                info.shape = h.shapeText();
                info.dims = h.shape;
                info.problem = npyHeaderProblem(h);
                if (info.problem.isEmpty()) {
                    std::uint64_t count = 1;
                    for (std::uint64_t d : h.shape)
                        count *= d; // each at most 4096, at most two of them
                    if (entry.size != h.dataOffset + count * std::uint64_t(h.itemSize))
                        info.problem = translate("attn::io", "its data does not match its shape %1")
                                           .arg(h.shapeText());
                }
            } catch (const InputError &e) {
                info.problem = QString::fromStdString(e.what());
            }
            listing.arrays.push_back(info);
        }
    } catch (const InputError &e) {
        listing = {};
        listing.error = sourceName + ": " + QString::fromStdString(e.what());
    } catch (const std::bad_alloc &) {
        listing = {};
        listing.error = sourceName + ": " + translate("attn::io", "not enough memory to read it");
    }
    return listing;
}

NpzListing listNpzArrays(const QString &fileName) {
    try {
        return listNpzArraysData(readLimited(fileName), fileName);
    } catch (const InputError &e) {
        NpzListing listing;
        listing.error = fileName + ": " + QString::fromStdString(e.what());
        return listing;
    }
}

QStringList npzArrayNames(const QString &fileName, QString *error) {
    const NpzListing listing = listNpzArrays(fileName);
    if (error)
        *error = listing.error;
    QStringList names;
    for (const NpzArrayInfo &info : listing.arrays)
        names << info.name;
    return names;
}

} // namespace attn
