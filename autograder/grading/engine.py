"""Run grading jobs on Dask: a LocalCluster of single-threaded workers, or an existing cluster.

A LocalCluster for a small batch (at most HERE jobs) runs its workers as threads of this process: no
worker process to start, nothing imported twice, while every notebook still gets a fresh kernel forked
from its worker's zygote in a jail, and is judged here as on any worker (the same GraderPlugin and
grade_on_worker). A larger batch gets worker processes: one per core, each with its own interpreter,
so the grader's own work of many notebooks runs in parallel (in threads it would share one lock).

Every worker process announces the resource "grading" (one) when it starts: a LocalCluster's do,
and a cluster's workers are started with `--resources grading=1`. A job asks for it, so a worker
grades one notebook at a time. A resource announced at start is what the scheduler looks at when a
worker joins or rejoins: it gives that worker the jobs that were waiting for one. (A resource set
later, through Worker.set_resources, is not: dask/distributed#6677. Set so, it made a run hang when
a worker died while the other one was restarting.)

Every worker prepares itself once, through the `GraderPlugin` (a Dask WorkerPlugin: set up on the
workers there are and on every worker that joins later, before that worker takes any task): it
receives the release's gradebook and judges from the client (or uses the shared PostgreSQL
gradebook), builds its autograder.grading.worker.Grader and warms it up (its zygote, the judges'
imports). A worker that cannot jail student code leaves the cluster. Then the client checks the
cluster (autograder.grading.cluster).

No run can hang. The client keeps as many jobs on the cluster as there are workers to grade them,
and a watchdog asks the scheduler every POLL seconds where each one is. A job comes back, or is
given up as not graded, within `job_bound` (the notebook limit plus a margin for a new zygote) of
being given to a worker; a worker's death gives it to another, and after Dask's allowed-failures
(3) deaths on the same job it is not graded (KilledWorker). When no result has come for a whole
bound, or the first EARLY jobs all failed for one cause, the run stops there: every job left is
not graded, with that cause. Outcomes come back to the client, which calls done(outcome) for each.
"""
import asyncio
import logging
import socket
import sys
import tempfile
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from time import monotonic
from typing import Callable

from distributed import Client, LocalCluster, Reschedule, Scheduler, Worker, get_worker, wait
from distributed.diagnostics.plugin import WorkerPlugin
from tqdm import tqdm

from autograder.grading import cluster, failures
from autograder.grading.jobs import Job
from autograder.grading.outcome import Outcome
from autograder.grading.worker import Grader, WorkerSettings, configuration, refusal
from autograder.grading.cluster import PLUGIN, RESOURCE, NoGradingWorker
from autograder.sandbox import zygote
from autograder.sandbox.zygote import CLEAN_SECONDS, LOAD_SECONDS

__all__ = ["connect", "job_bound", "GraderPlugin", "NoGradingWorker"]
POLL = 2.0  # seconds between two looks of the watchdog
EARLY = 3  # the first jobs: when all of them fail for one cause, the run stops
HERE = 40  # a LocalCluster for at most this many jobs runs its workers in this process (see connect)
MARGIN = LOAD_SECONDS + CLEAN_SECONDS + 30  # a new zygote, the last kernel's cleanup, the round trips
logger = logging.getLogger(__name__)


class GraderPlugin(WorkerPlugin):
    """Prepares a Dask worker once for many notebooks (see the module docstring)."""

    idempotent = False

    def __init__(self, settings: WorkerSettings, release: str):
        self.settings = settings
        self.release = release
        self.grader = None
        self.refusal = ""

    async def setup(self, worker: Worker) -> None:
        try:  # in a thread: the workers of a cluster in this process share one event loop, and prepare together
            await asyncio.to_thread(self._set_up)
        except Exception as error:
            self.refusal = f"{type(error).__name__}: {error}"
        if self.refusal:
            message = f"the worker {worker.address} (on {socket.gethostname()}) cannot grade: {self.refusal}"
            logging.getLogger("distributed.worker").error("%s; it leaves the cluster", message)
            worker.loop.add_callback(worker.close, reason=f"autograder: {self.refusal}"[:200], nanny=True)
            raise NoGradingWorker(message)

    def _set_up(self) -> None:
        self.refusal = refusal(self.settings)
        if not self.refusal:
            self.grader = Grader(self.settings)
            self.grader.warm_up()

    def teardown(self, worker: Worker) -> None:
        if self.grader is not None:
            self.grader.close()


def grade_on_worker(job: Job, release: str) -> Outcome:
    """Grade one job here: Grader.grade's outcome, or a failures.outcome when the grader could not."""
    worker = get_worker()
    plugin = worker.plugins.get(PLUGIN)
    if plugin is None or plugin.grader is None:
        raise Reschedule()  # this worker cannot grade and is leaving the cluster: another one gets the job
    where = f"worker {worker.address} on {socket.gethostname()}"
    if plugin.release != release:
        return failures.outcome(job.key, failures.failure(
            "the worker holds another release (another run on this cluster?)",
            f"release {plugin.release}, the job's {release}", where))
    try:
        return plugin.grader.grade(job)
    except Exception as error:
        return failures.outcome(job.key, failures.describe(error, where))


def whereabouts(keys: list[str], dask_scheduler: Scheduler) -> tuple[dict, int]:
    """On the scheduler: {key: (its state, the worker it is given to)}, and how many workers can grade."""
    where = {}
    for key in keys:
        task = dask_scheduler.tasks.get(key)
        where[key] = (task.state, task.processing_on and task.processing_on.address) if task else ("forgotten", None)
    return where, sum(w.resources.get(RESOURCE, 0) >= 1 for w in dask_scheduler.running)


def job_bound(limits: dict) -> float:
    """Seconds a job may take once given to a worker: the notebook's limit and MARGIN."""
    config = configuration(Path(tempfile.gettempdir()), limits)
    return float(config.SandboxExecute.notebook_timeout) + MARGIN


@contextmanager
def connect(settings: WorkerSettings, *, jobs: int, workers: int = 1, scheduler: str | None = None
            ) -> Iterator["Grading"]:
    """A checked cluster whose workers are prepared for `settings`, as a Grading; ClusterError (before
    anything is graded) if it cannot grade this run. Without `scheduler`: a LocalCluster of `workers`."""
    if scheduler:
        with Client(scheduler) as client:
            yield Grading(client, settings)
        return
    here = jobs <= HERE  # its workers are threads here, with tcp:// addresses as worker processes have
    if not here:
        zygote.discard()  # its worker processes start their own
    with LocalCluster(n_workers=max(1, min(workers, jobs)), threads_per_worker=1, processes=not here,
                      protocol="tcp://", dashboard_address=None, silence_logs=logging.ERROR,
                      resources={RESOURCE: 1}) as local, Client(local) as client:
        yield Grading(client, settings)


class Grading:
    """Jobs graded on a checked cluster, bounded by the watchdog (see the module docstring)."""

    def __init__(self, client: Client, settings: WorkerSettings):
        self.client = client
        self.release = cluster.release_of(settings.gradebook, settings.judges)
        self.bound = job_bound(settings.limits)
        try:
            client.register_plugin(GraderPlugin(settings, self.release), name=PLUGIN)
            refused = ""
        except Exception as error:  # a worker that cannot grade (it leaves), or cannot read the plugin: see check
            refused = str(error) if isinstance(error, NoGradingWorker) else f"{type(error).__name__}: {error}"
        try:
            self.workers = cluster.check(client, self.release)
        except NoGradingWorker as error:
            raise NoGradingWorker("; ".join(filter(None, (str(error), refused)))) from None
        if refused:
            logger.warning("%s; the other %d workers grade", refused, self.workers)

    def grade(self, jobs: list[Job], done: Callable[[Outcome], None], progress: bool | None = None) -> int:
        """Grade every job; done(outcome) is called here for each, as it comes. Returns how many workers graded."""
        waiting, given = deque(jobs), {}  # given: {future: [job, since when it is where it is, its worker]}
        capacity, first = self.workers, []  # first: the causes of the first EARLY outcomes (None for a grade)
        last_result = last_look = monotonic()
        bar = tqdm(total=len(jobs), unit="nb", desc="grading", file=sys.stderr,
                   disable=progress is False or (progress is None and not sys.stderr.isatty()))

        def finish(job: Job, outcome: Outcome) -> None:
            done(outcome)
            bar.update(1)

        def stop(failed: dict) -> None:
            for future in given:
                future.cancel()
            for job in [*(entry[0] for entry in given.values()), *waiting]:
                finish(job, failures.outcome(job.key, failed))
            given.clear()
            waiting.clear()

        try:
            while waiting or given:
                while waiting and len(given) < max(1, capacity):
                    job = waiting.popleft()
                    future = self.client.submit(grade_on_worker, job, self.release, key=f"grade-{job.key}",
                                                resources={RESOURCE: 1}, pure=False)
                    given[future] = [job, monotonic(), None]
                try:
                    wait(list(given), timeout=POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    pass
                for future in [f for f in given if f.done()]:
                    job = given.pop(future)[0]
                    outcome = self._result(future, job)
                    finish(job, outcome)
                    last_result = monotonic()
                    if len(first) < EARLY:
                        first.append(outcome["failure"]["cause"] if outcome["kind"] == "failed" else None)
                        if len(first) == EARLY and first[0] and len(set(first)) == 1:
                            stop(failures.failure(first[0], f"not tried: the first {EARLY} notebooks failed so",
                                                  "the client"))
                            break
                if given and monotonic() - last_look >= POLL:
                    last_look = now = monotonic()
                    capacity, late = self._watch(given, now, capacity)
                    if now - last_result > self.bound:  # no result for a whole bound: stop here
                        stop(late[0][1] if late else failures.failure(
                            f"no result from the cluster for {self.bound:.0f} s", "the scheduler did not answer",
                            f"scheduler {self.client.scheduler.address}"))
                    for future, failed in late if given else ():
                        future.cancel()
                        job = given.pop(future)[0]
                        finish(job, failures.outcome(job.key, failed))
        finally:
            bar.close()
            for future in given:
                future.cancel()
        return self.workers

    def _result(self, future, job: Job) -> Outcome:
        try:
            return future.result()
        except Exception as error:  # KilledWorker, a task the scheduler could not deserialize, ...: this job only
            where = f"scheduler {self.client.scheduler.address}"
            return failures.outcome(job.key, failures.describe(error, where, line=False))

    def _watch(self, given: dict, now: float, capacity: int) -> tuple[int, list]:
        """Where each given job is: a job's clock starts again when it moves to another worker. Returns how
        many workers can grade, and [(future, failure)] for the jobs given past the bound."""
        try:
            where, capacity = self.client.run_on_scheduler(whereabouts, [f.key for f in given])
        except Exception as error:  # no answer this time: the jobs' clocks run on
            logger.warning("the scheduler did not say where the jobs are: %s", error)
            where = {}
        late = []
        for future, entry in given.items():
            state, worker = where.get(future.key, (None, entry[2]))
            if worker != entry[2]:
                entry[1:] = [now, worker]
            elif now - entry[1] > self.bound:
                late.append((future, self._late(state, worker)))
        return capacity, late

    def _late(self, state: str | None, worker: str | None) -> dict:
        seconds = f"{self.bound:.0f} s"
        if state == "no-worker":
            return failures.failure(f"no worker could take it within {seconds}",
                                    f"no worker of the cluster announces the {RESOURCE!r} resource",
                                    f"scheduler {self.client.scheduler.address}")
        if state == "processing":
            return failures.failure(f"its worker gave no result within {seconds}", f"still running on {worker}",
                                    f"worker {worker}")
        return failures.failure(f"it was not scheduled within {seconds}", f"Dask's state for it: {state}",
                                f"scheduler {self.client.scheduler.address}")
