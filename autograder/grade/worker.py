"""The worker's side: grade one prepared notebook, with nbgrader's preprocessors, the jail and the judges.

A `Grader` is made once per worker process: it holds nbgrader's configuration, a private copy of
the release's gradebook (or the shared PostgreSQL one), and one instance of each preprocessor.
`Grader.grade(job)` then runs, in memory, what nbgrader's autograde runs on a submission:
the sanitizing preprocessors (ClearOutput, DeduplicateIds, OverwriteKernelspec, OverwriteCells:
test cells and their hidden probes restored from the gradebook, CheckCellMetadata), then the
sandboxed execution (autograder.execute), the judges (autograder.judge) and LimitOutput. It
returns plain data: nothing of the worker's state is shared with the next notebook.
"""
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader import utils
from nbgrader.preprocessors import (CheckCellMetadata, ClearOutput, DeduplicateIds, LimitOutput, OverwriteCells,
                                    OverwriteKernelspec)

from autograder.execute import KERNEL_DIED_ENAME, TIMEOUT_ENAME, SandboxExecute
from autograder.judge import JudgeCells
from autograder.release import nbgrader_config

# Settings a caller may pass as `limits` (grade.autograde(..., limits={...})): the traitlets they set.
LIMITS = {
    "timeout": "Execute.timeout",  # seconds per cell
    "notebook_timeout": "SandboxExecute.notebook_timeout",  # seconds per notebook
    "memory_mb": "SandboxKernelManager.memory_mb",
    "cpu_seconds": "SandboxKernelManager.cpu_seconds",
    "file_size_mb": "SandboxKernelManager.file_size_mb",
    "threads": "SandboxKernelManager.threads",
    "preload": "SandboxKernelManager.preload",
    "isolate": "SandboxKernelManager.isolate",
    "require_isolation": "SandboxKernelManager.require_isolation",
}


@dataclass
class WorkerSettings:
    """What every worker needs, once: where the release's gradebook and judges are, and the limits."""
    gradebook: str  # the release's SQLite gradebook (a file to copy) or a shared postgresql:// URL
    judges_dir: str
    limits: dict = field(default_factory=dict)
    hide_paths: list[str] = field(default_factory=list)
    expose_paths: list[str] = field(default_factory=list)


class Grader:
    def __init__(self, settings: WorkerSettings):
        self.root = Path(tempfile.mkdtemp(prefix="grader-"))
        if settings.gradebook.startswith("postgresql"):
            self.db_url = settings.gradebook
        else:
            shutil.copy(settings.gradebook, self.root / "gradebook.db")
            self.db_url = f"sqlite:///{self.root / 'gradebook.db'}"
        config = nbgrader_config(self.root)
        config.CourseDirectory.db_url = self.db_url
        config.JudgeCells.judges_dir = settings.judges_dir
        config.SandboxKernelManager.hide_paths = list(settings.hide_paths)
        config.SandboxKernelManager.expose_paths = list(settings.expose_paths)
        for name, value in settings.limits.items():
            section, trait = LIMITS[name].split(".")
            setattr(config[section], trait, value)
        self.sanitize = [pp(config=config) for pp in (ClearOutput, DeduplicateIds, OverwriteKernelspec,
                                                      OverwriteCells, CheckCellMetadata)]
        self.execute = SandboxExecute(config=config)
        self.after = [JudgeCells(config=config), LimitOutput(config=config)]

    def grade(self, job) -> dict:
        """{"key", "seconds", "notebook" (the autograded notebook, JSON text), "grades", "comments",
        "flags", "tampering"} for one job (autograder.grade.jobs.Job)."""
        nb = nbformat.reads(job.notebook, as_version=4)
        folder = Path(tempfile.mkdtemp(prefix="nb-", dir=self.root))
        resources = {"nbgrader": {"db_url": self.db_url, "assignment": job.assignment, "notebook": job.assignment,
                                  "student": job.student}, "metadata": {"path": str(folder)}}
        try:
            for pp in self.sanitize:
                nb, resources = pp.preprocess(nb, resources)
            start = time.perf_counter()
            nb, resources = self.execute.preprocess(nb, resources)
            seconds = time.perf_counter() - start
            for pp in self.after:
                nb, resources = pp.preprocess(nb, resources)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        verdicts = resources["autograder"]["verdicts"]
        grades, comments = [], []
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if utils.is_grade(cell):
                grades.append(_grade(cell, verdicts.get(meta["grade_id"])))
            if utils.is_solution(cell) or utils.is_task(cell):
                unchanged = meta.get("checksum") == utils.compute_checksum(cell) and not utils.is_task(cell)
                comments.append({"grade_id": meta["grade_id"], "auto_comment": "No response." if unchanged else None})
        errors = {o.get("ename") for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"}
        flags = [flag for ename, flag in ((TIMEOUT_ENAME, "timeout"), (KERNEL_DIED_ENAME, "kernel-died"))
                 if ename in errors]
        return {"key": job.key, "seconds": seconds, "notebook": nbformat.writes(nb), "grades": grades,
                "comments": comments, "flags": flags, "tampering": resources["autograder"]["tampering"]}


def _grade(cell, verdict: dict | None) -> dict:
    """A graded cell's score: its verdict for a test cell, nbgrader's rule for a manually graded answer."""
    meta = cell.metadata["nbgrader"]
    points = float(meta.get("points", 0))
    grade = {"grade_id": meta["grade_id"], "cell_type": cell.cell_type, "points": points}
    if verdict is not None:
        return {**grade, "score": verdict["score"], "status": verdict["status"], "message": verdict["message"]}
    auto_score, _ = utils.determine_grade(cell)  # 0 for an untouched answer, None when a person must grade it
    if auto_score is None:
        return {**grade, "score": None, "status": "manual", "message": "awaits manual grading"}
    return {**grade, "score": float(auto_score), "status": "missing", "message": "no answer"}


_GRADER: Grader | None = None


def start(settings: WorkerSettings) -> None:
    """Make this process's Grader (a process pool's initializer)."""
    global _GRADER
    _GRADER = Grader(settings)


def grade(job) -> dict:
    return _GRADER.grade(job)
