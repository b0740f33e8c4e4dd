// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliHelp.h"

#include "Stage.h"

#include <algorithm>

namespace {

const char *const kHelp = R"(Usage: attnviz-cli compute FILE [--layout rows|columns]
       attnviz-cli explain FILE (--row I | --column J | --cell I,J | --view outer) [options]
       attnviz-cli explain FILE --view online --row I --block B [--json] [--head H]
       attnviz-cli explain FILE --view tiled --tile R,C,K [--product output|scores]
       attnviz-cli export FILE --stage NAME --format F --out PATH [--head H]
       attnviz-cli render FILE --view NAME --out PATH.png|.svg|.pdf [options]
       attnviz-cli worksheet FILE --out SHEET.pdf [--count N] [--seed S] [--head H]
       attnviz-cli html FILE --out PAGE.html
       attnviz-cli grad FILE
       attnviz-cli train --task NAME [--steps N] [--seed S] [--positional P] [--out SESSION]
       attnviz-cli inspect FILE
       attnviz-cli set FILE --matrix M --from FILE[:TENSOR][SLICE] --out NEW [options]
       attnviz-cli model inspect DIR
       attnviz-cli model run DIR (--text TEXT | --ids 1,2,3) [--json OUT] [--npz OUT.npz]
                   [--heads L:H,...] [--fields F,...] [--top K] [--timing]
                   [--ablate L:H[:mean|:scale=F]]... [--patch L:H[@P]]...
                   [--patch-resid L[@P]]... [--from-text TEXT | --from-ids 1,2,3]
                   [--steer L:FILE.npy[:SCALE]]... [--steer-texts L A B[:SCALE]]...
       attnviz-cli model attribute DIR (--text TEXT | --ids 1,2,3) --target TOKEN
                   [--position P] [--json OUT]
       attnviz-cli model generate DIR (--text TEXT | --ids 1,2,3) --tokens N
                   [--temperature T --seed S] [--top K] [--json OUT]
                   [--ablate L:H[:scale=F]]... [--steer ...]... [--steer-texts ...]...
       attnviz-cli model analyze DIR (--text TEXT | --ids 1,2,3) [--heads L:H,...]
                   [--ablate L:H]... --json OUT
       attnviz-cli model session DIR (--text TEXT | --ids 1,2,3) --layer L [--head H]
                   --out S.attnviz
       attnviz-cli model grad DIR --ids 1,2,3 --json OUT
       attnviz-cli model compare A B (--text TEXT | --ids 1,2,3) [--json OUT]
       attnviz-cli model train (--corpus FILE | --task induction) --layers L --heads H
                   --d-model D [--attention-only] [--bos] [--steps N] [--seed S] --out DIR
       attnviz-cli tokenize DIR_OR_FILE --text TEXT
       attnviz-cli tokenize --train CORPUS --vocab N --out tokenizer.json
       attnviz-cli --help | --version

Computes scaled dot-product attention for an attnviz session file or reference case (JSON;
FILE may be - for standard input) and prints every intermediate result, takes one part
of a head's result apart into the terms that add up to it, exports one matrix, or
renders one view of the workbench as a figure (no display needed); lists the arrays
of a matrix file, writes a session with one matrix taken from such a file, and
tokenizes a text as a model's own tokenizer does.

Commands:
  compute   Print one JSON object: heads[].Q, K, V, scores, logits (masked cells are null),
            weights, output; concat; output. Numbers read back exactly.
  explain   Print a product of one head as an aligned table of its terms, their sum, and
            checks (the sum equals the product; the weights are >= 0 and sum to 1).
  export    Write one matrix, an input or a result (row layout), as CSV, NumPy .npy,
            a LaTeX bmatrix or a NumPy array literal.
  render    Draw one view as the workbench shows it (title, labels, colour scale) to a
            PNG, SVG or PDF file, chosen by the suffix of --out.
  worksheet Write a worksheet PDF: N exercises on the file's numbers to do by hand
            (a score, a logit, a softmax of 3-4 logits, an output cell, the winning
            key), each with room to write, and the answer key with worked solutions on
            pages of their own; the same FILE, count and seed give the same bytes.
  html      Write one self-contained interactive page of the session (every script and
            style inline, no request made: it opens offline, on a phone, in an
            iframe): the stage heatmaps, each cell's derivation on hover or tap, a
            query's combination of V's rows on a click, the layout toggle, the
            lesson's steps; for a session taken from a model, its layers x heads.
  grad      Print {"loss", "grad": {"X", "context", "heads": [{"Wq", "Wk", "Wv"}], "Wo"}}:
            loss = 1/2 sum((output - target)^2) over the final output (the file's
            inputs.target) and its exact gradient; context and Wo are null when absent.
  train     Train one head (Wq, Wk, Wv) on a toy task and print one JSON line per 10
            steps: {"step", "loss", "accuracy"} on held-out sequences (accuracy: the
            fraction of queries whose largest weight is on the right key).
  inspect   List the arrays of a CSV/TSV, .npy, .npz or .safetensors FILE, one JSON
            object per line: {"name":..., "dtype":..., "shape":[...]} (the one array
            of a CSV or .npy file is named "").
  set       Write a session: FILE with one input matrix replaced by an array of a
            matrix file, the sizes changed to fit as the window's Resize and import
            changes them (new cells of other matrices from the session's initializer).
  model inspect
            Print one JSON object about the checkpoint folder DIR (Hugging Face layout:
            config.json, model.safetensors or model.safetensors.index.json and its
            shards; GPT-2, Llama 1-3, Mistral, Qwen2, Qwen3, Gemma 2 and 3, Phi-3 or
            BERT): family, features, layers, heads, kv_heads,
            d_model, head_dim, vocab, max_positions, dtype, parameters. DIR may be a
            GGUF file instead (llama.cpp's: llama, qwen2, qwen3, phi3, gemma2, gemma3 or
            gpt2; F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K),
            here and wherever a model folder is taken; inspect then adds "gguf":
            {"version", "alignment", "tensor_types"}.
  model run Run the checkpoint in DIR on token ids, every layer in double precision,
            and print the ids and the top-K predictions (decoders: the next token
            after the last; BERT: at each [MASK] of vocab.txt, or every position).
  model attribute
            Split the logit of TOKEN (an id, or a token of the vocabulary) at position P
            (default the last) into the direct contributions of the embeddings, each
            head, each MLP and the biases, through the final norm frozen at P; the
            parts add up to the logit. --json OUT writes {"target", "position",
            "logit", "sum", "embeddings", "layers": [{"heads", "attn_bias", "mlp"}],
            "final_bias", "caveats"}.
  model generate
            Continue the text by N tokens with a KV cache: greedy, or sampled with
            --temperature T and --seed S; ablations (to zero or scaled) and steering
            apply while it writes. --json OUT writes {"prompt", "ids", "tokens",
            "text", "steps": [{"id", "token", "probability", "top"}],
            "interventions"}.
  model compare
            Run two files of one model (folders or GGUF files of the same
            architecture and vocabulary, e.g. F16 and Q4_K_M) on the same ids and
            print the five heads whose attention moved most and the positions whose
            top prediction changed; --json OUT writes {"layers": [{"residual_rel_diff",
            "heads": [{"max_abs_weight_diff", "js_divergence"}]}], "final_kl",
            "top1_agreement"}.
  model analyze
            Write every reading of the run as one JSON object, as the reference files'
            analysis section: {"norms" (value-weighted attention per layer and head),
            "rollout" (attention rollout), "lens_top" (decoders: the logit lens's top-5
            ids per layer and position), "circuits" (per head the singular values of
            W_QK and W_OV, W_OV's eigenvalues as [re, im] by modulus, the copying
            score), "scores" (previous_token, first_token, induction,
            duplicate_token), "ablation" (per --ablate: the last position's logits
            with that head's output zeroed)}. Past the length a run keeps every
            head's weights for, the run is compact: --heads is needed, the scores
            cover every head, and "rollout" is null with "rollout_omitted" saying why.
  model session
            Write the workbench session of head H of layer L (or of the whole layer
            without --head) on the run's tokens: X is the layer's attention input,
            Wq, Wk, Wv (and their biases) the head's slices, Wo its rows of the output
            projection (the whole projection and its bias for the layer); causal for
            decoders, half-split RoPE with the model's theta for Llama and Qwen2.
            compute on it gives the run's q, k, v, weights and head outputs, and as
            final output the head's contribution (the layer's attn_out).
  model grad
            Write {"loss", "grad": {name: values}} for a decoder checkpoint: the mean
            next-token cross-entropy of the ids and the gradient of every tensor of
            the file, named and shaped as in it (BERT is refused).
  model train
            Train a GPT-2 from scratch in double precision (Adam) on a corpus or on
            the induction task and write DIR as a Hugging Face checkpoint with its
            tokenizer.json and training state; print {"step", "loss",
            "tokens_per_s"} (and "induction") every 10 steps. A DIR that holds a
            run is continued, to the same numbers as a run that never stopped.
  tokenize  Print one JSON object {"ids": [...], "tokens": [...]}: the token ids of
            --text TEXT and each token as text (GPT-2: the text of its bytes, with
            U+FFFD for part of a character; BERT: the WordPiece, "##" marking a
            continuation; SentencePiece: the piece, U+2581 for a space). DIR_OR_FILE
            is a model folder or a tokenizer file: tokenizer.json, vocab.json
            (merges.txt beside it), encoder.json (vocab.bpe beside it), vocab.txt or
            tokenizer.model; tokenizer_config.json beside it is honoured.
            With --train: learn a GPT-2-style byte-level BPE from the UTF-8 text
            CORPUS, write it as tokenizer.json and print {"vocab", "merges",
            "corpus_bytes", "corpus_tokens"}.

Options for compute:
  --layout rows|columns  rows (default): tokens are rows, softmax(QK^T/sqrt(d_k)) V.
                         columns: tokens are columns, V softmax(K^T Q/sqrt(d_k)), softmax
                         down each column; every matrix is the row layout's transposed.

Every command honours the file's mask and options: positional (none, sinusoidal, rope;
rope_style interleaved or half, rope_theta), each head's biases bq, bk, bv and bo,
causal, window, window_self and global_tokens (a sliding window), alibi and
alibi_slopes (a per-head bias), and each head's kv_group (heads sharing Wk and Wv).

Options for train:
  --task previous-token|first-token|match
                    attend to the token before (causal), to the first token (causal),
                    or to the context token equal to the query's own (cross-attention)
  --steps N         optimiser steps (default 2000), 8 random sequences each
  --seed S          the random sequences and the initial weights (default 1)
  --positional none|sinusoidal|rope
                    default: rope for previous-token, sinusoidal for first-token,
                    none for match
  --optimizer sgd|adam
                    default adam (learning rate 0.05; sgd 0.5)
  --lr RATE         the learning rate
  --out SESSION     write the trained weights on the watched sentence, with its target

Options for model run:
  --ids 1,2,3       the token ids to run
  --text TEXT       the text, tokenized by the tokenizer in DIR (tokenizer.json,
                    vocab.json, encoder.json, vocab.txt or tokenizer.model)
  --json OUT        write the whole run instead, - for standard output: {"ids",
                    "tokens", "shape", "layers": [{"x", "attn_out", "hidden", "heads":
                    [{"head", "q", "k", "v", "weights", "output"}]}], "final", "logits"},
                    numbers that read back exactly (the layout of the reference files'
                    reference.json)
  --npz OUT.npz     write the run as NumPy arrays named as TransformerLens names them
                    (blocks.L.hook_resid_pre, blocks.L.attn.hook_pattern, ...), the
                    JSON's numbers bit for bit; numpy.load(OUT, allow_pickle=False)
  --heads L:H,...   --json and --npz keep these heads only
  --fields F,...    --json and --npz keep these parts only: x, attn_out, resid_mid,
                    mlp_out, hidden, final, logits, heads
  --top K           how many predictions to print (default 5)
  --timing          print {"load_ms", "forward_ms", "peak_rss_mb"} on standard error
  --ablate L:H[:mean|:scale=F]
                    zero head H of layer L (its output before the output projection;
                    the projection's bias stays), replace it by its mean over the
                    positions, or scale it by F; repeatable, the edits compose
  --patch L:H[@P]   replace the head's output by its output in run B (@P: at
                    position P only)
  --patch-resid L[@P]
                    replace the residual stream after layer L by run B's (@P: at
                    position P only)
  --from-text TEXT, --from-ids 1,2,3
                    run B of the patches: as many tokens as the run
  --steer L:FILE.npy[:SCALE]
                    add SCALE (default 1) times the d_model vector in FILE.npy to the
                    residual stream after layer L, at every position
  --steer-texts L A B[:SCALE]
                    steer by the residual stream after layer L of text A at its last
                    position minus text B's (ActAdd), times SCALE

Options for model attribute:
  --ids, --text     as for model run
  --target TOKEN    the token whose logit is split: an id, a piece of the vocabulary
                    ("Ġthe"), its text (" the"), or a text that is one token
  --position P      the position (default the last)
  --json OUT        the file to write, - for standard output

Options for model generate:
  --ids, --text     the prompt, as for model run
  --tokens N        how many tokens to write (each one more position, KV-cached)
  --temperature T   sample from softmax(logits / T) (default 0: greedy, the most
                    probable token)
  --seed S          the sampler's seed: the same seed writes the same text
  --top K           the alternatives each step lists (default 5)
  --json OUT        the file to write, - for standard output
  --ablate, --steer, --steer-texts
                    as for model run (a mean ablation or a patch does not apply while
                    the model writes)

Options for model analyze:
  --ids, --text     as for model run
  --heads L:H,...   "norms" and "circuits" for these heads only (null for the others)
  --ablate L:H      add the last position's logits with head H of layer L zeroed
  --json OUT        the file to write, - for standard output

Options for model session:
  --ids, --text     as for model run
  --layer L         the layer, from 0
  --head H          the head, from 0; without it the whole layer (at most 16 heads)
  --out S.attnviz   the session to write, - for standard output

Options for model grad:
  --ids 1,2,3       the token ids (at least two)
  --json OUT        where to write the JSON, - for standard output

Options for model train:
  --corpus FILE     UTF-8 text; a byte-level BPE of --vocab V tokens (default 512) is
                    trained on it unless --tokenizer FILE gives a tokenizer.json
  --task induction  random letters with copied pairs "A B", the loss where a pair
                    decides the next letter; the lines carry the best head's induction
                    score on held-out repeated sequences
  --layers L, --heads H, --d-model D
                    the model's sizes (D a multiple of H with an even head size)
  --attention-only  MLPs written as exact zeros (n_inner 1) and never trained
  --bos             corpus: every window is <|endoftext|> then T - 1 tokens from a random
                    offset, so position 0 is always a start (a first-token head forms)
  --steps N         train until step N in all (default 1000)
  --seed S          the initial weights and every batch (default 0)
  --sequence T, --batch B
                    tokens per sequence, sequences per step (corpus: 64, 16;
                    induction: 32, 16)
  --lr RATE         Adam's learning rate (default 0.001; induction 0.003, warmed up
                    over 50 steps)
  --init SIGMA      the weights' initial standard deviation (default 0.02; induction 0.1)
  --induction-tokens K
                    how many letters from A the induction task draws (default 26)
  --threads N       threads (default: the machine's cores); results depend on it
  --out DIR         the checkpoint folder to write, or to continue

Options for explain (indices start at 0; tokens are t0, t1, ... unless the file names them):
  --row I           row I of the output: the rows of V weighted by query I's weights
  --column J        column J of the output: the columns of the weights scaled by V[k,J]
  --cell I,J        output[I,J] as a dot product: weights row I . V column J
  --view dot|row|column|outer
                    the same readings by name (--view dot takes --cell I,J or --row I
                    --column J); outer prints every rank-one term and the running sum
  --view online     how a fused (FlashAttention) kernel computes output row I (--row I):
                    key blocks of B keys (--block B), the running maximum m, the running
                    sum l of exp(logit - m), the rescale factor exp(m_old - m_new) and the
                    accumulator, then acc / l; then all rows as query x key block tiles
                    and the memory that needs beside the plain path's n x m weights
  --json            with --view online: {"row", "block", "steps": [{"keys": [first,
                    last], "block_max", "max", "sum", "rescale", "acc"}], "output"};
                    a fully masked block's maximum (-inf) is null
  --view tiled      the product in tiles of R rows x C columns (--tile R,C,K), each tile
                    the sum of block products over inner blocks of K
  --product output|scores
                    output = weights V (default); scores = Q K^T (row view: the rows of
                    K^T weighted by the query vector)
  --head H          the head to explain (default 0)
  --precision N     decimals in the tables (default 4, 0..15)

Options for export:
)";

// After the --stage names, which come from the stage table (stageHelp).
const char *const kHelpTail = R"(  --format csv|npy|latex|numpy
                    csv: comma-separated, numbers that read back exactly, -inf for masked
                    npy: NumPy .npy (float64, little-endian; np.load reads it)
                    latex: a \begin{bmatrix} ... \end{bmatrix}, -\infty for masked
                    numpy: np.array([[...], ...]) to paste into Python, -np.inf for masked
  --out PATH        the file to write, replaced only once it is complete; - writes the
                    text formats to standard output
  --head H          the head of Wq, Wk, Wv and of the head results (default 0)
  --precision N     decimals of --format latex (default 4, 0..15)

Options for render:
  --view NAME       q, k, v, scores, logits, weights, output (of head H), concat,
                    final (after Wo), links (token links), combination (the selected
                    row as a weighted sum of the rows of V)
  --out PATH        PATH.png, PATH.svg or PATH.pdf; replaced only once complete
  --row I           the selected query row (outlined; the row combination explains);
                    default 0, -1 for none
  --head H          the head to draw (default 0)
  --layout rows|columns
                    the row (default) or the article's column layout
  --width W, --height H
                    the view's size in pixels (default 720x560; links and combination
                    900 wide and as tall as their content)
  --scale S         PNG only: pixels per view pixel, 0.25 to 8 (2 or 3 for a projector
                    or print); the PNG is W*S x H*S

Options for worksheet:
  --out PATH        the PDF to write, replaced only once complete
  --count N         exercises, 1 to 20 (default 6); the five kinds take turns
  --seed S          which sheet (default 1): the same seed, the same exercises
  --head H          the head the exercises are about (default 0)
  --text PATH       also write the sheet as plain text (questions, then the key);
                    - for standard output

Options for html:
  --out PATH        the page to write, replaced only once complete; - for standard
                    output (layout, head and query row come from the session's view;
                    at most 128 tokens)

Options for set:
  --matrix X|context|Wq|Wk|Wv|Wo
                    the input matrix to replace
  --head H          the head of Wq, Wk or Wv (default 0)
  --from FILE[:TENSOR][SLICE]
                    the array: FILE alone for CSV and .npy (and the first array of an
                    .npz or the first float tensor of a .safetensors), :TENSOR to name
                    one, then a NumPy slice, e.g. model.safetensors:h.0.attn.c_attn.
                    weight[:, 768:832] (single indices drop an axis; negative ones count
                    from the end; no steps)
  --transpose       transpose the array after slicing (nn.Linear stores out x in)
  --out NEW         the session to write, replaced only once complete; - for standard
                    output

  -h, --help        show this help and exit
  --version         show the version and exit

Options for tokenize:
  --text TEXT       the text (at most 65536 bytes of UTF-8); special tokens typed in
                    it ([MASK], <|endoftext|>) are matched whole where the tokenizer
                    has them
  --train CORPUS    learn a byte-level BPE from CORPUS (UTF-8, at most 32 MiB):
                    GPT-2's pre-tokenizer and byte alphabet, the most frequent pair
                    merged first (ties by their bytes), deterministic; <|endoftext|>
                    in the corpus is the special token, the last id
  --vocab N         the vocabulary's size: 256 bytes + merges + <|endoftext|>
                    (257 to 65536; fewer when the corpus runs out of pairs)
  --out FILE        where tokenizer.json is written (Hugging Face's layout)

Exit status: 0 on success; 1 when FILE or the --from file cannot be read or computed on,
the array does not fit (set), or the output cannot be written (a one-line message on
standard error); 2 for bad usage. Warnings (e.g. a query with every key masked) go to
standard error, so standard output carries only the result.

Examples:
  attnviz-cli compute tests/data/reference/worked_example_4x4.json
  attnviz-cli compute - --layout columns < session.json
  attnviz-cli explain session.json --row 0
  attnviz-cli explain session.json --cell 0,2 --product scores
  attnviz-cli explain session.json --view online --row 2 --block 2 --json
  attnviz-cli explain session.json --view tiled --tile 2,2,2 --product scores
  attnviz-cli export session.json --stage weights --head 1 --format csv --out weights.csv
  attnviz-cli export session.json --stage final --format latex --out -
  attnviz-cli render session.json --view weights --row 2 --out weights.png --scale 2
  attnviz-cli render session.json --view combination --row 0 --out row0.pdf
  attnviz-cli worksheet session.attnviz --out sheet.pdf --count 8 --seed 3
  attnviz-cli html session.attnviz --out page.html
  attnviz-cli grad tests/data/reference-learning/rope_causal.json
  attnviz-cli train --task previous-token --steps 2000 --seed 1 --out trained.json
  attnviz-cli inspect model.safetensors
  attnviz-cli model inspect gpt2/
  attnviz-cli model run gpt2/ --ids 464,2068,7586 --top 5 --timing
  attnviz-cli model run gpt2/ --text "The cat sat" --patch-resid 5 --from-text "The dog ran"
  attnviz-cli model run gpt2/ --text "When Mary and John went, John gave it to" --npz run.npz
  attnviz-cli model run gpt2/ --text "The cat sat" --patch 9:6@2 --from-text "The dog ran"
  attnviz-cli model attribute gpt2/ --text "The Eiffel Tower is in" --target " Paris"
  attnviz-cli model generate gpt2/ --text "Once upon a time" --tokens 20
  attnviz-cli model analyze gpt2/ --text "The cat sat" --ablate 0:1 --json analysis.json
  attnviz-cli tokenize gpt2/ --text "The animal didn't cross the street"
  attnviz-cli tokenize --train corpus.txt --vocab 4096 --out tokenizer.json
  attnviz-cli set session.attnviz --matrix Wq --head 0 \
      --from 'model.safetensors:h.0.attn.c_attn.weight[:, 0:64]' --out gpt2.attnviz
)";

// The --stage lines of the help: every name of the stage table with its description.
std::string stageHelp() {
    std::string text = "  --stage NAME      the matrix to write (H: the head, --head):\n";
    for (const attn::StageInfo &info : attn::stageInfos()) {
        std::string name = info.name;
        name.resize(std::max<std::size_t>(name.size() + 1, 10), ' ');
        text += "                      " + name + info.description + "\n";
    }
    return text;
}

} // namespace

std::string cliHelp() {
    return kHelp + stageHelp() + kHelpTail;
}
