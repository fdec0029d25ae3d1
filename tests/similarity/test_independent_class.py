"""`make similarity` on classes that our generator did not make (tests/similarity/independent_class.py): three
authors' hand-written students and disguised copiers, the ground truth in their modules. docs/similarity.md
gives the figures per lesson; these tests hold the totals there, so that a change to the rule that loses a
copy on either class fails."""
import pytest

from tests.similarity import independent_class, similar_class

MEASURED = {"a": {"copies ranked": 19, "full copies flagged": 10}, "b": {"copies ranked": 10, "full copies flagged": 5},
            "c": {"copies ranked": 12, "full copies flagged": 8}}


@pytest.mark.parametrize("author", independent_class.AUTHORS)
def test_the_ground_truth_is_whole(author):
    for assignment in independent_class.Course().assignments():
        module = independent_class.authored(author, assignment)
        for copier, copy in module.COPIES.items():
            source = module.STUDENTS[copy["source"]]
            assert copy["kind"] in ("full", "partial") and copy["copied"], (assignment, copier)
            assert set(copy["copied"]) <= source.keys() & copy["answers"].keys(), (assignment, copier)
            if copy["kind"] == "full":
                assert set(copy["copied"]) == source.keys(), (assignment, copier)


# author a's class in `make test`; b's and c's, held out, repeat the proof under `make test-all`
@pytest.mark.parametrize("author", [author if author == "a" else pytest.param(author, marks=pytest.mark.repeats)
                                    for author in independent_class.AUTHORS])
def test_no_independent_pair_is_at_yes_and_no_copy_measured_is_lost(author):
    found = independent_class.measure(author)
    assert len(found) == 5
    for assignment, v in found.items():
        assert v["independent at yes below 3/4 alike"] == 0, similar_class.line(assignment, v)
        assert v["independent at review"] <= 0.05 * (v["independent pairs"] + v["copies"]), similar_class.line(
            assignment, v)
    for figure, floor in MEASURED[author].items():
        assert sum(v[figure] for v in found.values()) >= floor, [similar_class.line(a, v) for a, v in found.items()]
