#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the forward pass of bench_attention in PyTorch (float64 and float32) on the same
number of threads and prints the ratios beside attnviz's figures.

Optional: needs a python3 with torch (Debian: apt-get install python3-torch; run it with
/usr/bin/python3). attnviz's figures come from `bench_attention --json`.

Usage: bench/compare_pytorch.py [--bench build-rel/bench/bench_attention] [--threads N]
                                [--quick]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def pytorch_forward_ms(torch, n, p, d, heads, dtype, reps):
    """Median ms of X→Q,K,V→softmax(QKᵀ/√d)·V per head, every intermediate materialized
    (as attnviz's result offers them), seeded random inputs of the same distribution."""
    gen = torch.Generator().manual_seed(42)
    x = torch.randn(n, p, generator=gen, dtype=dtype)
    ws = [[torch.randn(p, d, generator=gen, dtype=dtype) / p ** 0.5 for _ in range(3)]
          for _ in range(heads)]
    scale = 1.0 / d ** 0.5

    def forward():
        outs = []
        for wq, wk, wv in ws:
            q, k, v = x @ wq, x @ wk, x @ wv
            weights = torch.softmax((q @ k.T) * scale, dim=-1)
            outs.append(weights @ v)
        return torch.cat(outs, dim=1) if len(outs) > 1 else outs[0]

    with torch.no_grad():
        forward()  # warm-up: allocator, thread pool
        times = []
        for _ in range(reps):
            start = time.perf_counter()
            forward()
            times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default=os.path.join(here, "..", "build-rel", "bench",
                                                        "bench_attention"))
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        print("compare_pytorch.py: no torch in this python (try /usr/bin/python3 with "
              "Debian's python3-torch)", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    cmd = [args.bench, "--json", "--threads", str(args.threads)] + (["--quick"] if args.quick
                                                                     else [])

    def bench(extra=()):
        return json.loads(subprocess.run(cmd + list(extra), check=True, capture_output=True,
                                         text=True).stdout)

    ours = bench()
    peak = ours.get("peak_gflops", 0.0)
    print(f"PyTorch {torch.__version__} vs attnviz, forward pass, {args.threads} thread(s), "
          f"median ms; ratio = PyTorch / attnviz (> 1: attnviz faster)")
    # The floor: the forward pass's multiply-adds at this machine's double-precision FMA peak
    # (bench_attention measures it), the least any double-precision implementation can take.
    print(f"double-precision FMA peak on {args.threads} thread(s): {peak:.1f} GFLOP/s; "
          f"'f64 floor' = the products at that peak")
    print(f"{'n':>6} {'p':>5} {'d':>4} {'heads':>5} {'attnviz f64':>12} {'torch f64':>10} "
          f"{'ratio':>6} {'torch f32':>10} {'ratio':>6} {'f64 floor':>10} {'attnviz edit':>13}")
    for row in ours["rows"]:
        n, p, d, heads = row["n"], row["p"], row["d"], row["heads"]
        reps = 3 if args.quick else (7 if n * heads >= 4096 else 15)
        f64 = pytorch_forward_ms(torch, n, p, d, heads, torch.float64, reps)
        f32 = pytorch_forward_ms(torch, n, p, d, heads, torch.float32, reps)
        # attnviz timed again right after PyTorch, so that both sides of a ratio see the same
        # moment of a shared machine (its speed drifts by a quarter within a minute on a VM);
        # the first run gave the sizes and the edit figures.
        ms = row["forward_ms"]
        if not args.quick:
            again = bench(["--n", str(n), "--heads", str(heads)])["rows"]
            ms = again[0]["forward_ms"] if again else ms
        floor = row.get("gflops", 0.0) * row["forward_ms"] / peak if peak > 0 else 0.0
        print(f"{n:>6} {p:>5} {d:>4} {heads:>5} {ms:>12.2f} {f64:>10.2f} {f64 / ms:>6.2f} "
              f"{f32:>10.2f} {f32 / ms:>6.2f} {floor:>10.2f} {row['edit_ms']:>13.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
