// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AttentionInputs.h"
#include "Matrix.h"

#include <QString>

#include <random>

// How the document fills cells that did not exist before (a new token, a wider Wq, a new head).
enum class Initializer { Zeros, IdentityLike, RandomNormal };

QString initializerName(Initializer init); // "zeros", "identity-like", "random normal"

// One N(0, 1) draw by Box–Muller on mt19937. std::normal_distribution is implementation-defined
// (libstdc++ and libc++ give different numbers), this is not: a seed means the same matrices on
// every machine, so a teacher's "seed 7" is the students' "seed 7".
double standardNormal(std::mt19937 &rng);

// rows × cols filled by the initializer. Random values are rounded to two decimals: students
// redo the arithmetic by hand, and the table then shows every digit the computation uses. They
// are the numbers standardNormal() gives cell after cell, row by row, computed on every core
// in blocks of kNormalBlock.
attn::Matrix initialMatrix(Eigen::Index rows, Eigen::Index cols, Initializer init,
                           std::mt19937 &rng);
inline constexpr Eigen::Index kNormalBlock = 1 << 14; // values per block of that work

// `old` resized to rows × cols: the overlapping top-left block keeps its numbers, new cells come
// from the initializer (identity-like stays an identity when it grows).
attn::Matrix resizedMatrix(const attn::Matrix &old, Eigen::Index rows, Eigen::Index cols,
                           Initializer init, std::mt19937 &rng);

// Seeded random normal inputs, one head (values rounded to two decimals, as initialMatrix):
// n tokens of p features, d_k and d_v columns. Core only, so the tests of the pure analysis
// need no document.
attn::AttentionInputs randomExample(quint32 seed = 7, int n = 6, int p = 8, int dk = 4, int dv = 4);
