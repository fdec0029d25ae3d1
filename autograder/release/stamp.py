"""The stamp of a whole release (build/release-stamp.json): what it was made from and what it wrote.

A release is deterministic (tests/release/test_release.py), so a release whose inputs have not changed since, and
whose outputs are still as it wrote them, is as good as a fresh one. The tests use that to take the checkout's own
`make release` instead of releasing the lessons a second time (tests/conftest.py).
"""
import hashlib
import importlib.metadata
import json
import shutil
import sys
from pathlib import Path

from autograder import ROOT
from autograder.course import Course

NAME = "release-stamp.json"
# build/jupyter holds the kernels' own Jupyter and IPython folders and build/.autograde the log, which later runs write to
UNSTAMPED = ("jupyter", ".autograde", NAME)


def inputs(course: Course) -> str:
    """A digest of everything a release of course reads: the grader's code, the course's lesson sources and
    settings, the Python and every installed package's version."""
    digest = hashlib.sha256(sys.version.encode())
    code = sorted(p for p in (ROOT / "autograder").rglob("*.py") if "__pycache__" not in p.parts)
    sources = sorted(course.sources.glob("*.py"))
    for path in [*code, *sources, course.settings, ROOT / "requirements.txt", ROOT / "pyproject.toml"]:
        digest.update(str(path).encode() + b"\0" + (path.read_bytes() if path.is_file() else b"") + b"\0")
    for version in sorted(f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()):
        digest.update(version.encode() + b"\0")
    return digest.hexdigest()


def _outputs(course: Course, written: list[Path]) -> dict[str, Path]:
    """The release's files, keyed "build/..." (all of course.build but UNSTAMPED) and "out/..." (what it wrote)."""
    files = {f"build/{p.relative_to(course.build)}": p for p in sorted(course.build.rglob("*"))
             if p.is_file() and p.relative_to(course.build).parts[0] not in UNSTAMPED}
    return files | {f"out/{p.relative_to(course.out_root)}": p for p in written}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write(course: Course, written: list[Path]) -> None:
    outputs = {key: _sha256(path) for key, path in _outputs(course, written).items()}
    (course.build / NAME).write_text(json.dumps({"inputs": inputs(course), "outputs": outputs}, indent=1) + "\n")


def fresh(course: Course) -> str | None:
    """None when course's release is stamped, made from today's inputs and unchanged since; else why not."""
    try:
        stamp = json.loads((course.build / NAME).read_text())
    except (OSError, ValueError):
        return f"no {NAME} in {course.build} (`make release` writes it)"
    if stamp["inputs"] != inputs(course):
        return "the code, the sources, the settings or the packages changed since `make release`"
    roots = {"build": course.build, "out": course.out_root}
    for key, sha in stamp["outputs"].items():
        top, relative = key.split("/", 1)
        path = roots[top] / relative
        if not path.is_file() or _sha256(path) != sha:
            return f"{path} changed since `make release`"
    return None


def copy(course: Course, into: Course) -> None:
    """Copy a fresh release's files (fresh(course) is None) into another course's folders."""
    stamp = json.loads((course.build / NAME).read_text())
    roots = {"build": (course.build, into.build), "out": (course.out_root, into.out_root)}
    for key in stamp["outputs"]:
        top, relative = key.split("/", 1)
        source, target = (root / relative for root in roots[top])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
