#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes attnviz's built-in model (resources/models/attnviz-tiny, issue 26) from nothing but the
# Jargon File of Debian's dict-jargon package and generated sentences: the exact commands, so the
# same attnviz-cli and the same thread count give the same model bit for bit (training is
# deterministic per seed and threads, and a resumed run continues to the same numbers).
#
# Usage: tools/train_builtin_model.sh [BUILD_DIR] [WORK_DIR]
#   BUILD_DIR  where attnviz-cli was built (default: build)
#   WORK_DIR   the corpus, the run and the measurement (default: /tmp/attnviz-tiny)
# Needs /usr/share/dictd/jargon.dict.dz: `apt-get install dict-jargon` (Debian's archive; or
# `apt-get download dict-jargon` and give the .deb to tools/make_corpus.py --jargon). Takes about
# an hour of one shared core; with `nice`, as the run is long.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${1:-build}"
work="${2:-/tmp/attnviz-tiny}"
cli="$build_dir/app/attnviz-cli"
out=resources/models/attnviz-tiny

if [ ! -e /usr/share/dictd/jargon.dict.dz ]; then
    echo "train_builtin_model: the Jargon File is not installed: apt-get install dict-jargon" >&2
    exit 1
fi
mkdir -p "$work"

# 1. The corpus: Jargon File prose (every 20th entry held out), 12000 pronoun sentences, and
#    dense repeats for the induction head: 8000 sequences of 3 to 10 of the 1000 commonest words
#    and 24000 of made-up words (pieces of prose words, so random sub-word tokens), each written
#    three times in a row, four sequences a document; held-out files beside it.
python3 tools/make_corpus.py --seed 26 --sequences 8000 --fragment-sequences 24000 \
    --sequence-words 3,10 --copies 3 --sequences-per-document 4 --sequence-vocabulary 1000 \
    --out "$work/corpus"

# 2. The model: a 2-layer, 4-head GPT-2, d_model 64 (MLP 256), a byte-level BPE of 1024 ids
#    trained on the corpus, 64-token windows that each start with <|endoftext|> (--bos, so a
#    first-token head has a start to rest on), 16 a step, Adam at 2e-3, seed 1, one thread.
train=(model train --corpus "$work/corpus/corpus.txt" --bos --vocab 1024 --layers 2 --heads 4
    --d-model 64 --sequence 64 --batch 16 --lr 0.002 --seed 1 --threads 1)
nice -n 10 "$cli" "${train[@]}" --steps 14000 --out "$work/run"
# The same model before any step, for the figures of the heads before training.
"$cli" "${train[@]}" --steps 0 --out "$work/step0"

# 3. Into the repository: the checkpoint without its training state (12 MB of F64 moments).
mkdir -p "$out"
cp "$work/run/config.json" "$work/run/model.safetensors" "$work/run/tokenizer.json" \
    "$work/run/training.json" "$out/"

# 4. What the heads do, on the held-out data (README's table), and the unigram baseline's counts.
mkdir -p tests/data/builtin-model
cp "$work/corpus/heldout_text.txt" "$work/corpus/heldout_pronouns.jsonl" \
    "$work/corpus/heldout_induction.txt" tests/data/builtin-model/
python3 tools/measure_builtin_model.py --cli "$cli" --model "$out" --heldout "$work/corpus" \
    --corpus "$work/corpus/corpus.txt" --write-unigram tests/data/builtin-model/unigram_counts.json \
    --json "$work/measured.json" --markdown
