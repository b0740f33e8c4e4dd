#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs attnviz's benchmarks and writes docs/performance.md from their figures.

Every figure of the page comes from this run: bench_attention, bench_gui (offscreen) and
bench_save with --json, and bench/compare_pytorch.py when a python3 with torch is found; in the
full runs also bench_model and bench/compare_pytorch_model.py on random checkpoints of GPT-2
small's and a 1.1 B Llama's shapes (written once into BUILD/bench-models/, 2.7 GB; numpy needed).
Nothing is pasted by hand; the explanations are this script's template.

Usage: python3 bench/make_performance_md.py --build build [--quick] [--out docs/performance.md]
  --build DIR   the build directory that holds bench/bench_attention, bench/bench_gui,
                bench/bench_save (default: build)
  --quick       the benchmarks' CI smoke runs: fewer sizes and repetitions
  --out PATH    where to write the page (default: docs/performance.md; - for standard output)
  --python P    a python3 to try for PyTorch (default: this one, then /usr/bin/python3)
"""

import argparse
import glob
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The figures the project holds itself to; each is checked against this run's figures below.
EDIT_SPEEDUP_TARGET = 50.0  # a one-cell edit at least 50x faster than a forward pass
FORWARD_4096_TARGET_MS = 100.0
PYTORCH_F32_RATIO_TARGET = 2.0
SCREEN_TARGETS = [  # (n, heads, ms): an edit of X reaches the screen within one or two frames
    (1024, 1, 16.7),
    (4096, 1, 33.0),
    (1024, 4, 33.0),
]
SCREEN_SCALING_TARGET = 3.0  # n = 4096 within 3x of n = 64, edit to screen, one head
MEMORY_TARGET_MB = 1200.0
# Whole models (compare_pytorch_model.py's own targets): time ÷ PyTorch float64's, peak RSS.
# The GGUF files' RSS target is their size + 0.4 GB (None here), and they open in under 1 s.
MODEL_TARGETS = {"gpt2-small": (1.0, 800.0), "llama-1.1b": (1.2, 3000.0),
                 "llama3.2-1b": (1.0, 1500.0), "gemma3-1b": (1.0, 1500.0),
                 "llama-1.1b-q4_k_m": (1.0, None), "llama-1.1b-q8_0": (1.0, None),
                 "gpt2-small-q8_0": (1.0, None)}
MODEL_NAMES = {"gpt2-small": "GPT-2 small", "llama-1.1b": "Llama 1.1 B",
               "llama3.2-1b": "Llama-3.2-1B", "gemma3-1b": "Gemma-3-1B",
               "llama-1.1b-q4_k_m": "Llama 1.1 B, GGUF Q4_K_M",
               "llama-1.1b-q8_0": "Llama 1.1 B, GGUF Q8_0",
               "gpt2-small-q8_0": "GPT-2 small, GGUF Q8_0"}
OPEN_TARGET_MS = 1000.0


# ---------------------------------------------------------------------------------------------
# Running the benchmarks


def run(cmd, env=None):
    """Runs cmd; returns (stdout, stderr lines, wall seconds, peak resident MB of the child)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, env=env)
        out = proc.stdout.read()
        proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        errors = err.read().decode("utf-8", "replace").splitlines()
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}:\n" + "\n".join(errors))
    return out.decode("utf-8"), errors, seconds, usage.ru_maxrss / 1024.0


def notable(errors):
    """The lines of a benchmark's standard error worth showing (not Qt's platform chatter)."""
    quiet = ("QStandardPaths", "qt.", "This plugin does not support")
    return [line for line in errors if line.strip() and not line.startswith(quiet)]


def bench_json(binary, args, env=None):
    print(f"==> {' '.join([binary] + args)}", file=sys.stderr)
    out, errors, seconds, rss = run([binary] + args, env)
    for line in errors:
        print(f"    {line}", file=sys.stderr)
    data = json.loads(out)
    data["_seconds"], data["_rss_mb"], data["_notes"] = seconds, rss, notable(errors)
    print(f"    {seconds:.0f} s", file=sys.stderr)
    return data


def find_torch_python(candidates):
    for python in candidates:
        if not python or not os.path.exists(python):
            continue
        probe = subprocess.run([python, "-c", "import torch; print(torch.__version__)"],
                               capture_output=True, text=True)
        if probe.returncode == 0:
            return python, probe.stdout.strip()
    return None, None


ROW = re.compile(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)" + r"\s+([-+0-9.einf]+)" * 7 + r"\s*$")


def pytorch_rows(python, bench, threads, quick):
    """compare_pytorch.py's table: attnviz f64, torch f64, ratio, torch f32, ratio, f64 floor;
    and, when it printed none, its last line."""
    cmd = [python, os.path.join(HERE, "compare_pytorch.py"), "--bench", bench, "--threads",
           str(threads)] + (["--quick"] if quick else [])
    print(f"==> {' '.join(cmd)}", file=sys.stderr)
    out, errors, seconds, _ = run(cmd)
    print(f"    {seconds:.0f} s", file=sys.stderr)
    rows = []
    for line in out.splitlines():
        m = ROW.match(line)
        if m:
            n, p, d, heads = (int(m.group(i)) for i in range(1, 5))
            ours, f64, r64, f32, r32, floor, edit = (float(m.group(i)) for i in range(5, 12))
            rows.append({"n": n, "p": p, "d": d, "heads": heads, "ours": ours, "f64": f64,
                         "r64": r64, "f32": f32, "r32": r32, "floor": floor})
    # Without rows, the last line it printed says why.
    return rows, "" if rows else (out.strip().splitlines() or [""])[-1]


def model_figures(build, python, torch_python):
    """bench_model's CPU times by thread count and compare_pytorch_model.py's table (JSON)."""
    cmd = [python, os.path.join(HERE, "compare_pytorch_model.py"), "--json",
           "--cli", os.path.join(build, "app", "attnviz-cli"),
           "--cache", os.path.join(build, "bench-models")]
    cmd += ["--python", torch_python] if torch_python else ["--no-torch"]
    print(f"==> {' '.join(cmd)}", file=sys.stderr)
    out, errors, seconds, _ = run(cmd)
    print(f"    {seconds:.0f} s", file=sys.stderr)
    compared = json.loads(out)
    threads = sorted({1, compared["threads"]})
    for row in compared["models"]:
        folder = os.path.join(build, "bench-models", row["model"])
        if os.path.exists(folder + ".gguf"):
            folder += ".gguf"
        row["bench_model"] = bench_json(os.path.join(build, "bench", "bench_model"),
                                        [folder, "--tokens", str(row["tokens"]), "--threads",
                                         ",".join(map(str, threads)), "--json"])
    return compared


# ---------------------------------------------------------------------------------------------
# The machine


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def machine():
    cpuinfo = read("/proc/cpuinfo")
    model = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.M)
    flags = re.search(r"^flags\s*:\s*(.+)$", cpuinfo, re.M)
    flags = set(flags.group(1).split()) if flags else set()
    cores = {(m.group(1), m.group(2)) for m in re.finditer(
        r"^physical id\s*:\s*(\d+)$.*?^core id\s*:\s*(\d+)$", cpuinfo, re.M | re.S)}
    mem = re.search(r"^MemTotal:\s*(\d+) kB", read("/proc/meminfo"), re.M)
    vector = ("AVX-512 (attnviz's block kernels use it)" if "avx512f" in flags
              else "AVX2 + FMA, no AVX-512 (attnviz uses OpenBLAS and Eigen)"
              if {"avx2", "fma"} <= flags else "no AVX2 (attnviz uses OpenBLAS and Eigen)")
    cache = read(os.path.join(args.build, "CMakeCache.txt"))
    release = re.search(r'^PRETTY_NAME="?([^"\n]*)"?$', read("/etc/os-release"), re.M)
    distribution = release.group(1) if release else ""

    def cached(name):
        m = re.search(rf"^{name}:[A-Z]+=(.*)$", cache, re.M)
        return m.group(1) if m else ""

    compiler = ""
    for path in sorted(glob.glob(os.path.join(args.build, "CMakeFiles", "*",
                                              "CMakeCXXCompiler.cmake"))):
        text = read(path)
        cid = re.search(r'set\(CMAKE_CXX_COMPILER_ID "([^"]*)"\)', text)
        ver = re.search(r'set\(CMAKE_CXX_COMPILER_VERSION "([^"]*)"\)', text)
        compiler = " ".join(x.group(1) for x in (cid, ver) if x)
    return {
        "cpu": model.group(1).strip() if model else platform.processor() or "unknown CPU",
        "logical": os.cpu_count() or 0,
        "physical": len(cores),
        "vector": vector,
        "virtual": "hypervisor" in flags,
        "memory_gb": int(mem.group(1)) / 1024 / 1024 if mem else 0.0,
        "system": f"{distribution}, {platform.system()} {platform.release()}"
        if distribution else f"{platform.system()} {platform.release()}",
        "build_type": cached("CMAKE_BUILD_TYPE") or "unknown",
        "native": cached("ATTNVIZ_NATIVE").upper() in ("ON", "1", "TRUE", "YES"),
        "compiler": compiler or "unknown compiler",
    }


# ---------------------------------------------------------------------------------------------
# The page


def fmt(x, digits=None):
    if x is None:
        return "–"
    if digits is None:
        digits = 0 if x >= 100 else 1 if x >= 10 else 2 if x >= 1 else 3
    return f"{x:.{digits}f}"


def wrap(text):
    return textwrap.fill(text, width=99, break_long_words=False, break_on_hyphens=False)


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def find(rows, n, heads):
    return next((r for r in rows if r["n"] == n and r["heads"] == heads), None)


def notes_of(data):
    if not data or not data["_notes"]:
        return ""
    return ("\nThe benchmark also printed:\n\n" + "\n".join(f"    {l}" for l in data["_notes"])
            + "\n")


TEMPLATE = """\
# Performance

<!-- Generated by bench/make_performance_md.py from one run of the benchmarks: do not edit by
     hand. Change the text in the script's template, then regenerate the page. -->

These are the figures of one run of attnviz's benchmarks on the machine below, written by
`bench/make_performance_md.py`. Regenerate them from a build (`scripts/dev.sh build`) with

```sh
python3 bench/make_performance_md.py --build build            # the full runs
python3 bench/make_performance_md.py --build build --quick    # the benchmarks' smoke runs
```

{run_kind}

All sizes use p = 768 features and heads of d = 64 (self-attention, scaled, double precision,
the row layout). Times are medians in milliseconds. Timings on a shared or virtual machine vary
from run to run (the load average is given below); CPU times, where shown, vary much less.

## The machine

| | |
|---|---|
| CPU | {cpu} |
| Cores | {cores} |
| Vector extensions | {vector} |
| Memory | {memory} |
| System | {system} |
| Build | {build} |
| Load average (1 min) | {load} |

## Forward pass and one-cell edit

`bench_attention` times the forward pass (`attn::compute`: every head's Q, K, V, softmax and
output, and with several heads their concatenation) and a one-cell edit of X
(`attn::updateTokens`, what the window computes after an edit: the edited token's rows, one
changed logit per query and its softmax statistics, and the output rows), timed in steady
typing after 1,000 untimed edits. It first measures this machine's double-precision FMA peak
on the same threads ({peak} on {threads}: multiply-adds in registers, no memory
traffic, `bench/FmaPeak.h`), the ceiling no double-precision product can pass.

- *forward*: wall time of one forward pass; *CPU*: the CPU time of all its threads.
- *GFLOP/s*: the pass's matrix products (projections, Q·Kᵀ, weights·V) per second of wall
  time, and that as a share of the FMA peak.
- *edit*: the median edit; *edit mean*: the mean, which also spreads the edits that recompute a
  block of rows whose rounding-error bound came due.
- *speed-up*: forward ÷ edit, how much cheaper an edit is than computing everything again.

{attention_table}
{attention_notes}
## Edit to screen

`bench_gui` (run with `QT_QPA_PLATFORM=offscreen`) times what a user waits for: a cell edit of
X typed into the real window (1600 × 1000, the default heatmaps visible) until every visible
heatmap has painted the new values. The parts, medians of each (so they need not add up to the
median total):

- *edit*: `Document::setCell` returning (the edit validated, its undo step pushed);
- *compute*: the Recomputer's incremental update, on its worker thread for large sizes;
- *draw*: the stages view handing the result to its heatmaps (titles, labels, colour ranges);
- *paint*: from then until the last visible heatmap has painted.

{gui_table}
{gui_notes}
## Saving

`bench_save` times formatting a session as the autosave does (`Autosaver::recoveryBytes`, on
its worker thread; *CPU* is the CPU time of all threads), a File › Save (formatting the JSON
and writing it atomically) and reading the saved file back. The window does all three off its
GUI thread.

{save_table}
{save_notes}
## Against PyTorch

{pytorch}

## Whole models

{models}

## Targets

What attnviz is held to, checked against the figures above. The GUI thread's longest stall at
4096 tokens (opening, growing to 4096 tokens, saving, showing each panel) is held to 50 ms by
the test `test_responsiveness`, which runs with the test suite rather than here.

{targets_table}

## Running one benchmark

```sh
build/bench/bench_attention [--quick] [--json] [--threads N] [--n N] [--heads H]
QT_QPA_PLATFORM=offscreen build/bench/bench_gui [--quick] [--json] [--columns] [--n N] [--heads H] [--reps R]
build/bench/bench_save [--quick] [--json] [--n N] [--heads H]
/usr/bin/python3 bench/compare_pytorch.py --bench build/bench/bench_attention --threads 2
/usr/bin/python3 bench/compare_pytorch_model.py [--models gpt2-small,llama-1.1b,llama3.2-1b,gemma3-1b,llama-1.1b-q4_k_m,llama-1.1b-q8_0,gpt2-small-q8_0] [--json]
build/bench/bench_model build/bench-models/gpt2-small [--tokens N] [--threads 1,2] [--json]
```

Without `--json` each prints a table. `--n` and `--heads` keep one size (for a profiler such as
`perf record`), `bench_gui --reps R` times R edits, `--columns` the column layout.
`compare_pytorch.py` needs a python3 with torch (Debian: `apt-get install python3-torch`).
Binaries are portable by default (SSE2 baseline; the AVX-512 kernels are chosen at run time);
`ATTNVIZ_NATIVE=1 scripts/dev.sh build` builds for this CPU only.

## What the figures rest on

- The n × m stages (scores, logits, weights) are never stored: a result holds Q, K, V, the
  outputs and, per query, the softmax's maximum and sum, and derives a stage, a row or a cell
  on demand (`HeadResult::scores()`, `logits()`, `weights()` in `core/AttentionResult.h`).
- The forward pass runs on attnviz's own block kernels (`core/BlockKernels`, with a vectorized
  exponential in `core/VectorExp`; AVX-512 chosen at run time, OpenBLAS and Eigen otherwise),
  over blocks of queries shared among the cores as they finish (`core/Parallel`).
- A cell edit of X or of the context updates the previous result in O(n·(p + d))
  (`core/IncrementalAttention`): the edited token's rows, one changed logit per query, its
  softmax statistics and output row. Each row carries a bound on the rounding error the updates
  added; a row whose bound passes 5·10⁻¹³ is recomputed whole, so the result stays within 10⁻¹²
  of a full computation after any number of edits (the core's tests check 1,000-edit
  sequences against full computations).
- Heatmaps cost pixels, not cells: the scores, logits and weights heatmaps draw the cells in
  view from Q, K and the softmax statistics when few are in view, and otherwise from a table of
  per-query block extrema (`core/StageExtrema`) built on a worker and kept in step with edits;
  where a pixel covers several cells it shows their largest (or, for signed stages, the value
  farthest from 0), and the colour bar says so.
- Work that could hold the GUI thread runs on attnviz's own thread pool (`core/WorkerPool`):
  computing large sizes, colouring the largest heatmaps, opening and saving files, large
  resizes, the insight panels' n × m work.
- Large blocks stay in the heap (`attn::keepLargeAllocationsInHeap`, `core/Allocator`), so a
  fresh n × d matrix is not mapped and page-faulted anew on every edit; the heap's first 512 MiB
  are transparent huge pages (on a virtual machine a 4 KB page first written cost ~15 µs: a
  quarter of a GPT-2 run's CPU time before).
- A whole model's run (`core/transformer/LayerPass.cpp`) never holds a weight matrix in double: it
  widens a panel at a time (`core/checkpoint/WidenValues`: AVX-512 or AVX2 chosen at run time),
  reading large blocks of rows from the file with `pread` rather than through the mapping, and
  multiplies each panel as it was widened by its own AVX-512 kernels
  (`core/transformer/PanelProduct`; OpenBLAS elsewhere), over output blocks of fixed widths, so
  a run is the same bits on any number of threads.
"""


def models_section(results, quick):
    compared = results.get("models")
    if quick:
        return wrap("Skipped in the quick runs: the comparison writes 2.7 GB of checkpoints "
                    "once and takes minutes. Run without `--quick`.")
    if not compared:
        return wrap("Not measured in this run: " + results.get("models_why", "no figures") + ".")
    rows = compared["models"]
    torch = any("pytorch" in r for r in rows)
    text = wrap(
        "`bench/compare_pytorch_model.py` writes random checkpoints (seeded; config.json and "
        "model.safetensors in the Hugging Face layout) of GPT-2 small's shape (12 layers, "
        "d 768, 12 heads, vocabulary 50257, F32, 0.5 GB) and of a 1.1 B Llama's (TinyLlama: "
        "22 layers, d 2048, 32 heads sharing 4 key/value heads, MLP 5632, vocabulary 32000, "
        "BF16, 2.2 GB), then times `attnviz-cli model run DIR --ids … --timing` (a fresh "
        "process per run: every layer, every head's weights kept, the logits of every position) "
        + ("and, in the same run on the same threads, a plain float64 PyTorch forward pass of "
           "the same file (every head's weights kept too; the weights read into float64 "
           "before the clock starts). Both sides' top-5 next tokens are compared (below 1 "
           "in *attnviz ÷ PyTorch*: attnviz is faster). "
           if torch else "(PyTorch was not available: attnviz's figures only). ")
        + f"Medians of {compared['reps']} runs on {compared['threads']} threads; memory is "
        "the process's peak resident set. The GGUF rows are files of the same shapes in "
        "llama.cpp's layout with random valid blocks (`bench/gguf_files.py`); PyTorch runs on "
        "their blocks dequantized to float64 as ggml dequantizes them.") + "\n\n"
    header = ["model", "tokens", "attnviz", "peak RSS"]
    if torch:
        header += ["PyTorch f64", "peak RSS", "attnviz ÷ PyTorch", "top-5"]
    lines = []
    for r in rows:
        a = r["attnviz"]
        line = [MODEL_NAMES.get(r["model"], r["model"]), r["tokens"],
                f"{fmt(a['forward_ms'])} ms", f"{a['peak_rss_mb']:.0f} MB"]
        if torch:
            t = r.get("pytorch")
            line += [f"{fmt(t['forward_ms'])} ms", f"{t['peak_rss_mb']:.0f} MB",
                     f"{r['ratio']:.2f}", "same" if r["same_top5"] else "**different**"] \
                if t else ["–"] * 4
        lines.append(line)
    text += table(header, lines)
    bench = [r for r in rows if r.get("bench_model")]
    if bench:
        text += "\n\n" + wrap(
            "`bench_model` times the same runs inside one process (`attn::runModel`, the "
            "previous run dropped first, so its memory is reused as in a session; the first "
            "run untimed), with the CPU time of all threads, which a loaded machine inflates "
            "far less than the wall clock, and checks that every thread count gives the same "
            "bits:") + "\n\n"
        brows = []
        for r in bench:
            b = r["bench_model"]
            for t in b["rows"]:
                brows.append([MODEL_NAMES.get(r["model"], r["model"]), t["threads"],
                              f"{fmt(t['forward_ms'])} ms", f"{fmt(t['forward_cpu_ms'])} ms",
                              "yes" if b["bit_identical"] else "**no**"])
        text += table(["model", "threads", "forward", "CPU", "same bits"], brows)
    return text


def build_page(m, results, quick, torch_info):
    att, gui, save = results.get("attention"), results.get("gui"), results.get("save")
    loads = results["loads"]

    cores = f"{m['logical']} logical"
    if m["physical"]:
        cores = f"{m['physical']} physical, {m['logical']} logical"
    if m["virtual"]:
        cores += " (a virtual machine)"
    build = f"{m['build_type']}, {m['compiler']}, " + (
        "-march=native (ATTNVIZ_NATIVE)" if m["native"] else "portable (no -march=native)")
    total = results["seconds"]
    load = (f"{loads[0]:.2f} before the run (other work), {loads[1]:.2f} after (the benchmarks "
            "included)")
    busy = loads[0] >= 0.5 * max(m["logical"], 1)
    if busy:
        load += (f" — **the machine was busy** (a load of {loads[0]:.1f} on {m['logical']} "
                 "cores as the run started), so the benchmarks shared the cores with other work "
                 "and wall-clock times are inflated; CPU times are less affected")
    took = f"{total:.0f} seconds" if total < 120 else f"{total / 60:.0f} minutes"
    run_kind = wrap(f"This page comes from the **quick** smoke runs (`--quick`): a few small "
                    f"sizes, few repetitions, edits timed right after a forward pass rather than "
                    f"in steady typing, so the figures are rough and the n = 4096 rows are "
                    f"missing. The run took {took}." if quick else
                    f"This page comes from the full runs, which took {took}.")

    attention_table = "bench_attention was not found in the build."
    peak = threads = "–"
    if att:
        peak = f"{att['peak_gflops']:.0f} GFLOP/s"
        threads = f"{att['threads']} thread" + ("s" if att["threads"] != 1 else "")
        rows = []
        for r in att["rows"]:
            share = 100 * r["gflops"] / att["peak_gflops"] if att["peak_gflops"] > 0 else 0
            rows.append([r["n"], r["heads"], fmt(r["forward_ms"]), fmt(r["forward_cpu_ms"]),
                         f"{r['gflops']:.0f} ({share:.0f}%)", fmt(r["edit_ms"]),
                         fmt(r["edit_mean_ms"]), f"{r['forward_ms'] / r['edit_ms']:.0f}×"])
        attention_table = table(["n", "heads", "forward", "CPU", "GFLOP/s (of peak)", "edit",
                                 "edit mean", "speed-up"], rows)

    gui_table = ("bench_gui was not built (the build has no GUI: `ATTNVIZ_BUILD_GUI=OFF`).")
    if gui:
        gui_table = table(["n", "heads", "total", "edit", "compute", "draw", "paint"], [
            [r["n"], r["heads"], fmt(r["total_ms"]), fmt(r["edit_ms"]), fmt(r["compute_ms"]),
             fmt(r["draw_ms"]), fmt(r["paint_ms"])] for r in gui["rows"]])
        gui_table += (f"\n\nPeak resident memory of the benchmark's window over all these "
                      f"sizes: {gui['_rss_mb']:.0f} MB.")

    save_table = "bench_save was not built (the build has no GUI: `ATTNVIZ_BUILD_GUI=OFF`)."
    if save:
        save_table = table(["n", "heads", "file MB", "autosave", "autosave CPU", "save", "open"], [
            [r["n"], r["heads"], fmt(r["mb"], 1), fmt(r["autosave_ms"]),
             fmt(r["autosave_cpu_ms"]), fmt(r["save_ms"]), fmt(r["load_ms"])]
            for r in save["rows"]])

    python, version, prows, pheader = torch_info
    if not python:
        pytorch = wrap("PyTorch was not available: no python3 on this machine imports `torch` "
                       f"(tried {', '.join(results['tried_names'])}), so there is no "
                       "comparison in this run. With Debian's `python3-torch` installed, this "
                       "script runs `bench/compare_pytorch.py` and shows the ratios here.")
    elif not prows:
        pytorch = wrap(f"`bench/compare_pytorch.py` (PyTorch {version}, `{python}`) gave no "
                       f"figures{': ' + pheader if pheader else '.'}")
    else:
        pytorch = wrap(
            f"`bench/compare_pytorch.py` with PyTorch {version} (`{python}`) on the same "
            f"{threads}: the same forward pass (X → Q, K, V → softmax(QKᵀ/√d_k)·V per head, "
            "every intermediate materialized) in float64 and float32. attnviz is timed again "
            "right after PyTorch for each size, so both sides of a ratio see the same moment of "
            "the machine. *ratio* = PyTorch ÷ attnviz (above 1: attnviz is faster). *f64 floor*: "
            "the products alone at the measured FMA peak, the least any double-precision "
            "implementation can take.") + "\n\n" + table(
                ["n", "heads", "attnviz f64", "PyTorch f64", "ratio", "PyTorch f32", "ratio",
                 "f64 floor"],
                [[r["n"], r["heads"], fmt(r["ours"]), fmt(r["f64"]), f"{r['r64']:.2f}",
                  fmt(r["f32"]), f"{r['r32']:.2f}", fmt(r["floor"])] for r in prows])

    targets = []

    def target(what, value, ok):
        verdict = "not measured in this run" if ok is None else ("met" if ok else "**not met**")
        targets.append([what, value, verdict])

    a4096 = find(att["rows"], 4096, 1) if att else None
    target(f"forward pass, n = 4096, one head, ≤ {FORWARD_4096_TARGET_MS:.0f} ms",
           f"{fmt(a4096['forward_ms'])} ms" if a4096 else "–",
           a4096["forward_ms"] <= FORWARD_4096_TARGET_MS if a4096 else None)
    p4096 = find(prows, 4096, 1) if prows else None
    target(f"… and ≥ {PYTORCH_F32_RATIO_TARGET:.0f}× PyTorch float32 on the same threads",
           f"{p4096['r32']:.2f}×" if p4096 else "–",
           p4096["r32"] >= PYTORCH_F32_RATIO_TARGET if p4096 else None)
    speed = a4096["forward_ms"] / a4096["edit_ms"] if a4096 else None
    target(f"one-cell edit ≥ {EDIT_SPEEDUP_TARGET:.0f}× faster than the forward pass "
           "(n = 4096, one head)", f"{speed:.0f}×" if speed else "–",
           speed >= EDIT_SPEEDUP_TARGET if speed else None)
    for n, heads, limit in SCREEN_TARGETS:
        r = find(gui["rows"], n, heads) if gui else None
        target(f"edit → screen, n = {n}, {'one head' if heads == 1 else f'{heads} heads'}, "
               f"≤ {limit} ms", f"{fmt(r['total_ms'])} ms" if r else "–",
               r["total_ms"] <= limit if r else None)
    small, large = (find(gui["rows"], 64, 1), find(gui["rows"], 4096, 1)) if gui else (None, None)
    target(f"edit → screen at n = 4096 within {SCREEN_SCALING_TARGET:.0f}× of n = 64 (one head)",
           f"{large['total_ms'] / small['total_ms']:.1f}×" if small and large else "–",
           large["total_ms"] / small["total_ms"] <= SCREEN_SCALING_TARGET
           if small and large else None)
    has_4x4096 = gui and find(gui["rows"], 4096, 4)
    target(f"peak memory of the window at n = 4096, four heads, ≤ {MEMORY_TARGET_MB / 1000:.1f} GB",
           f"{gui['_rss_mb']:.0f} MB (bench_gui's peak over every size)" if has_4x4096 else "–",
           gui["_rss_mb"] <= MEMORY_TARGET_MB if has_4x4096 else None)

    compared = results.get("models")
    for name, (ratio_limit, rss_limit) in MODEL_TARGETS.items():
        r = next((x for x in compared["models"] if x["model"] == name), None) \
            if compared else None
        label = MODEL_NAMES[name]
        if rss_limit is None:  # a GGUF file: its size + 0.4 GB
            rss_limit = r["target_rss_mb"] if r else 0.0
            target(f"{label}: opening in under {OPEN_TARGET_MS / 1000:.0f} s",
                   f"{fmt(r['attnviz']['load_ms'])} ms" if r else "–",
                   r["attnviz"]["load_ms"] < OPEN_TARGET_MS if r else None)
        target(f"{label}: forward pass ≤ {ratio_limit:.1f}× PyTorch float64's on the same threads",
               f"{r['ratio']:.2f}×" if r and "ratio" in r else "–",
               r["ratio"] <= ratio_limit and r["same_top5"] if r and "ratio" in r else None)
        target(f"{label}: peak resident memory ≤ {rss_limit / 1000:.1f} GB",
               f"{r['attnviz']['peak_rss_mb']:.0f} MB" if r else "–",
               r["attnviz"]["peak_rss_mb"] <= rss_limit if r else None)

    targets_note = ("\n\n" + wrap("The machine was busy during this run (see the load "
                                  "average above), so a target missed on the wall clock may "
                                  "be the load's doing: run again on an idle machine.")
                    if busy and any(t[2].startswith("**") for t in targets) else "")
    return TEMPLATE.format(
        run_kind=run_kind, cpu=m["cpu"],
        cores=cores, vector=m["vector"],
        memory=f"{m['memory_gb']:.1f} GB" if m["memory_gb"] else "unknown",
        system=m["system"], build=build, load=load, peak=peak, threads=threads,
        attention_table=attention_table, attention_notes=notes_of(att), gui_table=gui_table,
        gui_notes=notes_of(gui), save_table=save_table, save_notes=notes_of(save),
        pytorch=pytorch, models=models_section(results, quick),
        targets_table=table(["target", "this run", ""], targets) + targets_note)


def main():
    global args
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "performance.md"))
    parser.add_argument("--python", action="append", default=[])
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)

    binaries = {name: os.path.join(args.build, "bench", name)
                for name in ("bench_attention", "bench_gui", "bench_save")}
    if not os.access(binaries["bench_attention"], os.X_OK):
        print(f"make_performance_md.py: {binaries['bench_attention']} not found: build first "
              "(scripts/dev.sh build)", file=sys.stderr)
        return 1
    quick = ["--quick"] if args.quick else []
    offscreen = dict(os.environ, QT_QPA_PLATFORM="offscreen")

    start = time.monotonic()
    results = {"loads": [os.getloadavg()[0]]}
    results["attention"] = bench_json(binaries["bench_attention"], ["--json"] + quick)
    if os.access(binaries["bench_gui"], os.X_OK):
        results["gui"] = bench_json(binaries["bench_gui"], ["--json"] + quick, offscreen)
    if os.access(binaries["bench_save"], os.X_OK):
        results["save"] = bench_json(binaries["bench_save"], ["--json"] + quick)

    tried = [p for p in args.python + [sys.executable, "/usr/bin/python3"] if p]
    tried = list(dict.fromkeys(tried))
    results["tried"] = tried
    results["tried_names"] = [
        f"`python3` (Python {platform.python_version()}, the one running this script)"
        if p == sys.executable else f"`{p}`" for p in tried]
    python, version = find_torch_python(tried)
    prows, pheader = [], ""
    if python:
        try:
            prows, pheader = pytorch_rows(python, binaries["bench_attention"],
                                          results["attention"]["threads"], args.quick)
        except RuntimeError as e:
            print(f"    {e}", file=sys.stderr)
            prows, pheader = [], f"it failed ({str(e).strip().splitlines()[-1]})"
    else:
        print("==> PyTorch not available (no torch in " + ", ".join(tried) + ")", file=sys.stderr)
    if not args.quick:
        numpy_python = next((p for p in tried if p and os.path.exists(p) and subprocess.run(
            [p, "-c", "import numpy"], capture_output=True).returncode == 0), None)
        if not os.access(os.path.join(args.build, "bench", "bench_model"), os.X_OK):
            results["models_why"] = "bench_model was not found in the build"
        elif not numpy_python:
            results["models_why"] = "no python3 with numpy to write the checkpoints"
        else:
            try:
                results["models"] = model_figures(args.build, numpy_python, python)
            except (RuntimeError, ValueError) as e:
                print(f"    {e}", file=sys.stderr)
                results["models_why"] = f"the comparison failed ({str(e).strip().splitlines()[-1]})"
    results["loads"].append(os.getloadavg()[0])
    results["seconds"] = time.monotonic() - start

    page = build_page(machine(), results, args.quick, (python, version, prows, pheader))
    if args.out == "-":
        sys.stdout.write(page)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(page)
        print(f"==> wrote {args.out}", file=sys.stderr)
    return 0


args = None

if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:  # a benchmark failed: no page rather than a wrong one
        print(f"make_performance_md.py: {error}", file=sys.stderr)
        sys.exit(1)
