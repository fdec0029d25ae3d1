"""`make similarity` (`run`, `write`) and similarity.html, for a person to review: per assignment a histogram
of the class's pair scores with its bands marked; the clusters of students linked by flagged pairs; each
flagged pair (`yes`, then `review`) with its longest shared fragment and the two students' answer cells
side by side, the shared fragments highlighted (copydetect's slices of the shared fingerprints); then the
closest pairs that are not flagged. Students link to their rows in report.html."""
import time
from pathlib import Path
from urllib.parse import quote

import numpy as np

from copydetect.utils import highlight_overlap

from autograder.course import Course
from autograder.publish import report
from autograder.similarity import bands, channels
from autograder.similarity import scoring
from autograder.similarity.fingerprints import Answer
from autograder.state import write_atomic

STYLE = report.STYLE.replace("</style>", """
.pair{border-top:2px solid #c62828;margin-top:2em}.pair.review{border-top-color:#f9a825}
.side td{width:50%}.side pre{margin:0;font-size:.85em}mark{background:#ffcc80}
.histograms{display:flex;flex-wrap:wrap;gap:0 1.5em}.histograms figure{margin:.5em 0}</style>""")
BAND = {"yes": "far outside any class", "review": "an outlier of this class"}
CHANNEL = dict(zip(channels.CHANNELS, ("rare fragments (what the two share that few others wrote)",
                                       "answers alike (answers written the same, and few apart: likelier if one "
                                       "copied the whole notebook than by chance, given the class's own answers)")))


def student_link(student: str) -> str:
    return f"<a href='report.html#student-{quote(student)}'>{report.esc(student)}</a>"


def highlighted(mine: Answer, theirs: Answer) -> str:
    """My answer's re-printed text, HTML, with the fragments it shares with theirs marked."""
    slices = mine.shared_with(theirs)
    if slices.size == 0:
        return report.esc(mine.text)
    starts = [mine.spans[int(t)][0] for t in slices[0]]
    ends = [mine.spans[int(t) - 1][1] for t in slices[1]]
    marked, _ = highlight_overlap(mine.text, np.array([starts, ends]), "<mark>", "</mark>",
                                  escape_html=True)
    return marked


def side_by_side(p: scoring.Pair) -> str:
    rows = []
    for grade_id in sorted(p.cells, key=lambda g: -p.cells[g]):
        a, b = p.a.answers[grade_id], p.b.answers[grade_id]
        match = "matches" if p.cells[grade_id] >= scoring.CELL_MATCH else "differs"
        rows.append(f"<tr><th colspan='2'>{report.esc(grade_id)}: {p.cells[grade_id]:.2f} ({match})</th></tr>"
                    f"<tr><td><pre>{highlighted(a, b)}</pre></td><td><pre>{highlighted(b, a)}</pre></td></tr>")
    return ("<table class='side'><tr><th>" + student_link(p.a.student) + "</th><th>" + student_link(p.b.student)
            + "</th></tr>" + "".join(rows) + "</table>")


def pair_id(p: scoring.Pair) -> str:
    return f"{quote(p.assignment)}-{quote(p.a.student)}-{quote(p.b.student)}"


def fragment(p: scoring.Pair) -> str:
    tokens, answer = p.fragment
    return f"{tokens} tokens in {report.esc(answer)}" if tokens else "none"


def pair_section(p: scoring.Pair) -> str:
    title = f"{report.esc(p.assignment)}: {student_link(p.a.student)} and {student_link(p.b.student)}"
    return (f"<section class='pair {p.band}' id='{pair_id(p)}'>"
            f"<h3>{title}: similarity {p.similarity:.2f}, {p.band} ({BAND[p.band]})</h3>"
            f"<p>Put here by <b>{CHANNEL[p.channel]}</b>. Longest shared fragment: <b>{fragment(p)}</b>. "
            f"Matching answers: {report.esc(', '.join(p.matching) or 'none on its own')}. Answers as re-printed "
            "for the comparison (comments, docstrings and print lines left out); code that the released "
            "notebook gives everyone is never marked.</p>" + side_by_side(p) + "</section>")


def closest_table(pairs: list[scoring.Pair]) -> str:
    rows = []
    for assignment in sorted({p.assignment for p in pairs}):
        others = [p for p in pairs if p.assignment == assignment and not p.suspicious]
        rows += [f"<tr><td>{report.esc(p.assignment)}</td><td>{student_link(p.a.student)}</td>"
                 f"<td>{student_link(p.b.student)}</td><td>{p.similarity:.2f}</td><td>{report.esc(p.channel)}</td>"
                 f"<td>{fragment(p)}</td>"
                 f"<td>{report.esc(', '.join(p.matching))}</td></tr>" for p in others]
    return ("<table><tr><th>assignment</th><th>student</th><th>student</th><th>similarity</th><th>channel</th>"
            "<th>longest shared fragment</th><th>matching answers</th></tr>" + "".join(rows) + "</table>")


def clusters_table(pairs: list[scoring.Pair]) -> str:
    """Each group of students linked by flagged pairs, with its pairs (links to their sections)."""
    rows = [f"<tr><td>{report.esc(assignment)}</td><td>{', '.join(student_link(s) for s in students)}</td><td>"
            + ", ".join(f"<a href='#{pair_id(p)}'>{report.esc(p.a.student)} and {report.esc(p.b.student)}</a> "
                        f"({p.similarity:.2f}, {p.band})" for p in linked) + "</td></tr>"
            for assignment, students, linked in bands.clusters(pairs)]
    if not rows:
        return "<p>None.</p>"
    return ("<table class='clusters'><tr><th>assignment</th><th>students</th><th>flagged pairs</th></tr>"
            + "".join(rows) + "</table>")


def histogram(scores: scoring.Scores, width: int = 300, height: int = 80, bins: int = 50) -> str:
    """The class's pair scores as an SVG histogram (counts on a log scale), with the bands' starts marked."""
    values = scores.notebook[np.triu_indices(len(scores.subs), k=1)]
    counts, _ = np.histogram(values, bins=bins, range=(0.0, 1.0))
    top = np.log1p(counts.max()) if counts.size and counts.max() else 1.0
    bar = width / bins
    bars = "".join(f"<rect x='{i * bar:.1f}' y='{height - h:.1f}' width='{bar - 1:.1f}' height='{h:.1f}' fill='#90a4ae'>"
                   f"<title>{i / bins:.2f}-{(i + 1) / bins:.2f}: {c} pairs</title></rect>"
                   for i, c in enumerate(counts.tolist()) if c for h in [np.log1p(c) / top * (height - 14)])
    marks = "".join(f"<line x1='{x * width:.1f}' x2='{x * width:.1f}' y1='0' y2='{height}' stroke='{colour}' "
                    f"stroke-width='2'/><text x='{x * width + 3:.1f}' y='{y}' font-size='11' fill='{colour}'>{label} "
                    f"{x:.2f}</text>"
                    for x, y, colour, label in ((scores.review_from, 24, "#f9a825", "review"),
                                                (bands.SUSPICIOUS, 11, "#c62828", "yes")) if x < 1)
    return (f"<figure><figcaption>{report.esc(scores.assignment)}: {len(values)} pairs (log scale)</figcaption>"
            f"<svg class='histogram' width='{width}' height='{height + 16}' role='img'>{bars}{marks}"
            f"<text x='0' y='{height + 13}' font-size='11'>0</text><text x='{width - 8}' y='{height + 13}' "
            f"font-size='11'>1</text></svg></figure>")


def page(result: scoring.Result) -> str:
    flagged = [p for p in result.pairs if p.band == "yes"] + [p for p in result.pairs if p.band == "review"]
    notes = "".join(f"<li>{report.esc(n)}</li>" for n in result.notes)
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Similar answers</title>{STYLE}</head><body>"
            f"<h1>Similar answers</h1><p>{result.compared} pairs of students compared, per assignment, over "
            f"{result.notebooks} notebooks: <b>{result.suspicious} at yes</b> (similarity at least "
            f"{bands.SUSPICIOUS}, far outside what independent students write) and <b>{result.review} at review</b> "
            "(outliers of their own class: above its far-out fence, at most "
            f"{bands.REVIEW_SHARE:.0%} of its pairs). A score ranks pairs for you to look at; it never says that "
            "a pair copied. Similarity is the higher of two channels, each calibrated on the class: the share of the "
            "answers that the two hold in common, each shared fragment weighed by how rare it is in the class; and "
            "how much likelier the answers the two wrote alike and apart are if one copied the whole notebook than if "
            "the two are independent, given the class's own answers. Renamed "
            "names, reformatting, comments, print lines and reordering do not hide a copy. See "
            "<a href='report.html'>the report</a> and similarity.csv for every pair.</p>"
            + (f"<p>Skipped:</p><ul>{notes}</ul>" if notes else "")
            + "<h2>Each class's pairs</h2><div class='histograms'>" + "".join(histogram(s) for s in result.scores)
            + "</div>"
            + "<h2>Clusters</h2><p>Students linked by flagged pairs: one source and several copiers is a common "
              "case.</p>" + clusters_table(result.pairs)
            + "<h2>Flagged pairs</h2>" + ("".join(pair_section(p) for p in flagged) or "<p>None.</p>")
            + f"<h2>Closest other pairs</h2><p>The {scoring.CLOSEST} most similar pairs per assignment that are not "
              "flagged, for comparison.</p>" + closest_table(result.pairs) + "</body></html>")


def link_report(path: Path) -> None:
    """Point an existing report.html at similarity.html."""
    if path.exists():
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(report.similarity_link(False), report.similarity_link(True)), encoding="utf-8")


def write(out: Path, course: Course = Course()) -> scoring.Result:
    """`make similarity`'s work: similarity.csv, similarity.html, and the report's link to it."""
    result = scoring.similarity(out, course)
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
                      f"{seconds:.1f} s; {result.suspicious} at yes, {result.review} at review; see "
                      f"{out / 'similarity.csv'} and {out / 'similarity.html'}"])
