"""Find every file of a submissions folder or an LMS zip, without reading it yet.

Limits come before reading: a file's size (its stat, or a zip entry's declared size; reads are
capped too, since a zip can lie), the files read per student, the cells of a notebook (and the
characters of their sources, before any of it is parsed or run).
System files (__MACOSX and .ipynb_checkpoints folders, AppleDouble "._*" files, .DS_Store,
Thumbs.db, desktop.ini) are told apart here; other hidden files are files. A name that is not
valid UTF-8 is shown with replacement characters and flagged.
"""
import os
import stat
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

JUNK_FOLDERS = {"__MACOSX", ".ipynb_checkpoints"}
JUNK_FILES = {".DS_Store", "Thumbs.db", "desktop.ini"}
MAX_FILE_BYTES = 50 << 20
ZIP_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}


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

    @property
    def junk(self) -> bool:
        """A file that systems add beside what a person sends (__MACOSX/, .DS_Store, ._name, ...)."""
        name = self.parts[-1]
        return any(p in JUNK_FOLDERS for p in self.parts[:-1]) or name in JUNK_FILES or name.startswith("._")


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


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
    return found
