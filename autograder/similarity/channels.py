"""The second channel of `make similarity`: answers written alike, weighed against the chance of it.

The first channel (autograder.similarity.scoring) weighs what two students share by its rarity, so a copy of a
student who wrote common answers looks like two students sharing a few rare lines. Yet a copy that keeps
every answer of its source, each the same code once renamed and re-printed, is strong evidence even when
each answer alone is common: two independent students match on all of them only by a product of chances.

Per answer, two students match when they wrote it (more than the released stub) in the same form (the
tokens of autograder.similarity.fingerprints, their own names as V). The chance that two independent students
of this class match on it is the share of pairs of its writers who wrote the same form, sum c (c - 1) /
(n (n - 1)) over its forms. A pair's evidence is -log10 of the chance of matching on at least as many of
the answers both wrote (a Poisson-binomial tail). Students who write alike in one answer tend to in others
too (the reference's style), so the evidence is calibrated on the class: its outlier fence is Tukey's
far-out fence of the class's evidence (never below FLOOR: where most pairs match on nothing, the fence would
be 0). The evidence is then put on the first channel's scale, its fence on that channel's fence, and a pair
ranks by the higher of the two; above the fence it is squeezed below `yes` (autograder.similarity.bands): a
channel calibrated on its class alone can send a pair for review, not say that it is far outside any class.
"""
import numpy as np

from autograder.similarity.bands import SUSPICIOUS, fence

CHANNELS = ("rare fragments", "answers alike")
FLOOR = 1.0  # the second channel's fence is never below a chance of one in ten


def forms(sets: list[list], written: np.ndarray) -> np.ndarray:
    """answers x students: the id of each student's form of each answer, -1 where they left the stub."""
    found = np.full(written.shape, -1, dtype=np.int64)
    for c, documents in enumerate(sets):
        ids: dict[str, int] = {}
        for s, doc in enumerate(documents):
            if written[c, s]:
                found[c, s] = ids.setdefault(doc, len(ids))
    return found


def match_chance(form: np.ndarray) -> float:
    """The chance that two of this answer's writers, drawn at random, wrote it in the same form."""
    counts = np.bincount(form[form >= 0]).astype(np.float64)
    n = counts.sum()
    return float((counts * (counts - 1)).sum() / (n * (n - 1))) if n > 1 else 0.0


def evidence(found: np.ndarray) -> np.ndarray:
    """students x students: -log10 of the chance that two independent students match on as many of the
    answers both wrote as these two do, or more."""
    both = (found[:, :, None] >= 0) & (found[:, None, :] >= 0)
    alike = both & (found[:, :, None] == found[:, None, :])
    answers, students = found.shape
    tail = np.zeros((answers + 1, students, students))  # tail[k]: the chance of exactly k matches
    tail[0] = 1.0
    for c in range(answers):
        q = np.where(both[c], match_chance(found[c]), 0.0)
        tail[1:] = tail[1:] * (1 - q) + tail[:-1] * q
        tail[0] *= 1 - q
    at_least = np.cumsum(tail[::-1], axis=0)[::-1]
    chance = np.take_along_axis(at_least, alike.sum(axis=0)[None], axis=0)[0]
    return -np.log10(np.clip(chance, 1e-300, 1.0))


def on_first_scale(found: np.ndarray, first: np.ndarray) -> np.ndarray:
    """students x students: the second channel's score on the first's scale, from the forms and the first
    channel's notebook scores."""
    surprise = evidence(found)
    upper = np.triu_indices(len(first), k=1)
    start = min(max(fence(first[upper]), 1e-6), SUSPICIOUS)
    second = below_yes(surprise * start / max(fence(surprise[upper]), FLOOR), start) + 0.0  # no -0.0 (log10 of 1)
    np.fill_diagonal(second, 0.0)
    return second.round(5)


def below_yes(score: np.ndarray, start: float) -> np.ndarray:
    """Scores above `start` squeezed below `yes`, in their order: calibrated on the class alone, the second
    channel says how far a pair stands out of its class, never that it is far outside any class."""
    room = max(SUSPICIOUS - start, 1e-6)
    squeezed = start + room * -np.expm1(-(score - start) / room)
    return np.minimum(np.where(score > start, squeezed, score), SUSPICIOUS - 1e-5)
