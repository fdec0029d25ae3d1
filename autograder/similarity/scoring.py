"""`make similarity`: copy detection among the answers of a graded class, per assignment.

Every answer cell (nbgrader solution=true, code) of every graded notebook in <OUT> becomes a stream of
tokens that renaming, reformatting, comments, print lines, reordering and the hand rewrites that compute
the same (autograder.similarity.canonical) do not change, and the hashes of its k-grams
(autograder.similarity.fingerprints, over copydetect). The code that the released notebook gives everyone
(stubs, signatures, imports, visible checks) is left out.

The first channel, rare fragments: a fragment weighs log(N / df) / log(N / 2), where df of the class's N
students hold it (1 when two or fewer do, 0 when all do). Per answer, two students' similarity is the weight
they share over the geometric mean of their two answers' weights, never over less than CELL_FLOOR (an
answer of one line is no evidence); its rarity is log(N / d) / log(N / 2), where d counts the pair and every
student whose answer is as alike to one of them. An answer's evidence is its similarity times its rarity to
the power RARITY_POWER; the notebook's score is the mean of that evidence over the answers, each weighing by
how much rare material the larger of the two holds, up to ROOM_FLOOR. A copy of every answer in forms no
one else wrote scores 1. The second channel, answers alike (autograder.similarity.channels), sees a copy of a
student whose answers are all common forms: how much likelier the answers the two wrote the same and apart
are if one copied the whole notebook than if the two are independent, given the class's own forms. A pair's
similarity is the higher of the two, the second put on the first's scale by the class's outlier fences. Worker
processes read and re-print the answers; every pair is then scored at once, per answer, as a matrix product
(students x fragments).

A score ranks pairs for a person to review; it never declares a copy. Each pair gets a band
(autograder.similarity.bands): `yes` from SUSPICIOUS on, far outside any class; `review` when it stands out
of its own class's distribution of scores in either channel; `no` otherwise.

Writes <OUT>/similarity.csv (every pair, most similar first, and the channel that put it there) and
<OUT>/similarity.html (the flagged pairs side by side, grouped into clusters, then the closest other pairs),
and links the report to the page.
"""
import csv
import gc
import json
import multiprocessing
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import numpy as np

from autograder.cells import grade_id_of, nbgrader_of
from autograder.course import Course
from autograder.grading.results import autograded_path
from autograder.publish.outputs import cell as csv_cell
from autograder.similarity import bands, channels, fingerprints
from autograder.similarity.rarity import rareness, rarity, shared_weights

SUSPICIOUS = bands.SUSPICIOUS
CELL_MATCH = 0.8  # an answer matches from this similarity on
CELL_FLOOR = 5.0  # an answer's similarity is never taken over less weight: 5 rare fragments of 10 tokens
ROOM_FLOOR = 10.0  # an answer weighs fully in the notebook's similarity from this much rare weight on
RARITY_POWER = 1.5  # an answer's evidence is its similarity times its rarity to this power
GRADED = ("ok", "repaired")
CLOSEST = 20  # pairs that are not suspicious kept for the page, per assignment
COLUMNS = ["assignment", "student_a", "student_b", "similarity", "suspicious", "channel", "matching_cells",
           "longest_fragment"]


@dataclass
class Submission:
    student: str
    answers: dict[str, fingerprints.Answer]  # grade_id -> the answer


@dataclass
class Scores:
    """One assignment's submissions and every pair's similarity: per answer (cells[g, i, j]) and notebook."""
    assignment: str
    subs: list[Submission]
    grade_ids: list[str]
    cells: np.ndarray  # answers x students x students: how alike the two answers are
    written: np.ndarray  # answers x students: whether the student's answer holds any fragment
    notebook: np.ndarray  # students x students: the higher of the two channels
    alike: np.ndarray  # students x students: the second channel's score (autograder.similarity.channels)
    rare: np.ndarray  # students x students: the first channel's score (rare fragments)
    review_from: float = 1.0  # this class's own review band starts here (autograder.similarity.bands)

    def channels_of(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """Which channel put each pair (rows[n], cols[n]) where it is."""
        return np.array(channels.CHANNELS)[(self.alike[rows, cols] > self.rare[rows, cols]).astype(int)]

    def channel(self, i: int, j: int) -> str:
        return str(self.channels_of(np.array([i]), np.array([j]))[0])


@dataclass
class Pair:
    assignment: str
    a: Submission
    b: Submission
    similarity: float
    cells: dict[str, float]  # grade_id -> that answer's similarity, for every answer both wrote something in
    band: str = "no"  # yes, review or no
    channel: str = channels.CHANNELS[0]  # which channel put it there
    fragment: tuple[int, str] = (0, "")  # the longest run of tokens the two share, and the answer it is in

    @property
    def suspicious(self) -> bool:
        """Flagged for a person's review: `yes` or `review`."""
        return self.band != "no"

    @property
    def matching(self) -> list[str]:
        return [g for g, s in sorted(self.cells.items(), key=lambda x: -x[1]) if s >= CELL_MATCH]


@dataclass
class Result:
    pairs: list[Pair] = field(default_factory=list)  # the suspicious pairs, then the closest others, most similar first
    notes: list[str] = field(default_factory=list)  # notebooks skipped, and why
    notebooks: int = 0
    compared: int = 0  # pairs compared
    suspicious: int = 0  # pairs at yes
    review: int = 0  # pairs at review
    scores: list["Scores"] = field(default_factory=list)  # per assignment, for the page's histograms


def released_code(course: Course, assignment: str) -> tuple[set, set]:
    """(fingerprints of every code cell of the released notebook, in every language; their documents)."""
    sources = []
    for path in sorted((course.out_root / "lessons").glob(f"*/{assignment}.ipynb")):
        sources += [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    return fingerprints.released(sources)


def reprinted(path: Path) -> dict[str, tuple] | str:
    """{grade_id: fingerprints.reprint of its source} for the answer cells of a notebook, or why it cannot
    be read. Runs in a worker process; plain JSON, as nbformat's validation would cost more than the rest."""
    try:
        nb = json.loads(Path(path).read_text(encoding="utf-8"))
        found = {}
        for c in nb["cells"]:
            if c.get("cell_type") == "code" and nbgrader_of(c).get("solution") and grade_id_of(c):
                source = c.get("source", "")
                found[grade_id_of(c)] = fingerprints.reprint("".join(source) if isinstance(source, list)
                                                                     else str(source))
        return found
    except Exception as error:  # a missing or damaged notebook: the reason, and the run goes on
        return type(error).__name__


def read_class(out: Path, course: Course, workers: int) -> tuple[dict[str, list[Submission]], list[str]]:
    """({assignment: submissions}, notes on what was skipped), from grades.csv and the autograded notebooks."""
    if not (out / "grades.csv").exists():
        raise FileNotFoundError(f"{out / 'grades.csv'} is missing: run `make autograde OUT={out}` first")
    with open(out / "grades.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    graded, notes = {}, []
    for row in rows:
        student, assignment = row["student"], row["assignment"]
        if row["status"] in GRADED and assignment:
            graded.setdefault((student, assignment), autograded_path(out, student, assignment))
        else:
            notes.append(f"{row['student']} {row['assignment'] or row['file']}: skipped, not graded ({row['status']})")
    by_assignment, released = {}, {}
    # forked workers start at once with the modules loaded; they return text, hashing stays here (salted), done
    # as their answers come in. gc.freeze: the workers' collector leaves the parent's objects alone, so their
    # pages stay shared (copy-on-write) where the parent holds much (a class made in the same process)
    gc.freeze()
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for (student, assignment), cells in zip(graded, pool.map(reprinted, graded.values(), chunksize=8)):
                if isinstance(cells, str):
                    notes.append(f"{student} {assignment}: skipped, its autograded notebook cannot be read ({cells})")
                    continue
                if assignment not in released:
                    released[assignment] = released_code(course, assignment)
                answers = {g: fingerprints.fingerprint(*cell, *released[assignment]) for g, cell in cells.items()}
                by_assignment.setdefault(assignment, []).append(Submission(student, answers))
    finally:
        gc.unfreeze()
    return by_assignment, notes


def compare(assignment: str, subs: list[Submission]) -> Scores:
    """Every pair of these submissions of one assignment, scored per answer and per notebook."""
    df = Counter(h for s in subs for a in s.answers.values() for h in a.hashes)
    weight = dict(zip(df, rareness(len(subs), list(df.values())).tolist()))
    grade_ids = sorted({g for s in subs for g in s.answers})
    cells = np.zeros((len(grade_ids), len(subs), len(subs)), dtype=np.float32)
    written = np.zeros((len(grade_ids), len(subs)), dtype=bool)
    evidence = np.zeros((len(subs), len(subs)), dtype=np.float32)
    weighs = np.zeros((len(subs), len(subs)), dtype=np.float32)
    for c, grade_id in enumerate(grade_ids):
        sets = [s.answers[grade_id].hashes if grade_id in s.answers else set() for s in subs]
        own = np.array([sum(weight[h] for h in s) for s in sets], dtype=np.float32)
        larger = np.maximum.outer(own, own)
        # rounded: sums over sets of fragments come in another order at every run (str hashes are salted)
        cells[c] = (shared_weights(sets, weight) / np.maximum(np.sqrt(np.outer(own, own)), CELL_FLOOR)).round(5)
        written[c] = own > 0
        room = np.minimum(1.0, larger / ROOM_FLOOR)
        evidence += room * cells[c] * rarity(cells[c]) ** RARITY_POWER
        weighs += room
    # over no less than one full answer's weight: two students who wrote one short line alike are no copy
    rare = (evidence / np.maximum(weighs, 1.0)).round(5)
    documents = [[s.answers[g].document if g in s.answers else "" for s in subs] for g in grade_ids]
    held = np.array([[g in s.answers and not s.answers[g].given for s in subs] for g in grade_ids], dtype=bool)
    alike = channels.on_first_scale(channels.forms(documents, held.reshape(len(grade_ids), len(subs))), rare)
    notebook = np.maximum(rare, alike)
    upper = np.triu_indices(len(subs), k=1)
    return Scores(assignment, subs, grade_ids, cells, written, notebook, alike, rare,
                  bands.review_from(notebook[upper], len(subs), bands.fence(rare[upper])))


def pair(scores: Scores, i: int, j: int) -> Pair:
    """A pair of the page: its answers' similarities, its band, and the longest fragment the two share."""
    a, b, score = scores.subs[i], scores.subs[j], float(scores.notebook[i, j])
    cells = {g: float(scores.cells[c, i, j]) for c, g in enumerate(scores.grade_ids)
             if scores.written[c, i] and scores.written[c, j]}
    runs = [(int((ends - starts).max()), g) for g in sorted(cells)
            for starts, ends in [a.answers[g].shared_with(b.answers[g])] if ends.size]
    return Pair(scores.assignment, a, b, score, cells, bands.band(score, scores.review_from),
                scores.channel(i, j), max(runs, key=lambda run: run[0], default=(0, "")))


def write_csv(all_scores: list[Scores], shown_pairs: list[Pair], path: Path) -> None:
    """Every pair of every assignment, most similar first, with the answers that match (and, for the pairs
    that the page shows, the longest fragment they share)."""
    fragments = {(p.assignment, p.a.student, p.b.student): p.fragment for p in shown_pairs}
    ranked = []
    for k, scores in enumerate(all_scores):
        rows, cols = np.triu_indices(len(scores.subs), k=1)
        matches = ((scores.cells[:, rows, cols] >= CELL_MATCH) & scores.written[:, rows] & scores.written[:, cols])
        similarity = scores.notebook[rows, cols]
        band = bands.bands_of(similarity, scores.review_from)
        ranked.append((np.full(len(rows), k), rows, cols, similarity, matches, band, scores.channels_of(rows, cols),
                       matches.any(axis=0)))
    which, rows, cols, similarity = (np.concatenate([r[n] for r in ranked]) if ranked else np.array([])
                                     for n in range(4))
    order = np.lexsort((cols, rows, which, -similarity))
    offsets = np.cumsum([0] + [len(r[1]) for r in ranked])
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(COLUMNS)
        for n in order.tolist():
            k, i, j = int(which[n]), int(rows[n]), int(cols[n])
            scores, m = all_scores[k], n - offsets[k]
            _, _, _, _, matches, band, channel, any_match = ranked[k]
            cells = sorted((-scores.cells[c, i, j], scores.grade_ids[c]) for c in np.flatnonzero(matches[:, m])) \
                if any_match[m] else ()
            a, b = scores.subs[i].student, scores.subs[j].student
            tokens, answer = fragments.get((scores.assignment, a, b), (0, ""))
            writer.writerow(map(csv_cell, [scores.assignment, a, b, f"{similarity[n]:.3f}", band[m], channel[m],
                                           "; ".join(f"{g} ({-v:.2f})" for v, g in cells),
                                           f"{tokens} tokens in {answer}" if tokens else ""]))


def shown(scores: Scores) -> list[Pair]:
    """The pairs the page shows: every flagged one (yes or review), and the CLOSEST most similar others."""
    rows, cols = np.triu_indices(len(scores.subs), k=1)
    similarity = scores.notebook[rows, cols]
    order = np.argsort(-similarity, kind="stable")
    flagged = np.count_nonzero(similarity >= min(SUSPICIOUS, scores.review_from))
    keep = order[:flagged + CLOSEST]
    return [pair(scores, int(rows[n]), int(cols[n])) for n in keep.tolist()]


def similarity(out: Path, course: Course = Course(), workers: int = os.cpu_count() or 1) -> Result:
    """Compare every pair of students per assignment in `out`; write similarity.csv (the page:
    autograder.similarity.review_page)."""
    out = Path(out)
    result = Result()
    by_assignment, result.notes = read_class(out, course, workers)
    all_scores = []
    for assignment in sorted(by_assignment):
        scores = compare(assignment, sorted(by_assignment[assignment], key=lambda s: s.student))
        all_scores.append(scores)
        result.notebooks += len(scores.subs)
        result.compared += len(scores.subs) * (len(scores.subs) - 1) // 2
        result.pairs += shown(scores)
    result.pairs.sort(key=lambda p: (-p.similarity, p.assignment, p.a.student, p.b.student))
    result.suspicious = sum(p.band == "yes" for p in result.pairs)
    result.review = sum(p.band == "review" for p in result.pairs)
    result.scores = all_scores
    write_csv(all_scores, result.pairs, out / "similarity.csv")
    return result
