"""Grade a class of submitted notebooks into <OUT>, an nbgrader course.

The run, stage by stage (each in its own module):
1. jobs: collect the submissions (a folder of <student>/<files> or an LMS zip) and rebuild each
   from the release (autograder.intake.collect, autograder.intake.repair); what cannot be graded gets a status.
2. engine: check the cluster (a LocalCluster, or SCHEDULER=), before anything is written, then grade
   the jobs in its worker processes (autograder.grading.worker: nbgrader's preprocessors, the jail,
   the judges). Each grade is cached in <OUT>/.autograde/results as it arrives, so an interrupted
   run resumes where it stopped. A notebook the grader could not grade (autograder.grading.failures)
   is not cached: it is `not-graded` in this run's outputs, and the next run grades it again.
3. gradebook and outputs: once every job is done, the scores go into the course's one gradebook
   and the autograded notebooks, CSVs, feedback pages and report.html into <OUT>. An interrupted
   run (Ctrl-C), or one whose gradebook is unreachable, publishes none of them. The CSVs, feedback
   and report hold the instructor's scores and comments from the gradebook; `refresh` rewrites
   them from it after manual grading.
"""
import json
import shutil
import tempfile
import threading
import time
from contextlib import nullcontext
from pathlib import Path

from autograder.course import Course, gradebook_path, judges_path
from autograder.sandbox import jail
from autograder import gradebook
from autograder.grading import engine, failures, worker, jobs as jobs_module
from autograder.publish import LAST_RUN, outputs, report, write_outputs
from autograder.grading.jobs import Job
from autograder.grading import results as results_module
from autograder.grading.results import ExerciseResult, NotebookResult, graded, not_graded
from autograder.grading.worker import LIMITS, WorkerSettings

__all__ = ["autograde", "ExerciseResult", "NotebookResult", "Job", "LIMITS"]


class Clock:
    """Where a run's time went, for the last line of `make autograde`: each mark(step) gives the time since the
    last mark to that step, and each step belongs to one part (PARTS)."""

    # workers: the cluster and its workers' set-up (zygotes, judges' imports), started and stopped
    PARTS = {"start-up": ("imports", "collecting", "workers"), "grading": ("grading",),
             "publishing": ("gradebook", "outputs")}

    def __init__(self, since: float | None = None):
        self.last = time.perf_counter() if since is None else since
        self.steps = {}

    def mark(self, step: str) -> None:
        now = time.perf_counter()
        self.steps[step] = self.steps.get(step, 0.0) + now - self.last
        self.last = now

    def line(self) -> str:
        """`time: 9.1 s = start-up 4.0 s (imports 1.5, collecting 0.2, workers 2.3) + grading 3.9 s + publishing
        1.2 s (gradebook 0.3, outputs 0.9)`."""
        parts = []
        for part, steps in self.PARTS.items():
            seconds = {step: self.steps.get(step, 0.0) for step in steps}
            detail = f" ({', '.join(f'{step} {s:.1f}' for step, s in seconds.items())})" if len(steps) > 1 else ""
            parts.append(f"{part} {sum(seconds.values()):.1f} s{detail}")
        return f"time: {sum(self.steps.values()):.1f} s = {' + '.join(parts)}"


def autograde(submissions: Path, out: Path, workers: int = 1, course: Course = Course(), *,
              db_url: str | None = None, scheduler: str | None = None, limits: dict | None = None,
              progress: bool | None = None, resume: bool = True, feedback: bool = True,
              unsafe_no_sandbox: bool = False, moodle_teams: bool = False, clock: Clock | None = None
              ) -> list[NotebookResult]:
    """Grade a folder of <student>/<files> or an LMS zip into `out`; results sorted by student and assignment.

    limits: keys of LIMITS (timeout, notebook_timeout, memory_mb, cpu_seconds, ...);
    db_url: the course's gradebook (postgresql://...) instead of SQLite in <out>/gradebook.db;
    scheduler: a Dask scheduler (tcp://host:8786) to grade on, instead of a LocalCluster of `workers`;
    resume: reuse the per-notebook outcomes an earlier (interrupted) run left in <out>/.autograde;
    moodle_teams: `submissions` is Moodle's download of a team assignment (its numbers are group ids);
    unsafe_no_sandbox: UNSAFE, run student code without the jail; every result is flagged "unsandboxed".
    Without it, a machine that cannot jail student code grades nothing (autograder.sandbox.jail.JailError).
    clock: marked as the run goes (Clock.PARTS); the command line prints its line.
    """
    started = time.perf_counter()
    clock = clock or Clock(started)
    clock.mark("imports")
    out = Path(out)
    limits = {**(limits or {}), **({"unsafe_no_sandbox": True} if unsafe_no_sandbox else {})}
    if not scheduler:  # before anything is read or written; a cluster's workers check for themselves
        jail.check(worker.configuration(Path(tempfile.gettempdir()), limits))
    if not gradebook_path(course).exists():
        raise FileNotFoundError(f"{gradebook_path(course)} is missing: run `make release` first")
    url = gradebook.url_of(out, db_url)
    if db_url:
        gradebook.reachable(url)
    cache = out / ".autograde" / "results"
    released = jobs_module.releases(course)
    settings = json.dumps({"limits": limits, "db": bool(db_url)}, sort_keys=True)
    with tempfile.TemporaryDirectory(prefix="autograde-") as tmp_name:
        tmp = Path(tmp_name)
        todo, results = jobs_module.prepare(submissions, tmp, course, released, settings, moodle_teams)
        outcomes = {}
        for job in todo:
            cached = cache / f"{job.key}.json"
            if resume and cached.exists():
                outcomes[job.key] = json.loads(cached.read_text(encoding="utf-8"))
        reused = len(outcomes)
        judges, unreadable = jobs_module.judges({job.assignment for job in todo if job.key not in outcomes}, course)
        for job in todo:
            if job.key not in outcomes and job.assignment in unreadable:
                outcomes[job.key] = failures.outcome(job.key, unreadable[job.assignment])
        pending = [job for job in todo if job.key not in outcomes]
        clock.mark("collecting")

        def done(outcome: dict) -> None:
            outcomes[outcome["key"]] = outcome
            if "failure" not in outcome:  # a grade is kept; what could not be graded is graded by the next run
                outputs.write_atomic(cache / f"{outcome['key']}.json", json.dumps(outcome))

        worker_settings = WorkerSettings(gradebook=db_url or gradebook_path(course).read_bytes(), judges=judges,
                                         limits=limits)
        grading = engine.connect(worker_settings, jobs=len(pending), workers=workers, scheduler=scheduler) \
            if pending else nullcontext()
        with grading as cluster:  # a cluster is checked before anything is written
            clock.mark("workers")
            cache.mkdir(parents=True, exist_ok=True)
            if not db_url and not (out / "gradebook.db").exists():
                shutil.copy(gradebook_path(course), out / "gradebook.db")
            with gradebook.unreachable_as_error(url):
                gradebook.prepare(url, course, {j.assignment for j in todo}, {j.student: j for j in todo}, tmp)
            gradebook.write_course(out, course, {j.assignment for j in todo}, db_url)
            clock.mark("gradebook")
            plotting = threading.Thread(target=report.warm_up)  # the report's imports, while the workers grade
            plotting.start()
            used = cluster.grade(pending, done, progress) if pending else 0
            clock.mark("grading")
        clock.mark("workers")  # stopped

        finished = []
        for job in todo:
            outcome = outcomes[job.key]
            if "failure" in outcome:
                results.append(not_graded(job, released.get(job.assignment), outcome["failure"]))
                continue
            path = outputs.autograded_path(out, job.student, job.assignment)
            outputs.write_atomic(path, outcome["notebook"])
            result = graded(job, outcome, path)
            finished.append((job, outcome, result))
            results.append(result)
        results.sort(key=lambda r: (r.student, r.assignment, r.file))
        clock.mark("outputs")
        with gradebook.unreachable_as_error(url):
            resets = gradebook.save(url, finished, out / ".autograde" / "answers.json")
            clock.mark("gradebook")
            run = {"seconds": time.perf_counter() - started, "workers": used, "reused": reused, "feedback": feedback,
                   "resets": [vars(x) for x in resets], "judges": str(judges_path(course, "-").parent)}
            outputs.write_atomic(out / LAST_RUN, json.dumps({**run, "results": results_module.to_data(results, out)}))
            plotting.join()
            write_outputs(out, url, results, released, run)
    clock.mark("outputs")
    return results
