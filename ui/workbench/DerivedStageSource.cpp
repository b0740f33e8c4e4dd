// SPDX-License-Identifier: GPL-3.0-or-later
#include "DerivedStageSource.h"

#include "Parallel.h"
#include "VectorExp.h"
#include "WorkerPool.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

namespace attn::ui {

using attn::StageExtrema;
using Derived = attn::HeadResult::Derived;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// A result differing from the table's in more rows than this is no token edit: built again.
constexpr Eigen::Index kMaxChangedRows = 16;
// A task of renderTable: lines of pixels, each reading its queries' rows of the table.
constexpr Eigen::Index kPixelLinesPerTask = 48;

} // namespace

DerivedStageSource::DerivedStageSource(std::shared_ptr<const attn::AttentionResult> result,
                                       int head, Derived stage, bool transposed,
                                       std::shared_ptr<StageTables> tables)
    : m_result(std::move(result)), m_head(head), m_stage(stage), m_transposed(transposed),
      m_tables(std::move(tables)) {}

int DerivedStageSource::rows() const {
    return int(m_transposed ? head().K.rows() : head().Q.rows());
}

int DerivedStageSource::cols() const {
    return int(m_transposed ? head().Q.rows() : head().K.rows());
}

double DerivedStageSource::value(int row, int col) const {
    if (m_transposed)
        std::swap(row, col);
    return head().cell(m_stage, row, col);
}

bool DerivedStageSource::isMasked(int row, int col) const {
    if (m_transposed)
        std::swap(row, col);
    // Scores are defined unmasked: the mask applies from the logits on.
    return m_stage != Derived::Scores && m_stage != Derived::Capped && head().mask &&
           (*head().mask)(row, col);
}

attn::Matrix DerivedStageSource::matrix() const {
    attn::Matrix m = head().derive(m_stage);
    return m_transposed ? attn::Matrix(m.transpose()) : m;
}

bool DerivedStageSource::catchUp(StageTables::Tracked &tracked) const {
    if (tracked.basis == m_result && tracked.head == m_head)
        return true;
    if (!tracked.basis || tracked.head != m_head)
        return false;
    const attn::HeadResult &before = tracked.basis->heads[size_t(tracked.head)];
    // The edit that made this result from the table's, when it did (the common case: a cell
    // typed); else Q and K compared row by row.
    const attn::AttentionResult::Update &u = m_result->update;
    std::optional<attn::ChangedRows> changed;
    if (u.from == tracked.basis.get() && u.queryLast - u.queryFirst < kMaxChangedRows &&
        u.keyLast - u.keyFirst < kMaxChangedRows) {
        changed.emplace();
        for (Eigen::Index q = u.queryFirst; q <= u.queryLast; ++q)
            changed->queries.push_back(q);
        for (Eigen::Index k = u.keyFirst; k <= u.keyLast; ++k)
            changed->keys.push_back(k);
    } else {
        changed = attn::changedRows(before, head(), kMaxChangedRows);
    }
    if (!changed)
        return false;
    tracked.table.update(before, head(), changed->queries, changed->keys);
    tracked.basis = m_result;
    return true;
}

ValueRange DerivedStageSource::rangeOf(const StageExtrema &whole, ScaleKind kind) {
    ValueRange r;
    const qsizetype cells = qsizetype(head().Q.rows()) * head().K.rows();
    if (m_stage != Derived::Scores && m_stage != Derived::Capped && head().mask) {
        if (m_tables->countedMask != head().mask) {
            m_tables->countedMask = head().mask;
            m_tables->maskedCount = qsizetype(head().mask->count());
        }
        r.excluded = m_tables->maskedCount;
    }
    r.finite = cells - r.excluded;
    if (kind == ScaleKind::Unit)
        return r; // [0, 1]
    double hi = -kInf, lo = kInf;
    for (Eigen::Index i = 0; i < whole.queryCount(); ++i) {
        hi = std::max(hi, whole.maxima()(i, 0));
        lo = std::min(lo, whole.minima()(i, 0));
    }
    if (!(hi >= lo)) // nothing unmasked
        return r;
    if (kind == ScaleKind::Diverging) {
        const double maxAbs = std::max(std::abs(hi), std::abs(lo));
        r.lower = maxAbs > 0.0 ? -maxAbs : -1.0;
        r.upper = maxAbs > 0.0 ? maxAbs : 1.0;
    } else if (lo < hi) {
        r.lower = lo;
        r.upper = hi;
    } else { // constant: centred in a small range, as displayRange does
        const double pad = lo != 0.0 ? std::abs(lo) * 0.1 : 1.0;
        r.lower = lo - pad;
        r.upper = hi + pad;
    }
    return r;
}

std::optional<ValueRange> DerivedStageSource::range(ScaleKind kind) {
    if (kind == ScaleKind::Unit)
        return rangeOf(StageExtrema(), kind);
    if (!m_tables->whole || !catchUp(*m_tables->whole)) {
        // A small stage's range is found at once: no frame drawn without its cells.
        if (qint64(rows()) * cols() <= kDirectCells)
            return rangeNow(kind);
        return std::nullopt;
    }
    return rangeOf(m_tables->whole->table, kind);
}

ValueRange DerivedStageSource::rangeNow(ScaleKind kind) {
    if (kind == ScaleKind::Unit || (m_tables->whole && catchUp(*m_tables->whole)))
        return *range(kind);
    const attn::HeadResult &h = head();
    m_tables->whole = StageTables::Tracked{
        StageExtrema(h, m_tables->quantity, 0, h.Q.rows(), {0, h.K.rows()}), m_result, m_head};
    return rangeOf(m_tables->whole->table, kind);
}

std::optional<CellImages> DerivedStageSource::render(const QRect &cells, QSize target,
                                                     const CellSource &style,
                                                     const std::function<void()> &ready) {
    // Queries and keys in view, and the pixels each runs along.
    const Eigen::Index q0 = m_transposed ? cells.x() : cells.y();
    const Eigen::Index nq = m_transposed ? cells.width() : cells.height();
    const Eigen::Index k0 = m_transposed ? cells.y() : cells.x();
    const Eigen::Index nk = m_transposed ? cells.height() : cells.width();
    const Eigen::Index keyPixels = m_transposed ? target.height() : target.width();
    const Eigen::Index queryPixels = m_transposed ? target.width() : target.height();
    if (nq <= 0 || nk <= 0 || target.isEmpty())
        return CellImages{};
    // The weights' range is [0, 1]; the others' comes from every row's extrema.
    const bool wholeWanted = m_stage != Derived::Weights;
    const bool wholeReady = !wholeWanted || (m_tables->whole && catchUp(*m_tables->whole));
    StageTables::Request request{0, 0, {}, m_result, m_head, !wholeReady};
    if (qint64(nq) * nk <= kDirectCells) {
        if (wholeReady)
            return renderDirect(cells, target, style);
        build(request, ready);
        return std::nullopt;
    }
    // One block per pixel of the key axis (per key when there are fewer keys than pixels).
    const Eigen::Index blocks = std::min(nk, keyPixels);
    std::vector<Eigen::Index> bounds(size_t(blocks) + 1);
    for (Eigen::Index b = 0; b <= blocks; ++b)
        bounds[size_t(b)] = k0 + b * nk / blocks;
    std::optional<StageTables::Tracked> &view = m_tables->view;
    if (wholeReady && view && view->table.firstQuery() == q0 && view->table.queryCount() == nq &&
        view->table.bounds() == bounds && catchUp(*view))
        return renderTable(view->table, queryPixels, target, style);
    request.firstQuery = q0;
    request.queryCount = nq;
    request.bounds = std::move(bounds);
    build(request, ready);
    return std::nullopt;
}

void DerivedStageSource::build(const StageTables::Request &request,
                               const std::function<void()> &ready) {
    if (m_tables->pending == request)
        return; // already being built
    m_tables->pending = request;
    struct Built {
        StageExtrema view, whole;
    };
    const std::weak_ptr<StageTables> tables = m_tables;
    const StageExtrema::Quantity quantity = m_tables->quantity;
    attn::workerPool().start([tables, quantity, request, ready] {
        const attn::HeadResult &h = request.basis->heads[size_t(request.head)];
        auto built = std::make_shared<Built>();
        if (request.queryCount > 0)
            built->view =
                StageExtrema(h, quantity, request.firstQuery, request.queryCount, request.bounds);
        const bool everything = request.queryCount == h.Q.rows() && request.bounds.front() == 0 &&
                                request.bounds.back() == h.K.rows();
        if (request.whole)
            built->whole = everything ? built->view.merged()
                                      : StageExtrema(h, quantity, 0, h.Q.rows(), {0, h.K.rows()});
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [tables, request, built, ready] {
                const std::shared_ptr<StageTables> t = tables.lock();
                if (!t)
                    return; // the heatmap is gone
                if (t->pending == request)
                    t->pending.reset();
                if (request.queryCount > 0)
                    t->view =
                        StageTables::Tracked{std::move(built->view), request.basis, request.head};
                if (request.whole)
                    t->whole =
                        StageTables::Tracked{std::move(built->whole), request.basis, request.head};
                ready(); // the heatmap draws again, bringing the tables up to its result
            },
            Qt::QueuedConnection);
    });
}

CellImages DerivedStageSource::renderDirect(const QRect &cells, QSize target,
                                            const CellSource &style) const {
    const attn::HeadResult &h = head();
    const Eigen::Index q0 = m_transposed ? cells.x() : cells.y();
    const Eigen::Index nq = m_transposed ? cells.width() : cells.height();
    const Eigen::Index k0 = m_transposed ? cells.y() : cells.x();
    const Eigen::Index nk = m_transposed ? cells.height() : cells.width();
    attn::Matrix region = attn::stageRegion(h, m_stage, q0, nq, k0, nk);
    attn::RowMask masked;
    if (m_stage != Derived::Scores && m_stage != Derived::Capped && h.mask)
        masked = h.mask->block(q0, k0, nq, nk);
    if (m_transposed) {
        region = attn::Matrix(region.transpose());
        if (masked.size() > 0)
            masked = attn::RowMask(masked.transpose());
    }
    CellSource s = style;
    s.values = region.data();
    s.rows = int(region.rows());
    s.cols = int(region.cols());
    s.masked = masked.size() > 0 ? masked.data() : nullptr;
    s.stride = 0;
    return renderCells(s, target);
}

CellImages DerivedStageSource::renderTable(const StageExtrema &table, Eigen::Index queryPixels,
                                           QSize target, const CellSource &style) const {
    const attn::HeadResult &h = head();
    const Eigen::Index lines = table.queryCount(), blocks = table.blockCount();
    const bool weights = m_stage == Derived::Weights;
    const bool magnitude = style.reduction == CellReduction::LargestMagnitude;
    // A weight is exp(logit − shift)/sum = exp(logit − (shift + ln sum)): the largest weight of
    // a block is the exponential of the largest logit minus that offset, taken per pixel.
    std::vector<double> offset;
    if (weights) {
        offset.resize(size_t(lines));
        for (Eigen::Index i = 0; i < lines; ++i) {
            const Eigen::Index q = table.firstQuery() + i;
            offset[size_t(i)] = h.shift(q) == -kInf || !(h.expSum(q) > 0.0)
                                    ? kInf // every key masked: nothing to show
                                    : h.shift(q) + std::log(h.expSum(q));
        }
    }
    const QSize size =
        m_transposed ? QSize(int(queryPixels), int(blocks)) : QSize(int(blocks), int(queryPixels));
    CellImages out;
    out.colors = QImage(size, QImage::Format_RGB32);
    const QRgb *lut = style.lut->data();
    const LutScale scale(style.range);
    // Written by address: the column layout writes down the columns of the image, and
    // QImage::scanLine() checks for sharing on every call.
    auto *pixels = reinterpret_cast<QRgb *>(out.colors.bits());
    const qsizetype stride = out.colors.bytesPerLine() / qsizetype(sizeof(QRgb));
    // Made by whichever thread first meets an empty block (rare: fully masked blocks).
    std::once_flag excludedMade;
    uchar *excludedBits = nullptr;
    qsizetype excludedStride = 0;
    const auto markExcluded = [&](qsizetype x, qsizetype y) {
        std::call_once(excludedMade, [&] {
            out.excluded = QImage(size, QImage::Format_Alpha8);
            out.excluded.fill(0);
            excludedBits = out.excluded.bits();
            excludedStride = out.excluded.bytesPerLine();
        });
        excludedBits[y * excludedStride + x] = 255;
    };
    // Lines of pixels on both cores: at n = 4096 this reads the whole table (23 MB of maxima),
    // memory-bound work the GUI thread would otherwise do alone after every edit.
    attn::parallelBlocks(
        queryPixels, kPixelLinesPerTask, [&](Eigen::Index first, Eigen::Index last) {
            std::vector<double> hi(static_cast<size_t>(blocks)), lo(hi.size());
            // The weights of a line of pixels, their exponentials taken together (vectorized: one
            // by one, std::exp was half of this function's time).
            std::vector<double> shownWeights(weights ? hi.size() : 0);
            for (Eigen::Index p = first; p < last; ++p) {
                // The queries this pixel row (column, transposed) covers: at least one.
                const Eigen::Index a = p * lines / queryPixels;
                const Eigen::Index b =
                    std::clamp((p + 1) * lines / queryPixels + ((p + 1) * lines % queryPixels != 0),
                               a + 1, lines);
                std::fill(hi.begin(), hi.end(), -kInf);
                std::fill(lo.begin(), lo.end(), kInf);
                for (Eigen::Index i = a; i < b; ++i) {
                    const double *mx = table.maxima().row(i).data(),
                                 *mn = table.minima().row(i).data();
                    if (weights) {
                        const double c = offset[size_t(i)];
                        for (Eigen::Index j = 0; j < blocks; ++j)
                            hi[size_t(j)] = std::max(hi[size_t(j)], mx[j] - c);
                        continue;
                    }
                    for (Eigen::Index j = 0; j < blocks; ++j) {
                        hi[size_t(j)] = std::max(hi[size_t(j)], mx[j]);
                        lo[size_t(j)] = std::min(lo[size_t(j)], mn[j]);
                    }
                }
                if (weights) {
                    std::copy(hi.begin(), hi.end(), shownWeights.begin());
                    attn::expShiftedSum(shownWeights.data(), blocks, 0.0);
                }
                for (Eigen::Index j = 0; j < blocks; ++j) {
                    const double top = hi[size_t(j)], bottom = lo[size_t(j)];
                    const bool empty = weights ? top == -kInf : top < bottom;
                    const double shown = weights                      ? shownWeights[size_t(j)]
                                         : magnitude && -bottom > top ? bottom
                                                                      : top;
                    const qsizetype x = m_transposed ? p : j, y = m_transposed ? j : p;
                    pixels[y * stride + x] =
                        empty ? style.excludedColor : lut[scale.index(empty ? scale.lower : shown)];
                    if (empty)
                        markExcluded(x, y);
                }
            }
        });
    if (size != target) { // fewer keys than pixels: each key's block drawn as a band of pixels
        out.colors = out.colors.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        if (!out.excluded.isNull())
            out.excluded =
                out.excluded.scaled(target, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    }
    return out;
}

} // namespace attn::ui
