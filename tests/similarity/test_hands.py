"""Every habit of a Hand (tests/similarity/hands.py) keeps the answer's meaning: the solution and every right
variant of every lesson, rewritten in the strongest hand (every habit followed wherever it applies) and in a random
hand, keep their full marks through the real grading path, packed into notebooks as the lesson tests pack variants
(tests/lessons/harness.py); answers that lean on each other share notebooks, since all should pass. That grading
is `make test-all`'s: `make test` grades a right answer in another style once per exercise in tests/lessons/."""
import ast
import functools
import itertools
import random

import nbformat
import pytest

from autograder.release import notebooks
from tests.lessons.harness import (EVERY_CASE, LESSONS, dependencies, exercise_tests, exercises, grade_class,
                                   graded_cells, load_variants, pack, with_cells_replaced)
from tests.similarity.hands import Hand
from tests.similarity.similar_class import styles

STRONGEST = dict.fromkeys(Hand.HABITS, 1.0)
# `make test` only collects the cases (the first of each exercise), as it skips their grading
HANDS = ("strongest", "random") if EVERY_CASE else ("strongest",)


def hand(name: str, *case: str) -> Hand:
    """The strongest hand, or a random one drawn from a seed made of the case, so that each case is reproducible
    alone and the cases together try many frequencies of the habits."""
    if name == "strongest":
        return Hand(random.Random(0), STRONGEST)
    return Hand(random.Random(" ".join((name, *case))))


def right_answers(assignment: str) -> dict[str, dict[str, str]]:
    """{exercise: {"solution" or a RIGHT variant's name: its source}}."""
    cells, right = graded_cells(assignment), load_variants(assignment)[1]
    answers = {e: {"solution": notebooks.strip_solution_markers(cells[e]), **right.get(e, {})} for e in exercises(assignment)}
    return {e: dict(itertools.islice(table.items(), None if EVERY_CASE else 1)) for e, table in answers.items()}


@functools.cache
def plain(source: str) -> str:
    """The source as the hands print it, with no habit followed."""
    return ast.unparse(ast.parse(source))


@functools.cache
def in_strongest_hand(source: str) -> str:
    """The source as the strongest hand writes it, once for every habit's test."""
    return hand("strongest").write(source)


ANSWERS = {a: right_answers(a) for a in LESSONS}
# {assignment: {exercise: {(variant, hand): the answer rewritten in that hand}}}
REWRITTEN = {a: {e: {(v, h): hand(h, a, e, v).write(source) for v, source in answers.items() for h in HANDS}
                 for e, answers in table.items()} for a, table in ANSWERS.items()}
CASES = [(a, e, v, h) for a, table in REWRITTEN.items() for e, rewritten in table.items() for v, h in rewritten]


@pytest.fixture(scope="module")
def graded(tmp_path_factory, release_lessons, unsafe_no_sandbox) -> dict:
    """(assignment, exercise, variant, hand) -> (the result of the notebook that holds that rewritten answer,
    the notebook's rewritten answers: {exercise: ((variant, hand), code)})."""
    tmp = tmp_path_factory.mktemp("hands")
    course = release_lessons(LESSONS)
    holder = {}
    for assignment, table in REWRITTEN.items():
        solution = nbformat.read(course.out_root / "solutions" / "en" / f"{assignment}.ipynb", as_version=4)
        for index, batch in enumerate(pack(table, assignment, apart=False)):
            student = f"hands-{index}"
            path = tmp / "submissions" / student / f"{assignment}.ipynb"
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(with_cells_replaced(solution, {e: code for e, (_, code) in batch.items()}), path)
            holder.update({(assignment, e, *case): ((student, assignment), batch) for e, (case, _) in batch.items()})
    results = grade_class(tmp / "submissions", course, tmp_path_factory, unsafe_no_sandbox)
    return {case: (results[student], batch) for case, (student, batch) in holder.items()}


@pytest.mark.repeats
@pytest.mark.parametrize("assignment, exercise, variant, hand_name", CASES)
def test_a_right_answer_in_any_hand_keeps_full_marks(graded, assignment, exercise, variant, hand_name):
    own = exercise_tests(assignment)[exercise]
    result, batch = graded[assignment, exercise, variant, hand_name]
    cells = [c for c in result.exercises if c.exercise in own]
    lost = [f"{c.exercise}: {c.status} {c.score}/{c.max_score} {c.message}" for c in cells
            if c.status != "passed" or c.score < c.max_score]
    leans = [f"{other} ({v!r} in the {h} hand)" for other, ((v, h), _) in batch.items()
             if other in dependencies(assignment)[exercise]]
    assert len(cells) == len(own) and not lost, (
        f"{assignment} {exercise}: the {variant!r} answer in the {hand_name} hand lost points:\n" + "\n".join(lost)
        + (f"\n(in its notebook it leans on {', '.join(leans)}: if that failed too, look there first)" * bool(leans))
        + "\n--- as the hand wrote it ---\n" + REWRITTEN[assignment][exercise][variant, hand_name])


def test_every_rewritten_answer_parses_and_the_strongest_hand_changes_every_answer_a_habit_applies_to():
    unparsable, unchanged = [], []
    for assignment, exercise, variant, hand_name in CASES:
        code = REWRITTEN[assignment][exercise][variant, hand_name]
        try:
            ast.parse(code)
        except SyntaxError as error:
            unparsable.append(f"{assignment} {exercise} {variant!r} in the {hand_name} hand: {error}\n{code}")
        source = ANSWERS[assignment][exercise][variant]
        if hand_name == "strongest" and code == plain(source) and any(
                Hand(random.Random(0), {h: float(h == habit) for h in Hand.HABITS}).write(source) != plain(source)
                for habit in Hand.HABITS):
            unchanged.append(f"{assignment} {exercise} {variant!r}")
    assert not unparsable, "\n".join(unparsable)
    assert not unchanged, f"the strongest hand left as they were answers that a habit alone rewrites: {unchanged}"


@functools.cache
def every_style() -> tuple[str, ...]:
    """Every style similar_class draws from, right and wrong, in both halves."""
    return tuple(s for a in LESSONS for split in (0, 1) for sources in styles(a, split).values() for s in sources)


@pytest.mark.parametrize("habit", Hand.HABITS)
def test_every_habit_rewrites_some_answer_alone_or_in_the_strongest_hand(habit):
    """So that a habit that does nothing is noticed; over every style similar_class draws from (right and wrong)."""
    alone = {h: float(h == habit) for h in Hand.HABITS}
    without = {h: float(h != habit) for h in Hand.HABITS}
    assert any(Hand(random.Random(0), alone).write(s) != plain(s)
               or Hand(random.Random(0), without).write(s) != in_strongest_hand(s)
               for s in every_style()), f"no answer is written otherwise when a hand follows {habit!r}"
