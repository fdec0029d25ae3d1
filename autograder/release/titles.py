"""A lesson's exercises as its notebook shows them: titles in the notebook's language, points, check cells.

An exercise is an answer cell (nbgrader `solution`): code that test cells check (`test_<name>`,
`test_<name>_<part>`), or a written answer graded by hand. Its title is the nearest heading above
it (level 2 or deeper: the level-1 heading names the lesson), as a reader sees it: no markdown, no
points or time estimate (the points are shown beside it). Where that heading does not tell
exercises apart, the title adds the answer's own label: the function's name for code
("Exercise 3. Slicing a 3-D tensor: first_rows"), the bold lead of the question above a written
answer ("9. Analysis questions: Question 1").
"""
import re
from dataclasses import dataclass, field

import nbformat

from autograder.cells import grade_id_of, is_test, nbgrader_of, points_of
from autograder.judge import answer_of
from autograder.release.howto import HOW_TO_ID

HEADING = re.compile(r"^#{2,6}\s+(.*?)\s*#*\s*$", re.M)
BOLD_LEAD = re.compile(r"^\s*\*\*(.+?)\*\*", re.M)
# "(2 points)", "[4 балла: 1 + 1 + 1 + 1]", "(≈ 45 minutes)", "(1 point, graded by hand)"
ESTIMATE = re.compile(r"\s*[(\[][^()\[\]]*\d[^()\[\]]*(?:point|балл|minute|минут)[^()\[\]]*[)\]]", re.I)


@dataclass
class Exercise:
    answer: str  # the answer cell's grade_id
    title: str
    points: float
    written: bool = False  # a markdown answer, graded by hand
    checks: dict[str, float] = field(default_factory=dict)  # test cell grade_id -> its points


def plain(markdown: str) -> str:
    """Markdown as a reader sees it, without the points and time estimate."""
    text = ESTIMATE.sub("", markdown)
    text = re.sub(r"`|\*\*?", "", text)
    text = re.sub(r"\s+([.,:;])(?=\s|$)", r"\1", text)
    return " ".join(text.split()).strip(" .:")


def exercises(nb: nbformat.NotebookNode) -> list[Exercise]:
    """The exercises of a released (or graded) notebook, in order. Cells a student added (autograder.intake.repair
    names them student-*) and the shared "How to work and submit" never give a title."""
    cells = [cell for cell in nb.cells if not str(cell.get("id", "")).startswith("student-")
             and cell.get("id") != HOW_TO_ID]
    found: list[Exercise] = []
    heading, lead = "", ""
    for cell in cells:
        if nbgrader_of(cell).get("solution"):
            written = cell.cell_type == "markdown"
            name = grade_id_of(cell)
            title = heading
            label = lead if written else name
            if label and not re.search(rf"(?<!\w){re.escape(label)}(?!\w)", title):
                title = f"{title}: {label}" if title else label
            found.append(Exercise(name, title or name, points_of(cell) if written else 0.0, written))
            continue
        if cell.cell_type == "markdown":
            headings = HEADING.findall(cell.source)
            if headings:
                heading = plain(headings[-1])
            leads = BOLD_LEAD.findall(cell.source)
            lead = plain(leads[-1]) if leads else ""
    answers = [e.answer for e in found if not e.written]
    for cell in cells:
        if is_test(cell):
            owner = answer_of(grade_id_of(cell), answers)
            exercise = next((e for e in found if e.answer == owner), None)
            if exercise is not None:
                exercise.checks[grade_id_of(cell)] = points_of(cell)
                exercise.points += points_of(cell)
    return [e for e in found if e.written or e.checks]


def exercise_of(exercises_: list[Exercise], grade_id: str) -> Exercise | None:
    """The exercise that a graded cell (a test cell or an answer) belongs to."""
    return next((e for e in exercises_ if grade_id == e.answer or grade_id in e.checks), None)
