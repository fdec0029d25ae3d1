"""Per-student feedback HTML and the instructor's report.html.

Feedback shows, per exercise, the score, the status and: for a failing visible assertion, its
line and message; for a hidden test, only its message. It is built from the grades and the error
outputs alone (never from the autograded notebook's test cell sources or tracebacks), so the
hidden tests' source cannot reach it; a final check refuses to write a page that holds any line
of a hidden test.
"""
import base64
import html
import io
import re
from collections import Counter, defaultdict
from pathlib import Path

import nbformat

from autograder.release import HIDDEN_MARKERS
from autograder.repair import find_cell

STATUSES = ["passed", "failed", "error", "timeout", "missing", "manual"]
COLORS = {"passed": "#2e7d32", "failed": "#f9a825", "error": "#c62828", "timeout": "#6a1b9a",
          "missing": "#757575", "manual": "#1565c0"}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
STYLE = """<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.passed{color:#2e7d32}.failed{color:#b26a00}.error,.timeout{color:#c62828}.missing,.manual{color:#555}
code,pre{background:#f5f5f5;padding:.1em .3em;white-space:pre-wrap}</style>"""


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


def write_feedback(results, releases: dict, autograded_dir: Path, feedback_dir: Path) -> None:
    for r in results:
        release_nb = releases.get(r.assignment)
        graded_path = autograded_dir / r.student / f"{r.assignment}.ipynb"
        graded_nb = nbformat.read(graded_path, as_version=4) if graded_path.exists() and release_nb else None
        page = feedback_html(r, graded_nb, release_nb)
        if graded_nb is not None:
            leaked = [line for line in hidden_lines(graded_nb) if html.escape(line) in page or line in page]
            if leaked:  # never: the page is built from messages; refuse rather than leak
                page = page.split("<table>")[0] + "<p>Feedback withheld: ask the instructor.</p></body></html>"
        path = feedback_dir / r.student / f"{r.assignment or 'unknown'}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")


def score_plot(results) -> str:
    """A PNG (base64) per assignment: per exercise, how many submissions got each status."""
    import matplotlib
    matplotlib.use("agg")
    import matplotlib.pyplot as plt

    by_assignment = defaultdict(lambda: defaultdict(Counter))
    for r in results:
        for e in r.exercises:
            by_assignment[r.assignment][e.exercise][e.status] += 1
    images = []
    for assignment in sorted(by_assignment):
        exercises = sorted(by_assignment[assignment])
        fig, ax = plt.subplots(figsize=(8, 0.35 * len(exercises) + 1.2))
        left = [0] * len(exercises)
        for status in STATUSES:
            counts = [by_assignment[assignment][ex][status] for ex in exercises]
            if any(counts):
                ax.barh(exercises, counts, left=left, color=COLORS[status], label=status)
                left = [a + b for a, b in zip(left, counts)]
        ax.set_title(f"{assignment}: submissions per status (scores), per exercise")
        ax.set_xlabel("submissions")
        ax.invert_yaxis()
        ax.legend(loc="lower right", fontsize="small")
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=80)
        plt.close(fig)
        images.append((assignment, base64.b64encode(buffer.getvalue()).decode()))
    return "".join(f"<h3>{html.escape(a)}</h3><img alt='score distribution of {html.escape(a)}' "
                   f"src='data:image/png;base64,{data}'>" for a, data in images)


def write_report(results, path: Path, seconds: float, workers: int, reused: int = 0) -> None:
    graded = [r for r in results if r.autograded is not None]
    per_nb = sum(r.seconds for r in graded) / len(graded) if graded else 0.0
    statuses = Counter(r.status for r in results)
    rows = []
    for assignment in sorted({r.assignment for r in results}):
        exercises = defaultdict(list)
        for r in results:
            if r.assignment == assignment:
                for e in r.exercises:
                    exercises[e.exercise].append(e)
        for name in sorted(exercises):
            es = exercises[name]
            counts = Counter(e.status for e in es)
            mean = sum(e.score for e in es) / len(es)
            rows.append(f"<tr><td>{html.escape(assignment)}</td><td>{html.escape(name)}</td>"
                        f"<td>{mean:.2f} / {es[0].max_score:g}</td>"
                        + "".join(f"<td>{counts.get(s, 0)}</td>" for s in STATUSES) + "</tr>")
    flagged = [r for r in results if r.flags or r.status not in ("ok",)]
    flag_rows = "".join(
        f"<tr><td>{html.escape(r.student)}</td><td>{html.escape(r.assignment)}</td><td>{html.escape(r.status)}</td>"
        f"<td>{html.escape(', '.join(r.flags))}</td><td>{'<br>'.join(html.escape(x) for x in r.notes + r.tamper)}</td></tr>"
        for r in flagged)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>Grading report</title>{STYLE}</head><body>"
            f"<h1>Grading report</h1><p>{len(results)} notebooks ({len(graded)} graded, {reused} reused from an "
            f"earlier run) in {seconds:.1f} s with {workers} workers; {per_nb:.2f} s per graded notebook.</p>"
            "<h2>Notebook statuses</h2><table><tr><th>status</th><th>notebooks</th></tr>"
            + "".join(f"<tr><td>{html.escape(s)}</td><td>{n}</td></tr>" for s, n in sorted(statuses.items()))
            + "</table><h2>Score distribution per exercise</h2>" + score_plot(results)
            + "<table><tr><th>assignment</th><th>exercise</th><th>mean score</th>"
            + "".join(f"<th>{s}</th>" for s in STATUSES) + "</tr>" + "".join(rows) + "</table>"
            + "<h2>Flags and statuses for review</h2><table><tr><th>student</th><th>assignment</th><th>status</th>"
              "<th>flags</th><th>details</th></tr>" + flag_rows + "</table></body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
