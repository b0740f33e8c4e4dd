#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes split-llama3.json: the ids GPT-2's vocabulary and merges (gpt2/) give when the text is
pre-tokenized by Llama 3's Split regex instead of GPT-2's pattern, with Llama 3's ignore_merges (a
word that is a token is not merged). test_tokenizer builds a tokenizer.json of that shape from the
same files and must give these ids after its BOS.

The words come from the Python `regex` module (the engine OpenAI's encoder.py uses), the merges from
encoder.py's algorithm, so the C++ side (QRegularExpression, a heap of merges) is checked against an
independent implementation. Run once from this folder with Debian's python3-regex; the output is
committed and the tests never run Python."""
import json
import regex

LLAMA3 = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
          r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) \
        + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


encoder = json.load(open("gpt2/encoder.json", encoding="utf-8"))
merges = open("gpt2/vocab.bpe", encoding="utf-8").read().split("\n")[1:-1]
ranks = {tuple(m.split()): i for i, m in enumerate(merges)}
byte_encoder = bytes_to_unicode()


def bpe(token):
    if token in encoder:  # ignore_merges
        return [token]
    word = list(token)
    while len(word) > 1:
        pairs = {(word[i], word[i + 1]) for i in range(len(word) - 1)}
        bigram = min(pairs, key=lambda p: ranks.get(p, float("inf")))
        if bigram not in ranks:
            break
        first, second = bigram
        new, i = [], 0
        while i < len(word):
            if i < len(word) - 1 and word[i] == first and word[i + 1] == second:
                new.append(first + second)
                i += 2
            else:
                new.append(word[i])
                i += 1
        word = new
    return word


def encode(text):
    ids = []
    for piece in regex.findall(LLAMA3, text):
        mapped = "".join(byte_encoder[b] for b in piece.encode("utf-8"))
        ids += [encoder[t] for t in bpe(mapped)]
    return ids


texts = [case["text"] for case in json.load(open("gpt2.json", encoding="utf-8"))]
texts += ["Numbers 1234567 and 3.14159\r\n\r\nnew lines", "DON'T WE'LL I'M", "x  \n  y\t\tz"]
out = {"pattern": LLAMA3, "cases": [{"text": t, "ids": encode(t)} for t in texts]}
with open("split-llama3.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
