"""The bands of `make similarity`: which pairs a person should look at, per assignment.

A score ranks pairs; it never says that a pair copied. The bands say how far a pair stands out:
- `yes` from SUSPICIOUS on: far outside what independent students write in any class;
- `review` from the class's own outlier fence on: Tukey's far-out fence, Q3 + 3 IQR of this class's pair
  scores, as a box plot draws it (of each channel's scores: autograder.similarity.channels), raised where needed so that no more than REVIEW_SHARE of the class's
  pairs, and no more pairs than it has students, are at `review` (at least one);
- `no` otherwise.
Pairs that share flagged links form clusters (one source and several copiers is a common case).
"""
import math

import numpy as np

SUSPICIOUS = 0.65  # `yes` from here on: two thirds of every answer copied in forms no one else wrote, or more
FENCE = 3.0  # IQRs above the third quartile: Tukey's "far out"
REVIEW_SHARE = 0.05  # at most this share of a class's pairs is sent for review (and one pair per student)


def fence(scores: np.ndarray) -> float:
    """Tukey's far-out fence of a class's scores: Q3 + FENCE IQR."""
    q1, q3 = np.quantile(scores, [0.25, 0.75]) if scores.size else (0.0, 0.0)
    return float(q3 + FENCE * (q3 - q1))


def review_from(scores: np.ndarray, students: int, start: float | None = None) -> float:
    """Where this class's review band starts: its far-out fence (that of `scores`, or `start`), raised so
    that no more than REVIEW_SHARE of its pairs, nor more pairs than `students`, are below SUSPICIOUS and
    above it (at least one); 1.0 for a class with no pair."""
    if scores.size == 0:
        return 1.0
    ranked = np.sort(scores[scores < SUSPICIOUS])[::-1]
    allowed = max(1, min(math.floor(REVIEW_SHARE * scores.size), students))
    left_out = ranked[allowed] if ranked.size > allowed else -1.0  # the first score past the share
    kept = ranked[ranked > left_out]  # ties with it stay out too
    return float(max(fence(scores) if start is None else start, kept.min() if kept.size else SUSPICIOUS, 1e-6))


def bands_of(scores: np.ndarray, review_start: float) -> np.ndarray:
    """The band of each score, compared in float64 (a float32 score exactly at SUSPICIOUS is below it)."""
    wide = np.asarray(scores, dtype=np.float64)
    return np.where(wide >= SUSPICIOUS, "yes", np.where(wide >= review_start, "review", "no"))


def band(score: float, review_start: float) -> str:
    return str(bands_of(score, review_start))


def clusters(pairs: list) -> list[tuple[str, list[str], list]]:
    """(assignment, students, their flagged pairs) for each group of students linked by flagged pairs,
    largest first."""
    found = []
    for assignment in sorted({p.assignment for p in pairs if p.suspicious}):
        linked = [p for p in pairs if p.assignment == assignment and p.suspicious]
        groups: list[set[str]] = []
        for p in linked:
            touching = [g for g in groups if p.a.student in g or p.b.student in g]
            merged = {p.a.student, p.b.student}.union(*touching)
            groups = [g for g in groups if g not in touching] + [merged]
        for group in groups:
            found.append((assignment, sorted(group), [p for p in linked if p.a.student in group]))
    return sorted(found, key=lambda c: (-len(c[1]), c[0], c[1]))
