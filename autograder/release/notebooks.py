"""Turn a lesson source into a student notebook (lessons/) and a solution notebook (solutions/).

nbgrader's generate_assignment makes the student version and the gradebook; the solution version
is that same notebook with the solution code put back, without markers, so it carries identical
cell metadata. A student notebook that would hold a solution or hidden-test line is refused.
"""
import re
from pathlib import Path

import nbformat
from nbgrader.apps import NbGraderAPI

from autograder.cells import answer_cells, grade_id_of
from autograder.course import HIDDEN_MARKERS, SOLUTION_MARKERS, Course, ReleaseError, nbgrader_config
from autograder.release.sources import read_source

MARKER_LIKE = re.compile(r"#+\s*(BEGIN|END)\s+(SOL|HID)", re.IGNORECASE)
SOLUTION_BANNER = {"ru": "**Решения.** Только для преподавателей: этот файл не публикуется для студентов.",
                   "en": "**Solutions.** For instructors only: this file is never published to students."}


def secret_regions(source: str) -> tuple[str, list[str]]:
    """Split a cell's source into its public text (markers kept) and its secret lines.

    A mistyped marker ("### BEGIN HIDDEN TEST") would leave its region visible to nbgrader and
    to this parser alike, so anything that looks like a marker must be one exactly.
    """
    public, secret, inside = [], [], False
    for line in source.splitlines():
        marker = line.strip()
        if marker in (SOLUTION_MARKERS[0], HIDDEN_MARKERS[0]) and not inside:
            inside = True
        elif marker in (SOLUTION_MARKERS[1], HIDDEN_MARKERS[1]) and inside:
            inside = False
        elif MARKER_LIKE.match(marker):
            raise ReleaseError(f"malformed or unbalanced marker: {marker!r}")
        elif inside:
            secret.append(line)
            continue
        public.append(line)
    if inside:
        raise ReleaseError("a BEGIN marker has no END marker")
    return "\n".join(public), secret


def strip_solution_markers(source: str) -> str:
    return "\n".join(line for line in source.splitlines() if line.strip() not in SOLUTION_MARKERS)


def check_no_leak(source_nb: nbformat.NotebookNode, student_nb: nbformat.NotebookNode) -> None:
    """Refuse a student notebook that holds any solution or hidden-test line, whatever the markers say."""
    public, secret = set(), set()
    for cell in source_nb.cells:
        cell_public, cell_secret = secret_regions(cell.source)
        public.update(line.strip() for line in cell_public.splitlines())
        secret.update(line.strip() for line in cell_secret)
    student = {line.strip() for cell in student_nb.cells for line in cell.source.splitlines()}
    markers = {m for m in SOLUTION_MARKERS + HIDDEN_MARKERS if any(m in line for line in student)}
    leaked = sorted((secret - public - {""}) & student) + sorted(markers)
    if leaked:
        raise ReleaseError("student notebook would reveal:\n  " + "\n  ".join(leaked))


def solution_notebook(student_nb: nbformat.NotebookNode, source_nb: nbformat.NotebookNode, lang: str,
                      assignment: str) -> nbformat.NotebookNode:
    solutions = {grade_id_of(cell): strip_solution_markers(cell.source) for cell in answer_cells(source_nb)}
    nb = nbformat.from_dict(student_nb)
    for cell in nb.cells:
        grade_id = grade_id_of(cell)
        if grade_id in solutions:
            cell.source = solutions[grade_id]
        elif cell.id == "colab-badge":
            cell.source = SOLUTION_BANNER[lang]
    return nb


def generate(course: Course, assignment: str, lang: str) -> tuple[nbformat.NotebookNode, nbformat.NotebookNode]:
    """Run nbgrader's generate_assignment in build/<lang>/ and return (student, solution) notebooks."""
    course_root = course.build / lang
    source_nb = read_source(course, assignment, lang)
    for cell in source_nb.cells:  # refuse malformed markers before nbgrader reads them
        secret_regions(cell.source)
    source_path = course_root / "source" / assignment / f"{assignment}.ipynb"
    source_path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(source_nb, source_path)
    result = NbGraderAPI(config=nbgrader_config(course_root)).generate_assignment(assignment, force=True)
    if not result["success"]:
        raise ReleaseError(f"nbgrader generate_assignment failed for {assignment} ({lang}):\n{result['log']}")
    student_nb = nbformat.read(course_root / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    check_no_leak(source_nb, student_nb)
    return student_nb, solution_notebook(student_nb, source_nb, lang, assignment)


def write(nb: nbformat.NotebookNode, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
