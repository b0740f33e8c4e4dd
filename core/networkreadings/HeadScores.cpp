// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeadScores.h"

#include <limits>
#include <random>
#include <unordered_map>

namespace attn {

HeadScores headScores(const Matrix &weights, const std::vector<std::int64_t> &ids) {
    const Eigen::Index n = weights.rows();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    HeadScores scores{nan, nan, nan, nan};
    if (n == 0 || weights.cols() != n || static_cast<Eigen::Index>(ids.size()) != n)
        return scores;
    double first = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        first += weights(i, 0);
    scores.firstToken = first / static_cast<double>(n);
    if (n > 1) {
        double previous = 0;
        for (Eigen::Index i = 1; i < n; ++i)
            previous += weights(i, i - 1);
        scores.previousToken = previous / static_cast<double>(n - 1);
    }
    // The latest earlier position of each token, updated as i moves on.
    std::unordered_map<std::int64_t, Eigen::Index> latest;
    double induction = 0, duplicate = 0;
    int repeats = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto found = latest.find(ids[static_cast<std::size_t>(i)]);
        if (found != latest.end()) {
            const Eigen::Index j = found->second; // j < i, so j + 1 ≤ i is visible even causally
            induction += weights(i, j + 1);
            duplicate += weights(i, j);
            ++repeats;
        }
        latest[ids[static_cast<std::size_t>(i)]] = i;
    }
    if (repeats > 0) {
        scores.induction = induction / repeats;
        scores.duplicateToken = duplicate / repeats;
    }
    return scores;
}

std::vector<std::vector<HeadScores>> headScores(const Run &run) {
    std::vector<std::vector<HeadScores>> out(run.layers.size());
    for (std::size_t l = 0; l < run.layers.size(); ++l)
        for (const HeadRun &head : run.layers[l].heads)
            out[l].push_back(headScores(head.weights, run.ids));
    return out;
}

std::vector<std::int64_t> repeatedRandomTokens(int half, std::int64_t first, std::int64_t count,
                                               std::uint64_t seed) {
    std::vector<std::int64_t> ids;
    if (half <= 0 || count <= 0)
        return ids;
    std::mt19937_64 generator(seed);
    ids.reserve(static_cast<std::size_t>(2 * half));
    for (int i = 0; i < half; ++i) // not std::uniform_int_distribution: its output differs
        ids.push_back(first +
                      static_cast<std::int64_t>(generator() % static_cast<std::uint64_t>(count)));
    for (int i = 0; i < half; ++i)
        ids.push_back(ids[static_cast<std::size_t>(i)]);
    return ids;
}

} // namespace attn
