"""The peers of `make similarity`, run on the same pairs: copydetect 0.5.0 (PyPI, a benchmark extra) and Dolos
3.5.1 (npm `@dodona/dolos-lib`, installed into .cache/dolos by `make similarity-compare`).

Each student's notebook is one Python file: its answer cells in the notebook's order (a copier's own order
where it moved them). The template, which both tools leave out, is the released notebook's answer cells. A
pair's score is the tool's own: Dolos's similarity (the share of both files' tokens covered by shared
fragments), copydetect's higher of its two directed similarities (the share of either file's fingerprints that
the other holds; its report shows a pair when either passes its threshold).
"""
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import nbformat

from autograder import ROOT
from tests.similarity.similar_class import Class, answer_cells

DOLOS = ROOT / ".cache" / "dolos" / "node_modules"
DOLOS_MISSING = ("Dolos skipped: it needs `node` (apt-get install nodejs npm) and @dodona/dolos-lib 3.5.1 in "
                 ".cache/dolos, which make similarity-compare installs")


def notebooks(made: Class, assignment: str, folder: Path) -> Path:
    """One file per student of this assignment in `folder`, and the template beside it (returned)."""
    released = nbformat.read(ROOT / "lessons" / "en" / f"{assignment}.ipynb", as_version=4)
    stubs = {c.metadata["nbgrader"]["grade_id"]: c.source for c in answer_cells(released)}
    folder.mkdir(parents=True)
    for (student, lesson), answers in sorted(made.answers.items()):
        if lesson == assignment:
            order = made.order.get((student, assignment), list(stubs))
            (folder / f"{student}.py").write_text("\n\n".join(answers.get(g, stubs[g]) for g in order) + "\n")
    template = folder.parent / "template.py"
    template.write_text("\n\n".join(stubs.values()) + "\n")
    return template


def pair_row(assignment: str, a: str, b: str, score: float) -> dict:
    a, b = sorted((a, b))
    return {"assignment": assignment, "student_a": a, "student_b": b, "similarity": score, "suspicious": "no"}


def copydetect(made: Class, assignment: str) -> list[dict]:
    """copydetect's score of every pair of the assignment's students."""
    from copydetect import CopyDetector

    with tempfile.TemporaryDirectory(prefix="copydetect-") as tmp:
        template = notebooks(made, assignment, Path(tmp) / "students")
        detector = CopyDetector(extensions=["py"], display_t=0.0, silent=True, autoopen=False)
        files = sorted(str(p) for p in (Path(tmp) / "students").glob("*.py"))
        for path in files:
            detector.add_file(path)
        detector.add_file(str(template), type="boilerplate")
        detector.run()
        matrix = detector.similarity_matrix
        return [pair_row(assignment, Path(files[i]).stem, Path(files[j]).stem,
                         float(matrix[i, j].max()) if matrix[i, j, 0] >= 0 else 0.0)
                for i in range(len(files)) for j in range(i + 1, len(files))]


def dolos_ready() -> bool:
    return shutil.which("node") is not None and (DOLOS / "@dodona" / "dolos-lib").is_dir()


def dolos(made: Class, assignment: str) -> list[dict]:
    """Dolos's score of every pair of the assignment's students (tests/similarity/dolos.mjs)."""
    with tempfile.TemporaryDirectory(prefix="dolos-") as tmp:
        students = Path(tmp) / "students"
        template = notebooks(made, assignment, students)
        done = subprocess.run(["node", str(Path(__file__).with_name("dolos.mjs")), str(students), str(template)],
                              capture_output=True, text=True, check=True, env={**os.environ, "NODE_PATH": str(DOLOS)})
        found = {frozenset((Path(p["a"]).stem, Path(p["b"]).stem)): p["similarity"]
                 for p in map(json.loads, done.stdout.splitlines())}
        names = sorted(p.stem for p in students.glob("*.py"))
    return [pair_row(assignment, a, b, float(found.get(frozenset((a, b)), 0.0)))
            for i, a in enumerate(names) for b in names[i + 1:]]
