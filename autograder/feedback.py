"""Per-student feedback pages: feedback/<student>/<assignment>.html.

Feedback shows, per exercise, the score, the status and: for a failing visible assertion, its
line and message; for a hidden check, the judge's message. It is built from the verdicts and the
error outputs alone (never from the autograded notebook's test cell sources or tracebacks), so the
hidden checks' source cannot reach it; a final check refuses to write a page that holds any line
of a hidden check.
"""
import html
import re
from pathlib import Path

import nbformat

from autograder.release import HIDDEN_MARKERS
from autograder.repair import find_cell
from autograder.report import STYLE

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def hidden_lines(graded_nb) -> set[str]:
    """Stripped lines of the hidden blocks of the autograded notebook's test cells."""
    lines, inside = set(), False
    for cell in graded_nb.cells:
        for line in cell.source.splitlines():
            marker = line.strip()
            if marker == HIDDEN_MARKERS[0]:
                inside = True
            elif marker == HIDDEN_MARKERS[1]:
                inside = False
            elif inside and len(marker) >= 12:  # shorter lines ("pass", "else:") say nothing about a test
                lines.add(marker)
    return lines


def failing_line(graded_nb, release_nb, grade_id: str) -> tuple[int, str] | None:
    """(line, text) of the visible line of a test cell that raised, or None (hidden, or no error)."""
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
        if number <= len(visible_lines) and visible_lines[number - 1].strip() == line:
            return number, line
    return None


def feedback_html(result, graded_nb, release_nb) -> str:
    rows, details = [], []
    for e in result.exercises:
        rows.append(f"<tr><td>{html.escape(e.exercise)}</td><td>{e.score:g} / {e.max_score:g}</td>"
                    f"<td class='{e.status}'>{e.status}</td></tr>")
        if e.status in ("passed", "manual"):
            continue
        where = failing_line(graded_nb, release_nb, e.exercise) if graded_nb is not None else None
        if where:
            what = (f"<p>A visible check failed, line {where[0]}:</p><pre>{html.escape(where[1])}</pre>"
                    f"<p>{html.escape(e.message)}</p>")
        elif e.status in ("failed", "error") and e.message:
            what = f"<p>A hidden test failed: <code>{html.escape(e.message)}</code></p>"
        else:
            what = f"<p>{html.escape(e.message or e.status)}</p>"
        details.append(f"<h3>{html.escape(e.exercise)}: {e.status}</h3>{what}")
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in result.notes)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(result.assignment)}: "
            f"{html.escape(result.student)}</title>{STYLE}</head><body>"
            f"<h1>{html.escape(result.assignment)}</h1><p>Student: {html.escape(result.student)}. "
            f"Score: <b>{result.score:g} / {result.max_score:g}</b>. Status: {html.escape(result.status)}.</p>"
            + (f"<ul>{notes}</ul>" if notes else "")
            + "<table><tr><th>exercise</th><th>score</th><th>status</th></tr>" + "".join(rows) + "</table>"
            + "".join(details) + "</body></html>")
    return page


def write_feedback(results, releases: dict, feedback_dir: Path) -> None:
    for r in results:
        release_nb = releases.get(r.assignment)
        graded_path = r.autograded
        graded_nb = nbformat.read(graded_path, as_version=4) if graded_path and release_nb else None
        page = feedback_html(r, graded_nb, release_nb)
        if graded_nb is not None:
            leaked = [line for line in hidden_lines(graded_nb) if html.escape(line) in page or line in page]
            if leaked:  # never: the page is built from messages; refuse rather than leak
                page = page.split("<table>")[0] + "<p>Feedback withheld: ask the instructor.</p></body></html>"
        path = feedback_dir / r.student / f"{r.assignment or 'unknown'}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
