"""Who sent a file: the student a path names (names are never trusted as paths).

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
"""
import re
from dataclasses import dataclass

from autograder.intake.files import Found, is_junk

MOODLE_FOLDER = re.compile(r"(?P<name>.*)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_", re.S)  # fullmatch
MOODLE_FLAT = re.compile(r"_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_")
MOODLE_FLAT_AT = re.compile(r"(?=_\d+_assignsubmission_[a-z]+_)")  # every start, overlapping ones too


def safe_student(name: str) -> str:
    """A student key usable as a folder name and a gradebook key."""
    name = re.sub(r"[^\w.@+-]+", "_", name.strip(), flags=re.UNICODE).strip("._")
    return name or "unknown"


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


def drop_top_folder(found: list[Found]) -> None:
    """One common top folder holding student folders ("export/alice/..."): dropped, unless it is a Moodle one."""
    real = [f for f in found if not is_junk(f.parts)]
    tops = {f.parts[0] for f in real}
    if len(tops) == 1 and all(len(f.parts) > 2 for f in real) and not MOODLE_FOLDER.fullmatch(next(iter(tops))):
        for f in found:
            if f.parts[0] in tops and len(f.parts) > 1:
                f.parts = f.parts[1:]
