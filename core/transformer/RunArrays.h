// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Run.h"
#include "RunSelection.h"

#include "io/AtomicFile.h"

#include <QByteArray>

namespace attn {

class Checkpoint;

// A run as a NumPy .npz archive whose arrays are named as TransformerLens's ActivationCache
// names them, so that a notebook written for TransformerLens reads it unchanged (without the
// batch dimension): positions first, then heads.
//   tokens [pos] (strings, when the selection has them), ids [pos];
//   hidden:    blocks.L.hook_resid_pre, blocks.L.hook_resid_post [pos, d_model];
//   x:         blocks.L.ln1.hook_normalized [pos, d_model] (decoders: the attention's input);
//   attn_out:  blocks.L.hook_attn_out;  resid_mid: blocks.L.hook_resid_mid;
//   mlp_out:   blocks.L.hook_mlp_out [pos, d_model];
//   heads:     blocks.L.attn.hook_q, hook_z [pos, head, d_head] (after RoPE and the QK norm, as
//              the JSON's q), hook_k, hook_v [pos, kv_head, d_head] (one per key/value group),
//              hook_pattern [head, query, key]; with --heads, a layer's arrays hold its chosen
//              heads only, in the order of blocks.L.attn.head_index;
//   final:     ln_final.hook_normalized [pos, d_model] (decoders);
//   logits:    logits [pos, vocab].
// Every float is the run's double, bit for bit the number the JSON writes. Gemma's
// hook_attn_out and hook_mlp_out are before its post-attention and post-MLP norms, as the
// JSON's attn_out is; resid_mid and resid_post are after them. BERT's (post-norm) resid_mid is
// the attention's LayerNorm of resid_pre + attn_out and resid_post the layer's output.
// A compact run's layers are recomputed one at a time (RunLayers). Throws InputError (a NaN
// weight met while recomputing).
QByteArray runToNpz(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection);
// The same archive handed to `sink` a member at a time (writeFileAtomically's producer), so
// memory holds one array, not the archive. False when the sink refused a piece.
bool runToNpz(const Checkpoint &checkpoint, const Run &run, const RunSelection &selection,
              const ByteSink &sink);

} // namespace attn
