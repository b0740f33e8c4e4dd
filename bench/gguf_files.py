# SPDX-License-Identifier: GPL-3.0-or-later
"""Random GGUF files of real model shapes for the benchmarks, and their dequantization.

compare_pytorch_model.py uses this module for its GGUF rows: write_gguf() writes a file of a
Hugging Face config's shape in llama.cpp's layout (its tensor names and {arch}.* keys, a Llama's q
and k rows as the converter permutes them) whose quantized blocks are random but valid, in one
type (Q8_0) or as llama.cpp's Q4_K_M mix (Q4_K, with Q6_K for the output and for attn_v and
ffn_down on the layers llama.cpp's use_more_bits picks); read_gguf() gives the PyTorch side every
tensor dequantized to float64 under Hugging Face's names, exactly as ggml dequantizes it (each
value computed exactly, rounded to float where ggml's float arithmetic rounds), with the q and k
rows back in Hugging Face's order.

Only numpy is needed to write; the blocks are random bytes with their scales set so that the
weights are about as large as a trained model's (a standard deviation near 0.02).
"""

import json
import os
import struct
import sys

F32, Q8_0, Q4_K, Q6_K = 0, 8, 12, 14
# ggml type: (values per block, bytes per block)
BLOCKS = {F32: (1, 4), Q8_0: (32, 34), Q4_K: (256, 144), Q6_K: (256, 210)}
ALIGNMENT = 32


def _string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def _value(v):
    """A metadata value: (type, bytes). Ints are u32, floats f32, strs strings."""
    if isinstance(v, bool):
        return 7, struct.pack("<B", v)
    if isinstance(v, int):
        return 4, struct.pack("<I", v)
    if isinstance(v, float):
        return 6, struct.pack("<f", v)
    return 8, _string(v)


# ---------------------------------------------------------------------------------------------
# The model's tensors in llama.cpp's layout


def _use_more_bits(layer, layers):
    """llama.cpp's use_more_bits (llama-quant.cpp): the layers whose attn_v and ffn_down Q4_K_M
    keeps in Q6_K."""
    return layer < layers // 8 or layer >= 7 * layers // 8 or (layer - layers // 8) % 3 == 2


def gguf_tensors(config, scheme):
    """(name, dims as ne (innermost first), ggml type) of the file, in order."""
    def matrix(kind, layer=None, layers=None):
        if scheme == "Q8_0":
            return Q8_0
        if kind == "output" or (kind in ("attn_v", "ffn_down") and _use_more_bits(layer, layers)):
            return Q6_K
        return Q4_K

    out = []
    if config["model_type"] == "gpt2":
        d, f, n = config["n_embd"], 4 * config["n_embd"], config["n_layer"]
        out.append(("token_embd.weight", [d, config["vocab_size"]], matrix("embd")))
        out.append(("position_embd.weight", [d, config["n_positions"]], matrix("embd")))
        for i in range(n):
            p = f"blk.{i}."
            out += [(p + "attn_norm.weight", [d], F32), (p + "attn_norm.bias", [d], F32),
                    (p + "attn_qkv.weight", [d, 3 * d], matrix("attn_qkv", i, n)),
                    (p + "attn_qkv.bias", [3 * d], F32),
                    (p + "attn_output.weight", [d, d], matrix("attn_output", i, n)),
                    (p + "attn_output.bias", [d], F32),
                    (p + "ffn_norm.weight", [d], F32), (p + "ffn_norm.bias", [d], F32),
                    (p + "ffn_up.weight", [d, f], matrix("ffn_up", i, n)),
                    (p + "ffn_up.bias", [f], F32),
                    (p + "ffn_down.weight", [f, d], matrix("ffn_down", i, n)),
                    (p + "ffn_down.bias", [d], F32)]
        out += [("output_norm.weight", [d], F32), ("output_norm.bias", [d], F32)]
        return out
    d, f, n = config["hidden_size"], config["intermediate_size"], config["num_hidden_layers"]
    heads, kv = config["num_attention_heads"], config["num_key_value_heads"]
    hd = config.get("head_dim", d // heads)
    out.append(("token_embd.weight", [d, config["vocab_size"]], matrix("embd")))
    for i in range(n):
        p = f"blk.{i}."
        out += [(p + "attn_norm.weight", [d], F32),
                (p + "attn_q.weight", [d, heads * hd], matrix("attn_q", i, n)),
                (p + "attn_k.weight", [d, kv * hd], matrix("attn_k", i, n)),
                (p + "attn_v.weight", [d, kv * hd], matrix("attn_v", i, n)),
                (p + "attn_output.weight", [heads * hd, d], matrix("attn_output", i, n)),
                (p + "ffn_norm.weight", [d], F32),
                (p + "ffn_gate.weight", [d, f], matrix("ffn_gate", i, n)),
                (p + "ffn_up.weight", [d, f], matrix("ffn_up", i, n)),
                (p + "ffn_down.weight", [f, d], matrix("ffn_down", i, n))]
    out.append(("output_norm.weight", [d], F32))
    if not config.get("tie_word_embeddings", False):
        out.append(("output.weight", [d, config["vocab_size"]], matrix("output")))
    return out


def gguf_metadata(config):
    if config["model_type"] == "gpt2":
        return {"general.architecture": "gpt2", "general.alignment": ALIGNMENT,
                "gpt2.embedding_length": config["n_embd"], "gpt2.block_count": config["n_layer"],
                "gpt2.attention.head_count": config["n_head"],
                "gpt2.feed_forward_length": 4 * config["n_embd"],
                "gpt2.context_length": config["n_positions"],
                "gpt2.vocab_size": config["vocab_size"],
                "gpt2.attention.layer_norm_epsilon": float(config["layer_norm_epsilon"])}
    d, heads = config["hidden_size"], config["num_attention_heads"]
    hd = config.get("head_dim", d // heads)
    return {"general.architecture": "llama", "general.alignment": ALIGNMENT,
            "llama.embedding_length": d, "llama.block_count": config["num_hidden_layers"],
            "llama.attention.head_count": heads,
            "llama.attention.head_count_kv": config["num_key_value_heads"],
            "llama.feed_forward_length": config["intermediate_size"],
            "llama.context_length": config["max_position_embeddings"],
            "llama.vocab_size": config["vocab_size"],
            "llama.attention.layer_norm_rms_epsilon": float(config["rms_norm_eps"]),
            "llama.rope.freq_base": float(config["rope_theta"]),
            "llama.rope.dimension_count": hd}


def _bytes_of(dims, ggml_type):
    values = 1
    for n in dims:
        values *= n
    per_block, block_bytes = BLOCKS[ggml_type]
    return values // per_block * block_bytes


# ---------------------------------------------------------------------------------------------
# Random blocks


def _random_blocks(np, rng, ggml_type, values, one=False):
    """Random valid blocks of `values` values: bytes, ready to write."""
    if ggml_type == F32:
        base = 1.0 if one else 0.0
        return (base + 0.02 * rng.standard_normal(values, dtype=np.float32)).astype("<f4").tobytes()
    per_block, block_bytes = BLOCKS[ggml_type]
    blocks = rng.integers(0, 256, size=(values // per_block, block_bytes), dtype=np.uint8)

    def half(scale):  # a per-block f16 scale around `scale`
        s = scale * (0.75 + 0.5 * rng.random(len(blocks)))
        return s.astype("<f2").view(np.uint8).reshape(-1, 2)

    if ggml_type == Q8_0:  # d · q, q uniform in −128…127 (std ≈ 74)
        blocks[:, 0:2] = half(0.02 / 74)
    elif ggml_type == Q4_K:  # d·sc·q − dmin·m, sc and m 6-bit, q 4-bit: std ≈ 240 d
        d = blocks[:, 0:2] = half(0.02 / 240)
        # dmin = 7.5 d: the mean of q (7.5) times the scale's cancels the min's on average.
        blocks[:, 2:4] = (d.view("<f2").astype(np.float32) * 7.5).astype("<f2").view(np.uint8)
    elif ggml_type == Q6_K:  # d·sc·(q − 32), sc int8 in 1…16, q 6-bit: std ≈ 180 d
        blocks[:, 192:208] = rng.integers(1, 17, size=(len(blocks), 16), dtype=np.uint8)
        blocks[:, 208:210] = half(0.02 / 180)
    return blocks.tobytes()


def write_gguf(path, config, scheme, seed=2024):
    """Writes the file (via path + ".partial", renamed when complete)."""
    import numpy as np

    tensors = gguf_tensors(config, scheme)
    metadata = gguf_metadata(config)
    head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata))
    for key, v in metadata.items():
        kind, data = _value(v)
        head += _string(key) + struct.pack("<I", kind) + data
    offset = 0
    for name, dims, ggml_type in tensors:
        offset += -offset % ALIGNMENT
        head += (_string(name) + struct.pack("<I", len(dims)) + struct.pack(f"<{len(dims)}Q", *dims)
                 + struct.pack("<IQ", ggml_type, offset))
        offset += _bytes_of(dims, ggml_type)
    head += b"\0" * (-len(head) % ALIGNMENT)
    print(f"==> writing {path} ({(len(head) + offset) / 1e9:.2f} GB, once)", file=sys.stderr)
    rng = np.random.default_rng(seed)
    partial = path + ".partial"
    with open(partial, "wb") as f:
        f.write(head)
        written = 0
        for name, dims, ggml_type in tensors:
            f.write(b"\0" * (-written % ALIGNMENT))
            written += -written % ALIGNMENT
            values = 1
            for n in dims:
                values *= n
            one = name.endswith("norm.weight")
            data = _random_blocks(np, rng, ggml_type, values, one)
            f.write(data)
            written += len(data)
    os.replace(partial, path)


# ---------------------------------------------------------------------------------------------
# Dequantization (ggml's dequantize_row_*), for the PyTorch side


def _f16(np, b):
    return np.ascontiguousarray(b).view("<f2").astype(np.float64)[:, 0]


def _dequantize(np, raw, ggml_type, values):
    if ggml_type == F32:
        return raw.view("<f4").astype(np.float64)
    per_block, block_bytes = BLOCKS[ggml_type]
    b = raw.reshape(values // per_block, block_bytes)
    if ggml_type == Q8_0:
        d = _f16(np, b[:, 0:2])
        return (d[:, None] * b[:, 2:].view(np.int8)).reshape(-1)
    if ggml_type == Q4_K:
        d, dmin = _f16(np, b[:, 0:2]), _f16(np, b[:, 2:4])
        s = b[:, 4:16].astype(np.int64)
        qs = b[:, 16:144].astype(np.int64).reshape(-1, 4, 32)
        y = np.empty((len(b), 256))
        for j in range(8):
            if j < 4:
                sc, m = s[:, j] & 63, s[:, j + 4] & 63
            else:
                sc = (s[:, j + 4] & 0xF) | ((s[:, j - 4] >> 6) << 4)
                m = (s[:, j + 4] >> 4) | ((s[:, j] >> 6) << 4)
            q = qs[:, j // 2, :] & 0xF if j % 2 == 0 else qs[:, j // 2, :] >> 4
            exact = (d * sc)[:, None] * q - (dmin * m)[:, None]
            y[:, 32 * j:32 * j + 32] = exact.astype(np.float32)
        return y.reshape(-1)
    if ggml_type == Q6_K:
        ql = b[:, 0:128].astype(np.int64)
        qh = b[:, 128:192].astype(np.int64)
        sc = b[:, 192:208].view(np.int8).astype(np.int64)
        d = _f16(np, b[:, 208:210])
        y = np.empty((len(b), 256))
        for h in range(2):
            l0, hh, s = ql[:, 64 * h:64 * h + 64], qh[:, 32 * h:32 * h + 32], sc[:, 8 * h:8 * h + 8]
            for l_half in range(2):  # l in 0…15 and 16…31 have their own scales
                ls = slice(16 * l_half, 16 * l_half + 16)
                lo, hi, top = l0[:, ls], l0[:, 32:64][:, ls], hh[:, ls]
                qs = (((lo & 0xF) | ((top & 3) << 4)) - 32,
                      ((hi & 0xF) | (((top >> 2) & 3) << 4)) - 32,
                      ((lo >> 4) | (((top >> 4) & 3) << 4)) - 32,
                      ((hi >> 4) | (((top >> 6) & 3) << 4)) - 32)
                for k, q in enumerate(qs):
                    exact = (d * s[:, l_half + 2 * k])[:, None] * q
                    start = 128 * h + 32 * k + 16 * l_half
                    y[:, start:start + 16] = exact.astype(np.float32)
        return y.reshape(-1)
    raise ValueError(f"ggml type {ggml_type}")


def _hf_name(name, gpt2):
    parts = name.split(".")
    if parts[0] == "blk":
        layer, role, suffix = parts[1], parts[2], parts[3]
        roles = ({"attn_norm": "ln_1", "attn_qkv": "attn.c_attn", "attn_output": "attn.c_proj",
                  "ffn_norm": "ln_2", "ffn_up": "mlp.c_fc", "ffn_down": "mlp.c_proj"} if gpt2 else
                 {"attn_norm": "input_layernorm", "attn_q": "self_attn.q_proj",
                  "attn_k": "self_attn.k_proj", "attn_v": "self_attn.v_proj",
                  "attn_output": "self_attn.o_proj", "ffn_norm": "post_attention_layernorm",
                  "ffn_gate": "mlp.gate_proj", "ffn_up": "mlp.up_proj",
                  "ffn_down": "mlp.down_proj"})
        return (f"h.{layer}." if gpt2 else f"model.layers.{layer}.") + roles[role] + "." + suffix
    base, suffix = parts[0], parts[1]
    names = ({"token_embd": "wte", "position_embd": "wpe", "output_norm": "ln_f",
              "output": "lm_head"} if gpt2 else
             {"token_embd": "model.embed_tokens", "output_norm": "model.norm",
              "output": "lm_head"})
    return names[base] + "." + suffix


def read_gguf(torch, np, path, config):
    """Every tensor of the file as float64 torch tensors under Hugging Face's names (GPT-2's
    Conv1D weights in × out, a Llama's q and k rows in Hugging Face's order)."""
    gpt2 = config["model_type"] == "gpt2"
    raw = np.memmap(path, dtype=np.uint8, mode="r")
    tensors = gguf_tensors(config, "Q8_0")  # the names and dims; types come from the file
    # The header: skip the metadata, read the tensor infos.
    at = 24
    count, keys = struct.unpack_from("<QQ", raw, 8)

    def string(at):
        n = struct.unpack_from("<Q", raw, at)[0]
        return bytes(raw[at + 8:at + 8 + n]).decode(), at + 8 + n

    sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
    for _ in range(keys):
        _, at = string(at)
        kind = struct.unpack_from("<I", raw, at)[0]
        at += 4
        if kind == 8:
            _, at = string(at)
        else:
            at += sizes[kind]
    infos = []
    for _ in range(count):
        name, at = string(at)
        n = struct.unpack_from("<I", raw, at)[0]
        dims = list(struct.unpack_from(f"<{n}Q", raw, at + 4))
        ggml_type, offset = struct.unpack_from("<IQ", raw, at + 4 + 8 * n)
        at += 4 + 8 * n + 12
        infos.append((name, dims, ggml_type, offset))
    assert len(infos) == len(tensors)
    start = at + (-at % ALIGNMENT)
    heads = config.get("num_attention_heads", 0)
    kv = config.get("num_key_value_heads", heads)
    out = {}
    for name, dims, ggml_type, offset in infos:
        values = 1
        for n in dims:
            values *= n
        data = raw[start + offset:start + offset + _bytes_of(dims, ggml_type)]
        w = _dequantize(np, np.asarray(data), ggml_type, values).reshape(list(reversed(dims)))
        role = name.split(".")[2] if name.startswith("blk.") else ""
        if role in ("attn_q", "attn_k"):  # the converter's permutation, undone
            n_heads = heads if role == "attn_q" else kv
            w = (w.reshape(n_heads, w.shape[0] // n_heads // 2, 2, w.shape[1])
                 .swapaxes(1, 2).reshape(w.shape))
        if gpt2 and w.ndim == 2 and role:  # Conv1D: in × out
            w = w.T
        out[_hf_name(name, gpt2)] = torch.from_numpy(np.ascontiguousarray(w))
    return out


if __name__ == "__main__":  # python3 gguf_files.py PATH CONFIG.json SCHEME
    with open(sys.argv[2]) as f:
        write_gguf(sys.argv[1], json.load(f), sys.argv[3])
