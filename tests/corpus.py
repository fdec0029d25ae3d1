"""A corpus of hostile and damaged submissions, built by code from a released tiny course.

Each entry: student -> (files, expectation). Files are {file name: bytes}; the expectation says the
notebook status, the score and per-exercise statuses that grading must give.
"""
import copy
import json
import struct
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from autograder import ROOT
from autograder.course import Course


@dataclass
class Expect:
    assignment: str
    status: str
    score: float | None
    exercises: dict[str, str] = field(default_factory=dict)  # exercise -> status
    flags: set[str] = field(default_factory=set)  # flags that must be present
    no_flags: set[str] = field(default_factory=set)  # flags that must be absent
    file: str | None = None


def load(course: Course, folder: str, assignment: str, lang: str = "en") -> nbformat.NotebookNode:
    return nbformat.read(course.out_root / folder / lang / f"{assignment}.ipynb", as_version=4)


def dump(nb) -> bytes:
    with warnings.catch_warnings():  # some corpus notebooks hold duplicate ids on purpose
        warnings.simplefilter("ignore")
        return (nbformat.writes(nb) + "\n").encode()


def cell(nb, grade_id):
    [found] = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id]
    return found


def with_source(nb, grade_id, source):
    nb = copy.deepcopy(nb)
    cell(nb, grade_id).source = source
    return nb


def insert_after(nb, grade_id, *sources):
    nb = copy.deepcopy(nb)
    index = nb.cells.index(cell(nb, grade_id))
    for offset, source in enumerate(sources, 1):
        nb.cells.insert(index + offset, nbformat.v4.new_code_cell(source, id=f"extra-{grade_id}-{offset}"))
    return nb


def nbformat_40(nb) -> bytes:
    """The same notebook as an nbformat 4.0 file: no cell ids."""
    data = json.loads(nbformat.writes(nb))
    data["nbformat_minor"] = 0
    for c in data["cells"]:
        c.pop("id", None)
    return json.dumps(data, indent=1).encode()


def stripped(nb, keep_ids=True) -> bytes:
    """Every cell's metadata removed, as some editors do (optionally the ids too)."""
    data = json.loads(nbformat.writes(nb))
    for c in data["cells"]:
        c["metadata"] = {}
        if not keep_ids:
            c.pop("id", None)
    if not keep_ids:
        data["nbformat_minor"] = 0
    return json.dumps(data, indent=1).encode()


PROBE = '''
import glob, os, socket, resource
print("GRADEBOOKS", sorted(glob.glob("/tmp/**/gradebook.db", recursive=True) + glob.glob("{root}/**/gradebook.db", recursive=True)))
for secret in ({secrets}):
    try:
        open(secret).read(); print("READ", secret)
    except OSError:
        print("DENIED", secret)
for target in ({targets}):
    try:
        open(target, "w").write("pwned"); print("WROTE", target)
    except OSError:
        print("NOWRITE", target)
try:
    socket.create_connection(("1.1.1.1", 53), timeout=3); print("NETWORK")
except OSError:
    print("NONETWORK")
print("LIMITS", resource.getrlimit(resource.RLIMIT_AS)[0], resource.getrlimit(resource.RLIMIT_CPU)[0])
open("scratch.txt", "w").write("mine"); print("PRIVATE", open("scratch.txt").read(), sorted(os.listdir(".")))
'''


def main_corpus(course: Course) -> dict[str, tuple[dict[str, bytes], Expect]]:
    """The folder batch: lessons 01_alpha and 02_beta, SQLite, two workers."""
    sol = load(course, "solutions", "01_alpha")
    stub = load(course, "lessons", "01_alpha")
    beta_sol = load(course, "solutions", "02_beta")
    full = {"test_double": "passed", "test_square": "passed", "answer_why": "manual"}
    a = "01_alpha"
    secrets = [course.build / "en" / "gradebook.db", course.sources / "01_alpha.py",
               course.out_root / "solutions" / "en" / "01_alpha.ipynb", ROOT / "autograder" / "course.py"]
    targets = [course.build / "pwned.txt", ROOT / "pwned.txt", Path("/tmp/pwned.txt")]
    probe = PROBE.format(root=ROOT, secrets=", ".join(repr(str(p)) for p in secrets) + ",",
                         targets=", ".join(repr(str(p)) for p in targets) + ",")
    deleted = copy.deepcopy(sol)
    deleted.cells.remove(cell(deleted, "test_square"))
    duplicated = copy.deepcopy(sol)
    duplicated.cells.insert(duplicated.cells.index(cell(duplicated, "test_square")),
                            copy.deepcopy(cell(stub, "test_double")))
    skipped = copy.deepcopy(stub)
    for c in skipped.cells:
        if c.metadata.get("nbgrader", {}).get("grade"):
            c.metadata.setdefault("tags", []).append("skip-execution")
    ru = load(course, "solutions", a, "ru")
    return {
        "good": ({"01_alpha.ipynb": dump(sol), "02_beta.ipynb": dump(beta_sol)}, Expect(a, "ok", 5.0, full)),
        "ru": ({"01_alpha.ipynb": dump(ru)}, Expect(a, "ok", 5.0, full)),
        "stub": ({"01_alpha.ipynb": dump(stub)}, Expect(a, "ok", 0.0, {"test_double": "error", "test_square": "error"})),
        "invalid-json": ({"01_alpha.ipynb": b'{"cells": [ ... oops'}, Expect(a, "invalid-json", 0.0,
                                                                            {"test_double": "missing"})),
        "empty": ({"01_alpha.ipynb": b""}, Expect(a, "empty", 0.0, {"test_square": "missing"})),
        "not-a-notebook": ({"homework.pdf": b"%PDF-1.4 binary\x00\xff"}, Expect("", "not-a-notebook", 0.0)),
        "json-not-notebook": ({"01_alpha.ipynb": b'{"hello": "world"}'}, Expect(a, "not-a-notebook", 0.0)),
        "nbformat-40": ({"01_alpha.ipynb": nbformat_40(sol)}, Expect(a, "ok", 5.0, full, no_flags={"repaired"})),
        "stripped": ({"01_alpha.ipynb": stripped(sol)}, Expect(a, "repaired", 5.0, full, {"repaired"})),
        "stripped-no-ids": ({"01_alpha.ipynb": stripped(sol, keep_ids=False)},
                            Expect(a, "repaired", 5.0, full, {"repaired"})),
        "stripped-stub": ({"01_alpha.ipynb": stripped(stub)},
                          Expect(a, "repaired", 0.0, {"test_double": "error", "test_square": "error"}, {"repaired"})),
        "test-deleted": ({"01_alpha.ipynb": dump(deleted)}, Expect(a, "repaired", 5.0, full, {"test-cell-deleted"})),
        "test-edited": ({"01_alpha.ipynb": dump(with_source(stub, "test_double", "print('all good')"))},
                        Expect(a, "ok", 0.0, {"test_double": "error"}, {"test-cell-edited"})),
        "test-duplicated": ({"01_alpha.ipynb": dump(duplicated)},
                            Expect(a, "ok", 5.0, full, {"test-cell-duplicated"})),
        "skip-execution": ({"01_alpha.ipynb": dump(skipped)},
                           Expect(a, "ok", 0.0, {"test_double": "error", "test_square": "error"}, {"skip-execution"})),
        "answer-deleted": ({"01_alpha.ipynb": dump(type(sol)({**sol, "cells": [c for c in sol.cells if c.id != "square"]}))},
                           Expect(a, "ok", 2.0, {"test_double": "passed", "test_square": "missing"}, {"answer-missing"})),
        # a lesson-02 notebook saved under lesson 01's name: graded as lesson 02
        "wrong-lesson": ({"01_alpha.ipynb": dump(beta_sol)}, Expect("02_beta", "ok", 1.0, {"test_negate": "passed"},
                                                                   {"wrong-lesson"})),
        # two files for one lesson: the newer one (mtime set by the test) is graded
        "duplicate": ({"01_alpha.ipynb": dump(stub), "01_alpha (1).ipynb": dump(sol)},
                      Expect(a, "ok", 5.0, full, {"duplicate"}, file="01_alpha (1).ipynb")),
        "tamper": ({"01_alpha.ipynb": dump(with_source(sol, "double",
                                                       "import math\nmath.isclose = lambda *a, **k: True\n"
                                                       "def double(x):\n    return x + 1"))},
                   Expect(a, "ok", 3.0, {"test_double": "failed", "test_square": "passed"}, {"tamper-patch"})),
        "probe": ({"01_alpha.ipynb": dump(insert_after(sol, "setup", probe))},
                  Expect(a, "ok", 5.0, full, {"tamper-file"})),
        "wrong-visible": ({"01_alpha.ipynb": dump(with_source(sol, "double", "def double(x):\n    return 3 * x"))},
                          Expect(a, "ok", 3.0, {"test_double": "failed"})),
        "wrong-hidden": ({"01_alpha.ipynb": dump(with_source(
            sol, "double", "def double(x):\n    return x + 1"))}, Expect(a, "ok", 3.0, {"test_double": "failed"})),
    }


def zip_corpus(course: Course) -> tuple[dict[str, bytes], dict[str, Expect]]:
    """The LMS batch, as Moodle exports it: lesson 02_beta only (no torch), hostile code and limits."""
    sol = load(course, "solutions", "02_beta")
    stub = load(course, "lessons", "02_beta")
    b = "02_beta"

    def answer(source):
        return dump(with_source(sol, "negate", source))

    folder = "{}_assignsubmission_file_/{}"
    files = {
        # kills the zygote its kernel was forked from (autograder.sandbox.zygote), and so its own kernel: the
        # worker grades the next notebooks with a new zygote
        folder.format("Zoya Kuz_100", "02_beta.ipynb"): answer(
            "import os, signal, time\nos.kill(os.getppid(), signal.SIGKILL)\ntime.sleep(2)\n"
            "def negate(x):\n    return -x"),
        folder.format("Ivan Petrov_101", "02_beta.ipynb"): dump(stub),
        folder.format("Ivan Petrov_101", "02_beta (2).ipynb"): dump(sol),
        folder.format("Anna Smirnova_102", "my homework.ipynb"): dump(sol),
        "Oleg Ivanov_103_assignsubmission_file_beta.ipynb": answer("def negate(x):\n    while True:\n        pass"),
        folder.format("Eva Kim_104", "02_beta.ipynb"): answer("import os\nos._exit(1)"),
        folder.format("Max Li_105", "02_beta.ipynb"): answer("big = bytearray(16 << 30)\ndef negate(x):\n    return -x"),
        folder.format("Lev Orlov_106", "02_beta.ipynb"): dump(insert_after(
            sol, "negate", *["import time\ntime.sleep(2)"] * 4)),
        folder.format("Ira Pak_107", "02_beta.ipynb"): b"\x89PNG not json",
        "__MACOSX/._junk": b"junk",
    }
    expect = {
        "100": Expect(b, "ok", 0.0, {"test_negate": "missing"}, {"kernel-died"}),
        "101": Expect(b, "ok", 1.0, {"test_negate": "passed"}, {"duplicate"}, file="02_beta (2).ipynb"),
        "102": Expect(b, "ok", 1.0, {"test_negate": "passed"}),
        "103": Expect(b, "ok", 0.0, {"test_negate": "timeout"}, {"timeout"}),
        "104": Expect(b, "ok", 0.0, {"test_negate": "missing"}, {"kernel-died"}),
        # the memory cap makes the allocation fail, so negate is never defined
        "105": Expect(b, "ok", 0.0, {"test_negate": "error"}),
        "106": Expect(b, "ok", 0.0, {"test_negate": "timeout"}, {"timeout"}),
        "107": Expect(b, "invalid-json", 0.0, {"test_negate": "missing"}),
    }
    return files, expect


def write_zip(files: dict[str, bytes], path: Path, forged: dict[str, dict] | None = None) -> Path:
    """A zip of files; forged[name] overwrites fields of that entry's headers afterwards (see forge)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for index, (name, data) in enumerate(files.items()):
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 1, 12, index % 60, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            if "extra_claims" in (forged or {}).get(name, {}):
                info.extra = struct.pack("<HH", 0xCAFE, 4) + b"abcd"
            zf.writestr(info, data)
    if forged:
        raw = bytearray(path.read_bytes())
        for name, fields in forged.items():
            forge(raw, name, **fields)
        path.write_bytes(bytes(raw))
    return path


# offsets of fields in a zip's central directory header (APPNOTE 4.3.12)
CENTRAL = {"version": (6, "<B"), "flags": (8, "<H"), "method": (10, "<H"), "date": (14, "<H"), "crc": (16, "<I"),
           "size": (24, "<I")}


def forge(raw: bytearray, name: str, raw_name: bytes | None = None, utf8_flag: bool | None = None,
          extra_claims: int | None = None, **fields) -> None:
    """Overwrite fields of the central directory header of the entry `name` (CENTRAL), its name's bytes
    (raw_name, as long as name's UTF-8, in both headers), its UTF-8 flag, or the length its extra
    field's record claims (the entry must have been written with one, see write_zip)."""
    end = raw.rfind(b"PK\x05\x06")
    size, offset = struct.unpack("<II", raw[end + 12:end + 20])
    pos = offset
    while pos < offset + size:
        name_len, extra_len, comment_len = struct.unpack("<HHH", raw[pos + 28:pos + 34])
        if raw[pos + 46:pos + 46 + name_len] == name.encode():
            break
        pos += 46 + name_len + extra_len + comment_len
    else:
        raise KeyError(name)
    local = struct.unpack("<I", raw[pos + 42:pos + 46])[0]
    for field_name, value in fields.items():
        at, fmt = CENTRAL[field_name]
        struct.pack_into(fmt, raw, pos + at, value)
    if raw_name is not None:
        assert len(raw_name) == len(name.encode())
        raw[pos + 46:pos + 46 + len(raw_name)] = raw_name
        raw[local + 30:local + 30 + len(raw_name)] = raw_name
    if extra_claims is not None:
        struct.pack_into("<H", raw, pos + 46 + len(name.encode()) + 2, extra_claims)
    if utf8_flag is not None:
        for header, at in ((pos, 8), (local, 6)):
            flags = struct.unpack("<H", raw[header + at:header + at + 2])[0]
            struct.pack_into("<H", raw, header + at, flags | 0x800 if utf8_flag else flags & ~0x800)
