"""`make similarity` (`run`, `write`) and similarity.html: the suspicious pairs first, each with the two students' answer cells side by side and
the matching fragments highlighted (copydetect's slices of the shared fingerprints), then the closest
pairs that are not suspicious. Students link to their rows in report.html."""
import time
from pathlib import Path
from urllib.parse import quote

import numpy as np

from copydetect.detector import compare_files
from copydetect.utils import highlight_overlap

from autograder.course import Course
from autograder.publish import report
from autograder.publish import similarity as sim
from autograder.publish.outputs import write_atomic

STYLE = report.STYLE.replace("</style>", """
.pair{border-top:2px solid #c62828;margin-top:2em}.side td{width:50%}.side pre{margin:0;font-size:.85em}
mark{background:#ffcc80}</style>""")


def student_link(student: str) -> str:
    return f"<a href='report.html#student-{quote(student)}'>{report.esc(student)}</a>"


def highlighted(mine, theirs) -> str:
    """My answer's re-printed text, HTML, with the fragments it shares with theirs marked."""
    ours, others = mine.fingerprint(), theirs.fingerprint()
    if ours is None or others is None:
        return report.esc(mine.text)
    _, _, (slices, _) = compare_files(ours, others)
    if slices.size == 0:
        return report.esc(mine.text)
    starts = [mine.spans[int(t)][0] for t in slices[0]]
    ends = [mine.spans[int(t) - 1][1] for t in slices[1]]
    marked, _ = highlight_overlap(mine.text, np.array([starts, ends]), "<mark>", "</mark>",
                                  escape_html=True)
    return marked


def side_by_side(p: sim.Pair) -> str:
    rows = []
    for grade_id in sorted(p.cells, key=lambda g: -p.cells[g]):
        a, b = p.a.answers[grade_id], p.b.answers[grade_id]
        match = "matches" if p.cells[grade_id] >= sim.CELL_MATCH else "differs"
        rows.append(f"<tr><th colspan='2'>{report.esc(grade_id)}: {p.cells[grade_id]:.2f} ({match})</th></tr>"
                    f"<tr><td><pre>{highlighted(a, b)}</pre></td><td><pre>{highlighted(b, a)}</pre></td></tr>")
    return ("<table class='side'><tr><th>" + student_link(p.a.student) + "</th><th>" + student_link(p.b.student)
            + "</th></tr>" + "".join(rows) + "</table>")


def pair_section(p: sim.Pair) -> str:
    title = f"{report.esc(p.assignment)}: {student_link(p.a.student)} and {student_link(p.b.student)}"
    return (f"<section class='pair' id='{quote(p.assignment)}-{quote(p.a.student)}-{quote(p.b.student)}'>"
            f"<h3>{title}: similarity {p.similarity:.2f}</h3>"
            f"<p>Matching answers: {report.esc(', '.join(p.matching) or 'none on its own')}. Answers as re-printed "
            "for the comparison (comments, docstrings and print lines left out); code that the released "
            "notebook gives everyone is never marked.</p>" + side_by_side(p) + "</section>")


def closest_table(pairs: list[sim.Pair]) -> str:
    rows = []
    for assignment in sorted({p.assignment for p in pairs}):
        others = [p for p in pairs if p.assignment == assignment and not p.suspicious]
        rows += [f"<tr><td>{report.esc(p.assignment)}</td><td>{student_link(p.a.student)}</td>"
                 f"<td>{student_link(p.b.student)}</td><td>{p.similarity:.2f}</td>"
                 f"<td>{report.esc(', '.join(p.matching))}</td></tr>" for p in others]
    return ("<table><tr><th>assignment</th><th>student</th><th>student</th><th>similarity</th>"
            "<th>matching answers</th></tr>" + "".join(rows) + "</table>")


def page(result: sim.Result) -> str:
    suspicious = [p for p in result.pairs if p.suspicious]
    notes = "".join(f"<li>{report.esc(n)}</li>" for n in result.notes)
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Similar answers</title>{STYLE}</head><body>"
            f"<h1>Similar answers</h1><p>{result.compared} pairs of students compared, per assignment, over "
            f"{result.notebooks} notebooks; <b>{len(suspicious)} suspicious</b> (similarity at least "
            f"{sim.SUSPICIOUS}). Similarity is about the share of the answers that the two hold in common, each "
            "shared fragment weighed by how rare it is in the class; renamed names, reformatting, comments, "
            "print lines and reordering do not hide a copy. See <a href='report.html'>the report</a> "
            "and similarity.csv for every pair.</p>"
            + (f"<p>Skipped:</p><ul>{notes}</ul>" if notes else "")
            + "<h2>Suspicious pairs</h2>" + ("".join(pair_section(p) for p in suspicious) or "<p>None.</p>")
            + f"<h2>Closest other pairs</h2><p>The {sim.CLOSEST} most similar pairs per assignment that are not "
              "suspicious, for comparison.</p>" + closest_table(result.pairs) + "</body></html>")


def link_report(path) -> None:
    """Point an existing report.html at similarity.html."""
    if path.exists():
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(report.similarity_link(False), report.similarity_link(True)), encoding="utf-8")


def write(out: Path, course: Course = Course()) -> sim.Result:
    """`make similarity`'s work: similarity.csv, similarity.html, and the report's link to it."""
    result = sim.similarity(out, course)
    write_atomic(Path(out) / "similarity.html", page(result))
    link_report(Path(out) / "report.html")
    return result


def run(out: Path, course: Course = Course()) -> str:
    """`make similarity`: what was skipped, and the timing line."""
    start = time.perf_counter()
    result = write(out, course)
    seconds = time.perf_counter() - start
    return "\n".join([*result.notes,
                      f"similarity: {result.compared} pairs of {result.notebooks} notebooks compared in "
                      f"{seconds:.1f} s; {result.suspicious} suspicious; see {out / 'similarity.csv'} and "
                      f"{out / 'similarity.html'}"])
