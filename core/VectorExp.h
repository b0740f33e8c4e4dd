// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <limits>

namespace attn {

// Below it exp() is subnormal, nothing next to the largest term's exp(0) = 1: the softmaxes take
// exp(x) as 0 for x < kExpFloor.
inline constexpr double kExpFloor = -708.0;

// values[i] ← exp(values[i] − shift), exactly 0 where values[i] − shift < −708 (−∞ included);
// returns their sum. The softmax's inner loop: 16.7 million exponentials per head at
// n = 4096. The widest path this CPU has is chosen at run time (the binary itself stays at the
// SSE2 baseline a distributed package must keep): AVX-512 (a table of 2^(j/16) and a
// degree-7 polynomial, no division, within 1 ulp of std::exp), AVX2 + FMA (Eigen's Cephes rational
// approximation, within 2 ulp), or Eigen's SSE2 exp.
double expShiftedSum(double *values, Eigen::Index count, double shift);

// The paths, for tests that check each one this CPU can run against std::exp.
enum class ExpPath { Portable, Avx2, Avx512 };
bool expPathAvailable(ExpPath path);
ExpPath expPathInUse();
double expShiftedSum(ExpPath path, double *values, Eigen::Index count, double shift);

// The largest of values[0 … count − 1] (−∞ when count is 0), with the widest instructions
// this CPU has: the softmax's other pass over a row.
double maxOf(const double *values, Eigen::Index count);

// Over values[0 … count − 1] without NaN and ±∞: the smallest, the largest, the largest
// magnitude and how many there are (lo = +∞, hi = −∞, maxAbs = 0 when there are none). A
// heatmap's colour range, found on the GUI thread for every matrix an edit changes (four of
// 262,144 values per head at n = 4096): one vector pass instead of a branchy scalar loop.
struct FiniteExtrema {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    double maxAbs = 0.0;
    Eigen::Index finite = 0;
};
FiniteExtrema finiteExtrema(const double *values, Eigen::Index count);
// The same without the vector path, for tests to compare against.
FiniteExtrema finiteExtremaPortable(const double *values, Eigen::Index count);

} // namespace attn
