"""The instructor's report.html: statuses, the score distribution per exercise, flags and run time."""
import base64
import html
import io
from collections import Counter, defaultdict
from pathlib import Path

STATUSES = ["passed", "failed", "error", "timeout", "missing", "manual"]
COLORS = {"passed": "#2e7d32", "failed": "#f9a825", "error": "#c62828", "timeout": "#6a1b9a",
          "missing": "#757575", "manual": "#1565c0"}
STYLE = """<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.passed{color:#2e7d32}.failed{color:#b26a00}.error,.timeout{color:#c62828}.missing,.manual{color:#555}
code,pre{background:#f5f5f5;padding:.1em .3em;white-space:pre-wrap}</style>"""


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
