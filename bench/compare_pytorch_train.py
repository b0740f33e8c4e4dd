#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Training throughput of attnviz (build/bench/bench_train) beside PyTorch float64 for the same
GPT-2, batch, sequence length and threads, in the same run.

Each step on both sides is the same work: a batch forward of a GPT-2 (pre-LN LayerNorm, learned
positions, fused c_attn, causal softmax attention, gelu_new MLP unless attention-only, the LM head
tied to the token embeddings), the mean next-token cross-entropy, its gradient of every tensor,
and one Adam step. PyTorch runs a plain float64 module (autograd, torch.optim.Adam) in a child
process per thread count, so torch.set_num_threads applies before any work. Tokens per second are
batch × sequence / the median time of a step (3 untimed steps first).

  induction  2 layers, 4 heads, d 64, attention-only, vocab 257, batch 16 × 32 (model train
             --task induction's defaults)
  small      4 layers, 4 heads, d 128, MLP 512, vocab 512, batch 16 × 64
  medium     6 layers, 8 heads, d 256, MLP 1024, vocab 2048, batch 8 × 128

Usage: bench/compare_pytorch_train.py [--bench build/bench/bench_train] [--configs a,b]
                                      [--threads 1,2] [--steps 10] [--reps 3] [--json]
  (also --torch-worker JSON, used internally)
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CONFIGS = {
    "induction": dict(layers=2, heads=4, d_model=64, vocab=257, sequence=32, batch=16,
                      attention_only=True),
    "small": dict(layers=4, heads=4, d_model=128, vocab=512, sequence=64, batch=16,
                  attention_only=False),
    "medium": dict(layers=6, heads=8, d_model=256, vocab=2048, sequence=128, batch=8,
                   attention_only=False),
}


def torch_worker(spec):
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(spec["threads"])
    torch.manual_seed(0)
    L, H, D, V = spec["layers"], spec["heads"], spec["d_model"], spec["vocab"]
    T, B = spec["sequence"], spec["batch"]
    attention_only = spec["attention_only"]
    dt = torch.float64

    def param(*shape, std=0.02, value=None):
        t = torch.full(shape, value, dtype=dt) if value is not None else torch.randn(*shape, dtype=dt) * std
        return torch.nn.Parameter(t)

    wte, wpe = param(V, D), param(T, D)
    layers = []
    for _ in range(L):
        layer = dict(ln1w=param(D, value=1.0), ln1b=param(D, value=0.0), attn_w=param(D, 3 * D),
                     attn_b=param(3 * D, value=0.0), proj_w=param(D, D), proj_b=param(D, value=0.0))
        if not attention_only:
            layer.update(ln2w=param(D, value=1.0), ln2b=param(D, value=0.0), fc_w=param(D, 4 * D),
                         fc_b=param(4 * D, value=0.0), fc2_w=param(4 * D, D), fc2_b=param(D, value=0.0))
        layers.append(layer)
    lnfw, lnfb = param(D, value=1.0), param(D, value=0.0)
    params = [wte, wpe, lnfw, lnfb] + [p for layer in layers for p in layer.values()]
    optimizer = torch.optim.Adam(params, lr=1e-3)
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    generator = torch.Generator().manual_seed(1)

    def step():
        ids = torch.randint(0, V, (B, T), generator=generator)
        h = wte[ids] + wpe[:T]
        for layer in layers:
            x = F.layer_norm(h, (D,), layer["ln1w"], layer["ln1b"], 1e-5)
            q, k, v = (x @ layer["attn_w"] + layer["attn_b"]).split(D, dim=2)
            q, k, v = (t.view(B, T, H, D // H).transpose(1, 2) for t in (q, k, v))
            scores = (q @ k.transpose(-2, -1)) / (D // H) ** 0.5
            weights = scores.masked_fill(mask, float("-inf")).softmax(dim=-1)
            o = (weights @ v).transpose(1, 2).reshape(B, T, D)
            h = h + o @ layer["proj_w"] + layer["proj_b"]
            if not attention_only:
                m = F.layer_norm(h, (D,), layer["ln2w"], layer["ln2b"], 1e-5)
                a = F.gelu(m @ layer["fc_w"] + layer["fc_b"], approximate="tanh")
                h = h + a @ layer["fc2_w"] + layer["fc2_b"]
        logits = F.layer_norm(h, (D,), lnfw, lnfb, 1e-5) @ wte.T
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, V), ids[:, 1:].reshape(-1))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()

    for _ in range(3):
        step()
    times = []
    for _ in range(spec["reps"]):
        start = time.perf_counter()
        for _ in range(spec["steps"]):
            step()
        times.append((time.perf_counter() - start) / spec["steps"])
    ms = statistics.median(times) * 1e3
    print(json.dumps({"step_ms": ms, "tokens_per_s": B * T / ms * 1e3}))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", default=os.path.join(ROOT, "build", "bench", "bench_train"))
    parser.add_argument("--configs", default="induction,small,medium")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--torch-worker")
    args = parser.parse_args()
    if args.torch_worker:
        torch_worker(json.loads(args.torch_worker))
        return
    try:
        import torch  # noqa: F401
        have_torch = True
    except ImportError:
        have_torch = False
    results = []
    for name in args.configs.split(","):
        c = CONFIGS[name]
        command = [args.bench, "--layers", str(c["layers"]), "--heads", str(c["heads"]),
                   "--d-model", str(c["d_model"]), "--vocab", str(c["vocab"]),
                   "--sequence", str(c["sequence"]), "--batch", str(c["batch"]),
                   "--steps", str(args.steps), "--reps", str(args.reps),
                   "--threads", args.threads, "--json"]
        if c["attention_only"]:
            command.append("--attention-only")
        ours = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        for row in ours["rows"]:
            result = dict(config=name, threads=row["threads"], attnviz_tokens_per_s=row["tokens_per_s"],
                          attnviz_step_ms=row["step_ms"])
            if have_torch:
                spec = dict(c, threads=row["threads"], steps=args.steps, reps=args.reps)
                out = subprocess.run([sys.executable, __file__, "--torch-worker", json.dumps(spec)],
                                     check=True, capture_output=True, text=True).stdout
                theirs = json.loads(out)
                result.update(pytorch_tokens_per_s=theirs["tokens_per_s"],
                              pytorch_step_ms=theirs["step_ms"],
                              ratio=theirs["tokens_per_s"] / row["tokens_per_s"])
            results.append(result)
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"{'config':<10} {'threads':>7} {'attnviz tok/s':>14} {'PyTorch f64 tok/s':>18} {'PyTorch/attnviz':>16}")
    for r in results:
        theirs = f"{r['pytorch_tokens_per_s']:18.0f} {r['ratio']:16.2f}" if "ratio" in r else f"{'-':>18} {'-':>16}"
        print(f"{r['config']:<10} {r['threads']:>7} {r['attnviz_tokens_per_s']:14.0f} {theirs}")


if __name__ == "__main__":
    main()
