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


@pytest.mark.repeats  # says why the class is there, as docs/similarity.md measures it; nothing of the grader's
def test_without_the_second_channel_the_lazy_copies_are_missed(monkeypatch):
    monkeypatch.setattr(channels, "on_first_scale", lambda found, first: np.zeros_like(first))
    found = lazy_class.measure(lazy_class.DEVELOPMENT[0])
    assert sum(map(similar_class.met, found.values())) < len(found)


def test_the_evidence_is_the_likelihood_ratio_of_a_whole_copy_against_independence():
    rng = np.random.default_rng(0)
    found = rng.integers(-1, 3, size=(5, 7))  # 5 answers x 7 students, -1 a stub
    surprise = channels.evidence(found)
    for i, j in itertools.combinations(range(7), 2):
        copied = independent = 1.0
        for c in range(5):
            if found[c, i] >= 0 and found[c, j] >= 0:
                q = channels.match_chance(found[c])
                same = found[c, i] == found[c, j]
                copied *= channels.KEEP if same else 1 - channels.KEEP
                independent *= q if same else 1 - q
        assert surprise[i, j] == pytest.approx(max(0.0, np.log10(copied / independent)), abs=1e-9), (i, j)


def test_answers_written_apart_count_against_a_whole_copy():
    # students 0 and 1 match on 4 answers that no one else wrote alike and differ on 6; 2 and 3 match on all 10
    found = np.arange(10 * 12).reshape(10, 12)
    found[:4, 1] = found[:4, 0]
    found[:, 3] = found[:, 2]
    surprise = channels.evidence(found)
    assert surprise[0, 1] == 0 < surprise[2, 3]


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
