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
import zipfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Callable

import nbformat

from autograder.intake import archive
from autograder.intake.files import JUNK_FOLDERS, Found, Refused, from_folder, from_zip, refused, short
from autograder.intake.notebook import course_metadata, guess_from_name, parse_notebook
from autograder.intake.senders import drop_top_folder, sender, uses_teams
from autograder.intake.submission import Submission

Read = tuple[Submission, nbformat.NotebookNode | None]  # a file's record, and its notebook when it has one
Identify = Callable[[nbformat.NotebookNode], str]  # a notebook's lesson, told from its cells ("" when none)

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


def attribute(found: list[Found], skipped: list[str] | None, teams: bool = False) -> list[tuple[Submission, Found]]:
    """Each file that is not system junk, with its sender settled; junk counted in notes.

    teams: a Moodle download of a team assignment (also assumed when it holds Moodle's default group)."""
    senders, files, junk = {}, {}, Counter()
    teams = teams or uses_teams(found)
    for f in found:
        if f.junk:
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
                sub = Submission(who.key, "", inner, who.display, who.lms_id, f.mtime,
                                 flags=(*[who.flag] * bool(who.flag), *f.flags), notes=(*notes, *f.notes))
                if who.status != "ok":
                    sub = replace(sub, status=who.status, reason=who.reason)
                pairs.append((sub, f))
    return pairs


def read(sub: Submission, found: Found, assignments: list[str], identify: Identify | None) -> Read:
    """Read, parse and assign one file: its record with the lesson, and its notebook (or a status and a reason)."""
    by_name = guess_from_name(sub.file, assignments)
    sub = replace(sub, assignment=by_name)
    if sub.status != "ok":
        return sub, None
    try:
        nb, notes, metadata = parse_notebook(found.read(), sub.file)
    except Refused as refused:
        return replace(sub, status=refused.status, reason=refused.reason), None
    flags = ["malformed"] * any(n.startswith("malformed") for n in notes)
    course, stamped, bad = course_metadata(metadata, assignments)
    if bad:
        flags.append("bad-metadata")
        notes += bad
    nb.metadata["course"] = course
    assignment = course.get("assignment", "")
    if not assignment and identify is not None and (found_by_cells := identify(nb)):
        assignment = found_by_cells
        notes.append("course metadata missing: lesson recognised by its cells")
    sub = replace(sub, flags=(*sub.flags, *flags), notes=(*sub.notes, *notes))
    if not assignment:
        return replace(sub, status="unknown-lesson", reason=(
            f"metadata names {short(stamped)}, not a lesson of this course" if stamped
            else "no course metadata and no released lesson matches its cells")), nb
    if by_name and by_name != assignment:
        sub = replace(sub, flags=(*sub.flags, "wrong-lesson"),
                      notes=(*sub.notes, f"file {sub.file!r} holds lesson {assignment}: graded as {assignment}"))
    return replace(sub, assignment=assignment), nb


def collect(source: Path, assignments: list[str], identify: Identify | None = None, skipped: list[str] | None = None,
            teams: bool = False) -> list[Read]:
    """Every submitted file, read and assigned; identify(nb) -> assignment guesses a lesson by its cells.

    The result holds one entry per (student, assignment) to grade, plus one per file that cannot be
    graded (unless the student also sent a gradable notebook of that lesson: then it is a note).
    skipped, when given, receives the paths of system files outside any student folder; teams: the
    source is Moodle's download of a team assignment (autograder.intake.senders).
    """
    source = Path(source)
    if source.is_dir():
        return _collect(from_folder(source), assignments, identify, skipped, teams)
    if source.is_file() and zipfile.is_zipfile(source):
        file, patched = archive.open_zip(source)
        with file, zipfile.ZipFile(file) as zf:
            found = from_zip(zf, patched)
            drop_top_folder(found)
            return _collect(found, assignments, identify, skipped, teams)
    raise FileNotFoundError(f"{source} is neither a folder nor a zip file")


def _collect(found, assignments, identify, skipped, teams) -> list[Read]:
    reads = []
    for sub, f in attribute(found, skipped, teams):
        try:
            reads.append(read(sub, f, assignments, identify))
        except Exception as error:  # a file this code did not foresee: its own status, the run goes on
            reads.append((replace(sub, status="unreadable",
                                  reason=f"could not be read: {type(error).__name__}: {error}"[:200]), None))
    return choose_duplicates(reads)


def choose_duplicates(reads: list[Read]) -> list[Read]:
    """One gradable file per (student, assignment): the newest, then the last by name."""
    groups: dict[tuple[str, str], list[Read]] = {}
    for sub, nb in reads:
        if sub.status == "ok":
            groups.setdefault((sub.student, sub.assignment), []).append((sub, nb))
    best = {}
    for key, group in groups.items():
        group.sort(key=lambda read: (read[0].timestamp, read[0].file))
        sub, nb = group[-1]
        if len(group) > 1:
            others = ", ".join(repr(s.file) for s, _ in group[:-1])
            sub = replace(sub, flags=(*sub.flags, "duplicate"),
                          notes=(*sub.notes, f"graded {sub.file!r} (newest) over {others}"))
        best[key] = (sub, nb)
    # A file that cannot be graded is a note on the student's graded notebook of its lesson (or, when
    # its lesson is unknown, of any lesson), and a row of its own only when there is none.
    alone = []
    for sub, nb in reads:
        if sub.status != "ok":
            theirs = sorted(key for key in groups if key[0] == sub.student
                            and (key[1] == sub.assignment or not sub.assignment))
            if theirs:
                graded, its_nb = best[theirs[0]]
                best[theirs[0]] = (replace(graded, notes=(*graded.notes,
                                                          f"ignored {sub.file!r}: {sub.status} ({sub.reason})")), its_nb)
            else:
                alone.append((sub, nb))
    return sorted([*best.values(), *alone], key=lambda read: (read[0].student, read[0].assignment, read[0].file))
