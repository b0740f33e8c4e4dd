// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Attention.h"
#include "Stage.h"

#include <QString>

#include <vector>

// One query's output written as the weighted sum of the value vectors, with every number of
// the softmax spelled out: oᵢ = Σⱼ exp(ℓⱼ)/Σₗ exp(ℓₗ) · vⱼ with ℓⱼ = qᵢ·kⱼ·factor, where factor
// is 1/√d_k/T (1/T without scaling). The scaling sits inside the exponent and the sum in the
// denominator. The weights are recomputed here from the logits (exp(ℓⱼ − ln Σ)), so the sum is
// an independent check of the result's output row, not a copy of it.
struct VectorFormTerm {
    int key = 0;
    double score = 0;  // qᵢ·kⱼ
    double logit = 0;  // ℓⱼ = score · factor
    double weight = 0; // exp(ℓⱼ)/Σₗ exp(ℓₗ)
    attn::RowVector v;
    attn::RowVector weighted; // weight · v
};

struct VectorForm {
    bool valid = false;
    int query = -1;
    int head = 0;
    double factor = 1;                 // what the scores are multiplied by
    attn::RowVector q;                 // the query vector
    std::vector<VectorFormTerm> terms; // the keys the query sees, in key order
    std::vector<int> maskedKeys;       // left out: exp(−∞) = 0
    double logSumExp = 0;              // ln Σₗ exp(ℓₗ) over the unmasked keys
    attn::RowVector sum;               // Σ weight·v: the output row
};

// From a row-layout result (what the Recomputer publishes). Invalid (valid = false) when the head
// or query is out of range or the shapes do not fit, or when every key is masked for this query
// (then the output row is zero and `maskedKeys` lists them all).
VectorForm vectorForm(const attn::AttentionResult &result, int head, int query);

// The vector form's formula with the options' numbers, the scaling inside the exponent:
// "oᵢ = Σⱼ exp(qᵢ·kⱼ / √3) / Σₗ exp(qᵢ·kₗ / √3) · vⱼ", a temperature joining the divisor
// ("/ (√3·2)"); in the column layout "oᵢ = Σⱼ vⱼ · exp(kⱼᵀqᵢ / √3) / Σₗ exp(kₗᵀqᵢ / √3)".
QString vectorFormEquation(attn::Layout layout, const attn::FormulaContext &context);
// The exponent table's headers: the dot product "q·kⱼ" ("kⱼᵀq") and the logit
// "ℓⱼ = q·kⱼ / √3 / 2", whose divisors are vectorFormDivisors.
QString vectorFormDot(attn::Layout layout);
QString vectorFormDivisors(const attn::FormulaContext &context); // " / √3 / 2"
