#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the forward pass of real checkpoint shapes in attnviz (`attnviz-cli model run --timing`)
and in PyTorch float64 on the same threads, in the same run, and prints them side by side.

The checkpoints are random weights in the Hugging Face layout, written once by this script into
a cache folder (never committed: the files are 0.5 and 2.2 GB):

  gpt2-small   GPT-2 small's shape: 12 layers, d 768, 12 heads, vocab 50257, 1024 positions, F32
  llama-1.1b   TinyLlama's shape: 22 layers, d 2048, 32 heads (4 KV heads), MLP 5632,
               vocab 32000, BF16, a separate LM head
  llama3.2-1b  Llama-3.2-1B's shape: 16 layers, d 2048, 32 heads (8 KV heads) of 64, MLP 8192,
               vocab 128256, llama3-scaled RoPE (factor 32), BF16, tied
  gemma3-1b    Gemma-3-1B's shape: 26 layers, d 1152, 4 heads (1 KV head) of 256, MLP 6912,
               vocab 262144, QK norm and sandwich norms with (1 + w), GeGLU, sliding window of
               512 on five layers of six with their own RoPE base, BF16, tied
  llama-1.1b-q4_k_m, llama-1.1b-q8_0, gpt2-small-q8_0
               the same shapes as GGUF files (NAME.gguf in the cache) in llama.cpp's layout,
               random valid blocks (gguf_files.py): Q4_K_M (0.67 GB) and Q8_0 (1.2 GB) of the
               1.1 B Llama, Q8_0 of GPT-2 small (0.18 GB). PyTorch runs on the same blocks
               dequantized to float64 as ggml dequantizes them; the targets are a forward pass
               of at most 1.0x PyTorch's, a peak RSS of at most the file's size + 0.4 GB and an
               open of under a second.

attnviz runs in a fresh process per repetition (load, forward pass and peak resident memory as
`--timing` prints them). PyTorch runs in a child process per model: a plain float64
reimplementation of the family's forward pass (every head's attention weights kept, as attnviz's
Run keeps them), reading the same safetensors file with numpy. Each side's top-5 next-token ids
are compared, so a fast wrong answer does not pass. PyTorch is optional: without torch the table
has attnviz's figures only.

With --circuits it times instead the circuits of one head of width d (default 2048, TinyLlama's;
random weights): attnviz's by build/bench/bench_model (the spectra from head_dim × head_dim
problems, the dense d × d W_QK and W_OV, the dense W_OV's eigendecomposition) and PyTorch's
float64 of the same steps (torch.linalg.qr, svdvals, eigvals), side by side.

With --lengths it times `model run` at each length (compact past the run cap: no n x n kept)
against PyTorch's plain forward pass, which keeps no attention maps, each in its own process with
its peak RSS (llama-1.1b is given 4096 positions for it, the same weights).

With --generate N it times instead GPT-2 small's shape writing N tokens after a prompt of 128
(`attnviz-cli model generate --timing`, greedy with a KV cache) against the same loop in PyTorch
float64 with a KV cache, compares the written ids, and times `model run --npz` on the prompt.

Usage: bench/compare_pytorch_model.py [--cli build/app/attnviz-cli] [--cache build/bench-models]
                                      [--models gpt2-small,llama-1.1b] [--threads N] [--reps 3]
                                      [--json]
       bench/compare_pytorch_model.py --generate 32 [--prompt 128] [--json]
       bench/compare_pytorch_model.py --lengths 1024,2048,4096 --models llama-1.1b [--json]
       bench/compare_pytorch_model.py --circuits [--bench build/bench/bench_model]
                                      [--circuit-d 2048] [--head-dim 64] [--dense-eigen]
                                      [--json]
  (also --torch-worker DIR and --torch-circuits, used internally to run the PyTorch side in its
  own process)
"""

import argparse
import json
import os
import resource
import statistics
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name: (config.json, safetensors dtype, tokens, targets: time ratio vs PyTorch, peak RSS MB)
MODELS = {
    "gpt2-small": (
        {
            "model_type": "gpt2",
            "n_layer": 12,
            "n_embd": 768,
            "n_head": 12,
            "vocab_size": 50257,
            "n_positions": 1024,
            "layer_norm_epsilon": 1e-5,
            "activation_function": "gelu_new",
        },
        "F32",
        128,
        (1.0, 800.0),
    ),
    "llama-1.1b": (
        {
            "model_type": "llama",
            "hidden_size": 2048,
            "intermediate_size": 5632,
            "num_attention_heads": 32,
            "num_key_value_heads": 4,
            "num_hidden_layers": 22,
            "vocab_size": 32000,
            "rms_norm_eps": 1e-5,
            "rope_theta": 10000.0,
            "max_position_embeddings": 2048,
            "tie_word_embeddings": False,
            "hidden_act": "silu",
            "torch_dtype": "bfloat16",
        },
        "BF16",
        32,
        (1.2, 3000.0),
    ),
    "llama3.2-1b": (
        {
            "model_type": "llama",
            "hidden_size": 2048,
            "intermediate_size": 8192,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "head_dim": 64,
            "num_hidden_layers": 16,
            "vocab_size": 128256,
            "rms_norm_eps": 1e-5,
            "rope_theta": 500000.0,
            "rope_scaling": {"factor": 32.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                             "original_max_position_embeddings": 8192, "rope_type": "llama3"},
            "max_position_embeddings": 131072,
            "tie_word_embeddings": True,
            "hidden_act": "silu",
            "torch_dtype": "bfloat16",
        },
        "BF16",
        32,
        (1.0, 1500.0),
    ),
    "gemma3-1b": (
        {
            "model_type": "gemma3_text",
            "hidden_size": 1152,
            "intermediate_size": 6912,
            "num_attention_heads": 4,
            "num_key_value_heads": 1,
            "head_dim": 256,
            "num_hidden_layers": 26,
            "vocab_size": 262144,
            "rms_norm_eps": 1e-6,
            "rope_theta": 1000000.0,
            "rope_local_base_freq": 10000.0,
            "rope_scaling": None,
            "max_position_embeddings": 32768,
            "query_pre_attn_scalar": 256,
            "sliding_window": 512,
            "sliding_window_pattern": 6,
            "hidden_activation": "gelu_pytorch_tanh",
            "tie_word_embeddings": True,
            "torch_dtype": "bfloat16",
        },
        "BF16",
        32,
        (1.0, 1500.0),
    ),
}
# GGUF files of the shapes above (rss target None: the file's size + 400 MB).
for _base, _scheme in (("llama-1.1b", "Q4_K_M"), ("llama-1.1b", "Q8_0"), ("gpt2-small", "Q8_0")):
    MODELS[f"{_base}-{_scheme.lower()}"] = (MODELS[_base][0], _scheme, MODELS[_base][2],
                                            (1.0, None))
GGUF_SCHEMES = ("Q4_K_M", "Q8_0")


def is_gguf(name):
    return MODELS[name][1] in GGUF_SCHEMES


# ---------------------------------------------------------------------------------------------
# Random checkpoints


def gpt2_tensors(c):
    """(name, shape, std) in GPT-2's layout (Conv1D weights are in × out)."""
    d, f = c["n_embd"], 4 * c["n_embd"]
    yield "wte.weight", (c["vocab_size"], d), 0.02
    yield "wpe.weight", (c["n_positions"], d), 0.01
    for i in range(c["n_layer"]):
        p = f"h.{i}."
        yield p + "ln_1.weight", (d,), "one"
        yield p + "ln_1.bias", (d,), 0.02
        yield p + "attn.c_attn.weight", (d, 3 * d), 0.02
        yield p + "attn.c_attn.bias", (3 * d,), 0.02
        yield p + "attn.c_proj.weight", (d, d), 0.02
        yield p + "attn.c_proj.bias", (d,), 0.02
        yield p + "ln_2.weight", (d,), "one"
        yield p + "ln_2.bias", (d,), 0.02
        yield p + "mlp.c_fc.weight", (d, f), 0.02
        yield p + "mlp.c_fc.bias", (f,), 0.02
        yield p + "mlp.c_proj.weight", (f, d), 0.02
        yield p + "mlp.c_proj.bias", (d,), 0.02
    yield "ln_f.weight", (d,), "one"
    yield "ln_f.bias", (d,), 0.02


def llama_tensors(c):
    d, f, heads, kv = (c["hidden_size"], c["intermediate_size"], c["num_attention_heads"],
                       c["num_key_value_heads"])
    hd = c.get("head_dim", d // heads)
    gemma = c["model_type"] == "gemma3_text"
    gain = "zero" if gemma else "one"  # Gemma's norms multiply by (1 + w)
    yield "model.embed_tokens.weight", (c["vocab_size"], d), 0.02
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}."
        yield p + "input_layernorm.weight", (d,), gain
        yield p + "self_attn.q_proj.weight", (heads * hd, d), 0.02
        yield p + "self_attn.k_proj.weight", (kv * hd, d), 0.02
        yield p + "self_attn.v_proj.weight", (kv * hd, d), 0.02
        yield p + "self_attn.o_proj.weight", (d, heads * hd), 0.02
        if gemma:
            yield p + "self_attn.q_norm.weight", (hd,), gain
            yield p + "self_attn.k_norm.weight", (hd,), gain
            yield p + "pre_feedforward_layernorm.weight", (d,), gain
            yield p + "post_feedforward_layernorm.weight", (d,), gain
        yield p + "post_attention_layernorm.weight", (d,), gain
        yield p + "mlp.gate_proj.weight", (f, d), 0.02
        yield p + "mlp.up_proj.weight", (f, d), 0.02
        yield p + "mlp.down_proj.weight", (d, f), 0.02
    yield "model.norm.weight", (d,), gain
    if not c.get("tie_word_embeddings", False):
        yield "lm_head.weight", (c["vocab_size"], d), 0.02


def encode(np, values, dtype):
    if dtype == "F32":
        return values.astype("<f4").tobytes()
    bits = values.astype("<f4").view("<u4")  # BF16: round to nearest, ties to even
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2").tobytes()


def write_checkpoint(folder, name):
    """Writes config.json and model.safetensors of random weights (seeded) into folder."""
    import numpy as np

    config, dtype, _, _ = MODELS[name]
    if is_gguf(name):
        import gguf_files
        os.makedirs(os.path.dirname(folder), exist_ok=True)
        gguf_files.write_gguf(folder, config, dtype)
        return
    tensors = list((gpt2_tensors if config["model_type"] == "gpt2" else llama_tensors)(config))
    item = 4 if dtype == "F32" else 2
    header, offset = {}, 0
    for tname, shape, _ in tensors:
        size = item * int(np.prod(shape))
        header[tname] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset, offset + size]}
        offset += size
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    os.makedirs(folder, exist_ok=True)
    print(f"==> writing {folder} ({offset / 1e9:.2f} GB, once)", file=sys.stderr)
    rng = np.random.default_rng(2024)
    partial = os.path.join(folder, "model.safetensors.partial")
    with open(partial, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for tname, shape, std in tensors:
            if std == "one":  # a norm's gain: near 1
                values = 1.0 + 0.05 * rng.standard_normal(shape, dtype=np.float32)
            elif std == "zero":  # Gemma's: near 0, multiplying as (1 + w)
                values = 0.05 * rng.standard_normal(shape, dtype=np.float32)
            else:
                values = std * rng.standard_normal(shape, dtype=np.float32)
            f.write(encode(np, values, dtype))
    os.replace(partial, os.path.join(folder, "model.safetensors"))
    with open(os.path.join(folder, "config.json"), "w") as f:  # written last: the folder is done
        json.dump(config, f, indent=1)


def model_path(cache, name):
    """The checkpoint's folder, or its .gguf file."""
    return os.path.join(cache, name + ".gguf" if is_gguf(name) else name)


def ensure_checkpoint(cache, name):
    folder = model_path(cache, name)
    if is_gguf(name):
        done = os.path.exists(folder)
    else:
        done = (os.path.exists(os.path.join(folder, "config.json"))
                and os.path.exists(os.path.join(folder, "model.safetensors")))
    if not done:
        # In a child process: Linux keeps a process's peak resident memory across fork and
        # exec, so every program this script starts afterwards would report the writer's
        # gigabytes as its own peak (a first run once said 4 GB for attnviz's 0.2).
        subprocess.run([sys.executable, os.path.abspath(__file__), "--write-checkpoint", name,
                        "--cache", cache], check=True)
    return folder


def token_ids(name):
    """Fixed, spread-out ids (no tokenizer needed: the weights are random anyway)."""
    config, _, tokens, _ = MODELS[name]
    vocab = config["vocab_size"]
    return [(7919 * i + 13) % vocab for i in range(tokens)]


# ---------------------------------------------------------------------------------------------
# PyTorch float64 (runs in a child process: --torch-worker)


def read_safetensors(torch, np, path):
    """Every tensor of path as a float64 torch tensor."""
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
    raw = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + n)
    out = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        b, e = t["data_offsets"]
        chunk = raw[b:e]
        if t["dtype"] == "F32":
            values = chunk.view("<f4")
        elif t["dtype"] == "BF16":
            values = (chunk.view("<u2").astype("<u4") << 16).view("<f4")
        else:
            raise ValueError(t["dtype"])
        out[name] = torch.from_numpy(values.astype(np.float64).reshape(t["shape"]))
    return out


def gpt2_forward(torch, c, w, ids, keep=True):
    n, d, heads = len(ids), c["n_embd"], c["n_head"]
    hd, eps = d // heads, c["layer_norm_epsilon"]
    kept = []
    h = w["wte.weight"][ids] + w["wpe.weight"][:n]
    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
    for i in range(c["n_layer"]):
        p = f"h.{i}."
        x = torch.nn.functional.layer_norm(h, (d,), w[p + "ln_1.weight"], w[p + "ln_1.bias"], eps)
        qkv = torch.addmm(w[p + "attn.c_attn.bias"], x, w[p + "attn.c_attn.weight"])
        q, k, v = (t.view(n, heads, hd).transpose(0, 1) for t in qkv.split(d, dim=1))
        scores = (q @ k.transpose(1, 2)) / hd ** 0.5
        weights = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
        out = (weights @ v).transpose(0, 1).reshape(n, d)
        attn_out = torch.addmm(w[p + "attn.c_proj.bias"], out, w[p + "attn.c_proj.weight"])
        h = h + attn_out
        m = torch.nn.functional.layer_norm(h, (d,), w[p + "ln_2.weight"], w[p + "ln_2.bias"], eps)
        inner = torch.nn.functional.gelu(torch.addmm(w[p + "mlp.c_fc.bias"], m,
                                                     w[p + "mlp.c_fc.weight"]), approximate="tanh")
        h = h + torch.addmm(w[p + "mlp.c_proj.bias"], inner, w[p + "mlp.c_proj.weight"])
        if keep:  # every head's weights, as attnviz's Run keeps them
            kept.append((x, q, k, v, weights, out, attn_out, h))
    final = torch.nn.functional.layer_norm(h, (d,), w["ln_f.weight"], w["ln_f.bias"], eps)
    return final @ w["wte.weight"].T, kept


def llama3_frequencies(torch, frequency, s):
    """modeling_rope_utils' _compute_llama3_parameters, in float64."""
    import math
    low = s["original_max_position_embeddings"] / s["low_freq_factor"]
    high = s["original_max_position_embeddings"] / s["high_freq_factor"]
    wavelength = 2 * math.pi / frequency
    scaled = torch.where(wavelength > low, frequency / s["factor"], frequency)
    smooth = ((s["original_max_position_embeddings"] / wavelength - s["low_freq_factor"])
              / (s["high_freq_factor"] - s["low_freq_factor"]))
    blended = (1 - smooth) * scaled / s["factor"] + smooth * scaled
    between = (wavelength >= high) & (wavelength <= low)
    return torch.where(between, blended, scaled)


def rope_tables(torch, n, hd, theta, scaling=None):
    frequency = 1.0 / theta ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd)
    if scaling and scaling.get("rope_type") == "llama3":
        frequency = llama3_frequencies(torch, frequency, scaling)
    angles = torch.outer(torch.arange(n, dtype=torch.float64), frequency)
    return torch.cat((angles, angles), -1).cos(), torch.cat((angles, angles), -1).sin()


def rotate(torch, t, cos, sin):  # t: heads × n × hd, Hugging Face's rotate_half
    hd = t.shape[-1]
    rotated = torch.cat((-t[..., hd // 2:], t[..., :hd // 2]), -1)
    return t * cos + rotated * sin


def gemma3_forward(torch, c, w, ids, keep=True):
    """Gemma 3 (text): (1 + w) norms around both sublayers, QK norm, GeGLU, scaled embeddings,
    local RoPE base and a sliding window on five layers of six, query_pre_attn_scalar."""
    n, d, heads, kv = (len(ids), c["hidden_size"], c["num_attention_heads"],
                       c["num_key_value_heads"])
    hd, eps = c["head_dim"], c["rms_norm_eps"]

    def rms(x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (1.0 + weight)

    global_rope = rope_tables(torch, n, hd, c["rope_theta"])
    local_rope = rope_tables(torch, n, hd, c["rope_local_base_freq"])
    causal = torch.ones(n, n, dtype=torch.bool).triu(1)
    offsets = torch.arange(n).view(n, 1) - torch.arange(n).view(1, n)
    windowed = causal | (offsets >= c["sliding_window"])
    emb = w["model.embed_tokens.weight"]
    # The embeddings times √d, the factor rounded to the checkpoint's dtype (bfloat16).
    h = emb[ids] * torch.tensor(d ** 0.5, dtype=torch.bfloat16).double()
    kept = []
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}."
        sliding = (i + 1) % c["sliding_window_pattern"] != 0
        cos, sin = local_rope if sliding else global_rope
        x = rms(h, w[p + "input_layernorm.weight"])
        q = (x @ w[p + "self_attn.q_proj.weight"].T).view(n, heads, hd).transpose(0, 1)
        k = (x @ w[p + "self_attn.k_proj.weight"].T).view(n, kv, hd).transpose(0, 1)
        v = (x @ w[p + "self_attn.v_proj.weight"].T).view(n, kv, hd).transpose(0, 1)
        q = rotate(torch, rms(q, w[p + "self_attn.q_norm.weight"]), cos, sin)
        k = rotate(torch, rms(k, w[p + "self_attn.k_norm.weight"]), cos, sin)
        k, v = k.repeat_interleave(heads // kv, 0), v.repeat_interleave(heads // kv, 0)
        scores = (q @ k.transpose(1, 2)) * c["query_pre_attn_scalar"] ** -0.5
        weights = torch.softmax(scores.masked_fill(windowed if sliding else causal,
                                                   float("-inf")), dim=-1)
        out = (weights @ v).transpose(0, 1).reshape(n, heads * hd)
        attn_out = rms(out @ w[p + "self_attn.o_proj.weight"].T,
                       w[p + "post_attention_layernorm.weight"])
        h = h + attn_out
        m = rms(h, w[p + "pre_feedforward_layernorm.weight"])
        inner = (torch.nn.functional.gelu(m @ w[p + "mlp.gate_proj.weight"].T, approximate="tanh")
                 * (m @ w[p + "mlp.up_proj.weight"].T))
        h = h + rms(inner @ w[p + "mlp.down_proj.weight"].T,
                    w[p + "post_feedforward_layernorm.weight"])
        if keep:  # every head's weights, as attnviz's Run keeps them
            kept.append((x, q, k, v, weights, out, attn_out, h))
    final = rms(h, w["model.norm.weight"])
    return final @ emb.T, kept


def llama_forward(torch, c, w, ids, keep=True):
    n, d, heads, kv = (len(ids), c["hidden_size"], c["num_attention_heads"],
                       c["num_key_value_heads"])
    hd, eps = c.get("head_dim", d // heads), c["rms_norm_eps"]

    def rms(x, weight):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight

    cos, sin = rope_tables(torch, n, hd, c["rope_theta"], c.get("rope_scaling"))

    def rope(t):
        return rotate(torch, t, cos, sin)

    kept = []
    h = w["model.embed_tokens.weight"][ids]
    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
    for i in range(c["num_hidden_layers"]):
        p = f"model.layers.{i}."
        x = rms(h, w[p + "input_layernorm.weight"])
        q = rope((x @ w[p + "self_attn.q_proj.weight"].T).view(n, heads, hd).transpose(0, 1))
        k = rope((x @ w[p + "self_attn.k_proj.weight"].T).view(n, kv, hd).transpose(0, 1))
        v = (x @ w[p + "self_attn.v_proj.weight"].T).view(n, kv, hd).transpose(0, 1)
        k, v = k.repeat_interleave(heads // kv, 0), v.repeat_interleave(heads // kv, 0)
        scores = (q @ k.transpose(1, 2)) / hd ** 0.5
        weights = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
        out = (weights @ v).transpose(0, 1).reshape(n, heads * hd)
        attn_out = out @ w[p + "self_attn.o_proj.weight"].T
        h = h + attn_out
        m = rms(h, w[p + "post_attention_layernorm.weight"])
        inner = (torch.nn.functional.silu(m @ w[p + "mlp.gate_proj.weight"].T)
                 * (m @ w[p + "mlp.up_proj.weight"].T))
        h = h + inner @ w[p + "mlp.down_proj.weight"].T
        if keep:  # every head's weights, as attnviz's Run keeps them
            kept.append((x, q, k, v, weights, out, attn_out, h))
    final = rms(h, w["model.norm.weight"])
    head = w["lm_head.weight"] if "lm_head.weight" in w else w["model.embed_tokens.weight"]
    return final @ head.T, kept


def torch_worker(folder, name, ids, threads, reps, keep=True):
    """Prints {"load_ms", "forward_ms" (median), "forward_runs", "top"} as JSON."""
    import numpy as np
    import torch

    torch.set_num_threads(threads)
    start = time.perf_counter()
    if folder.endswith(".gguf"):  # the blocks dequantized to float64 as ggml does
        import gguf_files
        config = MODELS[name][0]
        w = gguf_files.read_gguf(torch, np, folder, config)
    else:
        with open(os.path.join(folder, "config.json")) as f:
            config = json.load(f)
        w = read_safetensors(torch, np, os.path.join(folder, "model.safetensors"))
    load_ms = (time.perf_counter() - start) * 1000.0
    forward = {"gpt2": gpt2_forward, "gemma3_text": gemma3_forward}.get(config["model_type"],
                                                                         llama_forward)
    times = []
    with torch.no_grad():
        for _ in range(reps):
            start = time.perf_counter()
            logits, kept = forward(torch, config, w, torch.tensor(ids), keep)
            times.append((time.perf_counter() - start) * 1000.0)
            del kept
    top = torch.softmax(logits[-1], -1).topk(5)
    print(json.dumps({
        "load_ms": load_ms,
        "forward_ms": statistics.median(times),
        "forward_runs": times,
        "top": [[int(i), float(p)] for p, i in zip(top.values, top.indices)],
        "torch": torch.__version__,
    }))


def gpt2_generate(torch, c, w, ids, steps):
    """Greedy decoding with a KV cache: the prompt once, then one position per token."""
    d, heads, eps = c["n_embd"], c["n_head"], c["layer_norm_epsilon"]
    hd = d // heads
    cache = [None] * c["n_layer"]
    ln = torch.nn.functional.layer_norm

    def step(tokens, start):
        n = len(tokens)
        h = w["wte.weight"][tokens] + w["wpe.weight"][start:start + n]
        mask = torch.ones(n, start + n, dtype=torch.bool).triu(start + 1)
        for i in range(c["n_layer"]):
            p = f"h.{i}."
            x = ln(h, (d,), w[p + "ln_1.weight"], w[p + "ln_1.bias"], eps)
            qkv = torch.addmm(w[p + "attn.c_attn.bias"], x, w[p + "attn.c_attn.weight"])
            q, k, v = (t.view(n, heads, hd).transpose(0, 1) for t in qkv.split(d, dim=1))
            if cache[i] is not None:
                k = torch.cat((cache[i][0], k), dim=1)
                v = torch.cat((cache[i][1], v), dim=1)
            cache[i] = (k, v)
            scores = (q @ k.transpose(1, 2)) / hd ** 0.5
            weights = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
            out = (weights @ v).transpose(0, 1).reshape(n, d)
            h = h + torch.addmm(w[p + "attn.c_proj.bias"], out, w[p + "attn.c_proj.weight"])
            m = ln(h, (d,), w[p + "ln_2.weight"], w[p + "ln_2.bias"], eps)
            inner = torch.nn.functional.gelu(torch.addmm(w[p + "mlp.c_fc.bias"], m,
                                                         w[p + "mlp.c_fc.weight"]),
                                             approximate="tanh")
            h = h + torch.addmm(w[p + "mlp.c_proj.bias"], inner, w[p + "mlp.c_proj.weight"])
        final = ln(h[-1:], (d,), w["ln_f.weight"], w["ln_f.bias"], eps)
        return (final @ w["wte.weight"].T)[0]

    written = []
    logits = step(torch.tensor(ids), 0)
    for s in range(steps):
        written.append(int(torch.argmax(logits)))
        if s + 1 < steps:
            logits = step(torch.tensor([written[-1]]), len(ids) + s)
    return written


def torch_generate(folder, ids, steps, threads, reps):
    """Prints {"generate_ms" (median), "runs", "ids"} as JSON: GPT-2's greedy loop."""
    import numpy as np
    import torch

    torch.set_num_threads(threads)
    with open(os.path.join(folder, "config.json")) as f:
        config = json.load(f)
    w = read_safetensors(torch, np, os.path.join(folder, "model.safetensors"))
    times, written = [], []
    with torch.no_grad():
        for _ in range(reps):
            start = time.perf_counter()
            written = gpt2_generate(torch, config, w, ids, steps)
            times.append((time.perf_counter() - start) * 1000.0)
    print(json.dumps({"generate_ms": statistics.median(times), "runs": times, "ids": written}))


def compare_lengths(args):
    """attnviz-cli model run at each length (compact past the cap) against PyTorch's plain forward
    pass (no attention maps kept), each in its own process, with peak RSS."""
    rows = []
    torch_ok = not args.no_torch and have_torch(args.python)
    for name in args.models.split(","):
        folder = ensure_checkpoint(args.cache, name)
        if name == "llama-1.1b":  # TinyLlama's 2048 positions, made 4096: the same weights
            long_folder = folder + "-4k"
            os.makedirs(long_folder, exist_ok=True)
            with open(os.path.join(folder, "config.json")) as f:
                config = json.load(f)
            config["max_position_embeddings"] = 4096
            with open(os.path.join(long_folder, "config.json"), "w") as f:
                json.dump(config, f, indent=1)
            link = os.path.join(long_folder, "model.safetensors")
            if not os.path.exists(link):
                os.symlink(os.path.join(folder, "model.safetensors"), link)
            folder = long_folder
        vocab = MODELS[name][0]["vocab_size"]
        for n in [int(t) for t in args.lengths.split(",")]:
            ids = [(7919 * i + 13) % vocab for i in range(n)]
            print(f"==> {name}: {n} tokens", file=sys.stderr)
            a = attnviz_side(args.cli, folder, ids, args.threads, args.reps)
            row = {"model": name, "tokens": n, "attnviz_ms": a["forward_ms"],
                   "attnviz_rss_mb": a["peak_rss_mb"], "kept_mb": a.get("kept_mb")}
            if torch_ok:
                stdout, _, rss = run_child(
                    [args.python, os.path.abspath(__file__), "--torch-worker", folder, "--model",
                     name, "--ids", ",".join(map(str, ids)), "--threads", str(args.threads),
                     "--reps", str(args.reps), "--plain"])
                t = json.loads(stdout)
                row.update({"pytorch_ms": t["forward_ms"], "pytorch_rss_mb": rss,
                            "ratio": a["forward_ms"] / t["forward_ms"],
                            "same_top5": [i for i, _ in a["top"]] == [i for i, _ in t["top"]]})
            rows.append(row)
    if args.json:
        print(json.dumps({"threads": args.threads, "reps": args.reps, "lengths": rows}, indent=1))
        return 0
    print(f"{'model':<12} {'tokens':>6} {'attnviz ms':>11} {'RSS MB':>7} {'kept MB':>8} "
          f"{'PyTorch ms':>11} {'RSS MB':>7} {'ratio':>6}  top-5")
    for r in rows:
        print(f"{r['model']:<12} {r['tokens']:>6} {r['attnviz_ms']:>11.0f} "
              f"{r['attnviz_rss_mb']:>7.0f} {r['kept_mb'] or 0:>8.0f} "
              + (f"{r['pytorch_ms']:>11.0f} {r['pytorch_rss_mb']:>7.0f} {r['ratio']:>6.2f}  "
                 f"{'same' if r['same_top5'] else 'DIFFERENT'}" if "pytorch_ms" in r
                 else f"{'-':>11} {'-':>7} {'-':>6}  -"))
    return 0


def compare_generation(args):
    """attnviz-cli model generate against PyTorch's KV-cache loop, and --npz's write time."""
    name = "gpt2-small"
    folder = ensure_checkpoint(args.cache, name)
    ids = token_ids(name)[:args.prompt]
    runs, written = [], []
    for _ in range(args.reps):
        stdout, stderr, rss = run_child(
            [args.cli, "model", "generate", folder, "--ids", ",".join(map(str, ids)), "--tokens",
             str(args.generate), "--timing", "--json", "-"])
        timing = json.loads([line for line in stderr.splitlines() if line.startswith("{")][-1])
        runs.append(timing["generate_ms"])
        written = json.loads(stdout)["ids"]
    npz_ms = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.reps):
            _, stderr, _ = run_child(
                [args.cli, "model", "run", folder, "--ids", ",".join(map(str, ids)), "--npz",
                 os.path.join(tmp, "run.npz"), "--timing"])
            npz_ms.append(json.loads([line for line in stderr.splitlines()
                                      if line.startswith("{")][-1])["write_ms"])
        npz_mb = os.path.getsize(os.path.join(tmp, "run.npz")) / 1e6
    row = {"model": name, "prompt": len(ids), "tokens": args.generate, "threads": args.threads,
           "attnviz_ms": statistics.median(runs), "attnviz_runs": runs,
           "npz_write_ms": statistics.median(npz_ms), "npz_mb": npz_mb}
    if not args.no_torch and have_torch(args.python):
        stdout, _, _ = run_child([args.python, os.path.abspath(__file__), "--torch-generate",
                                  folder, "--ids", ",".join(map(str, ids)), "--generate",
                                  str(args.generate), "--threads", str(args.threads), "--reps",
                                  str(args.reps)])
        t = json.loads(stdout)
        row.update({"pytorch_ms": t["generate_ms"], "pytorch_runs": t["runs"],
                    "ratio": statistics.median(runs) / t["generate_ms"],
                    "same_ids": t["ids"] == written})
    if args.json:
        print(json.dumps({"generation": row}, indent=1))
    else:
        print(f"{'model':<12} {'prompt':>6} {'tokens':>6} {'attnviz ms':>11} {'PyTorch ms':>11} "
              f"{'ratio':>6}  ids       npz write ms  npz MB")
        print(f"{name:<12} {len(ids):>6} {args.generate:>6} {row['attnviz_ms']:>11.0f} "
              + (f"{row['pytorch_ms']:>11.0f} {row['ratio']:>6.2f}  "
                 f"{'same' if row['same_ids'] else 'DIFFERENT':<9} " if "pytorch_ms" in row
                 else f"{'-':>11} {'-':>6}  {'-':<9} ")
              + f"{row['npz_write_ms']:>12.0f} {npz_mb:>7.1f}")
    ok = row.get("ratio", 0.0) <= 1.0 and row.get("same_ids", True) and row["npz_write_ms"] < 1000
    return 0 if ok else 2


def torch_circuits(d, head_dim, threads, reps):
    """PyTorch's float64 time for the circuits of a random head of width d (one JSON line)."""
    import torch
    torch.set_num_threads(threads)
    g = torch.Generator().manual_seed(7)
    wq, wk, wv = (torch.randn(d, head_dim, generator=g, dtype=torch.float64) / d ** 0.5
                  for _ in range(3))
    wo = torch.randn(head_dim, d, generator=g, dtype=torch.float64) / d ** 0.5

    def timed(f, n):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            f()
            times.append((time.perf_counter() - start) * 1000.0)
        return statistics.median(times)

    def spectra():
        ra, rb = torch.linalg.qr(wq)[1], torch.linalg.qr(wk)[1]
        torch.linalg.svdvals(ra @ rb.T)
        rv, ro = torch.linalg.qr(wv)[1], torch.linalg.qr(wo.T)[1]
        torch.linalg.svdvals(rv @ ro.T)
        torch.linalg.eigvals(wo @ wv)

    ov = wv @ wo
    print(json.dumps({
        "spectra_ms": timed(spectra, reps),
        "dense_products_ms": timed(lambda: (wq @ wk.T, wv @ wo), reps),
        "dense_svdvals_ms": timed(lambda: torch.linalg.svdvals(ov), 1),
        "dense_eigen_ms": timed(lambda: torch.linalg.eigvals(ov), 1),
        "torch": torch.__version__,
    }))


def compare_circuits(args):
    """--circuits: attnviz's and PyTorch's times for one head's circuits, side by side."""
    common = ["--circuit-d", str(args.circuit_d), "--head-dim", str(args.head_dim),
              "--reps", str(args.reps), "--threads", str(args.threads)]
    dense = ["--dense-eigen"] if args.dense_eigen else []
    stdout, _, _ = run_child([args.bench, "--json"] + dense + common)
    ours = json.loads(stdout)["circuits"]
    theirs = None
    if not args.no_torch and have_torch(args.python):
        stdout, _, _ = run_child([args.python, os.path.abspath(__file__), "--torch-circuits"]
                                 + common)
        theirs = json.loads(stdout)
    if args.json:
        print(json.dumps({"d": args.circuit_d, "head_dim": args.head_dim, "attnviz": ours,
                          "pytorch": theirs}, indent=1))
        return 0
    print(f"circuits of a head of d {args.circuit_d}, head_dim {args.head_dim} (ms)")
    print(f"{'step':<34} {'attnviz':>10} {'PyTorch':>10}")
    for key, label in (("spectra_ms", "spectra (head_dim problems)"),
                       ("dense_products_ms", "dense W_QK and W_OV"),
                       ("dense_svdvals_ms", "dense W_OV singular values"),
                       ("dense_eigen_ms", "dense W_OV eigenvalues")):
        def cell(value):
            return f"{value:>10.1f}" if value is not None else f"{'-':>10}"
        print(f"{label:<34} {cell(ours.get(key))} {cell(theirs.get(key) if theirs else None)}")
    return 0


# ---------------------------------------------------------------------------------------------
# Running both sides


def run_child(cmd, env=None):
    """(stdout, stderr, peak resident MB of the child)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if code != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {code}:\n{stderr}")
    return stdout, stderr, usage.ru_maxrss / 1024.0


def attnviz_side(cli, folder, ids, threads, reps):
    runs = []
    for _ in range(reps):
        stdout, stderr, rss = run_child(
            [cli, "model", "run", folder, "--ids", ",".join(map(str, ids)), "--top", "5",
             "--timing"])
        timing = json.loads([line for line in stderr.splitlines() if line.startswith("{")][-1])
        timing["child_rss_mb"] = rss
        runs.append(timing)
    top = []
    for line in stdout.splitlines():  # "  <id>  <probability>[  <token>]"
        parts = line.split()
        if line.startswith("  ") and len(parts) >= 2 and parts[0].isdigit():
            top.append([int(parts[0]), float(parts[1])])
    return {
        "load_ms": statistics.median(r["load_ms"] for r in runs),
        "forward_ms": statistics.median(r["forward_ms"] for r in runs),
        "forward_runs": [r["forward_ms"] for r in runs],
        "peak_rss_mb": max(r["peak_rss_mb"] for r in runs),
        "kept_mb": runs[-1].get("kept_mb"),
        "top": top,
    }


def torch_side(python, folder, name, ids, threads, reps):
    stdout, _, rss = run_child([python, os.path.abspath(__file__), "--torch-worker", folder,
                                "--model", name, "--ids", ",".join(map(str, ids)), "--threads", str(threads),
                                "--reps", str(reps)])
    result = json.loads(stdout)
    result["peak_rss_mb"] = rss
    return result


def have_torch(python):
    try:
        subprocess.run([python, "-c", "import torch, numpy"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "app", "attnviz-cli"))
    parser.add_argument("--cache", default=os.path.join(ROOT, "build", "bench-models"))
    parser.add_argument("--models", default=",".join(MODELS))
    # attnviz-cli uses every core of the machine; PyTorch is given as many.
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--python", default=sys.executable,
                        help="the python3 with torch for the PyTorch side")
    parser.add_argument("--no-torch", action="store_true", help="attnviz's figures only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--circuits", action="store_true",
                        help="time one head's circuits instead of the forward pass")
    parser.add_argument("--bench", default=os.path.join(ROOT, "build", "bench", "bench_model"))
    parser.add_argument("--circuit-d", type=int, default=2048)
    parser.add_argument("--head-dim", type=int, default=64)
    parser.add_argument("--dense-eigen", action="store_true",
                        help="also Eigen's eigendecomposition of the dense W_OV (minutes)")
    parser.add_argument("--generate", type=int, metavar="N",
                        help="time GPT-2 small writing N tokens (greedy, KV cache) against "
                             "PyTorch's loop, and --npz's write time")
    parser.add_argument("--prompt", type=int, default=128,
                        help="the prompt's tokens for --generate (default 128)")
    parser.add_argument("--lengths", metavar="N,N",
                        help="time model run at each length (e.g. 1024,2048,4096; compact past "
                             "the cap) against PyTorch's plain forward pass")
    parser.add_argument("--plain", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--torch-worker", metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--torch-generate", metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--write-checkpoint", metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument("--torch-circuits", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--ids", help=argparse.SUPPRESS)
    parser.add_argument("--model", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.torch_circuits:
        torch_circuits(args.circuit_d, args.head_dim, args.threads, args.reps)
        return 0
    if args.circuits:
        return compare_circuits(args)
    if args.write_checkpoint:
        write_checkpoint(model_path(args.cache, args.write_checkpoint), args.write_checkpoint)
        return 0
    if args.torch_generate:
        torch_generate(args.torch_generate, [int(i) for i in args.ids.split(",")], args.generate,
                       args.threads, args.reps)
        return 0
    if args.generate:
        return compare_generation(args)
    if args.lengths:
        return compare_lengths(args)
    if args.torch_worker:
        torch_worker(args.torch_worker, args.model, [int(i) for i in args.ids.split(",")], args.threads,
                     args.reps, keep=not args.plain)
        return 0

    try:
        import numpy  # noqa: F401  (the checkpoints are written with numpy)
    except ImportError:
        print("compare_pytorch_model.py: needs numpy to write the checkpoints (try /usr/bin/python3)",
              file=sys.stderr)
        return 1
    torch_ok = not args.no_torch and have_torch(args.python)
    if not torch_ok and not args.no_torch:
        print(f"compare_pytorch_model.py: no torch in {args.python}; attnviz's figures only "
              "(Debian: apt-get install python3-torch)", file=sys.stderr)

    results = []
    for name in args.models.split(","):
        config, dtype, tokens, (ratio_target, rss_target) = MODELS[name]
        folder = ensure_checkpoint(args.cache, name)
        ids = token_ids(name)
        print(f"==> {name}: attnviz, {tokens} tokens, {args.threads} threads", file=sys.stderr)
        weights = folder if is_gguf(name) else os.path.join(folder, "model.safetensors")
        file_gb = os.path.getsize(weights) / 1e9
        if rss_target is None:  # a GGUF file: its size + 0.4 GB
            rss_target = file_gb * 1000.0 + 400.0
        row = {"model": name, "dtype": dtype, "tokens": tokens, "threads": args.threads,
               "file_gb": file_gb,
               "attnviz": attnviz_side(args.cli, folder, ids, args.threads, args.reps),
               "target_ratio": ratio_target, "target_rss_mb": rss_target}
        if is_gguf(name):
            row["target_open_ms"] = 1000.0
        if torch_ok:
            print(f"==> {name}: PyTorch float64", file=sys.stderr)
            row["pytorch"] = torch_side(args.python, folder, name, ids, args.threads, args.reps)
            row["ratio"] = row["attnviz"]["forward_ms"] / row["pytorch"]["forward_ms"]
            a, t = row["attnviz"]["top"], row["pytorch"]["top"]
            row["same_top5"] = ([i for i, _ in a] == [i for i, _ in t]
                                and all(abs(x[1] - y[1]) < 1e-4 for x, y in zip(a, t)))
        row["meets_targets"] = (row["attnviz"]["peak_rss_mb"] <= rss_target
                                and row.get("ratio", 0.0) <= ratio_target
                                and row.get("same_top5", True)
                                and row["attnviz"]["load_ms"] <= row.get("target_open_ms", 1e30))
        results.append(row)

    if args.json:
        print(json.dumps({"threads": args.threads, "reps": args.reps, "models": results},
                         indent=1))
        return 0
    print(f"{'model':<18} {'tokens':>6} {'open ms':>8} {'attnviz ms':>11} {'RSS MB':>7} "
          f"{'PyTorch ms':>11} {'RSS MB':>7} {'ratio':>6} {'target':>6}  top-5")
    for r in results:
        a, t = r["attnviz"], r.get("pytorch")
        print(f"{r['model']:<18} {r['tokens']:>6} {a['load_ms']:>8.0f} {a['forward_ms']:>11.0f} "
              f"{a['peak_rss_mb']:>7.0f} "
              + (f"{t['forward_ms']:>11.0f} {t['peak_rss_mb']:>7.0f} {r['ratio']:>6.2f} "
                 f"{r['target_ratio']:>6.1f}  {'same' if r['same_top5'] else 'DIFFERENT'}"
                 if t else f"{'-':>11} {'-':>7} {'-':>6} {r['target_ratio']:>6.1f}  -"))
    return 0 if all(r["meets_targets"] for r in results) else 2


if __name__ == "__main__":
    sys.exit(main())
