"""Per-student feedback pages: feedback/<student>/<assignment>.html.

A page speaks the language of the notebook the student submitted (its metadata's "lang"); the
judges' messages stay as they are written. It shows the score, then one row per exercise, titled
as the notebook titles it ("Exercise 1. Power", autograder.release.titles), with its points, and a
section for each exercise that lost points: for a failing visible check, that line as the release
shows it, its messages written out from the release's table (the traceback only says which line, its
text is never shown); otherwise the judge's message. The test cell's id stays in small print, for the
instructor.

Judges write their messages in the grader's own process and never show a string that came from the
student's process (autograder.judge). Every part of a page then passes the last guard
(autograder.publish.secrets): a part that would quote the hidden checks is replaced by a sentence
that says so, and a page is withheld whole only when its parts together would quote a secret.
"""
import html
import re
from pathlib import Path
from typing import Callable

import nbformat

from autograder.cells import find_cell
from autograder.course import LANGS
from autograder.grading.results import NOT_GRADED, ExerciseResult, NotebookResult
from autograder.publish.report import STYLE
from autograder.publish.secrets import Lesson, Secrets
from autograder.release.messages import table_in, written_out
from autograder.release.titles import exercise_of, exercises

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
WORDS = {
    "en": {"student": "Student", "score": "Score", "status": "Status", "exercise": "Exercise", "points": "Points",
           "result": "Result", "visible": "A visible check failed, line {line}:", "hidden": "A hidden check failed:",
           "check": "check", "redacted": "(this message would quote the hidden checks, so it is not shown: "
                                         "ask the instructor)",
           "withheld": "Feedback withheld: it would quote the hidden checks. Ask the instructor.",
           "passed": "passed", "failed": "failed", "error": "error", "timeout": "time limit", "missing": "not run",
           "manual": "awaits the instructor", "graded": "graded by the instructor"},
    "ru": {"student": "Студент", "score": "Баллы", "status": "Статус", "exercise": "Задание", "points": "Баллы",
           "result": "Результат", "visible": "Не прошла видимая проверка, строка {line}:",
           "hidden": "Не прошла скрытая проверка:", "check": "проверка",
           "redacted": "(это сообщение процитировало бы скрытые проверки, поэтому оно не показано: "
                       "спросите преподавателя)",
           "withheld": "Отзыв не показан: он процитировал бы скрытые проверки. Спросите преподавателя.",
           "passed": "зачтено", "failed": "не зачтено", "error": "ошибка", "timeout": "превышено время",
           "missing": "не выполнено", "manual": "ждёт проверки преподавателем", "graded": "проверено преподавателем"},
}
RETRY = ("<p>Your notebook could not be graded this time, because of a problem on our side, not in your work. "
         "It will be graded again; you need not do anything.</p>"
         "<p lang='ru'>Вашу тетрадку в этот раз не удалось проверить из-за сбоя на нашей стороне, а не в вашей работе. "
         "Её проверят снова; ничего делать не нужно.</p>")


def language(graded_nb: nbformat.NotebookNode | None) -> str:
    course = graded_nb.metadata.get("course") if graded_nb is not None else None
    lang = course.get("lang") if isinstance(course, dict) else None
    return lang if lang in LANGS else "en"


def failing_line(graded_nb: nbformat.NotebookNode, release_nb: nbformat.NotebookNode,
                 grade_id: str) -> tuple[int, str] | None:
    """(line, text) of the released visible line of a test cell that raised, or None (hidden, or no error); the
    text names its messages as the release's table words them, not by their keys."""
    cell = find_cell(graded_nb, grade_id)
    visible = find_cell(release_nb, grade_id)
    if cell is None or visible is None:
        return None
    for output in cell.get("outputs", []):
        if output.output_type != "error":
            continue
        text = ANSI.sub("", "\n".join(output.get("traceback", [])))
        frames = text.split("Cell In[")
        if len(frames) < 2:
            return None
        match = re.search(r"^-+>\s*(\d+)\s(.*)$", frames[1], re.M)
        if not match:
            return None
        number, line = int(match.group(1)), match.group(2).strip()
        visible_lines = visible.source.splitlines()
        if 0 < number <= len(visible_lines) and visible_lines[number - 1].strip() == line:
            return number, written_out(line, table_in(release_nb))
    return None


def retry_html(result: NotebookResult) -> str:
    """The page of a notebook the grader could not grade: it says only that grading will be retried."""
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(result.assignment)}</title>"
            f"{STYLE}</head><body><h1>{html.escape(result.assignment)}</h1>{RETRY}</body></html>")


def feedback_html(result: NotebookResult, graded_nb: nbformat.NotebookNode | None,
                  release_nb: nbformat.NotebookNode | None, secrets: Secrets | None = None,
                  withheld: bool = False) -> str:
    words = WORDS[language(graded_nb)]
    esc = html.escape

    def said(text: str) -> str:
        return esc(words["redacted"] if secrets is not None and secrets.quoted(text) else text)

    def status(name: str) -> str:
        return f"<span class='{esc(name)}'>{esc(words.get(name, name))}</span>"

    if result.status == NOT_GRADED:
        return retry_html(result)
    student = getattr(result, "display", "") or result.student
    head = (f"<!doctype html><html><head><meta charset='utf-8'><title>{esc(result.assignment)}: "
            f"{said(student)}</title>{STYLE}</head><body>"
            f"<h1>{esc(lesson_title(graded_nb or release_nb) or result.assignment)}</h1>"
            f"<p>{words['student']}: {said(student)}. {words['score']}: <b>{result.score:g} / {result.max_score:g}</b>. "
            f"{words['status']}: {esc(result.status)}. <small>{esc(result.assignment)}</small></p>")
    if withheld:
        return head + f"<p>{words['withheld']}</p></body></html>"
    titled = exercises(graded_nb if graded_nb is not None else release_nb) if release_nb is not None else []
    groups: dict[str, list] = {}  # title -> its graded cells' results, in the notebook's order
    order = {grade_id: i for i, grade_id in enumerate(g for e in titled for g in [e.answer, *e.checks])}
    for e in sorted(result.exercises, key=lambda e: order.get(e.exercise, len(order))):
        exercise = exercise_of(titled, e.exercise)
        groups.setdefault(exercise.title if exercise else e.exercise, []).append(e)
    rows, details = [], []
    for title, parts in groups.items():
        score, points = sum(p.score for p in parts), sum(p.max_score for p in parts)
        worst = next((p.status for p in parts if p.status != "passed"), "passed")
        rows.append(f"<tr><td>{esc(title)}</td><td>{score:g} / {points:g}</td><td>{status(worst)}</td></tr>")
        what = "".join(part_html(p, graded_nb, release_nb, words, said, status) for p in parts
                       if p.status not in ("passed", "manual"))
        if what:
            details.append(f"<h3>{esc(title)}: {score:g} / {points:g}</h3>{what}")
    notes = "".join(f"<li>{said(n)}</li>" for n in result.notes)
    return (head + (f"<ul>{notes}</ul>" if notes else "")
            + f"<table><tr><th>{words['exercise']}</th><th>{words['points']}</th><th>{words['result']}</th></tr>"
            + "".join(rows) + "</table>" + "".join(details) + "</body></html>")


def part_html(e: ExerciseResult, graded_nb: nbformat.NotebookNode | None, release_nb: nbformat.NotebookNode | None,
              words: dict, said: Callable[[str], str], status: Callable[[str], str]) -> str:
    """What one graded cell says: the failing visible line, or the judge's message; its id in small print."""
    small = f"<p><small>{words['check']} {html.escape(e.exercise)}: {status(e.status)}, {e.score:g} / {e.max_score:g}</small></p>"
    where = failing_line(graded_nb, release_nb, e.exercise) if graded_nb is not None and release_nb is not None else None
    if where:
        return (f"<p>{words['visible'].format(line=where[0])}</p><pre>{html.escape(where[1])}</pre>"
                f"<p>{said(e.message)}</p>{small}")
    if e.status in ("failed", "error") and e.message:
        return f"<p>{words['hidden']} <code>{said(e.message)}</code></p>{small}"
    return f"<p>{said(e.message or words.get(e.status, e.status))}</p>{small}"


def lesson_title(nb: nbformat.NotebookNode | None) -> str:
    """The notebook's level-1 heading ("Lesson 4. A custom autograd Function ..."), as text."""
    for cell in nb.cells if nb is not None else []:
        if cell.cell_type == "markdown" and not str(cell.get("id", "")).startswith("student-"):
            match = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if match:
                return re.sub(r"`", "", match.group(1)).strip()
    return ""


def write_feedback(results: list[NotebookResult], releases: dict[str, nbformat.NotebookNode], feedback_dir: Path,
                   judges_dir: Path | None = None) -> None:
    """A page per result. releases: the released (English) notebook of each lesson; judges_dir
    (build/<lang>/judges): the judges and reference observations, which say what is secret."""
    lessons: dict[str, Lesson] = {}
    for r in results:
        release_nb = releases.get(r.assignment)
        graded_path = r.autograded
        graded_nb = nbformat.read(graded_path, as_version=4) if graded_path and release_nb else None
        secrets = None
        if graded_nb is not None:
            if r.assignment not in lessons:
                judges = Path(judges_dir) / f"{r.assignment}.json" if judges_dir else None
                lessons[r.assignment] = Lesson(judges, release_nb)
            secrets = Secrets(graded_nb, lessons[r.assignment])
        withheld = False
        if secrets is not None:  # the parts the page shows, that it does not make itself, read together
            parts = [getattr(r, "display", "") or r.student, *r.notes, *(e.message for e in r.exercises)]
            withheld = secrets.quoted(" ".join(part for part in parts if not secrets.quoted(part)))
        page = feedback_html(r, graded_nb, release_nb, secrets, withheld)
        path = feedback_dir / r.student / f"{r.assignment or 'unknown'}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
