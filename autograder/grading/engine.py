"""Run grading jobs on Dask: a LocalCluster of single-threaded worker processes, or an existing cluster.

Every worker prepares itself once, through the `GraderPlugin` (a Dask WorkerPlugin): it receives
the release's gradebook and judges from the client (or uses the shared PostgreSQL gradebook),
builds its autograder.grading.worker.Grader and, only if it can jail student code, announces the
resource "grading". Jobs ask for that resource, so a worker that cannot sandbox never receives
one. A worker that dies mid-notebook loses nothing: the scheduler gives the job to another
worker. Outcomes come back to the client, which calls done(outcome) for each as it arrives.
"""
import logging
import sys
from typing import Callable

from distributed import Client, LocalCluster, as_completed, get_worker
from distributed.diagnostics.plugin import WorkerPlugin
from tqdm import tqdm

from autograder.grading import worker as grading

PLUGIN = "autograder"
RESOURCE = "grading"


class NoGradingWorker(RuntimeError):
    """No worker of the cluster can grade (none can jail student code)."""


class GraderPlugin(WorkerPlugin):
    """Prepares a Dask worker once for many notebooks (see the module docstring)."""

    idempotent = False

    def __init__(self, settings: grading.WorkerSettings):
        self.settings = settings
        self.grader = None
        self.refusal = ""

    async def setup(self, worker):
        refusal = grading.refusal(self.settings)
        if refusal:
            self.refusal = refusal
            logging.getLogger("distributed.worker").error("this worker will not grade: %s", refusal)
            return
        self.grader = grading.Grader(self.settings)
        await worker.set_resources(**{RESOURCE: 1})

    def teardown(self, worker):
        if self.grader is not None:
            self.grader.close()


def grade_on_worker(job) -> dict:
    return get_worker().plugins[PLUGIN].grader.grade(job)


def run(jobs: list, settings: grading.WorkerSettings, done: Callable[[dict], None], *, workers: int = 1,
        scheduler: str | None = None, progress: bool | None = None) -> int:
    """Grade every job; done(outcome) is called here for each. Returns the number of workers that graded.

    An outcome is Grader.grade's dict, or {"key", "seconds", "error"} when grading itself failed
    (a worker died on it again and again, or Dask gave up): the next run grades it again.
    """
    if not jobs:
        return 0
    if scheduler:
        with Client(scheduler) as client:
            return _run(client, jobs, settings, done, progress)
    workers = max(1, min(workers, len(jobs)))
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        return _run(client, jobs, settings, done, progress)


def _run(client: Client, jobs: list, settings: grading.WorkerSettings, done, progress) -> int:
    client.register_plugin(GraderPlugin(settings), name=PLUGIN)
    ready = client.run(lambda dask_worker: RESOURCE in dask_worker.state.total_resources)
    if not any(ready.values()):
        reasons = set(client.run(lambda dask_worker: dask_worker.plugins[PLUGIN].refusal).values())
        raise NoGradingWorker("no worker can grade: " + "; ".join(sorted(reasons)))
    bar = tqdm(total=len(jobs), unit="nb", desc="grading", file=sys.stderr,
               disable=progress is False or (progress is None and not sys.stderr.isatty()))
    futures = {client.submit(grade_on_worker, job, key=f"grade-{job.key}", resources={RESOURCE: 1}, pure=False): job
               for job in jobs}
    try:
        for future in as_completed(futures):
            try:
                outcome = future.result()
            except Exception as error:  # KilledWorker and the like: this job only
                job = futures[future]
                outcome = {"key": job.key, "seconds": 0.0, "error": f"{type(error).__name__}: {error}"}
            done(outcome)
            bar.update(1)
    finally:
        bar.close()
        for future in futures:
            future.cancel()
    return sum(ready.values())
