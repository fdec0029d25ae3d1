"""Turn each jupytext source into a student notebook (lessons/) and a solution notebook (solutions/).

A source is a percent-format script in autograder/source/. Cells carry compact nbgrader
metadata (`nbgrader={"grade_id": ..., "solution": true}`); markdown cells carry a language tag
("ru" or "en") and each released file keeps one language. nbgrader's generate_assignment makes
the student version and the gradebook; the solution version is that same notebook with the
solution code put back, without markers, so it carries identical cell metadata.
"""
import hashlib
import re
import shutil
from pathlib import Path

import jupytext
import nbformat
from nbgrader.apps import NbGraderAPI
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from autograder import NBGRADER_CONFIG, Course

LANGS = ("ru", "en")
GRADING_LANG = "en"

SOLUTION_MARKERS = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN_MARKERS = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
MARKER_LIKE = re.compile(r"#+\s*(BEGIN|END)\s+(SOL|HID)", re.IGNORECASE)
JUDGE_KEY = "judge"  # source cells `# %% judge="test_x"` (or "helpers"): never released
NBGRADER_DEFAULTS = {"grade": False, "locked": False, "schema_version": 3, "solution": False, "task": False}

BADGE = (
    "[![Open In Colab](https://colab.research.google.com/assets/colab-badge.svg)]"
    "(https://colab.research.google.com/github/{repository}/blob/{branch}/{path})"
)
SOLUTION_BANNER = {"ru": "**Решения.** Только для преподавателей: этот файл не публикуется для студентов.",
                   "en": "**Solutions.** For instructors only: this file is never published to students."}
SETUP_CELL = """\
# Colab and other fresh environments may lack prettytable: install it only when it is missing.
import importlib.util
import subprocess
import sys
import warnings

if importlib.util.find_spec("prettytable") is None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "prettytable"], check=True)


def show_warning_on_stdout(message, category, filename, lineno, file=None, line=None):
    \"\"\"Warnings stay visible, but on stdout: the grader scores a check cell that writes to stderr as 0.\"\"\"
    print(warnings.formatwarning(message, category, filename, lineno, line), end="")


warnings.showwarning = show_warning_on_stdout"""


class ReleaseError(Exception):
    """The release refused to write a notebook."""


def nbgrader_config(course_root: Path) -> Config:
    config = PyFileConfigLoader(NBGRADER_CONFIG.name, str(NBGRADER_CONFIG.parent)).load_config()
    config.CourseDirectory.root = str(course_root)
    return config


def read_source(course: Course, assignment: str, lang: str) -> nbformat.NotebookNode:
    """The source notebook in one language, with nbgrader metadata in full and stable cell ids."""
    source_path = course.sources / f"{assignment}.py"
    source = jupytext.read(source_path, fmt="py:percent")
    cells = []
    for cell in source.cells:
        if JUDGE_KEY in cell.metadata:  # judges run in the grader's process only (autograder.reference)
            continue
        tags = [tag for tag in cell.metadata.get("tags", []) if tag not in LANGS]
        cell_langs = set(cell.metadata.get("tags", [])) & set(LANGS)
        if cell_langs and lang not in cell_langs:
            continue
        metadata = {}
        if tags:
            metadata["tags"] = tags
        if "nbgrader" in cell.metadata:
            metadata["nbgrader"] = {**NBGRADER_DEFAULTS, **cell.metadata["nbgrader"]}
        cell.metadata = metadata
        cells.append(cell)
    assign_cell_ids(cells)
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(badge(course, lang, assignment), id="colab-badge"),
        nbformat.v4.new_code_cell(SETUP_CELL, id="setup", metadata={"nbgrader": {
            **NBGRADER_DEFAULTS, "grade_id": "setup", "locked": True}}),
        *cells,
    ]
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "course": {"assignment": assignment, "version": hashlib.sha256(source_path.read_bytes()).hexdigest()[:12], "lang": lang},
    }
    return nb


def badge(course: Course, lang: str, assignment: str) -> str:
    """The Colab badge of a lesson: it opens the notebook from the student repository (course.toml)."""
    return BADGE.format(repository=course.setting("student_repository", "github"),
                        branch=course.setting("student_repository", "branch"), path=student_path(lang, assignment))


def student_path(lang: str, assignment: str) -> str:
    """Where a lesson lies in the student repository."""
    return f"{lang}/{assignment}.ipynb"


def assign_cell_ids(cells: list[nbformat.NotebookNode]) -> None:
    """Graded cells are named by grade_id; others by their content, so ids survive unrelated edits."""
    seen = set()
    for cell in cells:
        base = cell.metadata.get("nbgrader", {}).get("grade_id")
        if base is None:
            base = cell.cell_type[:2] + "-" + hashlib.sha1(cell.source.encode()).hexdigest()[:8]
        cell_id, n = base, 1
        while cell_id in seen:
            n += 1
            cell_id = f"{base}-{n}"
        seen.add(cell_id)
        cell.id = cell_id


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
    solutions = {
        cell.metadata["nbgrader"]["grade_id"]: strip_solution_markers(cell.source)
        for cell in source_nb.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }
    nb = nbformat.from_dict(student_nb)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
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


def write_notebook(nb: nbformat.NotebookNode, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")


def release(course: Course = Course(), only: list[str] | None = None) -> list[Path]:
    """Regenerate the lesson and solution notebooks (all, or `only` these) under course.out_root."""
    if only is None:
        for lang in LANGS:
            shutil.rmtree(course.build / lang, ignore_errors=True)
    written = []
    for assignment in only or course.assignments():
        for lang in LANGS:
            student_nb, solution_nb = generate(course, assignment, lang)
            for folder, nb in (("lessons", student_nb), ("solutions", solution_nb)):
                path = course.out_root / folder / lang / f"{assignment}.ipynb"
                write_notebook(nb, path)
                written.append(path)
        from autograder import reference
        reference.build(course, assignment)
    from autograder import student_repo
    student_repo.build(course)
    return written


def gradebook_path(course: Course) -> Path:
    """The gradebook that grading copies: it holds the hidden tests, so it never leaves build/."""
    return course.build / GRADING_LANG / "gradebook.db"
