// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelConfig.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace attn {

// config.json's fields as a family's file reads them: each accessor checks the value's type and
// range and throws InputError with a one-line message naming the field.
class ConfigFields {
public:
    explicit ConfigFields(const QJsonObject &o) : m_o(o) {}

    // Present and not null.
    bool has(const char *key) const;
    // A whole number ≥ 1 and ≤ limit; absent gives `fallback` when there is one (> 0).
    std::int64_t size(const char *key, std::int64_t limit, std::int64_t fallback = 0) const;
    // A positive finite number; absent gives `fallback`.
    double positive(const char *key, double fallback) const;
    // The same, but null (the config's way to switch a feature off) gives 0.
    double positiveOrOff(const char *key, double fallback) const;
    bool flag(const char *key, bool fallback) const;
    QString text(const char *key, const QString &fallback) const;
    // A JSON object (absent or null: empty).
    QJsonObject object(const char *key) const;

    const QJsonObject &json() const { return m_o; }

private:
    QJsonObject m_o;
};

// Throws InputError(message): the one way a family refuses a config.
[[noreturn]] void refuseConfig(const QString &message);
// "text" in quotes, for messages.
QString quotedField(const QString &text);

// The activation named by `key`'s value; an unknown one is refused by name.
Activation activationNamed(const QString &name, const char *key);

// The sizes every family with Llama's config keys has (hidden_size, num_attention_heads,
// num_key_value_heads, num_hidden_layers, vocab_size, max_position_embeddings,
// intermediate_size, rms_norm_eps, head_dim or hidden_size / heads), checked for consistency;
// RMSNorm, RoPE with rope_theta, a gated MLP with `hidden_act`.
void readLlamaSizes(const ConfigFields &f, ModelConfig &c,
                    const char *activationKey = "hidden_act");

// rope_scaling: none, or "llama3" (factor, low/high_freq_factor, original_max_position_embeddings);
// any other rope_type is refused by name.
void readRopeScaling(const ConfigFields &f, RopeFeatures &rope);

// sliding_window, the keys a query of a sliding layer sees (itself included); absent: 0.
std::int64_t readSlidingWindow(const ConfigFields &f);

} // namespace attn
