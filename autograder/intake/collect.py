"""Collect submissions from a folder of <student>/<files> or from the zip an LMS exports.

Nothing a file holds stops the run: every file gets a row of its own (a status and a reason when
it cannot be graded) or a note on its student's row, and one file's damage never touches another's.

Who sent a file (names are never trusted as paths):

- Moodle's folders, "<display name>_<participant id>_assignsubmission_<plugin>_/...": the WHOLE
  folder name must have this form. The student is keyed by the participant id (a display name is
  chosen by people, repeats, and can end like another student's folder); the display name is kept
  for people. One id under two display names is refused (identity-conflict).
- Moodle's flat download, "<display name>_<id>_assignsubmission_<plugin>_<file name>": both names
  around the id are the student's, so either may hold the pattern again. Moodle's own occurrence
  is always there, so when every occurrence names one id that is the student; when they name
  several ids the file could be either student's and is refused (unknown-student).
- Any other folder is a student keyed by its name, made safe for paths. Two folders (or a folder
  and a Moodle id) that would give one key both get a suffix made from their exact names.
- A file outside any student folder gets its own row (unknown-student).
- System files are skipped and counted in a note: __MACOSX and .ipynb_checkpoints folders,
  AppleDouble "._*" files, .DS_Store, Thumbs.db, desktop.ini. Other hidden files are files.

Limits come before reading: a file's size (its stat, or a zip entry's declared size; reads are
capped too, since a zip can lie), the files read per student, the cells of a notebook (and the
characters of their sources, before any of it is parsed or run).

The notebook's JSON is untrusted. It is rebuilt into a clean nbformat 4 notebook: what has the
wrong type is dropped (flag "malformed"), outputs are dropped, and the course metadata keeps only
values from the release's own lists (flag "bad-metadata" otherwise). The assignment comes from
that metadata (file names lie), or from the cells (`identify`). When a student has two notebooks
of one assignment, the newest (modification time, then file name) is graded; the others, and files
that cannot be graded beside a graded notebook, are noted on its row.
"""
import hashlib
import json
import os
import re
import stat
import warnings
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import nbformat

from autograder.intake import archive
from autograder.course import LANGS

MOODLE_FOLDER = re.compile(r"(?P<name>.*)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_", re.S)  # fullmatch
MOODLE_FLAT = re.compile(r"_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_")
MOODLE_FLAT_AT = re.compile(r"(?=_\d+_assignsubmission_[a-z]+_)")  # every start, overlapping ones too
JUNK_FOLDERS = {"__MACOSX", ".ipynb_checkpoints"}
JUNK_FILES = {".DS_Store", "Thumbs.db", "desktop.ini"}
VERSION = re.compile(r"^[0-9a-f]{12}$")  # release.read_source: the source's sha256, 12 hex digits
CELL_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # nbformat 4.5
MAX_FILE_BYTES = 50 << 20
MAX_FILES_PER_STUDENT = 100
MAX_CELLS = 2000  # the largest lesson has 76
MAX_SOURCE_CHARS = 4 << 20  # all cells' sources together, outputs aside (a lesson's are about 40 000)
ZIP_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
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


class Refused(Exception):
    """A file that is not read: its status and reason."""

    def __init__(self, status: str, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass
class Found:
    """A file of the source before it is read."""
    parts: list[str]  # its path inside the source, names decoded
    read: Callable[[], bytes]  # its bytes (at most MAX_FILE_BYTES), or Refused
    mtime: float = 0.0
    path: Path | None = None  # the file itself, in a folder source
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def safe_student(name: str) -> str:
    """A student key usable as a folder name and a gradebook key."""
    name = re.sub(r"[^\w.@+-]+", "_", name.strip(), flags=re.UNICODE).strip("._")
    return name or "unknown"


def short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def is_junk(parts: list[str]) -> bool:
    name = parts[-1]
    return any(p in JUNK_FOLDERS for p in parts[:-1]) or name in JUNK_FILES or name.startswith("._")


def clean_name(name: str, flags: list[str], notes: list[str]) -> str:
    """A name with undecodable bytes (os.fsdecode's surrogates) shown as U+FFFD, flagged."""
    fixed = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if fixed != name or "\ufffd" in fixed:
        flags.append("bad-file-name")
        notes.append(f"the name {fixed!r} is not valid UTF-8 (shown with replacement characters)")
    return fixed


def refused(status: str, reason: str) -> Callable[[], bytes]:
    """A reader for a file known not to be read."""
    def read():
        raise Refused(status, reason)
    return read


# --- sources: a folder ---------------------------------------------------------------------------

def read_file(path: Path) -> bytes:
    """A regular file's bytes, never following a link nor blocking on a FIFO, refused past the limit."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise Refused("not-a-file" if os.path.islink(path) else "unreadable", error.strerror or str(error))
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise Refused("not-a-file", "a special file, not a regular one")
        if info.st_size > MAX_FILE_BYTES:
            raise Refused("too-large", f"{info.st_size} bytes (limit {MAX_FILE_BYTES})")
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise Refused("too-large", f"more than {MAX_FILE_BYTES} bytes")
    return data


def from_folder(folder: Path) -> list[Found]:
    found, stack = [], [(Path(folder), [])]
    while stack:
        directory, parts = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as error:
            found.append(Found(parts + ["(folder)"], refused("unreadable", f"the folder cannot be listed: "
                                                                          f"{error.strerror}")))
            continue
        for entry in entries:
            flags, notes = [], []
            here = parts + [clean_name(entry.name, flags, notes)]
            path = Path(entry.path)
            if entry.is_symlink():
                found.append(Found(here, refused("not-a-file", "a symbolic link (never followed)"), path=path))
            elif entry.is_dir(follow_symlinks=False):
                stack.append((path, here))
            elif entry.is_file(follow_symlinks=False):
                try:
                    mtime = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    mtime = 0.0
                found.append(Found(here, lambda path=path: read_file(path), mtime, path, flags, notes))
            else:
                found.append(Found(here, refused("not-a-file", "a FIFO, socket or device"), path=path))
    return found


# --- sources: a zip --------------------------------------------------------------------------------

def zip_name(info: zipfile.ZipInfo, name_patched: bool, flags: list[str], notes: list[str]) -> str:
    """The entry's name: UTF-8 when flagged, else UTF-8 when it decodes (most tools), else cp437."""
    if info.flag_bits & 0x800:
        return info.orig_filename
    raw = info.orig_filename.encode("cp437")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        flags.append("bad-file-name")
        if name_patched:
            notes.append("the zip says its name is UTF-8, but it is not (shown with replacement characters)")
            return raw.decode("utf-8", "replace")
        notes.append("its name is not UTF-8 (read as cp437)")
        return info.orig_filename


def read_entry(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    if info.flag_bits & 0x1:
        raise Refused("encrypted", "the entry is encrypted (password-protected zip)")
    if info.compress_type not in ZIP_METHODS:
        raise Refused("unsupported", f"compression method {info.compress_type} is not supported")
    if info.file_size > MAX_FILE_BYTES:
        raise Refused("too-large", f"{info.file_size} bytes, as the zip declares (limit {MAX_FILE_BYTES})")
    try:
        with zf.open(info) as src:
            data = src.read(MAX_FILE_BYTES + 1)
    except Exception as error:  # zipfile, zlib, bz2 and lzma each have their own errors
        raise Refused("corrupt", f"the zip entry cannot be read: {type(error).__name__}: {error}"[:200])
    if len(data) > MAX_FILE_BYTES:
        raise Refused("too-large", f"more than {MAX_FILE_BYTES} bytes")
    return data


def from_zip(zf: zipfile.ZipFile, patched: dict[int, set[str]]) -> list[Found]:
    found = []
    for index, info in enumerate(zf.filelist):
        if info.is_dir():
            continue
        flags, notes = [], []
        odd = patched.get(index, set())
        name = zip_name(info, "name" in odd, flags, notes).replace("\\", "/")
        parts = [p for p in name.split("/") if p not in ("", ".", "..")] or ["(no name)"]
        try:
            mtime = datetime(*info.date_time).timestamp()
        except (ValueError, OverflowError, OSError):
            mtime = 0.0
            notes.append(f"the zip gives it an impossible date {info.date_time}")
        if "version" in odd:
            read = refused("unsupported", "the zip entry needs a newer zip reader")
        elif "extra" in odd:
            read = refused("corrupt", "the zip entry's extra field is damaged")
        else:
            read = lambda info=info: read_entry(zf, info)
        found.append(Found(parts, read, mtime, None, flags, notes))
    # One common top folder holding student folders ("export/alice/..."): drop it.
    real = [f for f in found if not is_junk(f.parts)]
    tops = {f.parts[0] for f in real}
    if len(tops) == 1 and all(len(f.parts) > 2 for f in real) and not MOODLE_FOLDER.fullmatch(next(iter(tops))):
        for f in found:
            if f.parts[0] in tops and len(f.parts) > 1:
                f.parts = f.parts[1:]
    return found


# --- who sent what -------------------------------------------------------------------------------

@dataclass
class Sender:
    origin: str  # what tells two senders apart: "moodle:<id>", "folder:<name>" or "file:<path>"
    key: str
    display: str
    status: str = "ok"
    reason: str = ""


def sender(parts: list[str]) -> tuple[Sender, str]:
    """(who sent the file at parts, the file's name inside their submission)."""
    if len(parts) >= 2:
        folder = parts[0]
        moodle = MOODLE_FOLDER.fullmatch(folder)
        inner = "/".join(parts[1:])
        if moodle:
            return Sender(f"moodle:{moodle['id']}", moodle["id"], moodle["name"]), inner
        return Sender(f"folder:{folder}", safe_student(folder), folder), inner
    name = parts[0]
    found = [MOODLE_FLAT.match(name, at.start()) for at in MOODLE_FLAT_AT.finditer(name)]
    ids = {m["id"] for m in found}
    if len(ids) == 1:
        first = found[0]
        return Sender(f"moodle:{first['id']}", first["id"], name[:first.start()]), name[first.end():] or name
    if ids:
        return Sender(f"file:{name}", "unknown", "", "unknown-student",
                      f"the file name gives {len(ids)} different Moodle participant ids "
                      f"({', '.join(sorted(ids))}): it could be either student's"), name
    return Sender(f"file:{name}", "unknown", "", "unknown-student",
                  "a file outside any student folder: no student can be told from it"), name


def attribute(found: list[Found], skipped: list[str] | None) -> list[tuple[Submission, Found]]:
    """Each file that is not system junk, with its sender settled; junk counted in notes."""
    senders, files, junk = {}, {}, Counter()
    for f in found:
        if is_junk(f.parts):
            owner = [p for p in f.parts if p not in JUNK_FOLDERS]
            junk[sender(owner)[0].origin if len(owner) >= 2 else None] += 1
            if len(owner) < 2 and skipped is not None:
                skipped.append("/".join(f.parts))
            continue
        who, inner = sender(f.parts)
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
            if junk[origin]:
                notes.append(f"skipped {junk[origin]} system files (__MACOSX, .DS_Store, ...)")
            chosen = sorted(files[origin], key=lambda fi: (not fi[1].lower().endswith(".ipynb"), fi[1]))
            if len(chosen) > MAX_FILES_PER_STUDENT:
                notes.append(f"{len(chosen) - MAX_FILES_PER_STUDENT} more files not read "
                             f"(limit {MAX_FILES_PER_STUDENT} per student)")
                chosen = chosen[:MAX_FILES_PER_STUDENT]
            for f, inner in chosen:
                sub = Submission(who.key, "", f.path or Path(inner), inner, f.mtime, flags=list(f.flags),
                                 notes=notes + f.notes, display=who.display,
                                 lms_id=origin.split(":", 1)[1] if origin.startswith("moodle:") else "")
                if who.status != "ok":
                    sub.status, sub.reason = who.status, who.reason
                pairs.append((sub, f))
    return pairs


# --- reading a notebook ---------------------------------------------------------------------------

def text_of(value) -> str | None:
    """A source as one string (nbformat allows a list of lines), or None when it is neither."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return clean_text("".join(value))
    return None


def clean_text(text: str) -> str:
    """The text without lone surrogates (JSON allows them, UTF-8 files do not)."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


NBGRADER_KEYS = {"grade_id": str, "grade": bool, "solution": bool, "locked": bool, "task": bool}


def clean_cell(cell, problems: Counter) -> dict | None:
    """A cell rebuilt from what has the right type; None when it is not a cell at all."""
    if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw"):
        problems["cells that are not cells"] += 1
        return None
    source = text_of(cell.get("source", ""))
    if source is None:
        problems["cell sources that are not text (emptied)"] += 1
        source = ""
    meta = cell.get("metadata", {})
    if not isinstance(meta, dict):
        problems["cell metadata that is not an object"] += 1
        meta = {}
    clean = {}
    nbgrader = meta.get("nbgrader")
    if nbgrader is not None:
        if isinstance(nbgrader, dict):
            kept = {k: clean_text(v) if kind is str else v for k, kind in NBGRADER_KEYS.items()
                    if type(v := nbgrader.get(k)) is kind}
            if len(kept) < len([k for k in NBGRADER_KEYS if k in nbgrader]):
                problems["nbgrader fields of the wrong type"] += 1
            if kept:
                clean["nbgrader"] = kept
        else:
            problems["nbgrader metadata that is not an object"] += 1
    tags = meta.get("tags")
    if tags is not None:
        if isinstance(tags, list) and all(isinstance(t, str) for t in tags):
            clean["tags"] = [clean_text(t) for t in tags]
        else:
            problems["tags that are not a list of text"] += 1
    out = {"cell_type": cell["cell_type"], "source": source, "metadata": clean}
    cell_id = cell.get("id")
    if cell_id is not None:
        if isinstance(cell_id, str) and CELL_ID.match(cell_id):
            out["id"] = cell_id
        else:
            problems["invalid cell ids"] += 1
    if out["cell_type"] == "code":
        out["outputs"], out["execution_count"] = [], None
    return out


def parse_notebook(data: bytes, name: str) -> tuple[nbformat.NotebookNode, list[str], dict]:
    """(a clean nbformat 4 notebook, notes, its raw metadata), or Refused."""
    if not data.strip():
        raise Refused("empty", "the file is empty")
    is_nb = name.lower().endswith(".ipynb")
    try:
        raw = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        if not is_nb:
            raise Refused("not-a-notebook", f"{Path(name).suffix or 'a file without extension'} is not a notebook")
        why = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        raise Refused("invalid-json", f"not valid JSON: {why}"[:200])
    version = raw.get("nbformat") if isinstance(raw, dict) else None
    if type(version) is not int or version not in (3, 4):
        raise Refused("not-a-notebook", "JSON without notebook cells and nbformat 3 or 4")
    notes = []
    if version == 3:
        worksheets = raw.get("worksheets")
        if not isinstance(worksheets, list) or not all(isinstance(w, dict) and isinstance(w.get("cells"), list)
                                                       for w in worksheets):
            raise Refused("not-a-notebook", "an nbformat 3 file without worksheets of cells")
        if sum(len(w["cells"]) for w in worksheets) > MAX_CELLS:
            raise Refused("too-many-cells", f"more than {MAX_CELLS} cells")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                raw = nbformat.convert(nbformat.from_dict(raw), 4)
        except (Exception, RecursionError) as error:  # nbformat's upgrade assumes a well-formed file
            raise Refused("not-a-notebook", f"an nbformat 3 file that cannot be upgraded ({type(error).__name__})")
        notes.append("nbformat 3 upgraded")
    cells = raw.get("cells")
    if not isinstance(cells, list):
        raise Refused("not-a-notebook", "JSON without notebook cells")
    if len(cells) > MAX_CELLS:
        raise Refused("too-many-cells", f"{len(cells)} cells (limit {MAX_CELLS})")
    problems = Counter()
    clean = [c for c in (clean_cell(cell, problems) for cell in cells) if c is not None]
    size = sum(len(c["source"]) for c in clean)
    if size > MAX_SOURCE_CHARS:
        raise Refused("too-large", f"{size} characters of cell source (limit {MAX_SOURCE_CHARS})")
    metadata = raw.get("metadata", {})
    if not isinstance(metadata, dict):
        problems["notebook metadata that is not an object"] += 1
        metadata = {}
    minor = raw.get("nbformat_minor", 0)
    minor = minor if type(minor) is int else 0
    nb = nbformat.from_dict({"nbformat": 4, "nbformat_minor": minor, "metadata": {}, "cells": clean})
    if version == 4 and minor < 5:
        notes.append(f"nbformat 4.{minor} upgraded")
    if problems:
        notes.append("malformed parts ignored: " + ", ".join(f"{n} {what}" for what, n in sorted(problems.items())))
    return nb, notes, metadata


def course_metadata(metadata: dict, assignments: list[str]) -> tuple[dict, str, list[str]]:
    """(the course metadata values the release accepts, the assignment as stamped, notes on the rest).

    The notebook names its lesson, language and release version; each selects files, so only
    values from the release's own lists pass: a lesson of this course, one of LANGS, 12 hex digits.
    """
    course = metadata.get("course")
    if course is None:
        return {}, "", []
    if not isinstance(course, dict):
        return {}, "", [f"course metadata {short(course)} is not an object: ignored"]
    accepted, notes = {}, []
    checks = {"assignment": lambda v: v in assignments, "lang": lambda v: v in LANGS,
              "version": lambda v: VERSION.match(v) is not None}
    for key, valid in checks.items():
        value = course.get(key)
        if value is None:
            continue
        if isinstance(value, str) and valid(value):
            accepted[key] = value
        elif key != "assignment":
            notes.append(f"course.{key} {short(value)} is not one of this release's: ignored")
    stamped = course.get("assignment")
    return accepted, stamped if isinstance(stamped, str) else "", notes


def guess_from_name(name: str, assignments: list[str]) -> str:
    """An assignment named in a file name ("01_tensors (2).ipynb", "hw_02_autograd.ipynb"), or ""."""
    stem = Path(name).name.lower()
    found = [a for a in assignments if a.lower() in stem]
    return max(found, key=len) if found else ""


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
            skipped: list[str] | None = None) -> list[Submission]:
    """Every submitted file, read and assigned; identify(nb) -> assignment guesses a lesson by its cells.

    The result holds one entry per (student, assignment) to grade, plus one per file that cannot be
    graded (unless the student also sent a gradable notebook of that lesson: then it is a note).
    skipped, when given, receives the paths of system files outside any student folder.
    """
    source = Path(source)
    if source.is_dir():
        return _collect(from_folder(source), workdir, assignments, identify, skipped)
    if source.is_file() and zipfile.is_zipfile(source):
        file, patched = archive.open_zip(source)
        with file, zipfile.ZipFile(file) as zf:
            return _collect(from_zip(zf, patched), workdir, assignments, identify, skipped)
    raise FileNotFoundError(f"{source} is neither a folder nor a zip file")


def _collect(found, workdir, assignments, identify, skipped) -> list[Submission]:
    subs = []
    for index, (sub, f) in enumerate(attribute(found, skipped)):
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
