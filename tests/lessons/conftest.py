"""Release the selected lessons into a temporary course and grade them all in one batch."""

import nbformat
import pytest

from autograder.course import LANGS, Course
from tests.conftest import TEST_ALL
from tests.lessons.harness import (LESSONS, LOUD, LOUD_LESSON, STUB_LANGS, batch_student, exercises, grade_class, loud,
                                   variant_batches, with_cells_replaced)


def selected_lessons(session: pytest.Session) -> list[str]:
    """Only the lessons the selected tests are about, so `-k 02_autograd` grades one lesson."""
    lessons = set()
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("assignment") in LESSONS:
            lessons.add(callspec.params["assignment"])
    return sorted(lessons)


@pytest.fixture(scope="session")
def released(request, release_lessons) -> Course:
    return release_lessons(selected_lessons(request.session))


@pytest.fixture(scope="session")
def submissions(request, released, tmp_path_factory):
    """A class: "solution-<lang>", "stub-<lang>" (harness.STUB_LANGS) and the batches (harness.variant_batches:
    wrong variants and the solution broken on each visible example; right variants and each exercise left unsolved)
    of the selected lessons; and the loud solutions (harness.LOUD)."""
    submissions = tmp_path_factory.mktemp("submissions")

    def submit(student: str, assignment: str, nb: nbformat.NotebookNode) -> None:
        (submissions / student).mkdir(exist_ok=True)
        nbformat.write(nb, submissions / student / f"{assignment}.ipynb")

    for assignment in selected_lessons(request.session):
        for lang in LANGS:
            for student, folder in ((f"solution-{lang}", "solutions"), (f"stub-{lang}", "lessons")):
                if folder == "lessons" and lang not in STUB_LANGS:
                    continue
                path = released.out_root / folder / lang / f"{assignment}.ipynb"
                submit(student, assignment, nbformat.read(path, as_version=4))
        solution = nbformat.read(released.out_root / "solutions" / "en" / f"{assignment}.ipynb", as_version=4)
        stub = nbformat.read(released.out_root / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
        stubs = {cell.metadata["nbgrader"]["grade_id"]: cell.source for cell in stub.cells
                 if cell.metadata.get("nbgrader", {}).get("grade_id") in exercises(assignment)}
        for kind in ("wrong", "right"):
            for index, batch in enumerate(variant_batches(kind, assignment)):
                sources = {exercise: stubs[exercise] if source is None else source
                           for exercise, (_, source) in batch.items()}
                submit(batch_student(kind, assignment, index), assignment, with_cells_replaced(solution, sources))
        for student in LOUD if assignment == LOUD_LESSON and TEST_ALL else ():
            submit(student, assignment, loud(solution, student))
    return submissions


@pytest.fixture(scope="session")
def graded(submissions, released, tmp_path_factory, unsafe_no_sandbox):
    """(student, assignment) -> result, graded as `make autograde` grades: warm kernels, demonstrations skipped."""
    return grade_class(submissions, released, tmp_path_factory, unsafe_no_sandbox)


@pytest.fixture(scope="session")
def graded_plainly(submissions, released, tmp_path_factory, unsafe_no_sandbox):
    """The whole class graded again with every demonstration run and every kernel in a jail of its own (no
    zygote), by `make test-all` (4 times as long as the warm run)."""
    return grade_class(submissions, released, tmp_path_factory, unsafe_no_sandbox, skip_demos=False,
                       warm_kernels=False)
