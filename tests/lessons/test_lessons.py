"""Every exercise is gradable: the solution passes, the stub fails, wrong answers lose points.

A failing visible check never comes with full marks: every visible example is also one of the judge's cases.
For each visible example listed in VISIBLE_EXAMPLES of tests/lessons/variants/NN_name.py, the solution is
broken on exactly that example (tests/lessons/harness.py: broken_on) and graded with the rest of the class:
the visible check must fail, and the exercise must lose points.

The tests that read the graded class are in this one module: pytest-xdist (--dist loadscope) runs a module
on one worker, and every worker that ran one of them would grade the whole class again.
"""
import html
import itertools

import nbformat
import pytest

from autograder import ROOT
from autograder.course import LANGS
from autograder.sandbox.execute import TRUNCATED_FLAG
from autograder.publish.feedback import WORDS
from autograder.sandbox.jail import UNSANDBOXED
from tests.lessons.harness import (LESSONS, LOUD, LOUD_LESSON, SAMPLE, STUB_LANGS, UNSOLVED, case_of, exercise_tests,
                                   exercises, load_variants, load_variants_module, variant_cases)

CPU_SECONDS_LIMIT = 60


def stderr_cells(result) -> list[str]:
    nb = nbformat.read(result.autograded, as_version=4)
    return [cell.metadata["nbgrader"]["grade_id"] for cell in nb.cells
            if cell.metadata.get("nbgrader", {}).get("grade")
            and any(out.get("name") == "stderr" for out in cell.get("outputs", []))]


def not_passed(result, unsolved: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Each test cell that lost its points, but those of the exercises its notebook leaves unsolved."""
    return [f"{e.exercise}: {e.status} {e.message}" for e in result.exercises
            if e.status not in ("passed", "manual") and e.exercise not in unsolved]


@pytest.mark.parametrize("assignment", LESSONS)
def test_release_is_up_to_date(released, assignment):
    for folder in ("lessons", "solutions"):
        for lang in LANGS:
            relative = f"{folder}/{lang}/{assignment}.ipynb"
            fresh = (released.out_root / relative).read_bytes()
            assert (ROOT / relative).exists() and (ROOT / relative).read_bytes() == fresh, \
                f"{relative} differs from a fresh release: run `make release` and commit"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", LESSONS)
def test_solution_scores_full_marks(graded, assignment, lang, unsafe_no_sandbox):
    result = graded[(f"solution-{lang}", assignment)]
    assert not not_passed(result)
    assert result.flags == ([UNSANDBOXED] if unsafe_no_sandbox else []), "a solution needs no flag but the jail's"
    assert result.score == sum(e.max_score for e in result.exercises if e.status == "passed")


@pytest.mark.parametrize("lang", STUB_LANGS)
@pytest.mark.parametrize("assignment", LESSONS)
def test_stub_scores_zero_and_fails_only_with_not_implemented(graded, assignment, lang):
    result = graded[(f"stub-{lang}", assignment)]
    assert result.score == 0
    for exercise in result.exercises:
        assert exercise.score == 0, exercise
        if exercise.exercise.startswith("test_"):
            assert "raised NotImplementedError" in exercise.message, exercise


@pytest.mark.parametrize("assignment", LESSONS)
def test_every_exercise_has_three_wrong_variants(assignment):
    wrong, right = load_variants(assignment)
    names = exercises(assignment)
    assert names, f"{assignment} has no graded exercise"
    weak = {name: len(wrong.get(name, {})) for name in names if len(wrong.get(name, {})) < 3}
    assert not weak, f"exercises with fewer than three wrong variants: {weak}"
    assert set(wrong) | set(right) <= set(names), "variants name an exercise that does not exist"


@pytest.mark.parametrize("assignment, exercise, variant", variant_cases("wrong"))
def test_wrong_variant_loses_points(graded, assignment, exercise, variant):
    result = graded[(case_of("wrong", assignment, exercise, variant)[0], assignment)]
    cells = [e for e in result.exercises if e.exercise in exercise_tests(assignment)[exercise]]
    assert len(cells) == len(exercise_tests(assignment)[exercise])
    assert sum(c.score for c in cells) < sum(c.max_score for c in cells), \
        f"the tests of {exercise} accept the wrong variant {variant!r}"
    assert all(c.message for c in cells if c.score < c.max_score), \
        f"a test cell of {exercise} lost its points without a message: did the kernel stop early?"


def unsolved_tests(assignment: str, batch: dict) -> set[str]:
    """The test cells of the exercises that a right batch leaves unsolved."""
    return {test for exercise, (name, _) in batch.items() if name == UNSOLVED
            for test in exercise_tests(assignment)[exercise]}


@pytest.mark.parametrize("assignment, exercise", [(a, e) for a in LESSONS for e in exercises(a)])
def test_an_unsolved_exercise_costs_no_other_its_points(graded, assignment, exercise):
    """The exercise is left as the stub in a notebook of right answers (its neighbours in harness.variant_batches
    are right variants of exercises that do not lean on it, and the solution's cells)."""
    student, batch = case_of("unsolved", assignment, exercise, UNSOLVED)
    result = graded[(student, assignment)]
    own = exercise_tests(assignment)[exercise]
    assert all(e.score == 0 for e in result.exercises if e.exercise in own), f"the stub of {exercise} scored points"
    others = not_passed(result, unsolved_tests(assignment, batch))
    assert not others, f"leaving {exercise} unsolved cost other exercises their points: {others}"


@pytest.mark.parametrize("assignment, exercise, variant", variant_cases("right"))
def test_right_variant_keeps_full_marks(graded, assignment, exercise, variant):
    """Every test cell keeps its points but those of an exercise its notebook leaves unsolved (never this one,
    nor one it leans on)."""
    student, batch = case_of("right", assignment, exercise, variant)
    result = graded[(student, assignment)]
    unsolved = unsolved_tests(assignment, batch)
    assert not not_passed(result, unsolved)
    assert not set(stderr_cells(result)) - unsolved


@pytest.mark.parametrize("student", LOUD)
@pytest.mark.parametrize("assignment", [LOUD_LESSON])
@pytest.mark.repeats
def test_a_loud_notebook_keeps_full_marks(graded, assignment, student, unsafe_no_sandbox):
    result = graded[(student, assignment)]
    assert not not_passed(result) and result.score == result.max_score > 0
    assert result.flags == [TRUNCATED_FLAG] + ([UNSANDBOXED] if unsafe_no_sandbox else []), result.flags
    assert result.autograded.stat().st_size < 2 << 20, "the autograded notebook keeps only the head of the output"
    assert "characters dropped" in result.autograded.read_text()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", LESSONS)
def test_no_test_cell_writes_to_stderr(graded, assignment, lang):
    assert not stderr_cells(graded[(f"solution-{lang}", assignment)])


@pytest.mark.parametrize("assignment", LESSONS)
def test_solution_runs_within_a_minute_on_cpu(graded, assignment):
    seconds = graded[("solution-en", assignment)].seconds
    assert seconds < CPU_SECONDS_LIMIT, f"{assignment} took {seconds:.1f} s to grade"


@pytest.mark.parametrize("assignment", LESSONS)
@pytest.mark.repeats
def test_skipping_demonstrations_and_warm_kernels_change_no_grade(graded, graded_plainly, assignment):
    def grades(results):
        return {student: [(e.exercise, e.score, e.status, e.message) for e in r.exercises]
                for (student, lesson), r in results.items() if lesson == assignment}

    skipped, plain = grades(graded), grades(graded_plainly)
    assert set(SAMPLE) <= plain.keys() <= skipped.keys()
    differences = [f"{student}: {a} != {b}" for student in plain
                   for a, b in itertools.zip_longest(skipped[student], plain[student]) if a != b]
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("assignment", LESSONS)
@pytest.mark.repeats
def test_a_solution_runs_top_to_bottom_without_an_error(graded_plainly, assignment, lang):
    """Graded plainly, every cell of the solution runs, as a student runs it: its demonstrations, optional checks
    ("self_check") and "Ready to submit?" included, which grading skips. A student who runs a right answer never
    meets an error, and every optional check says what it found."""
    nb = nbformat.read(graded_plainly[(f"solution-{lang}", assignment)].autograded, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.strip()]
    assert any(cell.metadata.get("nbgrader", {}).get("grade_id") == "ready_to_submit" for cell in code)
    assert not [cell.source[:80] for cell in code if not cell.execution_count], "cells that did not run"
    errors = [f"{cell.source[:80]!r}: {o.ename}: {o.evalue}" for cell in code for o in cell.outputs
              if o.output_type == "error"]
    assert not errors, "\n".join(errors)
    checks = [cell for cell in code
              if "self_check" in cell.metadata.get("tags", []) and not cell.source.startswith("#@title")]
    silent = [cell.source[:80] for cell in checks if not any(o.get("name") == "stdout" for o in cell.outputs)]
    assert checks and not silent, f"optional checks that printed nothing: {silent}"


@pytest.mark.parametrize("assignment", LESSONS)
def test_feedback_pages_withhold_no_judge_message(graded, assignment):
    """Every graded notebook of the class (wrong variants, stubs, unsolved exercises): its feedback page shows
    each failing check's message as the judge wrote it, and nothing on it is withheld."""
    withheld, missing, pages = [], [], 0
    hidden = [WORDS[lang][key] for lang in LANGS for key in ("redacted", "withheld")]
    for (student, lesson), result in graded.items():
        if lesson != assignment or result.autograded is None:
            continue
        page = (result.autograded.parents[3] / "feedback" / student / f"{lesson}.html").read_text()
        pages += 1
        withheld += [f"{student}: {text}" for text in hidden if text in page]
        withheld += [f"{student}: {e.exercise}: {e.message}" for e in result.exercises
                     if "so it is not shown" in e.message]  # autograder.judge's own guard
        missing += [f"{student}: {e.exercise}: {e.message}" for e in result.exercises
                    if e.status in ("failed", "error") and html.escape(e.message) not in page]
    print(f"\n{assignment}: {pages} feedback pages, {len(withheld)} messages withheld")
    assert pages >= 4
    assert not withheld, "\n".join(withheld)
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("assignment", LESSONS)
def test_every_exercise_lists_its_visible_examples(assignment):
    examples = getattr(load_variants_module(assignment), "VISIBLE_EXAMPLES", {})
    assert set(examples) <= set(exercises(assignment)), "VISIBLE_EXAMPLES names an exercise that does not exist"
    missing = [exercise for exercise in exercises(assignment) if not examples.get(exercise)]
    assert not missing, f"exercises without a visible example in VISIBLE_EXAMPLES: {missing}"


@pytest.mark.parametrize("assignment, exercise, example", variant_cases("visible"))
def test_a_solution_broken_on_a_visible_example_loses_points(graded, assignment, exercise, example):
    result = graded[(case_of("visible", assignment, exercise, example)[0], assignment)]
    tests = exercise_tests(assignment)[exercise]
    nb = nbformat.read(result.autograded, as_version=4)
    failed = [cell.metadata["nbgrader"]["grade_id"] for cell in nb.cells
              if cell.metadata.get("nbgrader", {}).get("grade_id") in tests
              and any(output.output_type == "error" for output in cell.get("outputs", []))]
    assert failed, f"breaking {exercise} on {example!r} failed no visible check of {tests}: does its condition hold there?"
    cells = [e for e in result.exercises if e.exercise in tests]
    assert sum(c.score for c in cells) < sum(c.max_score for c in cells), (
        f"{exercise} broken on the visible example {example!r} keeps full marks: the hidden checks must include it")
