"""The laziest copy (tests/similarity/lazy_class.py): a whole notebook of a student who wrote common answers, renamed,
re-printed, commented and reordered, is found by the second channel (autograder.similarity.channels), on a seed that
was in view while it was chosen and on held-out ones (`python -m tests.similarity.lazy_class` measures all ten)."""
import itertools

import numpy as np
import pytest

from autograder.similarity import bands, channels, scoring
from tests import classroom
from tests.similarity import lazy_class, similar_class


# one held-out seed in `make test`; the development seed and a second held-out one under `make test-all`
@pytest.mark.parametrize("seed", [lazy_class.HELD_OUT[0], pytest.param(lazy_class.DEVELOPMENT[3], marks=pytest.mark.repeats),
                                  pytest.param(lazy_class.HELD_OUT[1], marks=pytest.mark.repeats)])
def test_every_lazy_copy_ranks_above_the_independent_pairs_and_is_flagged(seed):
    found = lazy_class.measure(seed)
    for assignment, v in found.items():
        assert similar_class.met(v), similar_class.line(f"seed {seed} {assignment}", v)
        assert v["full copies flagged"] == v["full copies"] == lazy_class.COPIERS


def test_without_the_second_channel_the_lazy_copies_are_missed(monkeypatch):
    monkeypatch.setattr(channels, "on_first_scale", lambda found, first: np.zeros_like(first))
    found = lazy_class.measure(lazy_class.DEVELOPMENT[0])
    assert sum(map(similar_class.met, found.values())) < len(found)


def test_the_chance_of_as_many_matches_is_the_poisson_binomial_tail():
    rng = np.random.default_rng(0)
    found = rng.integers(-1, 3, size=(5, 7))  # 5 answers x 7 students, -1 a stub
    surprise = channels.evidence(found)
    for i, j in itertools.combinations(range(7), 2):
        both = [c for c in range(5) if found[c, i] >= 0 and found[c, j] >= 0]
        matches = sum(found[c, i] == found[c, j] for c in both)
        q = {c: channels.match_chance(found[c]) for c in both}
        chance = sum(np.prod([q[c] if c in hit else 1 - q[c] for c in both])
                     for k in range(matches, len(both) + 1) for hit in itertools.combinations(both, k))
        assert surprise[i, j] == pytest.approx(-np.log10(chance), abs=1e-9), (i, j)


def test_the_csv_says_which_channel_put_each_pair_there(tmp_path):
    made = lazy_class.make_class(lazy_class.DEVELOPMENT[0], assignments=["01_tensors"])
    out = tmp_path / "graded"
    similar_class.write_out(made, out)
    scoring.similarity(out, workers=1)
    listed = classroom.rows(out / "similarity.csv")
    assert {r["channel"] for r in listed} == set(channels.CHANNELS)
    copies = {frozenset((x, y)) for _, x, y in made.copies}
    assert all(r["channel"] == "answers alike" for r in listed if frozenset((r["student_a"], r["student_b"])) in copies)


def test_the_second_channel_alone_sends_a_pair_for_review_never_to_yes():
    scores = np.linspace(0.0, 3.0, 301)
    squeezed = channels.below_yes(scores, 0.3)
    assert (squeezed[scores <= 0.3] == scores[scores <= 0.3]).all()
    assert (np.diff(squeezed) > 0).all() and squeezed.max() < bands.SUSPICIOUS
