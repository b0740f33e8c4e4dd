// SPDX-License-Identifier: GPL-3.0-or-later
#include "Npy.h"

#include "AttentionInputs.h"
#include "FloatBits.h"
#include "InputError.h"
#include "Limits.h"
#include "NumberText.h"
#include "Translate.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

namespace attn {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::uint64_t kMagicLength = 6;
constexpr std::uint64_t kAbsurdDimension = std::uint64_t(1) << 60;

QString numberText(std::uint64_t n) {
    return QString::number(n);
}

// The header is the repr() of a Python dict: {'descr': '<f8', 'fortran_order': False,
// 'shape': (3, 4), }. This reads the few literal forms it can contain (strings, True/False,
// None, integers, tuples and lists of those) — never evaluates anything.
struct PyValue {
    enum class Kind { String, Bool, None, Int, Tuple, List } kind = Kind::None;
    std::string text;
    bool flag = false;
    std::uint64_t number = 0; // saturates at kAbsurdDimension
    std::vector<PyValue> items;
};

class HeaderParser {
public:
    explicit HeaderParser(std::string_view text) : text_(text) {}

    // Returns (key, value) pairs of the dict, in order.
    std::vector<std::pair<std::string, PyValue>> dict() {
        std::vector<std::pair<std::string, PyValue>> out;
        expect('{');
        for (;;) {
            if (accept('}'))
                break;
            PyValue key = value(0);
            if (key.kind != PyValue::Kind::String)
                fail(translate("attn::io", "a key that is not a string"));
            expect(':');
            out.emplace_back(key.text, value(0));
            if (!accept(',')) {
                expect('}');
                break;
            }
        }
        skipSpace();
        if (pos_ != text_.size())
            fail(translate("attn::io", "text after the dictionary"));
        return out;
    }

private:
    [[noreturn]] void fail(const QString &what) const {
        throw InputError(translate("attn::io", "the .npy header is not valid (%1 at character %2)")
                             .arg(what, qs(std::int64_t(pos_))));
    }
    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\t' || text_[pos_] == '\r'))
            ++pos_;
    }
    bool accept(char c) {
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!accept(c))
            fail(translate("attn::io", "expected '%1'").arg(QChar::fromLatin1(c)));
    }
    bool word(std::string_view w) {
        if (text_.substr(pos_, w.size()) != w)
            return false;
        pos_ += w.size();
        return true;
    }

    PyValue value(int depth) {
        if (depth > 8)
            fail(translate("attn::io", "nesting too deep"));
        skipSpace();
        if (pos_ >= text_.size())
            fail(translate("attn::io", "the end of the header"));
        PyValue v;
        const char c = text_[pos_];
        if (c == '\'' || c == '"') {
            v.kind = PyValue::Kind::String;
            ++pos_;
            while (pos_ < text_.size() && text_[pos_] != c) {
                if (text_[pos_] == '\\')
                    fail(translate("attn::io", "an escape in a string"));
                v.text += text_[pos_++];
            }
            if (pos_ >= text_.size())
                fail(translate("attn::io", "an unterminated string"));
            ++pos_;
        } else if (c == '(' || c == '[') {
            v.kind = c == '(' ? PyValue::Kind::Tuple : PyValue::Kind::List;
            const char close = c == '(' ? ')' : ']';
            ++pos_;
            for (;;) {
                if (accept(close))
                    break;
                v.items.push_back(value(depth + 1));
                if (!accept(',')) {
                    expect(close);
                    break;
                }
            }
        } else if (c >= '0' && c <= '9') {
            v.kind = PyValue::Kind::Int;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
                v.number = std::min(kAbsurdDimension, v.number * 10 + unsigned(text_[pos_] - '0'));
                ++pos_;
            }
            if (pos_ < text_.size() && text_[pos_] == 'L') // Python 2 era files: (3L, 4L)
                ++pos_;
        } else if (word("True") || word("False")) {
            v.kind = PyValue::Kind::Bool;
            v.flag = text_[pos_ - 1] == 'e' && text_[pos_ - 2] == 'u';
        } else if (word("None")) {
            v.kind = PyValue::Kind::None;
        } else {
            fail(translate("attn::io", "an unexpected character"));
        }
        return v;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

std::uint64_t readUnsigned(const unsigned char *p, int size, bool bigEndian) {
    std::uint64_t v = 0;
    for (int i = 0; i < size; ++i)
        v = v << 8 | p[bigEndian ? i : size - 1 - i];
    return v;
}

// One element as a double. Integers convert exactly up to 2^53, far beyond the ±1e15 accepted;
// larger ones may round, but stay beyond 1e15 and are refused by the range check.
double element(const unsigned char *p, const NpyHeader &h, bool bigEndian) {
    const std::uint64_t bits = readUnsigned(p, h.itemSize, bigEndian);
    switch (h.kind) {
    case 'f':
        if (h.itemSize == 2)
            return halfToDouble(std::uint16_t(bits));
        if (h.itemSize == 4)
            return double(std::bit_cast<float>(std::uint32_t(bits)));
        return std::bit_cast<double>(bits);
    case 'i': {
        const int shift = 64 - 8 * h.itemSize;
        const auto value = std::int64_t(bits << shift) >> shift; // sign-extend
        return double(value);
    }
    default: // 'u'
        return double(bits);
    }
}

QString cellName(const NpyHeader &h, std::uint64_t i, std::uint64_t j) {
    if (h.shape.size() == 1)
        return QString("[%1]").arg(j);
    return QString("[%1, %2]").arg(i).arg(j);
}

} // namespace

QString NpyHeader::dtypeName() const {
    QString name;
    if (kind == 'f' && (itemSize == 2 || itemSize == 4 || itemSize == 8 || itemSize == 16))
        name = QString("float%1").arg(itemSize * 8);
    else if (kind == 'i' && itemSize >= 1 && itemSize <= 8)
        name = QString("int%1").arg(itemSize * 8);
    else if (kind == 'u' && itemSize >= 1 && itemSize <= 8)
        name = QString("uint%1").arg(itemSize * 8);
    else if (kind == 'c' && (itemSize == 8 || itemSize == 16 || itemSize == 32))
        name = QString("complex%1").arg(itemSize * 8);
    else if (kind == 'b' && itemSize == 1)
        name = "bool";
    else if (kind == 'O')
        name = "object";
    else
        return "'" + descr + "'";
    if (byteOrder == '>' && itemSize > 1)
        name += translate("attn::io", " (big-endian)");
    return name;
}

QString shapeText(const std::vector<std::uint64_t> &shape) {
    if (shape.empty())
        return translate("attn::io", "scalar");
    QStringList parts;
    for (std::uint64_t d : shape)
        parts << QString::number(d);
    return parts.join(QChar(0x00d7));
}

QString NpyHeader::shapeText() const {
    return ::attn::shapeText(shape);
}

QString NpyHeader::description() const {
    QString text = dtypeName();
    text.replace(translate("attn::io", " (big-endian)"), translate("attn::io", ", big-endian"));
    text += fortranOrder ? translate("attn::io", ", Fortran order")
                         : translate("attn::io", ", C order");
    if (major != 1)
        text += translate("attn::io", ", format %1.%2").arg(qs(major), qs(minor));
    return text;
}

NpyHeader parseNpyHeader(const QByteArray &bytes) {
    const auto size = std::uint64_t(bytes.size());
    if (size < kMagicLength || std::memcmp(bytes.constData(), kMagic, kMagicLength) != 0)
        throw InputError(
            translate("attn::io", "not a NumPy .npy file (it does not start with \\x93NUMPY)"));
    if (size < 10)
        throw InputError(translate("attn::io", "the .npy file is cut short in its header"));
    NpyHeader h;
    const auto *u = reinterpret_cast<const unsigned char *>(bytes.constData());
    h.major = u[6];
    h.minor = u[7];
    if (h.major < 1 || h.major > 3 || h.minor != 0)
        throw InputError(
            translate("attn::io",
                      "unsupported .npy format version %1.%2 (1.0, 2.0 and 3.0 can be read)")
                .arg(qs(h.major), qs(h.minor)));
    const std::uint64_t prefix = h.major == 1 ? 10 : 12;
    if (size < prefix)
        throw InputError(translate("attn::io", "the .npy file is cut short in its header"));
    const std::uint64_t length = readUnsigned(u + 8, h.major == 1 ? 2 : 4, false);
    if (length > kMaxNpyHeaderBytes)
        throw InputError(translate("attn::io", "the .npy header is implausibly long (%1 bytes)")
                             .arg(numberText(length)));
    if (size - prefix < length)
        throw InputError(translate("attn::io",
                                   "the .npy file is cut short in its header (%1 header "
                                   "bytes announced, %2 present)")
                             .arg(numberText(length), numberText(size - prefix)));
    h.dataOffset = prefix + length;
    // Versions 1 and 2 store Latin-1, 3 UTF-8; a valid header is ASCII either way.
    const std::string_view text(bytes.constData() + prefix, std::size_t(length));

    bool haveDescr = false, haveOrder = false, haveShape = false;
    for (const auto &[key, value] : HeaderParser(text).dict()) {
        if (key == "descr" && !haveDescr) {
            haveDescr = true;
            if (value.kind == PyValue::Kind::List)
                throw InputError(translate(
                    "attn::io", "holds structured records (a record dtype), not plain numbers"));
            if (value.kind != PyValue::Kind::String)
                throw InputError(
                    translate("attn::io", "the .npy header's 'descr' is not a dtype string"));
            h.descr = QString::fromLatin1(value.text.data(), qsizetype(value.text.size()));
            std::string_view d = value.text;
            if (!d.empty() && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '='))
                h.byteOrder = d[0], d.remove_prefix(1);
            if (!d.empty())
                h.kind = d[0], d.remove_prefix(1);
            int itemSize = 0;
            for (char c : d) {
                if (c < '0' || c > '9' || itemSize > 100000) {
                    itemSize = -1;
                    break;
                }
                itemSize = itemSize * 10 + (c - '0');
            }
            h.itemSize = d.empty() ? -1 : itemSize;
        } else if (key == "fortran_order" && !haveOrder) {
            haveOrder = true;
            if (value.kind != PyValue::Kind::Bool)
                throw InputError(translate(
                    "attn::io", "the .npy header's 'fortran_order' is not True or False"));
            h.fortranOrder = value.flag;
        } else if (key == "shape" && !haveShape) {
            haveShape = true;
            if (value.kind != PyValue::Kind::Tuple)
                throw InputError(translate("attn::io", "the .npy header's 'shape' is not a tuple"));
            for (const PyValue &d : value.items) {
                if (d.kind != PyValue::Kind::Int)
                    throw InputError(translate(
                        "attn::io", "the .npy header's 'shape' holds something not a number"));
                h.shape.push_back(d.number);
            }
        } else {
            throw InputError(
                translate("attn::io", "the .npy header has an unexpected key '%1'").arg(qs(key)));
        }
    }
    if (!haveDescr || !haveOrder || !haveShape)
        throw InputError(translate("attn::io", "the .npy header lacks %1")
                             .arg(QLatin1String(!haveDescr   ? "'descr'"
                                                : !haveOrder ? "'fortran_order'"
                                                             : "'shape'")));
    return h;
}

QString npyHeaderProblem(const NpyHeader &h) {
    const QString dtype = h.dtypeName();
    switch (h.kind) {
    case 'f':
        if (h.itemSize != 2 && h.itemSize != 4 && h.itemSize != 8)
            return translate("attn::io", "holds %1 numbers; only float16, float32 and float64 (and "
                                         "integers) can be read")
                .arg(dtype);
        break;
    case 'i':
    case 'u':
        if (h.itemSize != 1 && h.itemSize != 2 && h.itemSize != 4 && h.itemSize != 8)
            return translate("attn::io", "has an unsupported integer dtype %1").arg(dtype);
        break;
    case 'b':
        return translate("attn::io", "holds booleans (dtype %1), not numbers").arg(dtype);
    case 'c':
        return translate("attn::io",
                         "holds complex numbers (dtype %1); only real numbers can be imported")
            .arg(dtype);
    case 'O':
        return translate("attn::io", "holds Python objects (dtype object), not plain numbers");
    case 'U':
    case 'S':
    case 'a':
        return translate("attn::io", "holds text (dtype %1), not numbers").arg(dtype);
    case 'M':
    case 'm':
        return translate("attn::io", "holds dates or times (dtype %1), not numbers").arg(dtype);
    case 'V':
        return translate("attn::io", "holds raw records (dtype %1), not numbers").arg(dtype);
    default:
        return translate("attn::io", "has an unknown dtype %1").arg(dtype);
    }
    if (h.itemSize > 1 && h.byteOrder == '|')
        return translate("attn::io", "has a dtype %1 without a byte order").arg(dtype);
    const std::size_t dims = h.shape.size();
    if (dims == 0)
        return translate("attn::io",
                         "is a 0-D array (a single number); a matrix (2-D) or a vector (1-D) "
                         "is expected");
    if (dims > 2)
        return translate("attn::io",
                         "is a %1-D array (%2); only matrices (2-D) and vectors (1-D) can "
                         "be imported")
            .arg(qs(std::int64_t(dims)), h.shapeText());
    for (std::uint64_t d : h.shape)
        if (d == 0)
            return translate("attn::io", "is empty (shape %1)").arg(h.shapeText());
    const std::uint64_t rows = dims == 1 ? 1 : h.shape[0], cols = h.shape.back();
    if (rows > kMaxNpyDimension || cols > kMaxNpyDimension)
        return translate("attn::io", "is too large: %1 (at most %2 rows and %2 columns)")
            .arg(h.shapeText(), qs(std::int64_t(kMaxNpyDimension)));
    if (rows * cols > std::uint64_t(kMaxInputValues))
        return translate("attn::io",
                         "is too large: %1 is %2 numbers (at most %3 input numbers are supported)")
            .arg(h.shapeText(), numberText(rows * cols), qs(kMaxInputValues));
    return {};
}

Matrix readNpy(const QByteArray &bytes, QStringList *notes, NpyHeader *header) {
    const NpyHeader h = parseNpyHeader(bytes);
    if (header)
        *header = h;
    if (const QString problem = npyHeaderProblem(h); !problem.isEmpty())
        throw InputError(problem);
    const bool vector = h.shape.size() == 1;
    const std::uint64_t rows = vector ? 1 : h.shape[0], cols = h.shape.back();
    // Both are at most 4096 and itemSize at most 8: no overflow.
    const std::uint64_t need = rows * cols * std::uint64_t(h.itemSize);
    const std::uint64_t have = std::uint64_t(bytes.size()) - h.dataOffset;
    if (have < need)
        throw InputError(
            translate("attn::io", "the .npy file is cut short: shape %1 of %2 needs %3 "
                                  "bytes of data, the file has %4")
                .arg(h.shapeText(), h.dtypeName(), numberText(need), numberText(have)));
    if (have > need)
        throw InputError(
            translate("attn::io",
                      "the .npy file has %1 bytes more than its header's shape %2 of %3 needs")
                .arg(numberText(have - need), h.shapeText(), h.dtypeName()));

    const bool bigEndian = h.byteOrder == '>' || ((h.byteOrder == '=' || h.byteOrder == 0) &&
                                                  std::endian::native == std::endian::big);
    const auto *data = reinterpret_cast<const unsigned char *>(bytes.constData()) + h.dataOffset;
    Matrix m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (std::uint64_t k = 0; k < rows * cols; ++k) {
        const std::uint64_t i = h.fortranOrder ? k % rows : k / cols;
        const std::uint64_t j = h.fortranOrder ? k / rows : k % cols;
        const double v = element(data + k * std::uint64_t(h.itemSize), h, bigEndian);
        if (const std::string problem = numberProblem(v); !problem.empty())
            throw InputError(
                translate("attn::io", "element %1 %2").arg(cellName(h, i, j), qs(problem)));
        m(Eigen::Index(i), Eigen::Index(j)) = v;
    }
    if (notes && vector)
        *notes << translate("attn::io", "a 1-D array of %1 numbers, read as one row (1%2)")
                      .arg(numberText(cols), QChar(0x00d7) + QString::number(cols));
    return m;
}

QByteArray npyFromMatrix(const Matrix &m) {
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                         std::to_string(m.rows()) + ", " + std::to_string(m.cols()) + "), }";
    // NumPy 1.24 leaves room for the first dimension to grow to 21 digits, then pads with
    // spaces and a newline so that the data starts on a multiple of 64 bytes.
    header.append(std::size_t(21 - std::to_string(m.rows()).size()), ' ');
    const std::size_t hlen = header.size() + 1;
    const std::size_t pad = 64 - (10 + hlen) % 64;
    header.append(pad, ' ');
    header += '\n';

    QByteArray out(kMagic, qsizetype(kMagicLength));
    out += '\x01';
    out += '\x00';
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    out += QByteArray::fromStdString(header);
    const qsizetype start = out.size();
    out.resize(start + qsizetype(m.size()) * 8);
    auto *p = reinterpret_cast<unsigned char *>(out.data()) + start;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const auto bits = std::bit_cast<std::uint64_t>(m(i, j));
            for (int b = 0; b < 8; ++b)
                *p++ = static_cast<unsigned char>(bits >> (8 * b));
        }
    return out;
}

} // namespace attn
