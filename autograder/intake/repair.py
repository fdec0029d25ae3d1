"""Check a submission against its released notebook, carry the answers into a clean copy, scan for tampering.

Every gradable submission is rebuilt: the released notebook (all nbgrader metadata, locked and
test cells as released) with the student's answers put into its solution cells and the student's
own extra cells kept in place. Student cells are matched to released cells by nbgrader grade_id,
then by cell id (graded cells' ids are their grade_ids), then by identical content, then by order
between matched neighbours. What the match had to fix becomes a flag; nothing is silently lost:

- repaired              nbgrader metadata was lost (an editor stripped it) and was recovered;
- test-cell-deleted     a test or locked cell was missing (graded from the release all the same);
- test-cell-edited      a test or locked cell's source differs (nbgrader restores it anyway);
- test-cell-duplicated  a test or locked cell appears twice (the copy is dropped);
- skip-execution        a cell was tagged to skip execution (tags are not carried over);
- answer-missing        no cell holds the answer to an exercise (its tests get status "missing").

The answers are then scanned for tampering (autograder.intake.tamper).
"""
import ast
import bisect
import copy
import difflib
from dataclasses import dataclass, field, replace

import nbformat

from autograder.cells import cell_id_of, grade_id_of, nbgrader_of, tags_of
from autograder.course import LANGS, Course
from autograder.intake.submission import Submission
from autograder.intake.tamper import scan

SKIP_TAGS = {"skip-execution", "skip_execution", "raises-exception", "remove-cell"}


@dataclass
class Rebuilt:
    notebook: nbformat.NotebookNode
    status: str = "ok"  # ok or repaired
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    missing_answers: list[str] = field(default_factory=list)  # solution grade_ids with no answer
    tamper: list[str] = field(default_factory=list)  # human-readable findings of `scan`


def released_notebook(course: Course, assignment: str, lang: str = "en") -> nbformat.NotebookNode:
    """The released student notebook; assignment and lang must be the release's own (they may come
    from a submission's metadata, which must never select another file)."""
    if assignment not in course.assignments() or lang not in LANGS:
        raise ValueError(f"no released lesson {assignment!r} in language {lang!r}")
    path = course.out_root / "lessons" / lang / f"{assignment}.ipynb"
    if not path.exists():
        path = course.out_root / "lessons" / "en" / f"{assignment}.ipynb"
    return nbformat.read(path, as_version=4)


def text(cell: dict) -> str:
    """A cell's source as one string ("" when it is neither a string nor a list of them)."""
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    return source if isinstance(source, str) else ""


def normalized(source: str | list[str]) -> str:
    if isinstance(source, list):
        source = "".join(source)
    return "\n".join(line.rstrip() for line in str(source).strip().splitlines())


def is_protected(cell: dict) -> bool:
    """A released cell that students must not change: a test cell or a locked cell."""
    meta = nbgrader_of(cell)
    return bool(meta) and (meta.get("locked") or (meta.get("grade") and not meta.get("solution")))


def identify(nb: nbformat.NotebookNode, releases: dict[str, nbformat.NotebookNode]) -> str:
    """The released lesson whose cells a notebook shares most of (for notebooks that lost metadata)."""
    sources = {normalized(text(c)) for c in nb.cells if c.get("cell_type") == "code"} - {""}
    best, best_score = "", 0.0
    for name, rel in releases.items():
        released = {normalized(text(c)) for c in rel.cells if c.cell_type == "code"} - {""}
        score = len(sources & released) / max(1, len(released))
        if score > best_score:
            best, best_score = name, score
    return best if best_score >= 0.3 else ""


def match_cells(student: list, release: list) -> tuple[dict[int, int], dict[str, int], list[str]]:
    """({student index: release index}, {how: count}, duplicated release ids).

    Linear in the student's cells (each phase looks each cell up once; the order phase compares a
    released cell only with the unmatched cells between its neighbours), so a notebook of many
    cells costs time in proportion.
    """
    assigned: dict[int, int] = {}
    taken: dict[int, int] = {}
    how = {"grade_id": 0, "id": 0, "content": 0, "order": 0}
    duplicated = []
    norm = [normalized(text(c)) for c in student]
    rel_by_gid = {grade_id_of(c): i for i, c in enumerate(release) if grade_id_of(c)}
    rel_by_id = {cell_id_of(c): i for i, c in enumerate(release) if cell_id_of(c)}
    rel_by_content: dict[str, list[int]] = {}
    for i, c in enumerate(release):
        if normalized(text(c)):
            rel_by_content.setdefault(c.cell_type + ":" + normalized(text(c)), []).append(i)

    def claim(s: int, r: int | None, kind: str) -> None:
        if r is None or s in assigned:
            return
        if r in taken:
            if is_protected(release[r]) and (norm[s] == norm[taken[r]] or kind in ("grade_id", "id")):
                duplicated.append(grade_id_of(release[r]) or cell_id_of(release[r]))
                assigned[s] = -1  # a copy of a protected cell: dropped
            return
        if student[s].get("cell_type") != release[r].cell_type:
            return
        assigned[s], taken[r] = r, s
        how[kind] += 1

    for s, cell in enumerate(student):
        claim(s, rel_by_gid.get(grade_id_of(cell)), "grade_id")
    for s, cell in enumerate(student):
        cid = cell_id_of(cell)
        # a released id only counts when the cell kept a compatible role
        claim(s, rel_by_id.get(cid) if cid and not grade_id_of(cell) else None, "id")
    for s, cell in enumerate(student):
        if s not in assigned:
            for r in rel_by_content.get(f"{cell.get('cell_type')}:{norm[s]}", []):
                if r not in taken:
                    claim(s, r, "content")
                    break
    # Order: an unmatched released solution cell takes the most similar unmatched student cell
    # between the student positions of its matched neighbours (the first of equals).
    free = [s for s in range(len(student)) if s not in assigned and norm[s]]
    for r, rcell in enumerate(release):
        if r in taken or not nbgrader_of(rcell).get("solution"):
            continue
        lo = max((taken[q] for q in range(r) if q in taken), default=-1)
        hi = min((taken[q] for q in range(r + 1, len(release)) if q in taken), default=len(student))
        matcher = difflib.SequenceMatcher(None)
        matcher.set_seq2(normalized(text(rcell)))
        best, best_ratio = None, -1.0
        for s in free[bisect.bisect_right(free, lo):bisect.bisect_left(free, hi)]:
            if s in assigned or student[s].get("cell_type") != rcell.cell_type:
                continue
            matcher.set_seq1(norm[s])
            if matcher.real_quick_ratio() > best_ratio and matcher.quick_ratio() > best_ratio \
                    and (ratio := matcher.ratio()) > best_ratio:
                best, best_ratio = s, ratio
        if best is not None:
            claim(best, r, "order")
    return assigned, how, duplicated


def rebuild(student_nb: nbformat.NotebookNode, release_nb: nbformat.NotebookNode) -> Rebuilt:
    """A clean copy of the release holding the student's answers, and what had to be fixed."""
    student = list(student_nb.cells)
    release = list(release_nb.cells)
    assigned, how, duplicated = match_cells(student, release)
    flags, notes = [], []
    if not any(cell_id_of(c) for c in student):
        notes.append("cells had no ids (nbformat 4.0-4.4)")
    lost_metadata = [release[r] for s, r in assigned.items() if r >= 0 and nbgrader_of(release[r])
                     and grade_id_of(student[s]) != grade_id_of(release[r])]
    status = "repaired" if lost_metadata else "ok"
    if lost_metadata:
        flags.append("repaired")
        notes.append(f"nbgrader metadata of {len(lost_metadata)} cells recovered by "
                     + ", ".join(f"{k} ({v})" for k, v in how.items() if v and k != "grade_id"))
    tagged = [s for s, c in enumerate(student) if SKIP_TAGS & tags_of(c)]
    if tagged:
        flags.append("skip-execution")
        notes.append(f"{len(tagged)} cells tagged to skip execution: tags removed, every cell runs")
    if duplicated:
        flags.append("test-cell-duplicated")
        notes.append("duplicated cells dropped: " + ", ".join(sorted(set(map(str, duplicated)))))

    by_release = {r: s for s, r in assigned.items() if r >= 0}
    cells, deleted, edited, missing = [], [], [], []
    extras_after: dict[int, list] = {}
    last_release = -1
    for s, cell in enumerate(student):
        if s in assigned:
            if assigned[s] >= 0:
                last_release = assigned[s]
            continue
        source = text(cell)
        if not source.strip():
            continue
        # ids are deterministic, so a re-run finds the same notebook (and its cached grade)
        kind = cell.get("cell_type")
        if kind in ("code", "markdown"):  # what nbformat.v4.new_*_cell make, without validating each
            extra = nbformat.from_dict({"id": f"student-{s}", "cell_type": kind, "metadata": {}, "source": source})
            if kind == "code":
                extra.outputs, extra.execution_count = [], None
            extras_after.setdefault(last_release, []).append(extra)
    cells.extend(extras_after.get(-1, []))
    for r, rcell in enumerate(release):
        new = copy.deepcopy(rcell)
        meta = nbgrader_of(rcell)
        s = by_release.get(r)
        if s is None:
            if meta.get("solution"):
                missing.append(meta["grade_id"])
            elif is_protected(rcell) and rcell.cell_type == "code":
                deleted.append(meta.get("grade_id"))
        else:
            if is_protected(rcell):
                if normalized(text(student[s])) != normalized(rcell.source) and rcell.cell_type == "code":
                    edited.append(meta.get("grade_id"))
            else:
                new.source = text(student[s])
        if new.cell_type == "code":
            new.outputs, new.execution_count = [], None
        cells.append(new)
        cells.extend(extras_after.get(r, []))
    seen = set()
    for i, cell in enumerate(cells):
        if not cell_id_of(cell) or cell["id"] in seen:
            cell["id"] = f"student-cell-{i}"
        seen.add(cell["id"])
    if deleted:
        flags.append("test-cell-deleted")
        notes.append("deleted test cells restored: " + ", ".join(deleted))
        status = "repaired"
    if edited:
        flags.append("test-cell-edited")
        notes.append("edited test cells restored: " + ", ".join(edited))
    if missing:
        flags.append("answer-missing")
        notes.append("no answer cell for: " + ", ".join(missing))
    nb = copy.deepcopy(release_nb)
    nb.cells = cells
    nb.metadata["autograder"] = {"missing_answers": missing}  # the judge scores their tests 0
    nb.nbformat, nb.nbformat_minor = 4, 5
    answers = [text(student[s]) for s, r in assigned.items() if r >= 0 and nbgrader_of(release[r]).get("solution")]
    answers += [c.source for extra in extras_after.values() for c in extra if c.cell_type == "code"]
    helpers = helper_names(release_nb)
    tamper = scan(answers, helpers)
    if tamper:
        flags.extend(sorted({t.split(":", 1)[0] for t in tamper}))
    return Rebuilt(nb, status, flags, notes, missing, tamper)


def rebuild_submission(sub: Submission, nb: nbformat.NotebookNode, course: Course,
                       release_nb: nbformat.NotebookNode) -> tuple[Submission, str]:
    """The submission's record, with what rebuilding it from the release found, and its rebuilt notebook (JSON)."""
    flags, notes = list(sub.flags), list(sub.notes)
    stamped = nb.metadata.get("course")
    stamped = stamped if isinstance(stamped, dict) else {}
    version = release_nb.metadata["course"]["version"]
    if stamped.get("version") and stamped["version"] != version:
        flags.append("old-version")
        notes.append(f"made from release {stamped['version']!s:.12}, graded against {version}")
    lang = stamped.get("lang") if stamped.get("lang") in LANGS else "en"
    rebuilt = rebuild(nb, released_notebook(course, sub.assignment, lang))
    flags += [f for f in rebuilt.flags if f not in flags]
    notes += rebuilt.notes
    record = replace(sub, status=rebuilt.status, flags=tuple(flags), notes=tuple(notes), tamper=tuple(rebuilt.tamper),
                     release=version)
    return record, nbformat.writes(rebuilt.notebook)


def helper_names(release_nb: nbformat.NotebookNode) -> set[str]:
    """Top-level names defined by the locked test-helper cells (grade_id containing "helper")."""
    names = set()
    for cell in release_nb.cells:
        meta = nbgrader_of(cell)
        if cell.cell_type == "code" and meta.get("locked") and "helper" in str(meta.get("grade_id", "")):
            try:
                tree = ast.parse(cell.source)
            except SyntaxError:
                continue
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                        names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names
