// SPDX-License-Identifier: GPL-3.0-or-later
#include "Safetensors.h"

#include "FloatBits.h"
#include "InputError.h"
#include "Npy.h"
#include "Translate.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <bit>
#include <cstring>

namespace attn {

namespace {

QString quoted(const QString &name) {
    return "'" + name + "'";
}

struct DtypeSize {
    const char *name;
    int size;
};
// Every dtype of the format (safetensors 0.4); only the float ones can be imported.
constexpr DtypeSize kDtypes[] = {
    {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1},
    {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},
    {"U32", 4},  {"F32", 4}, {"I64", 8}, {"U64", 8},     {"F64", 8},
};

int dtypeSize(const QString &dtype) {
    for (const DtypeSize &d : kDtypes)
        if (dtype == QLatin1String(d.name))
            return d.size;
    return 0;
}

bool isFloatDtype(const QString &dtype) {
    return dtype == "F64" || dtype == "F32" || dtype == "F16" || dtype == "BF16";
}

// A JSON number that is a whole number in 0..2^53 (exact in a double).
std::uint64_t wholeNumber(const QJsonValue &v, const QString &what) {
    const double d = v.toDouble(-1);
    if (!v.isDouble() || !(d >= 0) || d > 9007199254740992.0 || d != std::floor(d))
        fail(translate("attn::io", "%1 is not a whole number ≥ 0").arg(what));
    return std::uint64_t(d);
}

std::uint64_t readLe64(const unsigned char *p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

SafetensorsTensor parseTensor(const QString &name, const QJsonValue &value,
                              std::uint64_t dataSize) {
    const QString where = translate("attn::io", "tensor %1").arg(quoted(name));
    if (!value.isObject())
        fail(where + ": " + translate("attn::io", "its entry is not a JSON object"));
    const QJsonObject o = value.toObject();
    SafetensorsTensor t;
    t.name = name;
    t.dtype = o.value("dtype").toString();
    if (!o.value("dtype").isString())
        fail(where + ": " + translate("attn::io", "no \"dtype\""));
    if (dtypeSize(t.dtype) == 0)
        fail(where + ": " + translate("attn::io", "unknown dtype %1").arg(quoted(t.dtype)));
    if (!o.value("shape").isArray())
        fail(where + ": " + translate("attn::io", "no \"shape\" list"));
    const QJsonArray shape = o.value("shape").toArray();
    if (shape.size() > 16)
        fail(where + ": " + translate("attn::io", "%1 axes").arg(shape.size()));
    for (const QJsonValue &d : shape)
        t.shape.push_back(
            wholeNumber(d, where + ": " + translate("attn::io", "a dimension of its shape")));
    const QJsonArray offsets = o.value("data_offsets").toArray();
    if (!o.value("data_offsets").isArray() || offsets.size() != 2)
        fail(where + ": " + translate("attn::io", "\"data_offsets\" is not a pair [begin, end]"));
    t.begin = wholeNumber(offsets[0], where + ": " + translate("attn::io", "its begin offset"));
    t.end = wholeNumber(offsets[1], where + ": " + translate("attn::io", "its end offset"));
    if (t.end < t.begin)
        fail(where + ": " +
             translate("attn::io", "its data ends (%1) before it begins (%2)")
                 .arg(QString::number(t.end), QString::number(t.begin)));
    if (t.end > dataSize)
        fail(
            where + ": " +
            translate("attn::io", "its data [%1, %2) lies past the end of the file's %3 data bytes")
                .arg(QString::number(t.begin), QString::number(t.end), QString::number(dataSize)));
    // shape × item size must be the range's length, multiplied with an overflow check.
    std::uint64_t bytes = std::uint64_t(t.itemSize());
    bool overflow = false;
    for (std::uint64_t d : t.shape)
        overflow = overflow || __builtin_mul_overflow(bytes, d, &bytes);
    if (overflow || bytes != t.end - t.begin)
        fail(where + ": " +
             translate("attn::io", "shape %1 of %2 needs %3 bytes, its data has %4")
                 .arg(t.shapeText(), t.dtype,
                      overflow ? translate("attn::io", "more than 2^64") : QString::number(bytes),
                      QString::number(t.end - t.begin)));
    return t;
}

double element(const unsigned char *p, const QString &dtype) {
    if (dtype == "F64")
        return std::bit_cast<double>(readLe64(p));
    if (dtype == "F32")
        return double(std::bit_cast<float>(
            std::uint32_t(p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24)));
    const auto bits = std::uint16_t(p[0] | p[1] << 8);
    return dtype == "F16" ? halfToDouble(bits) : bfloat16ToDouble(bits);
}

} // namespace

int SafetensorsTensor::itemSize() const {
    return dtypeSize(dtype);
}

QString SafetensorsTensor::shapeText() const {
    return ::attn::shapeText(shape);
}

QString SafetensorsTensor::problem() const {
    if (!isFloatDtype(dtype))
        return translate("attn::io",
                         "its dtype %1 is not a float (F64, F32, F16 and BF16 can be imported)")
            .arg(dtype);
    if (shape.empty())
        return translate("attn::io", "it is a single number (0-D), not a vector or matrix");
    if (shape.size() > 2)
        return translate("attn::io",
                         "it is a %1-D tensor (%2); only 1-D and 2-D tensors can be imported")
            .arg(QString::number(shape.size()), shapeText());
    for (std::uint64_t d : shape)
        if (d == 0)
            return translate("attn::io", "it is empty (%1)").arg(shapeText());
    return {};
}

const SafetensorsTensor *SafetensorsFile::find(const QString &name) const {
    for (const SafetensorsTensor &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

QStringList SafetensorsFile::names() const {
    QStringList out;
    for (const SafetensorsTensor &t : tensors)
        out << t.name;
    return out;
}

bool looksLikeSafetensors(const QByteArray &head) {
    // The length itself is not checked here: a file with an absurd one is still reported as
    // a safetensors file with a bad header, not as text that is not a number.
    return head.size() >= 9 && head[8] == '{';
}

SafetensorsFile readSafetensorsHeader(QIODevice &device, std::uint64_t size) {
    if (size < 8 || !device.seek(0))
        fail(translate("attn::io",
                       "not a safetensors file (shorter than its 8-byte header length)"));
    unsigned char prefix[8];
    if (device.read(reinterpret_cast<char *>(prefix), 8) != 8)
        fail(translate("attn::io", "cannot read: %1").arg(device.errorString()));
    const std::uint64_t length = readLe64(prefix);
    if (length > kMaxSafetensorsHeaderBytes)
        fail(translate("attn::io",
                       "not a safetensors file: its header length %1 is beyond the format's "
                       "limit of 100 MB")
                 .arg(QString::number(length)));
    if (length > size - 8)
        fail(translate("attn::io",
                       "not a safetensors file, or cut short: its header length %1 is beyond "
                       "the file's %2 bytes")
                 .arg(QString::number(length), QString::number(size)));
    if (length < 2)
        fail(translate("attn::io", "not a safetensors file: its header is too short to be JSON"));
    // Allocated only now, from a length checked against the file's size.
    const QByteArray header = device.read(qint64(length));
    if (std::uint64_t(header.size()) != length)
        fail(translate("attn::io", "cannot read its header: %1").arg(device.errorString()));
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(header, &error);
    if (error.error != QJsonParseError::NoError)
        fail(translate("attn::io", "not a safetensors file: its header is not JSON (%1 at byte %2)")
                 .arg(error.errorString(), QString::number(error.offset)));
    if (!json.isObject())
        fail(translate("attn::io", "not a safetensors file: its header is not a JSON object"));

    SafetensorsFile file;
    file.dataStart = 8 + length;
    const std::uint64_t dataSize = size - file.dataStart;
    const QJsonObject root = json.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() == "__metadata__")
            continue;
        file.tensors.push_back(parseTensor(it.key(), it.value(), dataSize));
    }
    // The header's order is not kept by QJsonObject (it sorts keys); the data order is what a
    // reader of the file sees, so list tensors by where their data lies.
    std::vector<const SafetensorsTensor *> byOffset;
    for (const SafetensorsTensor &t : file.tensors)
        byOffset.push_back(&t);
    std::stable_sort(byOffset.begin(), byOffset.end(),
                     [](const auto *a, const auto *b) { return a->begin < b->begin; });
    std::uint64_t next = 0;
    for (const SafetensorsTensor *t : byOffset) {
        if (t->begin < next)
            fail(translate("attn::io", "tensor %1: its data [%2, %3) overlaps another's")
                     .arg(quoted(t->name), QString::number(t->begin), QString::number(t->end)));
        if (t->begin > next)
            fail(translate("attn::io", "the data has a gap at bytes [%1, %2) before tensor %3")
                     .arg(QString::number(next), QString::number(t->begin), quoted(t->name)));
        next = t->end;
    }
    if (next != dataSize)
        fail(translate("attn::io", "the file has %1 data bytes, but its tensors describe %2")
                 .arg(QString::number(dataSize), QString::number(next)));
    std::vector<SafetensorsTensor> ordered;
    for (const SafetensorsTensor *t : byOffset)
        ordered.push_back(*t);
    file.tensors = std::move(ordered);
    return file;
}

SafetensorsRead readSafetensorsTensor(QIODevice &device, const SafetensorsFile &file,
                                      const SafetensorsTensor &tensor, const ArraySlice &slice) {
    const QString problem = tensor.problem();
    if (!problem.isEmpty())
        fail(translate("attn::io", "tensor %1: %2").arg(quoted(tensor.name), problem));
    const std::vector<AxisRange> ranges = resolveSlice(slice, tensor.shape);
    const SliceShape out = sliceShape(ranges);
    if (out.rows > kMaxNpyDimension || out.cols > kMaxNpyDimension)
        fail(translate("attn::io",
                       "tensor %1%2 is %3×%4; at most %5 rows and columns can be imported "
                       "(choose a slice)")
                 .arg(quoted(tensor.name), sliceText(slice), QString::number(out.rows),
                      QString::number(out.cols), QString::number(kMaxNpyDimension)));

    // The rows of the tensor the selection touches, read in one piece (all its columns).
    const bool twoD = tensor.shape.size() == 2;
    const std::uint64_t width = twoD ? tensor.shape[1] : tensor.shape[0];
    const AxisRange rows = twoD ? ranges[0] : AxisRange{0, 1, false};
    const AxisRange cols = twoD ? ranges[1] : ranges[0];
    const auto item = std::uint64_t(tensor.itemSize());
    // At most 4096 selected rows; a row of a tensor in the file is at most the file's size.
    const std::uint64_t rowBytes = width * item;
    const std::uint64_t firstByte = twoD ? rows.begin * rowBytes : cols.begin * item;
    const std::uint64_t length = twoD ? rows.size() * rowBytes : cols.size() * item;
    if (length > kMaxSafetensorsReadBytes)
        fail(translate("attn::io",
                       "tensor %1%2: the rows it needs are %3 bytes; at most 256 MiB are read")
                 .arg(quoted(tensor.name), sliceText(slice), QString::number(length)));
    if (!device.seek(qint64(file.dataStart + tensor.begin + firstByte)))
        fail(translate("attn::io", "cannot seek to tensor %1: %2")
                 .arg(quoted(tensor.name), device.errorString()));
    const QByteArray bytes = device.read(qint64(length));
    if (std::uint64_t(bytes.size()) != length)
        fail(translate("attn::io", "tensor %1: the file is cut short in its data")
                 .arg(quoted(tensor.name)));
    const auto *u = reinterpret_cast<const unsigned char *>(bytes.constData());

    SafetensorsRead r;
    Matrix part(Eigen::Index(twoD ? rows.size() : 1), Eigen::Index(cols.size()));
    for (std::uint64_t i = 0; i < std::uint64_t(part.rows()); ++i) {
        for (std::uint64_t j = 0; j < cols.size(); ++j) {
            const std::uint64_t offset = twoD ? i * rowBytes + (cols.begin + j) * item : j * item;
            const double v = element(u + offset, tensor.dtype);
            if (!std::isfinite(v) || std::abs(v) > kMaxAbsInput) {
                const std::uint64_t row = twoD ? rows.begin + i : 0, col = cols.begin + j;
                fail(translate("attn::io",
                               "tensor %1 at %2: %3 (values must be finite, at most 1e15 in "
                               "magnitude)")
                         .arg(quoted(tensor.name),
                              twoD ? QString("[%1, %2]").arg(row).arg(col)
                                   : QString("[%1]").arg(col),
                              std::isnan(v) ? "NaN" : QString::number(v)));
            }
            part(Eigen::Index(i), Eigen::Index(j)) = v;
        }
    }
    // A column picked by index is a vector: one row, as every 1-D array is read.
    r.matrix = twoD && !cols.kept ? Matrix(part.transpose()) : std::move(part);
    if (tensor.shape.size() == 1 || (twoD && (!rows.kept || !cols.kept)))
        r.notes << translate("attn::io", "read the vector as one row (1×%1)")
                       .arg(QString::number(r.matrix.cols()));
    return r;
}

} // namespace attn
