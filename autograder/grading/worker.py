"""The worker's side: grade one prepared notebook, with nbgrader's preprocessors, the jail and the judges.

A `Grader` is made once per worker process: it holds nbgrader's configuration, a private copy of
the release's gradebook (or the shared PostgreSQL one) and judges, one instance of each
preprocessor, and a fork server (autograder.sandbox.zygote: one jail with torch loaded) from which each
notebook's kernel is forked, fresh, in a fraction of a second. Every notebook still gets a new
kernel of its own, and finds nothing of the one before.
`Grader.grade(job)` then runs, in memory, what nbgrader's autograde runs on a submission:
the sanitizing preprocessors (ClearOutput, DeduplicateIds, OverwriteKernelspec, OverwriteCells:
test cells and their hidden probes restored from the gradebook, CheckCellMetadata), SkipDemos
(autograder.sandbox.demos), then the
sandboxed execution (autograder.sandbox.execute), the judges (autograder.judge) and LimitOutput. It
returns plain data: nothing of the worker's state is shared with the next notebook.
"""
import contextvars
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader import utils
from nbgrader.preprocessors import (CheckCellMetadata, ClearOutput, DeduplicateIds, LimitOutput, OverwriteCells,
                                    OverwriteKernelspec)

from jupyter_core.utils import run_sync

from autograder.cells import grade_id_of, nbgrader_of, points_of
from autograder.course import isolate_jupyter
from autograder.grading.config import LIMITS, configuration, forks, zygote_key
from autograder.sandbox.demos import SkipDemos
from autograder.grading.jobs import Job
from autograder.grading.outcome import Grade, Graded

from autograder.sandbox import jail, zygote
from autograder.sandbox.execute import LIMIT_FLAGS, TRUNCATED_FLAG, SandboxExecute
from autograder.sandbox.jail import SandboxKernelManager
from autograder import judge
from autograder.judge import JudgeCells
from autograder.sandbox.zygote import Zygote, ZygoteError

__all__ = ["LIMITS", "Grader", "WorkerSettings", "configuration", "refusal"]
# What grading runs on a notebook, in order, as nbgrader's autograde declares its preprocessors: sanitize
# (the hidden tests restored from the gradebook), skip the demonstrations, run it in a fresh jailed kernel
# (SandboxExecute, given the kernel), judge, cap the output.
STEPS = (ClearOutput, DeduplicateIds, OverwriteKernelspec, OverwriteCells, CheckCellMetadata, SkipDemos,
         SandboxExecute, JudgeCells, LimitOutput)


@dataclass
class WorkerSettings:
    """What every worker needs, once, shipped from the client: the release's gradebook and judges, the limits."""
    gradebook: bytes | str  # the release's SQLite gradebook (its bytes) or a shared postgresql:// URL
    judges: dict[str, str]  # assignment -> its judges file (autograder.release.reference), JSON text
    limits: dict = field(default_factory=dict)


def refusal(settings: WorkerSettings) -> str:
    """Why this machine must not grade ("" when it may): student code cannot be jailed here."""
    try:
        jail.check(configuration(Path(tempfile.gettempdir()), settings.limits))
    except jail.JailError as error:
        return str(error)
    return ""


class Grader:
    def __init__(self, settings: WorkerSettings):
        isolate_jupyter()  # a `dask worker` process imports the grader without the command line
        self.root = Path(tempfile.mkdtemp(prefix="grader-"))
        if isinstance(settings.gradebook, str):
            self.db_url = settings.gradebook
        else:
            (self.root / "gradebook.db").write_bytes(settings.gradebook)
            self.db_url = f"sqlite:///{self.root / 'gradebook.db'}"
        judges = self.root / "judges"
        judges.mkdir()
        for assignment, text in settings.judges.items():
            (judges / f"{assignment}.json").write_text(text, encoding="utf-8")
        config = configuration(self.root, settings.limits)
        config.CourseDirectory.db_url = self.db_url
        config.JudgeCells.judges_dir = str(judges)
        self.steps = [step(config=config) for step in STEPS]
        self.config = config
        self.forks = forks(config)
        self.limits = settings.limits
        self._zygote = None  # started by warm_up or the first notebook: one that cannot start fails a job
        self._importing = None
        self._context = contextvars.Context()

    def warm_up(self) -> None:
        """Pay now what the first notebook would: start the zygote (from this thread, which must outlive it:
        bubblewrap's --die-with-parent follows the thread that started the jail) and, while it loads and while
        the first kernel runs, import what the judges use here (autograder.judge.warm_up, in a thread)."""
        self._importing = threading.Thread(target=judge.warm_up)
        self._importing.start()
        if self.forks:
            try:  # one the command line started ahead (autograder.grading.config.prestart), or a new one
                self._zygote = zygote.take(zygote_key(self.limits)) or Zygote(SandboxKernelManager(config=self.config))
            except Exception:  # the first notebook tries again, and fails alone if it cannot start one either
                pass

    def _new_zygote(self) -> None:
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None
        self._zygote = Zygote(SandboxKernelManager(config=self.config))

    def _start_kernel(self):
        """A new kernel: forked from the zygote (a new zygote if there is none or it died), or in a jail of its own."""
        for attempt in (1, 2):
            try:
                if self.forks and not (self._zygote and self._zygote.alive()):
                    self._new_zygote()
                km = SandboxKernelManager(config=self.config, kernel_name="python3", zygote=self._zygote)
                run_sync(km.start_kernel)(extra_arguments=["--HistoryManager.hist_file=:memory:"])
                return km
            except ZygoteError:
                if attempt == 2:
                    raise
                if self._zygote is not None:
                    self._zygote.close()  # replaced at the next attempt

    def close(self) -> None:
        if self._importing is not None:
            self._importing.join()
        if self._zygote is not None:
            self._zygote.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def grade(self, job: Job) -> Graded:
        """One job's grade (its autograded notebook, each graded cell's score, the flags)."""
        # In a context of the Grader's own: jupyter_core keeps the event loop of its run_sync in a context
        # variable, and a worker in the client's process would otherwise share the client's loop (and two
        # workers would run one loop at once).
        return self._context.run(self._grade, job)

    def _grade(self, job: Job) -> Graded:
        nb = nbformat.reads(job.notebook, as_version=4)
        folder = Path(tempfile.mkdtemp(prefix="nb-", dir=self.root))
        sub = job.submission
        resources = {"nbgrader": {"db_url": self.db_url, "assignment": sub.assignment, "notebook": sub.assignment,
                                  "student": sub.student}, "metadata": {"path": str(folder)}}
        seconds = 0.0
        try:
            for step in self.steps:
                if isinstance(step, SandboxExecute):
                    start = time.perf_counter()
                    km = self._start_kernel()
                    try:
                        nb, resources = step.preprocess(nb, resources, km=km)
                    finally:
                        if km.has_kernel:
                            run_sync(km.shutdown_kernel)(now=True)
                    seconds = time.perf_counter() - start
                else:
                    nb, resources = step(nb, resources)  # honours each preprocessor's `enabled`
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        verdicts = resources["autograder"]["verdicts"]
        grades, comments = [], []
        for cell in nb.cells:
            meta = nbgrader_of(cell)
            if utils.is_grade(cell):
                grades.append(cell_grade(cell, verdicts.get(grade_id_of(cell))))
            if utils.is_solution(cell) or utils.is_task(cell):
                unchanged = meta.get("checksum") == utils.compute_checksum(cell) and not utils.is_task(cell)
                comments.append({"grade_id": grade_id_of(cell), "auto_comment": "No response." if unchanged else None})
        errors = {o.get("ename") for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"}
        flags = [flag for ename, flag in LIMIT_FLAGS.items() if ename in errors]
        if resources["autograder"]["dropped"]:
            flags.append(TRUNCATED_FLAG)
        if self.config.SandboxKernelManager.get("unsafe_no_sandbox"):
            flags.append(jail.UNSANDBOXED)
        return {"kind": "graded", "key": job.key, "seconds": seconds, "notebook": nbformat.writes(nb), "grades": grades,
                "comments": comments, "flags": flags, "tampering": resources["autograder"]["tampering"]}


def cell_grade(cell: nbformat.NotebookNode, verdict: dict | None) -> Grade:
    """A graded cell's score: its verdict for a test cell, nbgrader's rule for a manually graded answer."""
    points = points_of(cell)
    grade = {"grade_id": grade_id_of(cell), "cell_type": cell.cell_type, "points": points}
    if verdict is not None:
        return {**grade, "score": verdict["score"], "status": verdict["status"], "message": verdict["message"]}
    auto_score, _ = utils.determine_grade(cell)  # 0 for an untouched answer, None when a person must grade it
    if auto_score is None:
        return {**grade, "score": None, "status": "manual", "message": "awaits manual grading"}
    return {**grade, "score": float(auto_score), "status": "missing", "message": "no answer"}
