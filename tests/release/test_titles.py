"""Exercise titles as the notebooks show them, in each language, with their points."""
import nbformat
import pytest

from autograder import ROOT
from autograder.release.howto import HOW_TO_ID
from autograder.release.titles import exercise_of, exercises, plain


def lesson(lang, assignment):
    return exercises(nbformat.read(ROOT / "lessons" / lang / f"{assignment}.ipynb", as_version=4))


@pytest.mark.parametrize("lang, assignment, grade_id, title, points", [
    ("en", "04_power_and_roots", "test_Power_backward", "Exercise 1. Power", 4),
    ("ru", "04_power_and_roots", "test_find_bracket", "Задание 2б. Где искать: find_bracket", 1),
    ("en", "01_tensors", "test_first_rows", "Exercise 3. Slicing a 3-D tensor: first_rows", 1),  # one heading, 4 answers
    ("en", "02_autograd", "test_chain_rule_grads_values", "Exercise 3. .backward() and torch.autograd.grad: chain_rule_grads", 2),
    ("ru", "03_logic_neurons", "answer_stacking_linear", "Вопрос 5.2", 1),
    ("en", "05_gpu_speed_and_memory", "answer_slow_ops", "9. Analysis questions: Question 2", 1),  # bold lead
])
def test_titles(lang, assignment, grade_id, title, points):
    exercise = exercise_of(lesson(lang, assignment), grade_id)
    assert (exercise.title, exercise.points) == (title, points)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_graded_cell_has_one_exercise_and_the_points_add_up(lang):
    for path in sorted((ROOT / "lessons" / lang).glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        graded = [c.metadata["nbgrader"] for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")]
        found = exercises(nb)
        assert sum(e.points for e in found) == sum(m.get("points", 0) for m in graded), path.name
        assert all(exercise_of(found, m["grade_id"]) is not None for m in graded), path.name
        assert len({e.title for e in found}) == len(found), f"{path.name}: two exercises share a title"


def test_plain_drops_markdown_points_and_time():
    assert plain("Exercise 1 (2 points). `create_tensors`") == "Exercise 1. create_tensors"
    assert plain("Задание 1. `Power` [4 балла: 1 + 1 + 1 + 1] (≈ 45 минут)") == "Задание 1. Power"
    assert plain("**Question 1.**") == "Question 1"


def test_how_to_work_and_submit_gives_no_exercise_its_title(tiny_course):
    nb = nbformat.read(tiny_course.out_root / "lessons" / "en" / "01_alpha.ipynb", as_version=4)
    assert HOW_TO_ID in [cell.id for cell in nb.cells]
    assert [e.title for e in exercises(nb)] == ["double", "square", "answer_why"]
