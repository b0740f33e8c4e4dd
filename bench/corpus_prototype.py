#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A PyTorch float32 copy of `attnviz-cli model train --corpus` (a GPT-2 with MLPs, pre-LN,
learned positions, tied embeddings, gelu_new, Adam), to try corpora and window layouts for the
built-in model (issue 26) in minutes instead of the C++ float64 trainer's hours.

Input: a folder with ids.json (the corpus's token ids, as `model train` encodes it: run
`attnviz-cli model train --corpus … --vocab V --steps 0 --out DIR` and tokenize the corpus with
DIR's tokenizer), heldout_prose.json (windows of held-out prose ids), end_id and vocab in
meta.json. Windows: `anywhere` (model train's default: a window at any offset), `bos` (the
<|endoftext|> id at position 0, then a window at any offset: --bos-windows).

Prints every --every steps: the loss, the best previous-token and first-token heads on the
held-out prose windows, and the best induction score on random merged tokens repeated once
(24 + 24 after the <|endoftext|> when --windows bos), as tools/measure_builtin_model.py reads
them.

Usage: bench/corpus_prototype.py DATA [--windows anywhere|bos] [--steps N] [--d 128] [--lr 1e-3]
"""
import argparse
import json
import math
import os
import time

import torch
import torch.nn.functional as F

p = argparse.ArgumentParser()
p.add_argument('data')
p.add_argument('--windows', default='anywhere', choices=['anywhere', 'bos'])
p.add_argument('--steps', type=int, default=3000)
p.add_argument('--every', type=int, default=250)
p.add_argument('--d', type=int, default=128)
p.add_argument('--H', type=int, default=4)
p.add_argument('--L', type=int, default=2)
p.add_argument('--T', type=int, default=64)
p.add_argument('--B', type=int, default=16)
p.add_argument('--lr', type=float, default=1e-3)
p.add_argument('--seed', type=int, default=1)
a = p.parse_args()
torch.set_num_threads(1)
torch.manual_seed(a.seed)
meta = json.load(open(os.path.join(a.data, 'meta.json')))
corpus = torch.tensor(json.load(open(os.path.join(a.data, 'ids.json'))))
prose = torch.tensor(json.load(open(os.path.join(a.data, 'heldout_prose.json'))))
V, END, L, H, d, T = meta['vocab'], meta['end_id'], a.L, a.H, a.d, a.T
dh = d // H
bos = a.windows == 'bos'


def normal(*shape, sd=0.02):
    return (torch.randn(*shape) * sd).requires_grad_()


P = dict(wte=normal(V, d), wpe=normal(T, d))
for l in range(L):
    for n in ('1', '2'):
        P[f'ln{n}{l}w'] = torch.ones(d, requires_grad=True)
        P[f'ln{n}{l}b'] = torch.zeros(d, requires_grad=True)
    P[f'qkv{l}'] = normal(d, 3 * d)
    P[f'qkvb{l}'] = torch.zeros(3 * d, requires_grad=True)
    P[f'o{l}'] = normal(d, d, sd=0.02 / math.sqrt(2 * L))
    P[f'ob{l}'] = torch.zeros(d, requires_grad=True)
    P[f'fc{l}'] = normal(d, 4 * d)
    P[f'fcb{l}'] = torch.zeros(4 * d, requires_grad=True)
    P[f'pr{l}'] = normal(4 * d, d, sd=0.02 / math.sqrt(2 * L))
    P[f'prb{l}'] = torch.zeros(d, requires_grad=True)
P['lnfw'] = torch.ones(d, requires_grad=True)
P['lnfb'] = torch.zeros(d, requires_grad=True)
optimizer = torch.optim.Adam(P.values(), lr=a.lr)


def forward(ids):
    n, t = ids.shape
    x = P['wte'][ids] + P['wpe'][:t]
    causal = torch.tril(torch.ones(t, t, dtype=torch.bool))
    weights = []
    for l in range(L):
        h = F.layer_norm(x, (d,), P[f'ln1{l}w'], P[f'ln1{l}b'], 1e-5)
        q, k, v = (h @ P[f'qkv{l}'] + P[f'qkvb{l}']).split(d, -1)
        q, k, v = (z.view(n, t, H, dh).transpose(1, 2) for z in (q, k, v))
        w = (q @ k.transpose(-1, -2) / math.sqrt(dh)).masked_fill(~causal, float('-inf'))
        w = w.softmax(-1)
        weights.append(w)
        x = x + (w @ v).transpose(1, 2).reshape(n, t, d) @ P[f'o{l}'] + P[f'ob{l}']
        h = F.layer_norm(x, (d,), P[f'ln2{l}w'], P[f'ln2{l}b'], 1e-5)
        x = x + F.gelu(h @ P[f'fc{l}'] + P[f'fcb{l}'], approximate='tanh') @ P[f'pr{l}'] \
            + P[f'prb{l}']
    h = F.layer_norm(x, (d,), P['lnfw'], P['lnfb'], 1e-5)
    return h @ P['wte'].T, weights


generator = torch.Generator().manual_seed(a.seed + 1000)


def batch():
    size = T - 1 if bos else T
    starts = torch.randint(0, len(corpus) - size + 1, (a.B,), generator=generator)
    ids = torch.stack([corpus[s:s + size] for s in starts.tolist()])
    if bos:
        ids = torch.cat([torch.full((a.B, 1), END), ids], 1)
    return ids


merged = [i for i in range(256, V) if i != END]
g = torch.Generator().manual_seed(26)
half = 24
rand = torch.tensor(merged)[torch.randint(0, len(merged), (32, half), generator=g)]
held = torch.cat([rand, rand], 1)
if bos:
    held = torch.cat([torch.full((32, 1), END), held], 1)
off = 1 if bos else 0
windows = prose[:64]


def scores():
    with torch.no_grad():
        _, w = forward(windows)
        prev = {f'L{l}H{h}': float(torch.diagonal(w[l][:, h], -1, dim1=-2, dim2=-1).mean())
                for l in range(L) for h in range(H)}
        first = {f'L{l}H{h}': float(w[l][:, h, :, 0].mean()) for l in range(L) for h in range(H)}
        _, w = forward(held)
        ind = {}
        for l in range(L):
            for h in range(H):
                s = sum(w[l][:, h, off + half + k, off + k + 1].mean() for k in range(half)) / half
                ind[f'L{l}H{h}'] = float(s)
    best = lambda m: max(m.items(), key=lambda x: x[1])
    return best(prev), best(first), best(ind)


start = time.time()
for step in range(1, a.steps + 1):
    ids = batch()
    logits, _ = forward(ids)
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, V), ids[:, 1:].reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if step % a.every == 0:
        (pn, pv), (fn, fv), (iname, iv) = scores()
        print(f'step {step} loss {loss.item():.3f} prev {pn} {pv:.3f} first {fn} {fv:.3f} '
              f'induction {iname} {iv:.3f} s {time.time() - start:.0f}', flush=True)
