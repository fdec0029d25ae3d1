"""Run grading jobs in worker processes and hand each outcome back as it finishes."""
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterable

from tqdm import tqdm

from autograder.grade import worker


def run(jobs: list, settings: worker.WorkerSettings, workers: int, done: Callable[[dict], None],
        progress: bool | None = None) -> int:
    """Grade every job; done(outcome) is called in this process for each. Returns the number of workers used.

    An outcome is Grader.grade's dict, or {"key", "seconds", "error"} when grading itself failed
    (the job is then graded again by the next run).
    """
    workers = max(1, min(workers, len(jobs)))
    bar = tqdm(total=len(jobs), unit="nb", desc="grading", file=sys.stderr,
               disable=not jobs or progress is False or (progress is None and not sys.stderr.isatty()))
    try:
        for outcome in _outcomes(jobs, settings, workers):
            done(outcome)
            bar.update(1)
    finally:
        bar.close()
    return workers


def _outcomes(jobs: list, settings: worker.WorkerSettings, workers: int) -> Iterable[dict]:
    if not jobs:
        return
    if workers == 1:
        worker.start(settings)
        for job in jobs:
            yield _safely(worker.grade, job)
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                             initializer=worker.start, initargs=(settings,)) as pool:
        futures = {pool.submit(worker.grade, job): job for job in jobs}
        for future in as_completed(futures):
            try:
                yield future.result()
            except Exception as error:  # a worker crashed (BrokenProcessPool): retried by the next run
                yield _failed(futures[future], error)


def _safely(grade, job) -> dict:
    try:
        return grade(job)
    except Exception as error:  # this notebook only; the batch goes on
        return _failed(job, error)


def _failed(job, error: BaseException) -> dict:
    return {"key": job.key, "seconds": 0.0, "error": f"{type(error).__name__}: {error}"}
