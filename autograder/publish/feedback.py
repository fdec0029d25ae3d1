"""Per-student feedback pages: feedback/<student>/<assignment>.html.

A page tells the student, per exercise, the score, the status and why: for a failing visible
check, that line as the release shows it (the traceback only says which line, its text is never
shown); otherwise the judge's message. Judges write their messages in the grader's own process and
never show a string that came from the student's process (autograder.judge), so neither hidden
checks' source nor their inputs can ride on, say, an exception message built from `In[-1]` or
`linecache`. Nothing else that the kernel produced reaches a page.

The last guard is exact. The hidden checks' text (the test cells' hidden blocks, as graded) is
secret, less what may be on a page by design: the released notebook, the judges' code (a judge's
message is its author's words) and the probes' keys (messages name them). A part of a page (a
message, a note) that holds SECRET_RUN characters in a row of that secret text, whitespace aside,
is replaced by a sentence that says so; the rest of the page stays. A short hidden line that the
release also shows (`create_tensors()`) withholds nothing, and a page is withheld whole only when
its parts together would quote a secret.
"""
import ast
import html
import json
import re
from pathlib import Path

import nbformat

from autograder.grading.results import NOT_GRADED
from autograder.sandbox.execute import split_test_cell
from autograder.intake.repair import find_cell
from autograder.publish.report import STYLE

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
SECRET_RUN = 20  # characters: shorter runs of hidden text say nothing a student could not guess
REDACTED = "(this message would quote the hidden checks, so it is not shown: ask the instructor)"
WITHHELD = "Feedback withheld: it would quote the hidden checks. Ask the instructor."
RETRY = ("<p>Your notebook could not be graded this time, because of a problem on our side, not in your work. "
         "It will be graded again; you need not do anything.</p>"
         "<p lang='ru'>Вашу тетрадку в этот раз не удалось проверить из-за сбоя на нашей стороне, а не в вашей работе. "
         "Её проверят снова; ничего делать не нужно.</p>")


def squash(text: str) -> str:
    return " ".join(text.split())


def runs(text: str) -> set[str]:
    """Every SECRET_RUN-character run of the squashed text."""
    text = squash(text)
    return {text[i:i + SECRET_RUN] for i in range(len(text) - SECRET_RUN + 1)}


def probe_keys(code: str) -> list[str]:
    """The text of the keys a probe records under (probe.call("key", ...)): messages name them."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return []
    keys = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "probe":
            first = node.args[0]
            parts = first.values if isinstance(first, ast.JoinedStr) else [first]
            keys += [p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)]
    return keys


def public_runs(release_nb, judges: str = "") -> set[str]:
    """The runs of what may be on a page by design: the released notebook and the judges' code."""
    public = runs(judges)
    for cell in release_nb.cells:
        public |= runs(cell.source)
    return public


class Secrets:
    """The runs of a graded notebook's hidden checks that the release does not show."""

    def __init__(self, graded_nb, public: set[str]):
        hidden = [split_test_cell(cell.source)[1] for cell in graded_nb.cells if cell.cell_type == "code"]
        hidden = [code for code in hidden if code.strip()]
        keys = set().union(*(runs(key) for code in hidden for key in probe_keys(code)))
        self.runs = set().union(*map(runs, hidden)) - public - keys

    def quoted(self, text: str) -> bool:
        return not self.runs.isdisjoint(runs(text))


def failing_line(graded_nb, release_nb, grade_id: str) -> tuple[int, str] | None:
    """(line, text) of the released visible line of a test cell that raised, or None (hidden, or no error)."""
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
            return number, visible_lines[number - 1].strip()
    return None


def retry_html(result) -> str:
    """The page of a notebook the grader could not grade: it says only that grading will be retried."""
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(result.assignment)}</title>"
            f"{STYLE}</head><body><h1>{html.escape(result.assignment)}</h1>{RETRY}</body></html>")


def feedback_html(result, graded_nb, release_nb, secrets: Secrets | None = None, withheld: bool = False) -> str:
    def said(text: str) -> str:
        return html.escape(REDACTED if secrets is not None and secrets.quoted(text) else text)

    if result.status == NOT_GRADED:
        return retry_html(result)
    student = getattr(result, "display", "") or result.student
    head = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(result.assignment)}: "
            f"{said(student)}</title>{STYLE}</head><body>"
            f"<h1>{html.escape(result.assignment)}</h1><p>Student: {said(student)}. "
            f"Score: <b>{result.score:g} / {result.max_score:g}</b>. Status: {html.escape(result.status)}.</p>")
    if withheld:
        return head + f"<p>{WITHHELD}</p></body></html>"
    rows, details = [], []
    for e in result.exercises:
        rows.append(f"<tr><td>{html.escape(e.exercise)}</td><td>{e.score:g} / {e.max_score:g}</td>"
                    f"<td class='{html.escape(e.status)}'>{html.escape(e.status)}</td></tr>")
        if e.status in ("passed", "manual"):
            continue
        where = failing_line(graded_nb, release_nb, e.exercise) if graded_nb is not None else None
        if where:
            what = (f"<p>A visible check failed, line {where[0]}:</p><pre>{html.escape(where[1])}</pre>"
                    f"<p>{said(e.message)}</p>")
        elif e.status in ("failed", "error") and e.message:
            what = f"<p>A hidden test failed: <code>{said(e.message)}</code></p>"
        else:
            what = f"<p>{said(e.message or e.status)}</p>"
        details.append(f"<h3>{html.escape(e.exercise)}: {html.escape(e.status)}</h3>{what}")
    notes = "".join(f"<li>{said(n)}</li>" for n in result.notes)
    return (head + (f"<ul>{notes}</ul>" if notes else "")
            + "<table><tr><th>exercise</th><th>score</th><th>status</th></tr>" + "".join(rows) + "</table>"
            + "".join(details) + "</body></html>")


def page_text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", page))


def judges_text(judges_dir: Path | None, assignment: str) -> str:
    path = Path(judges_dir) / f"{assignment}.json" if judges_dir else None
    if path is None or not path.exists():
        return ""
    lesson = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join([*lesson.get("helpers", []), *lesson.get("judges", {}).values()])


def write_feedback(results, releases: dict, feedback_dir: Path, judges_dir: Path | None = None) -> None:
    """A page per result; judges_dir (build/<lang>/judges): the judges' own words are never redacted."""
    public: dict[str, set[str]] = {}
    for r in results:
        release_nb = releases.get(r.assignment)
        graded_path = r.autograded
        graded_nb = nbformat.read(graded_path, as_version=4) if graded_path and release_nb else None
        secrets = None
        if graded_nb is not None:
            if r.assignment not in public:
                public[r.assignment] = public_runs(release_nb, judges_text(judges_dir, r.assignment))
            secrets = Secrets(graded_nb, public[r.assignment])
        page = feedback_html(r, graded_nb, release_nb, secrets)
        if secrets is not None and secrets.quoted(page_text(page)):  # parts that quote a secret together
            page = feedback_html(r, graded_nb, release_nb, secrets, withheld=True)
        path = feedback_dir / r.student / f"{r.assignment or 'unknown'}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
