#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dtype and sharding variants of the reference checkpoints in this folder.

Python's standard library only: a safetensors file is an 8-byte little-endian header length,
a JSON header and the tensors' raw little-endian bytes, so changing a dtype is rewriting bytes.

  llama-gqa-tiny-f32/     llama-gqa-tiny's BF16 weights widened to F32: the same numbers, so
                          llama-gqa-tiny/reference.json applies to it unchanged
  gpt2-tiny-bf16/         gpt2-tiny's F32 weights rounded to BF16 (to nearest, ties to even)
  gpt2-tiny-bf16-f32/     the same BF16 numbers stored as F32: a run of it equals a run of
                          gpt2-tiny-bf16 bit for bit
  qwen2-bias-tiny-f16/    qwen2-bias-tiny rounded to F16
  qwen2-bias-tiny-f16-f64/ the same F16 numbers stored as F64
  gpt2-tiny-sharded/      gpt2-tiny split into two shards and model.safetensors.index.json

Run it in this folder (python3 make_variants.py); the tests never run Python.
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    meta = header.pop("__metadata__", None)
    tensors = []
    for name, t in sorted(header.items(), key=lambda kv: kv[1]["data_offsets"][0]):
        b, e = t["data_offsets"]
        tensors.append((name, t["dtype"], t["shape"], data[b:e]))
    return meta, tensors


def write(path, meta, tensors):
    header = {}
    if meta is not None:
        header["__metadata__"] = meta
    offset = 0
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for _, _, _, raw in tensors:
            f.write(raw)


def values(dtype, raw):
    if dtype == "F32":
        return list(struct.unpack("<%df" % (len(raw) // 4), raw))
    if dtype == "F64":
        return list(struct.unpack("<%dd" % (len(raw) // 8), raw))
    if dtype == "F16":
        return list(struct.unpack("<%de" % (len(raw) // 2), raw))
    if dtype == "BF16":
        bits = struct.unpack("<%dH" % (len(raw) // 2), raw)
        return [struct.unpack("<f", struct.pack("<I", b << 16))[0] for b in bits]
    raise ValueError(dtype)


def encode(dtype, xs):
    if dtype == "F32":
        return struct.pack("<%df" % len(xs), *xs)
    if dtype == "F64":
        return struct.pack("<%dd" % len(xs), *xs)
    if dtype == "F16":  # struct rounds to nearest, ties to even
        return struct.pack("<%de" % len(xs), *xs)
    if dtype == "BF16":
        out = []
        for x in xs:
            bits = struct.unpack("<I", struct.pack("<f", x))[0]
            out.append((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16)
        return struct.pack("<%dH" % len(out), *out)
    raise ValueError(dtype)


def convert(tensors, dtype):
    return [(n, dtype, s, encode(dtype, values(d, raw))) for n, d, s, raw in tensors]


def variant(source, target, steps, torch_dtype):
    meta, tensors = read(os.path.join(HERE, source, "model.safetensors"))
    for dtype in steps:
        tensors = convert(tensors, dtype)
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    write(os.path.join(HERE, target, "model.safetensors"), meta, tensors)
    with open(os.path.join(HERE, source, "config.json")) as f:
        config = json.load(f)
    config["torch_dtype"] = torch_dtype
    with open(os.path.join(HERE, target, "config.json"), "w") as f:
        json.dump(config, f, indent=1)
        f.write("\n")


def sharded(source, target):
    meta, tensors = read(os.path.join(HERE, source, "model.safetensors"))
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    half = len(tensors) // 2
    names = ["model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"]
    weight_map = {}
    for name, part in zip(names, (tensors[:half], tensors[half:])):
        write(os.path.join(HERE, target, name), meta, part)
        for t in part:
            weight_map[t[0]] = name
    size = sum(len(t[3]) for t in tensors)
    with open(os.path.join(HERE, target, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": size}, "weight_map": weight_map}, f, indent=1)
        f.write("\n")
    with open(os.path.join(HERE, source, "config.json")) as f:
        config = f.read()
    with open(os.path.join(HERE, target, "config.json"), "w") as f:
        f.write(config)


if __name__ == "__main__":
    variant("llama-gqa-tiny", "llama-gqa-tiny-f32", ["F32"], "float32")
    variant("gpt2-tiny", "gpt2-tiny-bf16", ["BF16"], "bfloat16")
    variant("gpt2-tiny", "gpt2-tiny-bf16-f32", ["BF16", "F32"], "float32")
    variant("qwen2-bias-tiny", "qwen2-bias-tiny-f16", ["F16"], "float16")
    variant("qwen2-bias-tiny", "qwen2-bias-tiny-f16-f64", ["F16", "F64"], "float64")
    sharded("gpt2-tiny", "gpt2-tiny-sharded")
