#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A PyTorch prototype of `attnviz-cli model train --task induction`, to search quickly for a
task and settings under which an induction head forms (issue 26, "Watching an induction head
form"). float32 on one thread: minutes per setting instead of a rebuild per setting.

The model is attnviz's (core/training/DecoderTraining, initialGpt2): a GPT-2, pre-LN
LayerNorm, learned positions, fused c_attn with biases, causal softmax attention, attention-only,
the LM head tied to the token embeddings (unless --untied), vocabulary 257 with the task's tokens
at ids 32 … 32 + K − 1, weights N(0, σ), c_proj N(0, σ/√(2·layers)), Adam. The task's layouts:

  plant   attnviz's now: <|endoftext|> (id 256), random tokens, and --pairs pairs "A B" copied
          from a random position j to a random later i ≥ j + 2; with --lossmask 2 the loss counts
          only the positions whose next token an earlier occurrence decides. attnviz's defaults
          (an induction head passes 0.8 after about 650 – 1 300 steps here):
          --layout plant --pairs 8 --lossmask 2 --init 0.1 --untied 1 --lr 3e-3 --warmup 50
  varied  attnviz's first: random tokens, then a segment of h ∈ [T/4, T/2] tokens and its repeat
  anywhere  like varied, but the segment and its repeat start anywhere (random tokens after)
  half    T/2 random tokens and their exact repeat (one fixed period: a layer-0 head can look
          back by position alone)

The score is the issue's: on 8 held-out sequences of T/2 random tokens repeated once, each head's
mean weight on the token after the latest earlier occurrence of the current token, over every
position that has one; printed for the best head, with the best layer-0 previous-token score.

Usage: bench/induction_prototype.py [--K 26] [--T 32] [--B 16] [--lr 1e-3] [--init 0.02]
          [--steps 1500] [--every 100] [--seed 0] [--layout varied|half|anywhere|plant]
          [--pairs 8] [--warmup N] [--d 64] [--H 4] [--lossmask 0|1|2] [--pos rand|sin]
          [--posamp 0.02] [--untied 0|1]
  --lossmask 1: the loss only over the repeat (varied layout); 2: only where the next token is
  decided (plant); --pos sin: sinusoidal initial positions of amplitude --posamp. With plant the
  held-out sequences start with <|endoftext|> too, as in attnviz.
"""
import argparse
import math
import time

import torch
import torch.nn.functional as F

p = argparse.ArgumentParser()
p.add_argument('--K', type=int, default=26)
p.add_argument('--T', type=int, default=32)
p.add_argument('--B', type=int, default=16)
p.add_argument('--lr', type=float, default=1e-3)
p.add_argument('--init', type=float, default=0.02)
p.add_argument('--steps', type=int, default=1500)
p.add_argument('--every', type=int, default=100)
p.add_argument('--seed', type=int, default=0)
p.add_argument('--layout', default='varied', choices=['varied', 'half', 'anywhere', 'plant'])
p.add_argument('--pairs', type=int, default=8)
p.add_argument('--warmup', type=int, default=0)
p.add_argument('--d', type=int, default=64)
p.add_argument('--H', type=int, default=4)
p.add_argument('--lossmask', type=int, default=0)
p.add_argument('--pos', default='rand', choices=['rand', 'sin'])
p.add_argument('--posamp', type=float, default=0.02)
p.add_argument('--untied', type=int, default=0)
a = p.parse_args()
torch.set_num_threads(1)
torch.manual_seed(a.seed)
V, L, H, d, T, first = 257, 2, a.H, a.d, a.T, 32
dh = d // H


def normal(*shape, sd=a.init):
    return (torch.randn(*shape) * sd).requires_grad_()


P = dict(wte=normal(V, d), wpe=normal(T, d))
if a.pos == 'sin':
    position = torch.arange(T).float()[:, None]
    frequency = 10000 ** (-torch.arange(0, d, 2).float() / d)
    w = torch.zeros(T, d)
    w[:, 0::2] = torch.sin(position * frequency)
    w[:, 1::2] = torch.cos(position * frequency)
    P['wpe'] = (w * a.posamp).requires_grad_()
for l in range(L):
    P[f'ln{l}w'] = torch.ones(d, requires_grad=True)
    P[f'ln{l}b'] = torch.zeros(d, requires_grad=True)
    P[f'qkv{l}'] = normal(d, 3 * d)
    P[f'qkvb{l}'] = torch.zeros(3 * d, requires_grad=True)
    P[f'o{l}'] = normal(d, d, sd=a.init / math.sqrt(2 * L))
    P[f'ob{l}'] = torch.zeros(d, requires_grad=True)
P['lnfw'] = torch.ones(d, requires_grad=True)
P['lnfb'] = torch.zeros(d, requires_grad=True)
if a.untied:
    P['unembedding'] = normal(V, d)
optimizer = torch.optim.Adam(P.values(), lr=a.lr)
schedule = (torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / a.warmup))
            if a.warmup else None)
causal = torch.tril(torch.ones(T, T, dtype=torch.bool))


def forward(ids):
    n, t = ids.shape
    x = P['wte'][ids] + P['wpe'][:t]
    weights = []
    for l in range(L):
        h = F.layer_norm(x, (d,), P[f'ln{l}w'], P[f'ln{l}b'], 1e-5)
        q, k, v = (h @ P[f'qkv{l}'] + P[f'qkvb{l}']).split(d, -1)
        q, k, v = (u.view(n, t, H, dh).transpose(1, 2) for u in (q, k, v))
        w = (q @ k.transpose(-1, -2) / math.sqrt(dh)).masked_fill(~causal[:t, :t], float('-inf'))
        w = w.softmax(-1)
        weights.append(w)
        x = x + (w @ v).transpose(1, 2).reshape(n, t, d) @ P[f'o{l}'] + P[f'ob{l}']
    h = F.layer_norm(x, (d,), P['lnfw'], P['lnfb'], 1e-5)
    return h @ (P['unembedding'] if a.untied else P['wte']).T, weights


generator = torch.Generator().manual_seed(a.seed + 1000)


def batch():
    ids = torch.randint(first, first + a.K, (a.B, T), generator=generator)
    counted = torch.ones(a.B, T - 1)
    for b in range(a.B):
        if a.layout == 'varied':
            h = int(torch.randint(max(T // 4, 1), T // 2 + 1, (1,), generator=generator))
            s = T - 2 * h
            ids[b, s + h:] = ids[b, s:s + h]
            if a.lossmask:
                counted[b, :s + h] = 0
        elif a.layout == 'anywhere':
            h = int(torch.randint(max(T // 4, 1), T // 2 + 1, (1,), generator=generator))
            s = int(torch.randint(0, T - 2 * h + 1, (1,), generator=generator))
            ids[b, s + h:s + 2 * h] = ids[b, s:s + h]
        elif a.layout == 'plant':
            ids[b, 0] = 256
            for _ in range(a.pairs):
                j = int(torch.randint(1, T - 3, (1,), generator=generator))
                i = int(torch.randint(j + 2, T - 1, (1,), generator=generator))
                ids[b, i], ids[b, i + 1] = ids[b, j], ids[b, j + 1]
        else:
            ids[b, T // 2:] = ids[b, :T // 2]
    if a.lossmask == 2:  # only the positions whose next token an earlier occurrence decides
        counted.zero_()
        for b in range(a.B):
            latest, row = {}, ids[b].tolist()
            for i in range(T - 1):
                if row[i] in latest and row[latest[row[i]] + 1] == row[i + 1]:
                    counted[b, i] = 1
                latest[row[i]] = i
    return ids, counted


start = a.layout == 'plant'
half = (T - 1) // 2 if start else T // 2
held = torch.randint(first, first + a.K, (8, half), generator=torch.Generator().manual_seed(99))
held = torch.cat([held, held], 1)
if start:
    held = torch.cat([torch.full((8, 1), 256), held], 1)
# (sequence, position, the position after the latest earlier occurrence of its token)
pairs = []
for b in range(held.shape[0]):
    latest = {}
    for i, token in enumerate(held[b].tolist()):
        if token in latest:
            pairs.append((b, i, latest[token] + 1))
        latest[token] = i
pb, pi, pj = (torch.tensor([x[c] for x in pairs]) for c in range(3))


def scores():
    with torch.no_grad():
        _, weights = forward(held)
    induction = {(l, h): float(weights[l][pb, h, pi, pj].mean()) for l in range(L) for h in range(H)}
    previous = max(float(torch.diagonal(weights[0][:, h], -1, dim1=-2, dim2=-1).mean())
                   for h in range(H))
    best = max(induction, key=induction.get)
    return induction[best], best, previous


start = time.time()
for step in range(1, a.steps + 1):
    ids, counted = batch()
    logits, _ = forward(ids)
    losses = F.cross_entropy(logits[:, :-1].reshape(-1, V), ids[:, 1:].reshape(-1),
                             reduction='none')
    loss = (losses * counted.reshape(-1)).sum() / counted.sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if schedule:
        schedule.step()
    if step % a.every == 0:
        score, (layer, head), previous = scores()
        print(f'step {step} loss {loss.item():.3f} induction {score:.3f} (layer {layer} head '
              f'{head}) previous-token {previous:.2f} seconds {time.time() - start:.0f}',
              flush=True)
