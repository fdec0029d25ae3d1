"""Read a submitted file as a notebook, trusting nothing it holds.

The notebook's JSON is untrusted. It is rebuilt into a clean nbformat 4 notebook: what has the
wrong type is dropped (flag "malformed"), outputs are dropped, and the course metadata keeps only
values from the release's own lists (flag "bad-metadata" otherwise).
"""
import json
import re
import warnings
from collections import Counter
from pathlib import Path

import nbformat

from autograder.course import LANGS
from autograder.intake.files import Refused, short

VERSION = re.compile(r"^[0-9a-f]{12}$")  # release.read_source: the source's sha256, 12 hex digits
CELL_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # nbformat 4.5
MAX_CELLS = 2000  # the largest lesson has 76
MAX_SOURCE_CHARS = 4 << 20  # all cells' sources together, outputs aside (a lesson's are about 40 000)
NBGRADER_KEYS = {"grade_id": str, "grade": bool, "solution": bool, "locked": bool, "task": bool}


def text_of(value: object) -> str | None:
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


def clean_cell(cell: object, problems: Counter) -> dict | None:
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
