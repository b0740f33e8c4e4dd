#pragma once

#include <Eigen/Core>

namespace attn {

// values[i] ← exp(values[i] − shift), exactly 0 where values[i] − shift < −708 (−∞ included);
// returns their sum. The softmax's inner loop: 16.7 million exponentials per head at
// n = 4096. On CPUs with AVX2 and FMA (checked at run time) it runs 4 lanes wide with the same
// Cephes rational approximation as Eigen's (within 2 ulp of std::exp); elsewhere through
// Eigen's SSE2 exp, the instruction set a distributed binary is compiled for.
double expShiftedSum(double *values, Eigen::Index count, double shift);

// Whether the AVX2 path is in use on this CPU.
bool vectorExpUsesAvx2();

} // namespace attn
