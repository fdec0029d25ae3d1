"""The instructor's report.html: manual grading still to do, a table of students, statuses, the score
distribution per exercise, flags and run time. Links go to each student's feedback page and
autograded notebook, relative to <OUT> (where report.html lies)."""
import base64
import html
import io
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from autograder.gradebook import Person, Reset
from autograder.grading.results import NOT_GRADED, NotebookResult
from autograder.judge import STATUSES

if TYPE_CHECKING:  # matplotlib is imported when a figure is drawn (warm_up)
    from matplotlib.figure import Figure

COLORS = {"passed": "#2e7d32", "failed": "#f9a825", "error": "#c62828", "timeout": "#6a1b9a",
          "missing": "#757575", "manual": "#1565c0", "graded": "#00838f"}
STYLE = """<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.passed{color:#2e7d32}.failed{color:#b26a00}.error,.timeout{color:#c62828}.missing,.manual{color:#555}
.graded{color:#00838f}.waiting{color:#1565c0;font-weight:bold}small{color:#555}
code,pre{background:#f5f5f5;padding:.1em .3em;white-space:pre-wrap}</style>"""


def esc(value: object) -> str:
    return html.escape(str(value))


def warm_up() -> None:
    """Import matplotlib (about a CPU-second): `autograde` does so in a thread while the workers grade."""
    import matplotlib
    matplotlib.use("agg")
    import matplotlib.pyplot  # noqa: F401
    import matplotlib.ticker  # noqa: F401


def status_figure(assignment: str, counts: dict[str, Counter]) -> "Figure":
    """A bar per exercise, split by status; counts: {exercise: Counter of statuses}. The legend lies
    beside the axes, so it never covers a bar."""
    warm_up()
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    exercises = sorted(counts)
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(exercises) + 1.2), layout="constrained")
    left = [0] * len(exercises)
    for status in STATUSES:
        bars = [counts[ex][status] for ex in exercises]
        if any(bars):
            ax.barh(exercises, bars, left=left, color=COLORS[status], label=status)
            left = [a + b for a, b in zip(left, bars)]
    ax.set_title(f"{assignment}: submissions per status, per exercise")
    ax.set_xlabel("submissions")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.invert_yaxis()
    fig.legend(loc="outside right upper", fontsize="small")
    return fig


def score_plot(results: list[NotebookResult]) -> str:
    """A PNG (base64) per assignment: per exercise, how many submissions got each status."""
    import matplotlib.pyplot as plt

    by_assignment = defaultdict(lambda: defaultdict(Counter))
    for r in results:
        for e in r.exercises:
            by_assignment[r.assignment][e.exercise][e.status] += 1
    images = []
    for assignment in sorted(by_assignment):
        fig = status_figure(assignment, by_assignment[assignment])
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=80)
        plt.close(fig)
        images.append((assignment, base64.b64encode(buffer.getvalue()).decode()))
    return "".join(f"<h3>{esc(a)}</h3><img alt='score distribution of {esc(a)}' "
                   f"src='data:image/png;base64,{data}'>" for a, data in images)


def manual_section(results: list[NotebookResult], resets: Iterable[Reset]) -> str:
    """Per assignment: answers still waiting for the instructor, and those graded by hand; resets."""
    waiting, graded, submissions = Counter(), Counter(), defaultdict(set)
    for r in results:
        for e in r.exercises:
            if e.status == "manual":
                waiting[r.assignment] += 1
                submissions[r.assignment].add(r.student)
            elif e.status == "graded":
                graded[r.assignment] += 1
    assignments = sorted(set(waiting) | set(graded))
    rows = "".join(f"<tr><td>{esc(a)}</td><td class='{'waiting' if waiting[a] else ''}'>{waiting[a]}</td>"
                   f"<td>{len(submissions[a])}</td><td>{graded[a]}</td></tr>" for a in assignments)
    total = sum(waiting.values())
    page = (f"<h2>Manual grading</h2><p>Answers still waiting for manual grading: <b>{total}</b>"
            + (" (grade them with <code>make formgrade</code>)." if total else ".") + "</p>")
    if rows:
        page += ("<table><tr><th>assignment</th><th>answers waiting</th><th>submissions waiting</th>"
                 "<th>scored by hand</th></tr>" + rows + "</table>")
    if resets:
        page += ("<p>These manual scores were reset because the answer changed after it was graded:</p>"
                 "<table><tr><th>student</th><th>assignment</th><th>exercise</th><th>score given before</th></tr>"
                 + "".join(f"<tr><td>{esc(x.student)}</td><td>{esc(x.assignment)}</td><td>{esc(x.exercise)}</td>"
                           f"<td>{x.previous:g}</td></tr>" for x in resets) + "</table>")
    return page


def not_graded_section(results: list[NotebookResult]) -> str:
    """The notebooks the grader could not grade, by cause (each one's error is under flags and statuses)."""
    causes = Counter(r.cause for r in results if r.status == NOT_GRADED)
    if not causes:
        return ""
    return (f"<h2>Not graded</h2><p class='error'><b>{sum(causes.values())}</b> notebooks could not be graded, "
            "by a failure of the grader, not of the students' code: they have no score, nothing of them is in the "
            "gradebook, and the next <code>make autograde</code> on this folder grades them again.</p>"
            "<table><tr><th>cause</th><th>notebooks</th></tr>"
            + "".join(f"<tr><td>{esc(cause)}</td><td>{n}</td></tr>" for cause, n in causes.most_common())
            + "</table>")


def students_section(results: list[NotebookResult], people: dict[str, Person], feedback: bool) -> str:
    """One row per student: per assignment the score, status, flags and links; the total."""
    assignments = sorted({r.assignment for r in results})
    cells, totals = defaultdict(list), defaultdict(lambda: [0.0, 0.0])
    for r in results:
        links = []
        if feedback:
            links.append(f"<a href='feedback/{quote(r.student)}/{quote(r.assignment or 'unknown')}.html'>feedback</a>")
        if r.autograded is not None:
            links.append(f"<a href='autograded/{quote(r.student)}/{quote(r.assignment)}/{quote(r.assignment)}.ipynb'>"
                         "notebook</a>")
        waiting = sum(e.status == "manual" for e in r.exercises)
        score = "not graded" if r.score is None else f"{r.score:g} / {r.max_score:g}"
        text = (f"<b>{score}</b> {' '.join(links)}"
                + (f"<br>{esc(r.status)}" if r.status != "ok" else "")
                + (f"<br><span class='waiting'>{waiting} waiting</span>" if waiting else "")
                + (f"<br><small>{esc(', '.join(r.flags))}</small>" if r.flags else ""))
        cells[r.student, r.assignment].append(text)
        if r.score is not None:
            totals[r.student][0] += r.score
            totals[r.student][1] += r.max_score
    rows = []
    for student in sorted(totals):
        name = people.get(student).name if student in people else ""
        who = esc(student) + (f"<br><small>{esc(name)}</small>" if name and name != student else "")
        rows.append(f"<tr id='student-{esc(student)}'><td>{who}</td>"
                    + "".join(f"<td>{'<hr>'.join(cells[student, a])}</td>" for a in assignments)
                    + f"<td>{totals[student][0]:g} / {totals[student][1]:g}</td></tr>")
    return ("<h2>Students</h2><table><tr><th>student</th>"
            + "".join(f"<th>{esc(a or 'no lesson')}</th>" for a in assignments) + "<th>total</th></tr>"
            + "".join(rows) + "</table>")


def similarity_link(present: bool) -> str:
    """The report's line on copy detection: a link to similarity.html once `make similarity` wrote it."""
    if present:
        return "<p class='similarity'><a href='similarity.html'>Similar answers</a>: pairs of students to check.</p>"
    return "<p class='similarity'>Similar answers: <code>make similarity</code> compares every pair of students.</p>"


def write_report(results: list[NotebookResult], path: Path, seconds: float, workers: int, reused: int = 0,
                 resets: Iterable[Reset] = (), people: dict[str, Person] | None = None,
                 feedback: bool = True, similarity: bool = False) -> None:
    """people: {student: gradebook.Person} for names; resets: gradebook.Reset of this run still unscored;
    similarity: whether similarity.html lies beside the report."""
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
            rows.append(f"<tr><td>{esc(assignment)}</td><td>{esc(name)}</td>"
                        f"<td>{mean:.2f} / {es[0].max_score:g}</td>"
                        + "".join(f"<td>{counts.get(s, 0)}</td>" for s in STATUSES) + "</tr>")
    flagged = [r for r in results if r.flags or r.status not in ("ok",)]
    flag_rows = "".join(
        f"<tr><td>{esc(r.student)}</td><td>{esc(r.assignment)}</td><td>{esc(r.status)}</td>"
        f"<td>{esc(', '.join(r.flags))}</td><td>{'<br>'.join(esc(x) for x in r.notes + r.tamper)}</td></tr>"
        for r in flagged)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>Grading report</title>{STYLE}</head><body>"
            f"<h1>Grading report</h1><p>{len(results)} notebooks ({len(graded)} graded, {reused} reused from an "
            f"earlier run) in {seconds:.1f} s with {workers} workers; {per_nb:.2f} s per graded notebook.</p>"
            + similarity_link(similarity) + not_graded_section(results) + manual_section(results, list(resets))
            + students_section(results, people or {}, feedback)
            + "<h2>Notebook statuses</h2><table><tr><th>status</th><th>notebooks</th></tr>"
            + "".join(f"<tr><td>{esc(s)}</td><td>{n}</td></tr>" for s, n in sorted(statuses.items()))
            + "</table><h2>Score distribution per exercise</h2>" + score_plot(results)
            + "<table><tr><th>assignment</th><th>exercise</th><th>mean score</th>"
            + "".join(f"<th>{s}</th>" for s in STATUSES) + "</tr>" + "".join(rows) + "</table>"
            + "<h2>Flags and statuses for review</h2><table><tr><th>student</th><th>assignment</th><th>status</th>"
              "<th>flags</th><th>details</th></tr>" + flag_rows + "</table></body></html>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
