#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the training corpus of attnviz's built-in model (issue 26), deterministically.

The corpus mixes three kinds of documents, separated by "<|endoftext|>" and shuffled with a
fixed seed, so the model's heads have something to learn:

  (a) English prose: the entries of the Jargon File 4.4.7, which Debian ships in the package
      dict-jargon (/usr/share/dictd/jargon.dict.dz). The Jargon File is in the public domain
      (/usr/share/doc/dict-jargon/copyright). Every 20th entry is held out (held-out text).
  (b) Generated sentences in which a pronoun agrees in number or gender with exactly one of two
      earlier nouns, and a clause after it names that noun again, so predicting it needs the
      pronoun's link ("The queens told the king that they would stay, so the queens rested.").
      Some pairs of nouns appear only in the held-out sentences.
  (c) Sequences of random common words, each repeated once ("a b c … a b c …"): the pattern an
      induction head completes, which natural text alone forms only after billions of tokens.

Nothing here uses the network. The Jargon File is read from the installed package, from the
.deb that `apt-get download dict-jargon` leaves (read with the standard library: ar, tar, xz), or
from a .dict.dz file. Python 3 standard library only.

Usage:
  tools/make_corpus.py [--jargon PATH] [--seed N] --out DIR
writes DIR/corpus.txt (the training corpus), DIR/heldout_text.txt (held-out prose),
DIR/heldout_pronouns.jsonl (held-out pronoun sentences with the character spans of the nouns and
the pronoun) and DIR/heldout_induction.txt (held-out repeated sequences, one a line)."""

import argparse
import collections
import gzip
import io
import json
import lzma
import os
import random
import re
import sys
import tarfile

DEFAULT_JARGON = "/usr/share/dictd/jargon.dict.dz"
END = "<|endoftext|>"


# ---------------------------------------------------------------------------------------------
# (a) The Jargon File

def read_deb_member(path, wanted):
    """The bytes of `wanted` (a path inside the package) from the .deb at `path`: an ar archive
    whose data.tar.* holds the files."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"!<arch>\n"):
        sys.exit(f"{path}: not a .deb (ar archive)")
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos:pos + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        body = data[pos + 60:pos + 60 + size]
        pos += 60 + size + (size & 1)
        if not name.startswith("data.tar"):
            continue
        if name.endswith(".xz"):
            body = lzma.decompress(body)
        elif name.endswith(".gz"):
            body = gzip.decompress(body)
        elif name != "data.tar":
            sys.exit(f"{path}: {name}: unsupported compression")
        with tarfile.open(fileobj=io.BytesIO(body)) as tar:
            for member in tar.getmembers():
                if member.name.lstrip("./") == wanted.lstrip("/"):
                    return tar.extractfile(member).read()
        sys.exit(f"{path}: no {wanted} in the package")
    sys.exit(f"{path}: no data.tar in the package")


def jargon_text(path):
    if path.endswith(".deb"):
        raw = read_deb_member(path, DEFAULT_JARGON)
    else:
        with open(path, "rb") as f:
            raw = f.read()
    return gzip.decompress(raw).decode("utf-8")  # dictzip is gzip with an extra field


# Typographic characters written in ASCII, so the small vocabulary goes to words.
ASCII = {"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u2014": " - ",
         "\u2013": "-", "\u00b7": "", "\u2026": "...", "\u00a0": " ", "\u2122": "(TM)"}


def jargon_entries(text):
    """The entries as (headword, prose): in the dictd text every line that is not indented is
    a headword, then comes a line of pronunciation and part of speech indented by one space, then
    paragraphs indented by four. Paragraphs are joined into lines, {cross references} lose their
    braces; the database's own entries (00-database-…) and entries of less than 40 characters
    are left out."""
    entries = []
    head, paragraphs, current = None, [], []

    def close():
        if current:
            paragraphs.append(" ".join(current))
            current.clear()
        if head is None or head.startswith("00-database"):
            return
        prose = "\n".join(paragraphs)
        for k, v in ASCII.items():
            prose = prose.replace(k, v)
        prose = re.sub(r"\{\s*([^{}]*?)\s*\}", r"\1", prose)
        prose = re.sub(r"[ \t]+", " ", prose)
        if len(prose) >= 40:
            entries.append((head, prose))

    for line in text.split("\n"):
        if line and not line.startswith(" "):
            close()
            head, paragraphs = line.strip(), []
        elif line.startswith("    ") and line.strip():
            current.append(line.strip())
        elif not line.strip() and current:
            paragraphs.append(" ".join(current))
            current.clear()
    close()
    return entries


# ---------------------------------------------------------------------------------------------
# (b) Pronoun sentences

# (singular, plural, gender) of people: the pronoun of one is "he" or "she", of several "they".
PEOPLE = [
    ("king", "kings", "m"), ("queen", "queens", "f"), ("prince", "princes", "m"),
    ("princess", "princesses", "f"), ("father", "fathers", "m"), ("mother", "mothers", "f"),
    ("brother", "brothers", "m"), ("sister", "sisters", "f"), ("uncle", "uncles", "m"),
    ("aunt", "aunts", "f"), ("boy", "boys", "m"), ("girl", "girls", "f"), ("man", "men", "m"),
    ("woman", "women", "f"), ("waiter", "waiters", "m"), ("waitress", "waitresses", "f"),
    ("actor", "actors", "m"), ("actress", "actresses", "f"), ("monk", "monks", "m"),
    ("nun", "nuns", "f"), ("duke", "dukes", "m"), ("duchess", "duchesses", "f"),
    ("husband", "husbands", "m"), ("wife", "wives", "f"), ("son", "sons", "m"),
    ("daughter", "daughters", "f"), ("nephew", "nephews", "m"), ("niece", "nieces", "f"),
    ("grandfather", "grandfathers", "m"), ("grandmother", "grandmothers", "f"),
]
# "The A VERB the B CONJ PRONOUN CLAUSE, so the REFERENT ENDING."
FRAMES = [("told", "that"), ("promised", "that"), ("warned", "that"), ("wrote to", "that"),
          ("thanked", "because"), ("called", "because"), ("visited", "because"),
          ("met", "and"), ("helped", "because"), ("followed", "because")]
CLAUSES = {  # by the pronoun's number: "he/she" or "they"
    "one": ["was tired", "would stay", "had won", "was hungry", "would leave soon",
            "had seen a ghost", "was late", "had a plan", "was happy", "would sing"],
    "many": ["were tired", "would stay", "had won", "were hungry", "would leave soon",
             "had seen a ghost", "were late", "had a plan", "were happy", "would sing"],
}
ENDINGS = ["rested", "went home", "smiled", "laughed", "sat down", "left early", "slept",
           "waited", "spoke again", "ate bread"]


def pronoun_sentence(rng, pair_allowed):
    """One sentence with exactly one agreeing noun, or None when its pair of nouns is not
    allowed here. Returns (text, info): info has the character spans of the two nouns, the
    pronoun and the noun named again ("spans"), which noun the pronoun agrees with
    ("antecedent": "noun_a" or "noun_b") and the kind of agreement ("number" or "gender")."""
    kind = rng.choice(["number", "gender"])
    p, q = rng.sample(PEOPLE, 2)
    if kind == "gender":
        # Two of one, different genders: he/she picks one.
        while p[2] == q[2]:
            p, q = rng.sample(PEOPLE, 2)
        a, b = p[0], q[0]
        target = rng.randrange(2)
        pronoun = "he" if (p, q)[target][2] == "m" else "she"
    else:
        # One and several: "they" picks the several, he/she the one (of its gender).
        many_first = rng.random() < 0.5
        a = p[1] if many_first else p[0]
        b = q[0] if many_first else q[1]
        target = rng.randrange(2)
        target_is_many = (target == 0) == many_first
        if target_is_many:
            pronoun = "they"
        else:
            pronoun = "he" if (p, q)[target][2] == "m" else "she"
    if not pair_allowed(a, b):
        return None
    verb, conj = rng.choice(FRAMES)
    clause = rng.choice(CLAUSES["many" if pronoun == "they" else "one"])
    ending = rng.choice(ENDINGS)
    referent = (a, b)[target]
    parts = []
    spans = {}

    def put(word, key=None):
        start = sum(len(x) for x in parts)
        parts.append(word)
        if key:
            spans[key] = [start, start + len(word)]

    put("The ")
    put(a, "noun_a")
    put(" " + verb + " the ")
    put(b, "noun_b")
    put((", " if conj == "and" else " ") + conj + " ")
    put(pronoun, "pronoun")
    put(" " + clause + ", so the ")
    put(referent, "referent")
    put(" " + ending + ".")
    text = "".join(parts)
    return text, {"spans": spans, "antecedent": "noun_a" if target == 0 else "noun_b",
                  "kind": kind}


def heldout_pair(a, b):
    """Pairs of nouns (as written, in order) kept for the held-out sentences: about one in eight,
    chosen by a hash that does not depend on Python's per-process hash seed."""
    h = 0
    for c in a + "|" + b:
        h = (h * 131 + ord(c)) % 1000003
    return h % 8 == 0


# ---------------------------------------------------------------------------------------------
# (c) Repeated random sequences

def common_words(entries, count):
    """The `count` most frequent lower-case words of the prose (ties in alphabetical order):
    each is likely one token of the trained vocabulary, so a sequence of them is a sequence of
    random tokens."""
    counts = collections.Counter()
    for _, prose in entries:
        counts.update(re.findall(r"\b[a-z]{2,}\b", prose))
    return [w for w, _ in sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:count]]


def repeated_sequence(rng, words, low, high, copies=2):
    seq = [rng.choice(words) for _ in range(rng.randint(low, high))]
    return " ".join(seq * copies)


def fragment_words(rng, words, count):
    """`count` made-up words, each one or two random pieces (2 to 4 letters) of random words of
    the prose: the BPE splits them into arbitrary sub-word tokens, so a sequence of them repeated
    is a repeat of random tokens rather than of whole words."""
    made = set()
    while len(made) < count:
        pieces = []
        for _ in range(rng.randint(1, 2)):
            word = rng.choice(words)
            if len(word) < 2:
                continue
            size = rng.randint(2, min(4, len(word)))
            start = rng.randrange(len(word) - size + 1)
            pieces.append(word[start:start + size])
        if pieces:
            made.add("".join(pieces))
    return sorted(made)


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jargon", default=DEFAULT_JARGON,
                    help="jargon.dict.dz, or dict-jargon's .deb (default: the installed file)")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--pronoun-sentences", type=int, default=12000)
    ap.add_argument("--heldout-pronouns", type=int, default=1000)
    ap.add_argument("--sequences", type=int, default=5000)
    ap.add_argument("--heldout-sequences", type=int, default=200)
    ap.add_argument("--sequence-words", default="8,32", help="shortest,longest (before repeating)")
    ap.add_argument("--copies", type=int, default=2,
                    help="how often each random sequence is written in a row (default 2)")
    ap.add_argument("--sequence-vocabulary", type=int, default=400,
                    help="the random sequences' words: the N most frequent words of the prose")
    ap.add_argument("--fragment-sequences", type=int, default=0,
                    help="sequences of made-up words (pieces of prose words) repeated, besides "
                         "--sequences")
    ap.add_argument("--sequences-per-document", type=int, default=1,
                    help="random sequences written one after the other in one document")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if not os.path.exists(args.jargon):
        sys.exit(f"{args.jargon}: not found: `apt-get install dict-jargon`, or "
                 "`apt-get download dict-jargon` and give the .deb with --jargon")
    low, high = (int(x) for x in args.sequence_words.split(","))
    rng = random.Random(args.seed)

    entries = jargon_entries(jargon_text(args.jargon))
    train_prose = [e for i, e in enumerate(entries) if i % 20 != 19]
    heldout_prose = [e for i, e in enumerate(entries) if i % 20 == 19]
    documents = [f"{head}\n{prose}\n" for head, prose in train_prose]
    n_prose = len(documents)

    # Pronoun sentences: unique, the held-out ones from the held-out pairs of nouns only.
    seen = set()
    train_sentences, heldout = [], []
    while len(train_sentences) < args.pronoun_sentences or len(heldout) < args.heldout_pronouns:
        held = len(heldout) < args.heldout_pronouns and \
            (len(train_sentences) >= args.pronoun_sentences or rng.random() < 0.2)
        made = pronoun_sentence(rng, (lambda a, b: heldout_pair(a, b)) if held
                                else (lambda a, b: not heldout_pair(a, b)))
        if made is None or made[0] in seen:
            continue
        seen.add(made[0])
        if held:
            heldout.append(made)
        else:
            train_sentences.append(made[0])
    for i in range(0, len(train_sentences), 8):
        documents.append(" ".join(train_sentences[i:i + 8]) + "\n")
    n_pronoun_docs = len(documents) - n_prose

    words = common_words(train_prose, args.sequence_vocabulary)
    sequences = [repeated_sequence(rng, words, low, high, args.copies)
                 for _ in range(args.sequences)]
    heldout_sequences = [repeated_sequence(rng, words, low, high)
                         for _ in range(args.heldout_sequences)]
    if args.fragment_sequences:
        fragments = fragment_words(rng, common_words(train_prose, 4000), 3000)
        sequences += [repeated_sequence(rng, fragments, low, high, args.copies)
                      for _ in range(args.fragment_sequences)]
        rng.shuffle(sequences)
    per = max(1, args.sequences_per_document)
    for i in range(0, len(sequences), per):
        documents.append("\n".join(sequences[i:i + per]) + "\n")

    rng.shuffle(documents)
    os.makedirs(args.out, exist_ok=True)

    def write(name, text):
        with open(os.path.join(args.out, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    corpus = END.join(documents)
    write("corpus.txt", corpus)
    write("heldout_text.txt", END.join(f"{h}\n{p}\n" for h, p in heldout_prose))
    write("heldout_pronouns.jsonl",
          "".join(json.dumps({"text": t, **info}, sort_keys=True) + "\n" for t, info in heldout))
    write("heldout_induction.txt", "".join(s + "\n" for s in heldout_sequences))
    print(json.dumps({
        "corpus_bytes": len(corpus.encode("utf-8")),
        "prose_entries": n_prose, "heldout_prose_entries": len(heldout_prose),
        "pronoun_sentences": len(train_sentences), "pronoun_documents": n_pronoun_docs,
        "heldout_pronoun_sentences": len(heldout),
        "sequences": args.sequences, "fragment_sequences": args.fragment_sequences,
        "heldout_sequences": len(heldout_sequences),
        "sequence_vocabulary": len(words)}))


if __name__ == "__main__":
    main()
