"""The second channel of `make similarity`: answers written alike, weighed against the chance of it.

The first channel (autograder.similarity.scoring) weighs what two students share by its rarity, so a copy of a
student who wrote common answers looks like two students sharing a few rare lines. Yet a copy that keeps
every answer of its source, each the same code once renamed and re-printed, is strong evidence even when
each answer alone is common: two independent students match on all of them only by a product of chances.

Per answer, two students match when they wrote it (more than the released stub) in the same form (the
tokens of autograder.similarity.fingerprints, their own names as V). The chance that two independent students
of this class match on it is the share of pairs of its writers who wrote the same form, sum c (c - 1) /
(n (n - 1)) over its forms. A pair's evidence weighs the two stories against each other over the answers both
wrote (a likelihood ratio, log10): one of them copied the whole notebook, and then keeps each answer's form
with the chance KEEP; or the two are independent, and match on each with the class's chance. A match on a
common answer adds a little, one on a rare answer more, and each answer the two wrote in different forms
takes away about one (log10 of 1 - KEEP): two students who happen to share a few answers and differ on the
rest are no whole copy, however rare the few (those are the first channel's evidence). Evidence below 0 is
none. Students who write alike in one answer tend to in others too (the reference's style), so the evidence
is calibrated on the class: its outlier fence is Tukey's far-out fence of the class's evidence (never below
FLOOR: where most pairs have none, the fence would be 0). The evidence is then put on the first channel's
scale, its fence on that channel's fence, and a pair ranks by the higher of the two; above the fence it is
squeezed below `yes` (autograder.similarity.bands): a channel calibrated on its class alone can send a pair
for review, not say that it is far outside any class.
"""
import numpy as np

from autograder.similarity.bands import SUSPICIOUS, fence

CHANNELS = ("rare fragments", "answers alike")
FLOOR = 1.0  # the second channel's fence is never below a likelihood ratio of ten
KEEP = 0.9  # the chance that a copier of the whole notebook leaves an answer in its source's form


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
    """students x students: log10 of how much likelier the forms of the answers both wrote are if one of the two
    copied the whole notebook than if they are independent; 0 where it is not likelier."""
    both = (found[:, :, None] >= 0) & (found[:, None, :] >= 0)
    alike = both & (found[:, :, None] == found[:, None, :])
    ratio = np.zeros((found.shape[1], found.shape[1]))
    for c in range(found.shape[0]):
        q = min(max(match_chance(found[c]), 1e-12), 1 - 1e-12)  # a match makes it > 0; a difference, < 1
        ratio += np.where(alike[c], np.log10(KEEP / q), np.where(both[c], np.log10((1 - KEEP) / (1 - q)), 0.0))
    return np.maximum(ratio, 0.0)


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
