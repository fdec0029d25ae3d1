"""Collect submissions from a folder of <student>/<files> or from the zip an LMS exports.

Nothing a file holds stops the run: every file gets a row of its own (a status and a reason when
it cannot be graded) or a note on its student's row, and one file's damage never touches another's.

Each file is found (autograder.intake.files), its sender settled (autograder.intake.senders: a
Moodle participant id, or a student folder), and it is read as a notebook
(autograder.intake.notebook). The assignment comes from
that metadata (file names lie), or from the cells (`identify`). When a student has two notebooks
of one assignment, the newest (modification time, then file name) is graded; the others, and files
that cannot be graded beside a graded notebook, are noted on its row.
"""
import hashlib
import re
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder.intake import archive
from autograder.intake.files import JUNK_FOLDERS, Found, Refused, from_folder, from_zip, is_junk, refused, short
from autograder.intake.notebook import course_metadata, guess_from_name, parse_notebook
from autograder.intake.senders import drop_top_folder, sender, uses_teams

MAX_FILES_PER_STUDENT = 100
UNGRADABLE = {
    "empty": "the file is empty",
    "invalid-json": "an .ipynb file that is not JSON",
    "not-a-notebook": "not a Jupyter notebook (or one too damaged to rebuild)",
    "unknown-lesson": "no lesson of this course",
    "too-large": "over the size limit",
    "too-many-cells": "over the cell limit",
    "unknown-student": "no student can be told from its name",
    "identity-conflict": "one Moodle participant id under two names",
    "corrupt": "a damaged zip entry (CRC, sizes, headers)",
    "encrypted": "a password-protected zip entry",
    "unsupported": "a zip entry in a format Python cannot read",
    "not-a-file": "a symbolic link or a special file (never followed)",
    "unreadable": "the file could not be read",
}


@dataclass
class Submission:
    student: str  # the key: folder name made safe, or a Moodle participant id
    assignment: str  # "" when not even a guess is possible
    path: Path  # the file on disk (extracted from a zip into the run's folder)
    name: str = ""  # the file's name as submitted, for people
    mtime: float = 0.0
    status: str = "ok"  # "ok" (gradable) or one of UNGRADABLE
    reason: str = ""
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    notebook: nbformat.NotebookNode | None = field(default=None, repr=False, compare=False)
    display: str = ""  # the student's name for people (Moodle's display name, or the folder name)
    lms_id: str = ""  # the Moodle participant id, when the file came from a Moodle download


def attribute(found: list[Found], skipped: list[str] | None, teams: bool = False) -> list[tuple[Submission, Found]]:
    """Each file that is not system junk, with its sender settled; junk counted in notes.

    teams: a Moodle download of a team assignment (also assumed when it holds Moodle's default group)."""
    senders, files, junk = {}, {}, Counter()
    teams = teams or uses_teams(found)
    for f in found:
        if is_junk(f.parts):
            owner = [p for p in f.parts if p not in JUNK_FOLDERS]
            junk[sender(owner, teams)[0].origin if len(owner) >= 2 else None] += 1
            if len(owner) < 2 and skipped is not None:
                skipped.append("/".join(f.parts))
            continue
        who, inner = sender(f.parts, teams)
        if who.plugin != "file":  # online text (and its images): not a submitted file
            f.read = refused("not-a-notebook", f"Moodle's {who.plugin} submission, not a submitted file: not graded")
        if who.origin in senders and senders[who.origin].display != who.display:
            first = senders[who.origin]
            first.status, first.reason = "identity-conflict", (
                f"participant id {first.key} appears under two names, {first.display!r} and {who.display!r}")
        senders.setdefault(who.origin, who)
        files.setdefault(who.origin, []).append((f, inner))
    by_key: dict[str, list[str]] = {}
    for origin, who in senders.items():
        by_key.setdefault(who.key, []).append(origin)
    pairs = []
    for key, origins in by_key.items():
        for origin in origins:
            who, notes = senders[origin], []
            if len(origins) > 1:  # two senders must never share a key
                who.key = f"{key}-{hashlib.sha256(origin.encode()).hexdigest()[:8]}"
                if who.status == "ok":
                    notes.append(f"{origin.split(':', 1)[1]!r} and {len(origins) - 1} other(s) would be "
                                 f"student {key!r}: keyed {who.key!r}")
            if who.note:
                notes.append(who.note)
            if junk[origin]:
                notes.append(f"skipped {junk[origin]} system files (__MACOSX, .DS_Store, ...)")
            chosen = sorted(files[origin], key=lambda fi: (not fi[1].lower().endswith(".ipynb"), fi[1]))
            if len(chosen) > MAX_FILES_PER_STUDENT:
                notes.append(f"{len(chosen) - MAX_FILES_PER_STUDENT} more files not read "
                             f"(limit {MAX_FILES_PER_STUDENT} per student)")
                chosen = chosen[:MAX_FILES_PER_STUDENT]
            for f, inner in chosen:
                sub = Submission(who.key, "", f.path or Path(inner), inner, f.mtime,
                                 flags=[who.flag] * bool(who.flag) + f.flags, notes=notes + f.notes,
                                 display=who.display, lms_id=who.lms_id)
                if who.status != "ok":
                    sub.status, sub.reason = who.status, who.reason
                pairs.append((sub, f))
    return pairs


def read(sub: Submission, found: Found, workdir: Path, index: int, assignments: list[str], identify) -> None:
    """Read, parse and assign one file: sub gets a notebook, or a status and a reason."""
    by_name = guess_from_name(sub.name, assignments)
    sub.assignment = by_name
    if sub.status != "ok":
        return
    try:
        data = found.read()
    except Refused as refused:
        sub.status, sub.reason = refused.status, refused.reason
        return
    if found.path is None:  # from a zip: kept in the run's folder under a name of ours
        suffix = re.sub(r"[^\w.]", "", Path(sub.name).suffix)[:16]
        sub.path = workdir / "zip" / f"{index:05d}{suffix}"
        sub.path.parent.mkdir(parents=True, exist_ok=True)
        sub.path.write_bytes(data)
    try:
        nb, notes, metadata = parse_notebook(data, sub.name)
    except Refused as refused:
        sub.status, sub.reason = refused.status, refused.reason
        return
    sub.notes += notes
    if any(n.startswith("malformed") for n in notes):
        sub.flags.append("malformed")
    course, stamped, bad = course_metadata(metadata, assignments)
    if bad:
        sub.flags.append("bad-metadata")
        sub.notes += bad
    nb.metadata["course"] = course
    sub.notebook = nb
    sub.assignment = course.get("assignment", "")
    if not sub.assignment and identify is not None and (found_by_cells := identify(nb)):
        sub.assignment = found_by_cells
        sub.notes.append("course metadata missing: lesson recognised by its cells")
    if not sub.assignment:
        sub.status = "unknown-lesson"
        sub.reason = (f"metadata names {short(stamped)}, not a lesson of this course" if stamped
                      else "no course metadata and no released lesson matches its cells")
        sub.assignment = by_name
        return
    if by_name and by_name != sub.assignment:
        sub.flags.append("wrong-lesson")
        sub.notes.append(f"file {sub.name!r} holds lesson {sub.assignment}: graded as {sub.assignment}")


def collect(source: Path, workdir: Path, assignments: list[str], identify=None,
            skipped: list[str] | None = None, teams: bool = False) -> list[Submission]:
    """Every submitted file, read and assigned; identify(nb) -> assignment guesses a lesson by its cells.

    The result holds one entry per (student, assignment) to grade, plus one per file that cannot be
    graded (unless the student also sent a gradable notebook of that lesson: then it is a note).
    skipped, when given, receives the paths of system files outside any student folder; teams: the
    source is Moodle's download of a team assignment (autograder.intake.senders).
    """
    source = Path(source)
    if source.is_dir():
        return _collect(from_folder(source), workdir, assignments, identify, skipped, teams)
    if source.is_file() and zipfile.is_zipfile(source):
        file, patched = archive.open_zip(source)
        with file, zipfile.ZipFile(file) as zf:
            found = from_zip(zf, patched)
            drop_top_folder(found)
            return _collect(found, workdir, assignments, identify, skipped, teams)
    raise FileNotFoundError(f"{source} is neither a folder nor a zip file")


def _collect(found, workdir, assignments, identify, skipped, teams) -> list[Submission]:
    subs = []
    for index, (sub, f) in enumerate(attribute(found, skipped, teams)):
        try:
            read(sub, f, Path(workdir), index, assignments, identify)
        except Exception as error:  # a file this code did not foresee: its own status, the run goes on
            sub.status, sub.notebook = "unreadable", None
            sub.reason = f"could not be read: {type(error).__name__}: {error}"[:200]
        subs.append(sub)
    return choose_duplicates(subs)


def choose_duplicates(subs: list[Submission]) -> list[Submission]:
    """One gradable file per (student, assignment): the newest, then the last by name."""
    chosen, groups = [], {}
    for sub in subs:
        if sub.status == "ok":
            groups.setdefault((sub.student, sub.assignment), []).append(sub)
    for (student, assignment), group in groups.items():
        group.sort(key=lambda s: (s.mtime, s.name))
        best = group[-1]
        if len(group) > 1:
            best.flags.append("duplicate")
            others = ", ".join(repr(s.name) for s in group[:-1])
            best.notes.append(f"graded {best.name!r} (newest) over {others}")
        chosen.append(best)
    # A file that cannot be graded is a note on the student's graded notebook of its lesson (or, when
    # its lesson is unknown, of any lesson), and a row of its own only when there is none.
    for sub in subs:
        if sub.status != "ok":
            theirs = sorted(key for key in groups if key[0] == sub.student
                            and (key[1] == sub.assignment or not sub.assignment))
            if theirs:
                groups[theirs[0]][-1].notes.append(f"ignored {sub.name!r}: {sub.status} ({sub.reason})")
            else:
                chosen.append(sub)
    return sorted(chosen, key=lambda s: (s.student, s.assignment, s.name))
