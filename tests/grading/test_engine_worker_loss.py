"""Worker loss never hangs a run nor costs a point (autograder.grading.engine). A real cluster: a `dask scheduler`
and two `dask worker` processes with nannies, which restart a worker process that dies. While a class of 12
correct notebooks (lessons 01 and 02, both languages) is graded, worker processes are SIGKILLed at random
moments, trying each of four ways once per run, in a random order: a restarted worker within its first second
(registering, setting its GraderPlugin up), a worker mid-notebook, a worker between two notebooks, and both
workers at once. Every run must end within its bound, with every notebook at full marks, or not graded because
its workers died again and again (Dask's allowed-failures), never lower and never given up by the watchdog
(which would mean a job starved).

`make test` runs it once; `make soak RUNS=n` runs it n times (AUTOGRADER_SOAK_RUNS=n), and with
AUTOGRADER_SOAK_LOG=<file> each run appends a line saying what was killed and how it ended."""
import os
import random
import threading
import time
from pathlib import Path

import nbformat
import psutil
import pytest

from autograder import autograde
from autograder.grading import engine, failures
from autograder.grading.results import NOT_GRADED
from tests.tiny_course import NO_PRELOAD

pytestmark = pytest.mark.usefixtures("sandbox")
RUNS = int(os.environ.get("AUTOGRADER_SOAK_RUNS") or 1)
LIMITS = {**NO_PRELOAD, "timeout": 15, "notebook_timeout": 20}
FULL = {"01_alpha": 5.0, "02_beta": 1.0}  # the autograded points of a correct notebook
MODES = ("setup", "mid-notebook", "between", "both")  # a "setup" event kills twice: a worker, then its successor


@pytest.fixture(scope="module")
def worker_loss_class(tiny_course, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("class")
    for i in range(6):
        for lesson in FULL:
            nb = nbformat.read(tiny_course.out_root / "solutions" / ("en", "ru")[i % 2] / f"{lesson}.ipynb",
                               as_version=4)
            nb.cells.insert(1, nbformat.v4.new_code_cell("import time\ntime.sleep(1)", id="slow"))
            (folder / f"s{i}").mkdir(exist_ok=True)
            nbformat.write(nb, folder / f"s{i}" / f"{lesson}.ipynb")
    return folder


def in_notebook(worker: psutil.Process) -> bool:
    """Whether a kernel runs under this worker: a process forked from its zygote (the same command line)."""
    try:
        return sum("autograder_kernel.zygote" in " ".join(p.cmdline()) for p in worker.children(recursive=True)) > 1
    except psutil.Error:
        return False


class Killer(threading.Thread):
    """Kills worker processes at random moments while a run grades; `log` says what it killed, when."""

    def __init__(self, cluster, cache: Path, rng: random.Random):
        super().__init__(daemon=True)
        self.cluster, self.cache, self.rng = cluster, cache, rng
        self.stopped = threading.Event()
        self.log = []

    def graded(self) -> int:
        return len(list(self.cache.glob("*.json"))) if self.cache.exists() else 0

    def wait_for(self, found):
        """found()'s first true value, or None once the run is over."""
        while not self.stopped.is_set():
            value = found()
            if value:
                return value
            time.sleep(0.02)
        return None

    def kill(self, mode: str, processes: list[psutil.Process]) -> None:
        for process in processes:
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        self.log.append(mode)

    def run(self) -> None:
        self.wait_for(self.graded)  # the run has begun
        for mode in self.rng.sample(MODES, len(MODES)):
            live = self.wait_for(self.cluster.worker_processes)
            if live is None:
                return
            if mode == "both":
                self.kill(mode, live)
            elif mode == "setup":
                self.kill("before setup", [self.rng.choice(live)])
                known = {p.pid for p in live}
                fresh = self.wait_for(lambda: [p for p in self.cluster.worker_processes() if p.pid not in known])
                if fresh is None:
                    return
                time.sleep(self.rng.uniform(0, 1.0))
                self.kill(mode, fresh)
            elif mode == "mid-notebook":
                busy = self.wait_for(lambda: [p for p in self.cluster.worker_processes() if in_notebook(p)])
                if busy is None:
                    return
                time.sleep(self.rng.uniform(0, 0.5))
                self.kill(mode, [self.rng.choice(busy)])
            else:  # between: as a notebook's result arrives, a worker with no kernel
                before = self.graded()
                if self.wait_for(lambda: self.graded() > before) is None:
                    return
                live = self.cluster.worker_processes()
                idle = [p for p in live if not in_notebook(p)] or live
                self.kill(mode, [self.rng.choice(idle)] if idle else [])
            time.sleep(self.rng.uniform(0.5, 2.5))


@pytest.mark.parametrize("run", range(RUNS))
def test_workers_killed_at_random_moments_never_hang_a_run_nor_cost_a_point(
        worker_loss_class, cluster, tiny_course, tmp_path, run):
    seed = random.randrange(1 << 30)
    for _ in range(2):
        cluster.add_worker(nanny=True)
    cluster.wait_for_workers(2)
    out = tmp_path / "out"
    killer = Killer(cluster, out / ".autograde" / "results", random.Random(seed))
    killer.start()
    started = time.monotonic()
    try:
        results = autograde.autograde(worker_loss_class, out, scheduler=cluster.address, course=tiny_course,
                                      limits=LIMITS, progress=False)
    finally:
        killer.stopped.set()
        killer.join()
    seconds = time.monotonic() - started
    bound = engine.job_bound(LIMITS) * len(results)  # each result comes within a job's bound of the last
    lost = [(r.student, r.assignment, r.cause) for r in results if r.status == NOT_GRADED]
    said = (f"run {run} (seed {seed}): killed {killer.log}; {seconds:.0f} s (bound {bound:.0f} s); "
            f"{len(results) - len(lost)} at full marks, not graded: {lost}")
    if os.environ.get("AUTOGRADER_SOAK_LOG"):
        with open(os.environ["AUTOGRADER_SOAK_LOG"], "a") as log:
            log.write(said + "\n")
    assert len(results) == 12 and seconds < bound, said
    assert killer.log, said
    for r in results:
        assert (r.status, r.score) == ("ok", FULL[r.assignment]) or (r.status, r.cause) == (NOT_GRADED, failures.KILLED), \
            (said, r.status, r.score, r.notes)
