"""Collect submissions from a folder of <student>/<files> or from the zip an LMS exports.

The student comes from the folder (or, in a flat Moodle zip, the file) name; the assignment
from the notebook's own metadata, which the release stamps (file names lie). Files that do not
open get a status and a reason instead of a silent 0. When a student has two notebooks of one
assignment, the newest (modification time, as the zip or the file system records it; then the
file name) is graded and the others are named in the note.
"""
import json
import re
import shutil
import warnings
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

import nbformat

# Moodle: "Ivan Petrov_123456_assignsubmission_file_/01_tensors (2).ipynb" (folders), or
# "Ivan Petrov_123456_assignsubmission_file_01_tensors.ipynb" (flat download).
MOODLE = re.compile(r"^(?P<student>.+?_\d+)_assign[a-z]*_[a-z]+_(?P<rest>.*)$")
JUNK = ("__MACOSX", ".ipynb_checkpoints", ".DS_Store", "Thumbs.db", "desktop.ini")
MAX_FILE_BYTES = 50 << 20
UNGRADABLE = ("empty", "invalid-json", "not-a-notebook", "unknown-lesson", "too-large")


@dataclass
class Submission:
    student: str
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


def safe_student(name: str) -> str:
    """A student id usable as a folder name and a gradebook key."""
    name = re.sub(r"[^\w.@+-]+", "_", name.strip(), flags=re.UNICODE).strip("._")
    return name or "unknown"


def _junk(parts) -> bool:
    return any(part in JUNK or part.startswith(".") for part in parts)


def _split_moodle(parts: list[str]) -> tuple[str, str, str, str]:
    """(student, name, display name, Moodle participant id) from a path inside a folder or a zip:
    the first folder is the student."""
    match = MOODLE.match(parts[0])
    display, lms_id = match["student"].rsplit("_", 1) if match else (parts[0], "")
    if len(parts) >= 2:
        return safe_student(match["student"] if match else parts[0]), "/".join(parts[1:]), display, lms_id
    if match:
        return safe_student(match["student"]), match["rest"], display, lms_id
    return "", parts[0], "", ""


def from_zip(archive: Path, workdir: Path) -> list[Submission]:
    """Extract the zip's files under workdir (names are never trusted as paths)."""
    subs = []
    with zipfile.ZipFile(archive) as zf:
        infos = [i for i in zf.infolist() if not i.is_dir()]
        names = [PurePosixPath(i.filename.replace("\\", "/")) for i in infos]
        # One common top folder holding student folders ("export/alice/..."): drop it.
        tops = {n.parts[0] for n in names if len(n.parts) > 2}
        strip = len(tops) == 1 and all(len(n.parts) > 2 for n in names) and not MOODLE.match(next(iter(tops)))
        for index, (info, name) in enumerate(zip(infos, names)):
            parts = [p for p in name.parts[1 if strip else 0:] if p not in ("", ".", "..")]
            if not parts or _junk(parts):
                continue
            student, inner, display, lms_id = _split_moodle(parts)
            if not student:
                student = "unknown"
            target = workdir / "zip" / f"{index:05d}{Path(inner).suffix[:16]}"
            target.parent.mkdir(parents=True, exist_ok=True)
            if info.file_size > MAX_FILE_BYTES:
                target.write_bytes(b"")
                sub = Submission(student, "", target, inner, status="too-large",
                                 reason=f"{info.file_size} bytes (limit {MAX_FILE_BYTES})")
                subs.append(sub)
                continue
            with zf.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            subs.append(Submission(student, "", target, inner, mtime=datetime(*info.date_time).timestamp(),
                                   display=display, lms_id=lms_id))
    return subs


def from_folder(folder: Path) -> list[Submission]:
    subs = []
    for student_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not _junk([p.name])):
        for path in sorted(p for p in student_dir.rglob("*") if p.is_file()):
            relative = path.relative_to(student_dir)
            if _junk(relative.parts):
                continue
            subs.append(Submission(safe_student(student_dir.name), "", path, str(relative), mtime=path.stat().st_mtime,
                                   display=student_dir.name))
    return subs


def guess_from_name(name: str, assignments: list[str]) -> str:
    """An assignment named in a file name ("01_tensors (2).ipynb", "hw_02_autograd.ipynb"), or ""."""
    stem = Path(name).name.lower()
    found = [a for a in assignments if a.lower() in stem]
    return max(found, key=len) if len(found) >= 1 else ""


def read_notebook(sub: Submission) -> None:
    """Open the file: a NotebookNode on sub.notebook, or an ungradable status and its reason."""
    size = sub.path.stat().st_size
    if sub.status != "ok":
        return
    if size == 0 or not sub.path.read_bytes().strip():
        sub.status, sub.reason = "empty", "the file is empty"
        return
    if size > MAX_FILE_BYTES:
        sub.status, sub.reason = "too-large", f"{size} bytes (limit {MAX_FILE_BYTES})"
        return
    raw = sub.path.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        is_nb = sub.name.lower().endswith(".ipynb")
        sub.status = "invalid-json" if is_nb else "not-a-notebook"
        sub.reason = f"not valid JSON: {error}"[:200] if is_nb else f"{Path(sub.name).suffix or 'file'} is not a notebook"
        return
    if not isinstance(data, dict) or not isinstance(data.get("cells", data.get("worksheets")), list) \
            or not isinstance(data.get("nbformat"), int):
        sub.status, sub.reason = "not-a-notebook", "JSON without notebook cells and nbformat"
        return
    try:
        with warnings.catch_warnings():  # duplicate or missing cell ids: repair deals with them
            warnings.simplefilter("ignore")
            sub.notebook = nbformat.reads(json.dumps(data), as_version=4)
    except Exception as error:  # nbformat's many reader errors
        sub.status, sub.reason = "not-a-notebook", f"nbformat cannot read it: {error}"[:200]
        return
    if data["nbformat"] < 4 or data.get("nbformat_minor", 0) < 5:
        sub.notes.append(f"nbformat {data['nbformat']}.{data.get('nbformat_minor', 0)} upgraded")


def collect(source: Path, workdir: Path, assignments: list[str], identify=None) -> list[Submission]:
    """Every submitted file, read and assigned; identify(nb) -> assignment guesses a lesson by content.

    The result holds one entry per (student, assignment) to grade, plus one per ungradable file.
    """
    source = Path(source)
    if source.is_file() and zipfile.is_zipfile(source):
        subs = from_zip(source, workdir)
    elif source.is_dir():
        subs = from_folder(source)
    else:
        raise FileNotFoundError(f"{source} is neither a folder nor a zip file")
    for sub in subs:
        read_notebook(sub)
        by_name = guess_from_name(sub.name, assignments)
        if sub.status != "ok":
            sub.assignment = by_name
            continue
        stamped = sub.notebook.metadata.get("course", {}).get("assignment", "")
        if stamped in assignments:
            sub.assignment = stamped
        elif identify is not None and (found := identify(sub.notebook)):
            sub.assignment = found
            sub.notes.append("course metadata missing: lesson recognised by its cells")
        if not sub.assignment:
            sub.status = "unknown-lesson"
            sub.reason = (f"metadata names {stamped!r}, not a lesson of this course" if stamped
                          else "no course metadata and no released lesson matches its cells")
            sub.assignment = by_name
            continue
        if by_name and by_name != sub.assignment:
            sub.flags.append("wrong-lesson")
            sub.notes.append(f"file {sub.name!r} holds lesson {sub.assignment}: graded as {sub.assignment}")
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
    # An unreadable file does not count when the student also sent a gradable one of that lesson.
    for sub in subs:
        if sub.status != "ok":
            if sub.assignment and (sub.student, sub.assignment) in groups:
                groups[(sub.student, sub.assignment)][-1].notes.append(
                    f"ignored {sub.name!r}: {sub.status} ({sub.reason})")
            else:
                chosen.append(sub)
    return sorted(chosen, key=lambda s: (s.student, s.assignment, s.name))
