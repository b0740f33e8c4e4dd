#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes bpe-trainer.json: the merges a byte-level BPE learns from a small corpus, by the plainest
trainer there is: every adjacent pair of every word recounted before every merge. test_bpe_trainer
checks core/tokenizer/BpeTrainer (incremental counts over the distinct words, a heap) against it.

The same rules as BpeTrainer: the words are the matches of GPT-2's pattern (Python's `regex`
module, the engine of OpenAI's encoder.py) in the text between "<|endoftext|>" markers; the most
frequent pair is merged, of equal counts the one whose (first, second) bytes sort first; a pair
whose joined bytes already are a token is never merged; left to right in each word. Run once from
this folder with Debian's python3-regex; the output is committed and the tests never run Python."""
import collections
import json

import regex

GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

# The corpus of test_bpe_trainer.cpp (kCorpus), which checks that the two are the same.
CORPUS = (
    "The queens told the king that they would come. The king told the queens that he would "
    "wait.\n\nThe cat sat on the mat; the cat's mat was red. A dog sat on the log.\n"
    "Numbers: 12 123 1234 12345, and   spaces    in runs.\tTabs too.\n"
    "Grüße aus Köln! Ça va? Naïve café, déjà vu. Ελληνικά και русский текст, 日本語も。\n"
    "<|endoftext|>The second document repeats: the cat sat on the mat, the dog sat on the log."
    "\n<|endoftext|>\n")
VOCAB_SIZE = 400


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


def train(text, vocab_size):
    pattern = regex.compile(GPT2)
    counts = collections.Counter()
    for part in text.split("<|endoftext|>"):
        for word in pattern.findall(part):
            counts[tuple(bytes([b]) for b in word.encode("utf-8"))] += 1
    words = [[list(w), c] for w, c in counts.items()]
    known = {bytes([b]) for b in range(256)}
    merges = []
    while len(merges) < vocab_size - 257:
        pairs = collections.Counter()
        for symbols, count in words:
            for i in range(len(symbols) - 1):
                pairs[(symbols[i], symbols[i + 1])] += count
        candidates = sorted((-c, p) for p, c in pairs.items() if p[0] + p[1] not in known)
        if not candidates:
            break
        a, b = candidates[0][1]
        merges.append((a, b))
        known.add(a + b)
        for entry in words:
            symbols, out, i = entry[0], [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            entry[0] = out
    return merges


def main():
    table = bytes_to_unicode()
    piece = lambda bs: "".join(table[b] for b in bs)
    merges = [piece(a) + " " + piece(b) for a, b in train(CORPUS, VOCAB_SIZE)]
    assert len(merges) == VOCAB_SIZE - 257, "the corpus ran out of pairs"
    with open("bpe-trainer.json", "w", encoding="utf-8") as f:
        json.dump({"corpus": CORPUS, "vocab_size": VOCAB_SIZE, "merges": merges}, f,
                  ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
