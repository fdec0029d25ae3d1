"""`make similarity-compare`'s measures (tests/similarity/compare.py), and the comparison itself on a small class with
ours and copydetect (Dolos needs node and npm: the make target runs it)."""
from tests.similarity import compare, lazy_class, peers


def test_ties_count_against_the_copies():
    assert compare.top_k([True, False, True]) == 1
    assert compare.average_precision([True, False, True]) == (1 + 2 / 3) / 2
    made = lazy_class.Class(copies={("01", "c", "s")})
    pairs = [{"assignment": "01", "student_a": "c", "student_b": "s", "similarity": "0.5"},
             {"assignment": "01", "student_a": "s", "student_b": "t", "similarity": "0.5"},
             {"assignment": "01", "student_a": "c", "student_b": "t", "similarity": "0.1"}]
    assert compare.ranking(made, "01", pairs) == [False, True, False]


def test_a_copy_a_peer_ranks_and_ours_does_not_is_named():
    made = lazy_class.Class(copies={("01", "c", "s")}, exercises={"01": 1})
    row = lambda a, b, score: {"assignment": "01", "student_a": a, "student_b": b, "similarity": str(score)}
    measured = {"ours": {"pairs": [row("s", "t", 0.6), row("c", "s", 0.5), row("c", "t", 0.1)]},
                "Dolos": {"pairs": [row("c", "s", 0.9), row("s", "t", 0.6), row("c", "t", 0.1)]}}
    assert list(compare.missed("class x", made, measured)) == [
        "         class x Dolos ranks 01 c-s (0.90), ours does not: 0.500, rank 2"]


def test_ours_and_copydetect_side_by_side_on_a_lazy_copy_class():
    made = lazy_class.make_class(lazy_class.DEVELOPMENT[0], assignments=["01_tensors"])
    lines = list(compare.compare({"lazy": made}, dolos=False))
    assert [line.split()[1] for line in lines[:3]] == ["ours", "copydetect", "ours"], lines
    ours, theirs = (compare.figures(made, run(made)) for run in (compare.ours, compare.tools(False)["copydetect"]))
    assert ours["copies"] == theirs["copies"] == lazy_class.COPIERS
    assert 0 <= theirs["top K"] <= theirs["ranked"] <= lazy_class.COPIERS and 0 < theirs["MAP"] <= 1
    assert ours["ranked"] == ours["top K"] == lazy_class.COPIERS and ours["MAP"] == 1
    assert lines[-1] == "ours ranks as many copies as the better peer, with a MAP as high, on 1 of 1 classes"


def test_without_node_dolos_is_skipped_and_says_what_to_install(monkeypatch):
    monkeypatch.setattr(peers.shutil, "which", lambda name: None)
    assert not peers.dolos_ready() and "apt-get install nodejs npm" in peers.DOLOS_MISSING
    assert list(compare.tools(peers.dolos_ready())) == ["ours", "copydetect"]
