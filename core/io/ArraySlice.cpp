// SPDX-License-Identifier: GPL-3.0-or-later
#include "ArraySlice.h"

#include "InputError.h"
#include "Translate.h"

#include <QStringList>

namespace attn {

namespace {

std::optional<std::int64_t> parseBound(const QString &text, const QString &entry) {
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qlonglong v = t.toLongLong(&ok);
    // Far beyond any axis, but small enough that negating or adding a size cannot overflow.
    if (!ok || v < -(qlonglong(1) << 53) || v > (qlonglong(1) << 53))
        fail(translate("attn::io", "slice entry \"%1\": \"%2\" is not a whole number")
                 .arg(entry, t));
    return std::int64_t(v);
}

QString boundText(const std::optional<std::int64_t> &v) {
    return v ? QString::number(*v) : QString();
}

// A bound as an offset into an axis of `size`: negative counts from the end.
std::int64_t absolute(std::int64_t v, std::uint64_t size) {
    return v < 0 ? std::int64_t(size) + v : v;
}

QString axisName(std::size_t axis, std::size_t rank) {
    if (rank == 2)
        return axis == 0 ? translate("attn::io", "rows") : translate("attn::io", "columns");
    return translate("attn::io", "axis %1").arg(QString::number(axis));
}

} // namespace

ArraySlice parseArraySlice(const QString &text) {
    const QString t = text.trimmed();
    ArraySlice slice;
    if (t.isEmpty())
        return slice;
    if (!t.startsWith('[') || !t.endsWith(']'))
        fail(translate("attn::io", "a slice is written in brackets, like [:, 0:64]; got \"%1\"")
                 .arg(t));
    const QString inner = t.mid(1, t.size() - 2);
    if (inner.trimmed().isEmpty())
        fail(translate("attn::io", "the slice [] is empty; leave it out to take the whole array"));
    const QStringList entries = inner.split(',');
    if (entries.size() > 8)
        fail(translate("attn::io", "the slice has too many entries (%1)")
                 .arg(QString::number(entries.size())));
    for (const QString &raw : entries) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            fail(translate("attn::io", "the slice %1 has an empty entry").arg(t));
        const QStringList parts = entry.split(':');
        SliceAxis axis;
        if (parts.size() == 1) {
            axis.isIndex = true;
            axis.start = parseBound(parts[0], entry);
        } else if (parts.size() == 2) {
            axis.start = parseBound(parts[0], entry);
            axis.stop = parseBound(parts[1], entry);
        } else {
            fail(translate("attn::io",
                           "slice entry \"%1\": steps (start:stop:step) are not supported")
                     .arg(entry));
        }
        slice.axes.push_back(axis);
    }
    return slice;
}

QString sliceText(const ArraySlice &slice) {
    if (slice.isWhole())
        return {};
    QStringList parts;
    for (const SliceAxis &a : slice.axes)
        parts << (a.isIndex ? boundText(a.start) : boundText(a.start) + ":" + boundText(a.stop));
    return "[" + parts.join(", ") + "]";
}

std::vector<AxisRange> resolveSlice(const ArraySlice &slice,
                                    const std::vector<std::uint64_t> &shape) {
    const std::size_t rank = shape.size();
    if (slice.axes.size() > rank)
        fail(translate("attn::io", "the slice %1 has %2 entries, but the array has %3")
                 .arg(sliceText(slice), QString::number(slice.axes.size()),
                      rank == 1 ? translate("attn::io", "1 axis")
                                : translate("attn::io", "%1 axes").arg(QString::number(rank))));
    std::vector<AxisRange> ranges;
    for (std::size_t k = 0; k < rank; ++k) {
        const std::uint64_t size = shape[k];
        AxisRange r{0, size, true};
        if (k < slice.axes.size()) {
            const SliceAxis &a = slice.axes[k];
            // Built only for a message.
            const auto where = [&] {
                return (a.isIndex ? translate("attn::io", "slice %1: index of %2 (%3)")
                                  : translate("attn::io", "slice %1: range of %2 (%3)"))
                    .arg(sliceText(slice), axisName(k, rank), QString::number(size));
            };
            if (a.isIndex) {
                const std::int64_t i = absolute(*a.start, size);
                if (i < 0 || std::uint64_t(i) >= size)
                    fail(where() + ": " +
                         translate("attn::io", "%1 is outside 0..%2")
                             .arg(QString::number(*a.start), QString::number(size - 1)));
                r = {std::uint64_t(i), std::uint64_t(i) + 1, false};
            } else {
                const std::int64_t begin = a.start ? absolute(*a.start, size) : 0;
                const std::int64_t end = a.stop ? absolute(*a.stop, size) : std::int64_t(size);
                if (begin < 0 || end < 0 || std::uint64_t(end) > size ||
                    std::uint64_t(begin) > size)
                    fail(where() + ": " +
                         translate("attn::io", "%1:%2 reaches beyond 0:%3")
                             .arg(boundText(a.start), boundText(a.stop), QString::number(size)));
                if (end <= begin)
                    fail(where() + ": " +
                         translate("attn::io", "%1:%2 is empty")
                             .arg(boundText(a.start), boundText(a.stop)));
                r = {std::uint64_t(begin), std::uint64_t(end), true};
            }
        }
        ranges.push_back(r);
    }
    bool anyKept = false;
    for (const AxisRange &r : ranges)
        anyKept = anyKept || r.kept;
    if (!anyKept)
        fail(translate("attn::io", "the slice %1 selects a single number, not a vector or matrix")
                 .arg(sliceText(slice)));
    return ranges;
}

SliceShape sliceShape(const std::vector<AxisRange> &ranges) {
    std::vector<std::uint64_t> kept;
    for (const AxisRange &r : ranges)
        if (r.kept)
            kept.push_back(r.size());
    if (kept.size() == 1)
        return {1, kept[0]};
    if (kept.size() == 2)
        return {kept[0], kept[1]};
    fail(translate("attn::io", "the selection has %1 axes; a matrix needs 1 or 2")
             .arg(QString::number(kept.size())));
}

Matrix applySlice(const Matrix &m, const std::vector<std::uint64_t> &shape,
                  const ArraySlice &slice) {
    if (slice.isWhole())
        return m;
    const std::vector<AxisRange> ranges = resolveSlice(slice, shape);
    if (ranges.size() == 1) // a 1-D array, held as one row
        return m.block(0, Eigen::Index(ranges[0].begin), 1, Eigen::Index(ranges[0].size()));
    const Matrix part = m.block(Eigen::Index(ranges[0].begin), Eigen::Index(ranges[1].begin),
                                Eigen::Index(ranges[0].size()), Eigen::Index(ranges[1].size()));
    // A column picked by index is a vector: one row, like any 1-D array.
    return !ranges[1].kept ? Matrix(part.transpose()) : part;
}

} // namespace attn
