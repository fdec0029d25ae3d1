"""The mutation tool of `make mutants` (tests/lessons/mutants.py), on a small function: every kind of edit,
only inside the solution markers, each mutant valid Python and different from the solution."""
from tests.lessons.mutants import Mutant, hostages, mutants_of, outcome
from autograder.grading.results import ExerciseResult, NotebookResult
from autograder.intake.submission import Submission

SOURCE = '''def f(x, lo=0):
    """A docstring 1 + 1 stays as it is."""
    setup = 1 + 1
    ### BEGIN SOLUTION
    if x < 1 and not lo:
        y = float(x) * 2 + 1
    else:
        y = x.clone() - 1
    with torch.no_grad():
        y = y.detach() / 2
    if y > 0:
        raise ValueError(y)
    return y
    ### END SOLUTION'''


def test_every_kind_of_single_edit_inside_the_solution_markers():
    mutants = mutants_of("f", SOURCE)
    ids = {m.id.split(":", 2)[2] for m in mutants}
    assert {"And->Or", "Lt->LtE", "drop Not", "Add->Sub", "Sub->Add", "Mult->Div", "1->2", "1->0", "2->3",
            "drop float()", "drop clone()", "drop detach()", "drop statement", "threshold 0->-1", "divide by 0",
            "drop with"} <= ids
    by_id = {m.id: m.source for m in mutants}
    assert "if y > -1:" in by_id["f:10:threshold 0->-1"]
    assert "y = y.detach() / 0" in by_id["f:9:divide by 0"]
    assert "with" not in by_id["f:8:drop with"] and "    y = y.detach() / 2" in by_id["f:8:drop with"]
    assert "raise" not in by_id["f:11:drop statement"], "a dropped raise is a dropped statement"
    assert all(":3:" not in m.id and ":2:" not in m.id for m in mutants), "only the solution lines are edited"
    assert len({m.source for m in mutants}) == len(mutants) == len({m.id for m in mutants})
    for mutant in mutants:
        compile(mutant.source, mutant.id, "exec")
        assert "setup = 1 + 1" in mutant.source
    assert [m.id for m in mutants] == [m.id for m in mutants_of("f", SOURCE)], "the same mutants every run"


def test_a_mutant_is_killed_when_a_test_cell_of_its_exercise_loses_points():
    def result(*cells):
        return NotebookResult(Submission("s", "a"), 0, 0, 0, [ExerciseResult(name, score, 2.0, status) for name, score, status in cells])

    parts = ["test_f_forward", "test_f_errors"]
    assert outcome(result(("test_f_forward", 2.0, "passed"), ("test_f_errors", 1.0, "failed")), parts) == "killed"
    assert outcome(result(("test_f", 2.0, "passed"), ("test_f_analytic", 0.0, "failed")), ["test_f"]) == "survived"
    assert outcome(result(("test_f", 0.0, "timeout")), ["test_f"]) == "timeout"


def test_mutants_behind_one_that_hangs_are_graded_again():
    def result(*cells):
        return NotebookResult(Submission("s", "04_power_and_roots"), 0, 0, 0,
                              [ExerciseResult(name, 0.0, 1.0, status) for name, status in cells])

    planned = {e: Mutant(f"{e}:1:x", e, "") for e in ("Power", "bisection_root", "newton_root")}
    hung = result(("test_Power_forward", "passed"), ("test_Power_multiplications", "timeout"),
                  ("test_Power_backward", "timeout"), ("test_bisection_root", "timeout"), ("test_newton_root", "timeout"))
    assert hostages(hung, planned) == [planned["bisection_root"], planned["newton_root"]]
    assert hostages(result(("test_Power_forward", "failed"), ("test_bisection_root", "passed")), planned) == []
    behind_the_solution = result(("test_find_bracket", "timeout"), ("test_newton_root", "timeout"))
    assert hostages(behind_the_solution, planned) == [planned["newton_root"]], "an unchanged exercise hung: regrade"


def test_the_page_of_right_answers_among_mutants_is_written_from_the_variants_files():
    from tests.lessons.verdicts import PAGE, page

    assert PAGE.read_text(encoding="utf-8") == page(), \
        "docs/mutants.md is out of date: run `.venv/bin/python -m tests.lessons.verdicts`"
