// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadOverview.h"

#include "Parallel.h"
#include "checkpoint/Checkpoint.h"
#include "transformer/Forward.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace attn {

namespace {

// Which of `blocks` blocks each of `n` positions falls in: block b holds b·n/blocks …
// (b + 1)·n/blocks − 1, as LayerHeadGrid draws them.
std::vector<int> overviewBlockOf(Eigen::Index n, int blocks) {
    std::vector<int> of(std::size_t(n), 0);
    for (int b = 0; b < blocks; ++b)
        for (Eigen::Index i = Eigen::Index(std::int64_t(b) * n / blocks);
             i < Eigen::Index(std::int64_t(b + 1) * n / blocks); ++i)
            of[std::size_t(i)] = b;
    return of;
}

} // namespace

HeadOverviewBuilder::HeadOverviewBuilder(Eigen::Index tokens, const std::vector<std::int64_t> &ids,
                                         bool causal, int cells)
    : m_n(tokens), m_causal(causal) {
    const int blocks = int(std::min<Eigen::Index>(tokens, std::max(cells, 1)));
    m_rowBlock = overviewBlockOf(tokens, blocks);
    m_colBlock = m_rowBlock;
    m_maxima.resize(blocks, blocks);
    for (int p = 0; p < blocks; ++p) {
        const Eigen::Index lastQuery = Eigen::Index(std::int64_t(p + 1) * tokens / blocks) - 1;
        for (int q = 0; q < blocks; ++q) {
            const Eigen::Index firstKey = Eigen::Index(std::int64_t(q) * tokens / blocks);
            m_maxima(p, q) =
                causal && firstKey > lastQuery ? std::numeric_limits<double>::quiet_NaN() : 0.0;
        }
    }
    // The latest earlier position of each position's token (−1: none), for induction.
    m_latest.assign(std::size_t(tokens), -1);
    std::unordered_map<std::int64_t, Eigen::Index> latest;
    for (Eigen::Index i = 0; i < tokens && std::size_t(i) < ids.size(); ++i) {
        if (const auto found = latest.find(ids[std::size_t(i)]); found != latest.end())
            m_latest[std::size_t(i)] = found->second;
        latest[ids[std::size_t(i)]] = i;
    }
}

void HeadOverviewBuilder::addRows(Eigen::Index first, const Matrix &rows) {
    for (Eigen::Index r = 0; r < rows.rows(); ++r) {
        const Eigen::Index i = first + r;
        const auto w = rows.row(r);
        // The scores' sums in HeadScores' order (i increasing), so they are the same numbers.
        m_first += w(0);
        if (i >= 1)
            m_previous += w(i - 1);
        if (const Eigen::Index j = m_latest[std::size_t(i)]; j >= 0) {
            m_induction += w(j + 1);
            m_duplicate += w(j);
            ++m_repeats;
        }
        const Eigen::Index end = m_causal ? i + 1 : m_n;
        double entropy = 0, lookBack = 0;
        auto line = m_maxima.row(m_rowBlock[std::size_t(i)]);
        for (Eigen::Index j = 0; j < end; ++j) {
            const double v = w(j);
            if (v > 0) {
                entropy -= v * std::log(v);
                lookBack += v * double(i - j);
            }
            double &top = line(m_colBlock[std::size_t(j)]);
            top = std::max(top, v);
        }
        m_entropy += entropy;
        m_lookBack += lookBack;
    }
}

HeadOverview HeadOverviewBuilder::finish() const {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    HeadOverview o;
    o.maxima = m_maxima;
    HeadSummary &s = o.summary;
    s.scores = HeadScores{nan, nan, nan, nan};
    s.entropy = s.lookBack = nan;
    if (m_n == 0)
        return o;
    s.scores.firstToken = m_first / double(m_n);
    if (m_n > 1)
        s.scores.previousToken = m_previous / double(m_n - 1);
    if (m_repeats > 0) {
        s.scores.induction = m_induction / m_repeats;
        s.scores.duplicateToken = m_duplicate / m_repeats;
    }
    s.entropy = m_entropy / double(m_n);
    s.lookBack = m_lookBack / double(m_n);
    return o;
}

Eigen::Index queryRowsPerBlock(Eigen::Index n, Eigen::Index values) {
    return std::max<Eigen::Index>(1, values / std::max<Eigen::Index>(n, 1));
}

HeadOverview headOverview(const Matrix &weights, const std::vector<std::int64_t> &ids, bool causal,
                          int cells) {
    HeadOverviewBuilder builder(weights.rows(), ids, causal, cells);
    const Eigen::Index step = queryRowsPerBlock(weights.rows());
    for (Eigen::Index first = 0; first < weights.rows(); first += step) {
        const Eigen::Index count = std::min(step, weights.rows() - first);
        builder.addRows(first, weights.middleRows(first, count));
    }
    return builder.finish();
}

std::vector<HeadOverview> layerOverview(const Checkpoint &checkpoint, const Run &run, int layer,
                                        int cells, const std::atomic<bool> *cancel) {
    const ModelConfig &c = checkpoint.config();
    const bool causal = c.decoder();
    const auto n = Eigen::Index(run.ids.size());
    const std::size_t heads = std::size_t(c.heads);
    std::vector<HeadOverview> out(heads);
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    if (!run.compact) {
        const LayerRun &lr = run.layers.at(std::size_t(layer));
        parallelFor(Eigen::Index(heads), 1, [&](Eigen::Index first, Eigen::Index last) {
            for (Eigen::Index h = first; h < last && !cancelled(); ++h)
                out[std::size_t(h)] =
                    headOverview(lr.heads[std::size_t(h)].weights, run.ids, causal, cells);
        });
        return cancelled() ? std::vector<HeadOverview>() : out;
    }
    // Every head's q and k, none of its weights: those come a block of queries at a time.
    const LayerRun lr = expandLayer(checkpoint, run, layer, std::vector<bool>(heads, false));
    const Eigen::Index step = queryRowsPerBlock(n);
    parallelFor(Eigen::Index(heads), 1, [&](Eigen::Index firstHead, Eigen::Index lastHead) {
        for (Eigen::Index h = firstHead; h < lastHead && !cancelled(); ++h) {
            HeadOverviewBuilder builder(n, run.ids, causal, cells);
            for (Eigen::Index first = 0; first < n && !cancelled(); first += step) {
                const Eigen::Index count = std::min(step, n - first);
                builder.addRows(first,
                                weightRows(c, lr.heads[std::size_t(h)], layer, first, count));
            }
            out[std::size_t(h)] = builder.finish();
        }
    });
    return cancelled() ? std::vector<HeadOverview>() : out;
}

} // namespace attn
