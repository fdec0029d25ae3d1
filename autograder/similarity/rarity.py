"""The first channel's arithmetic (autograder.similarity.scoring): how rare a fragment or a likeness is in the
class, and the weight each pair of students shares, as a matrix product."""
from collections import Counter

import numpy as np
from numpy.typing import ArrayLike

CHUNK = 4096  # fragments per slice of the students x fragments matrix


def shared_weights(sets: list[set], weight: dict) -> np.ndarray:
    """The weight each pair of sets shares, N x N: a matrix product of sets x fingerprints, over the
    fingerprints that two sets or more hold."""
    held = Counter(h for s in sets for h in s)
    columns = {h: i for i, h in enumerate(h for h, n in held.items() if n > 1)}
    weights = np.array([weight[h] for h in columns], dtype=np.float32)
    rows, cols = [], []
    for row, s in enumerate(sets):
        for h in s:
            if h in columns:
                rows.append(row)
                cols.append(columns[h])
    rows, cols = np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64)
    shared = np.zeros((len(sets), len(sets)), dtype=np.float32)
    for start in range(0, len(weights), CHUNK):  # a slice of the fingerprints at a time bounds the memory
        part = weights[start:start + CHUNK]
        chunk = np.zeros((len(sets), len(part)), dtype=np.float32)
        inside = (cols >= start) & (cols < start + len(part))
        chunk[rows[inside], cols[inside] - start] = 1.0
        shared += (chunk * part) @ chunk.T
    return shared


def rareness(n: int, d: ArrayLike) -> np.ndarray:
    """log(n / d) / log(n / 2): how rare a thing is that d of n students hold, from 1 (d <= 2) to 0 (d = n)."""
    d = np.asarray(d, dtype=np.float64)
    return np.where(d <= 2, 1.0, np.clip(np.log(n / np.maximum(d, 1)) / np.log(max(n, 3) / 2), 0.0, 1.0))


def rarity(cell: np.ndarray) -> np.ndarray:
    """log(N / d) / log(N / 2) per pair of one answer's similarities (students x students), where d counts
    the pair and the students whose answers are as alike to one of the two as theirs are to each other."""
    n = len(cell)
    alike = cell.copy()
    np.fill_diagonal(alike, -1.0)
    ordered = np.sort(alike, axis=1)
    as_alike = np.stack([n - np.searchsorted(ordered[i], alike[i]) for i in range(n)])  # j and those as alike to i
    return rareness(n, 1 + np.maximum(as_alike, as_alike.T))
