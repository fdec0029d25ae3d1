"""A failing visible check never comes with full marks: every visible example is also one of the judge's cases.

For each visible example listed in VISIBLE_EXAMPLES of tests/lessons/variants/NN_name.py, the solution is
broken on exactly that example (tests/lessons/harness.py: broken_on) and graded with the rest of the class:
the visible check must fail, and the exercise must lose points.
"""
import nbformat
import pytest

from tests.lessons.harness import (LESSONS, exercise_tests, exercises, load_variants_module, student_of,
                                   variant_cases)


@pytest.mark.parametrize("assignment", LESSONS)
def test_every_exercise_lists_its_visible_examples(assignment):
    examples = getattr(load_variants_module(assignment), "VISIBLE_EXAMPLES", {})
    assert set(examples) <= set(exercises(assignment)), "VISIBLE_EXAMPLES names an exercise that does not exist"
    missing = [exercise for exercise in exercises(assignment) if not examples.get(exercise)]
    assert not missing, f"exercises without a visible example in VISIBLE_EXAMPLES: {missing}"


@pytest.mark.parametrize("assignment, exercise, example", variant_cases("visible"))
def test_a_solution_broken_on_a_visible_example_loses_points(graded, assignment, exercise, example):
    result = graded[(student_of("visible", assignment, exercise, example), assignment)]
    tests = exercise_tests(assignment)[exercise]
    nb = nbformat.read(result.autograded, as_version=4)
    failed = [cell.metadata["nbgrader"]["grade_id"] for cell in nb.cells
              if cell.metadata.get("nbgrader", {}).get("grade_id") in tests
              and any(output.output_type == "error" for output in cell.get("outputs", []))]
    assert failed, f"breaking {exercise} on {example!r} failed no visible check of {tests}: does its condition hold there?"
    cells = [e for e in result.exercises if e.exercise in tests]
    assert sum(c.score for c in cells) < sum(c.max_score for c in cells), (
        f"{exercise} broken on the visible example {example!r} keeps full marks: the hidden checks must include it")
