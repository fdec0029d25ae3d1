"""Grade a class of submitted notebooks into <OUT>, an nbgrader course: the pipeline, one call a stage.

1. intake (autograder.intake.receive): collect the submissions (a folder of <student>/<files> or an
   LMS zip) and rebuild each from the release: one record per file (autograder.intake.submission),
   what cannot be graded with its status.
2. jobs (autograder.grading.jobs): a job for each gradable record; the grades an earlier run kept
   (autograder.state) are reused, so an interrupted run resumes where it stopped.
3. grading (autograder.grading.engine): check the cluster (a LocalCluster, or SCHEDULER=) before
   anything is written, then grade the jobs in its workers (autograder.grading.worker: nbgrader's
   preprocessors, the jail, the judges). Each grade is kept as it arrives. A notebook the grader
   could not grade (autograder.grading.failures) is not kept: it is `not-graded` in this run's
   outputs, and the next run grades it again.
4. results (autograder.grading.results): each record's result, beside it.
5. gradebook (autograder.gradebook): the scores go into the course's one gradebook, and its final
   word (the instructor's scores and comments) into the results.
6. publish (autograder.publish): the autograded notebooks, CSVs, feedback pages and report.html in
   <OUT>. An interrupted run (Ctrl-C), or one whose gradebook is unreachable, publishes none of them;
   `refresh` rewrites them from the gradebook after manual grading.
"""
import json
import shutil
import tempfile
import threading
import time
from contextlib import nullcontext
from pathlib import Path

from autograder import gradebook
from autograder.course import Course, gradebook_path, judges_path
from autograder.grading import engine, failures, jobs
from autograder.grading.jobs import Job
from autograder.grading.outcome import Outcome
from autograder.grading.results import ExerciseResult, NotebookResult, collate, to_data
from autograder.grading.worker import LIMITS, WorkerSettings, configuration
from autograder.intake.receive import receive, releases
from autograder.publish import report, write_outputs
from autograder.sandbox import jail
from autograder.state import RunState

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
    db_url: the course's gradebook (postgresql://...) instead of the one `out` names (SQLite <out>/gradebook.db);
    scheduler: a Dask scheduler (tcp://host:8786) to grade on, instead of a LocalCluster of `workers`;
    resume: reuse the per-notebook grades an earlier (interrupted) run left in <out>/.autograde;
    moodle_teams: `submissions` is Moodle's download of a team assignment (its numbers are group ids);
    unsafe_no_sandbox: UNSAFE, run student code without the jail; every result is flagged "unsandboxed".
    Without it, a machine that cannot jail student code grades nothing (autograder.sandbox.jail.JailError).
    clock: marked as the run goes (Clock.PARTS); the command line prints its line.
    """
    started = time.perf_counter()
    clock = clock or Clock(started)
    clock.mark("imports")
    out, state = Path(out), RunState(out)
    limits = {**(limits or {}), **({"unsafe_no_sandbox": True} if unsafe_no_sandbox else {})}
    if not scheduler:  # before anything is read or written; a cluster's workers check for themselves
        jail.check(configuration(Path(tempfile.gettempdir()), limits))
    if not gradebook_path(course).exists():
        raise FileNotFoundError(f"{gradebook_path(course)} is missing: run `make release` first")
    url = gradebook.address(out, db_url)
    shared = not gradebook.is_course_file(url, out)
    if shared:
        gradebook.reachable(url)
    settings = json.dumps({"limits": limits, "db": shared}, sort_keys=True)
    released = releases(course)
    with tempfile.TemporaryDirectory(prefix="autograde-") as tmp:
        received = receive(submissions, course, released, moodle_teams)
        todo, ungradable = jobs.make(received, settings)
        assignments = {job.submission.assignment for job in todo}
        judges, unreadable = jobs.judges(assignments, course)
        outcomes: dict[str, Outcome] = state.cached([job.key for job in todo]) if resume else {}
        reused = len(outcomes)
        for job in todo:
            if job.key not in outcomes and job.submission.assignment in unreadable:
                outcomes[job.key] = failures.outcome(job.key, unreadable[job.submission.assignment])
        pending = [job for job in todo if job.key not in outcomes]
        clock.mark("collecting")

        def done(outcome: Outcome) -> None:
            outcomes[outcome["key"]] = outcome
            if outcome["kind"] == "graded":  # a grade is kept; what could not be graded is graded by the next run
                state.keep(outcome["key"], outcome)

        worker_settings = WorkerSettings(gradebook=url if shared else gradebook_path(course).read_bytes(),
                                         judges=judges, limits=limits)
        grading = engine.connect(worker_settings, jobs=len(pending), workers=workers, scheduler=scheduler) \
            if pending else nullcontext()
        with grading as cluster:  # a cluster is checked before anything is written
            clock.mark("workers")
            out.mkdir(parents=True, exist_ok=True)
            if not shared and not (out / "gradebook.db").exists():
                shutil.copy(gradebook_path(course), out / "gradebook.db")
            with gradebook.unreachable_as_error(url):
                gradebook.add_assignments(url, course, assignments, Path(tmp))
            gradebook.write_course(out, course, assignments, url)
            clock.mark("gradebook")
            plotting = threading.Thread(target=report.warm_up)  # the report's imports, while the workers grade
            plotting.start()
            used = cluster.grade(pending, done, progress) if pending else 0
            clock.mark("grading")
        clock.mark("workers")  # stopped

    results, finished = collate(ungradable, todo, outcomes, released, out)
    with gradebook.unreachable_as_error(url):
        answers = state.answers()
        resets = gradebook.save(url, results, finished, answers)
        state.save_answers(answers)
        clock.mark("gradebook")
        run = {"seconds": time.perf_counter() - started, "workers": used, "reused": reused, "feedback": feedback,
               "resets": [vars(x) for x in resets], "judges": str(judges_path(course, "-").parent)}
        state.save_last_run(run, to_data(results, out))
        resets = gradebook.apply(url, results, resets)
        people = gradebook.people(url)
    plotting.join()
    write_outputs(out, results, released, run, resets, people, finished)
    clock.mark("outputs")
    return results
