"""Grade a class of submitted notebooks into <OUT>, an nbgrader course.

The run, stage by stage (each in its own module):
1. jobs: collect the submissions (a folder of <student>/<files> or an LMS zip) and rebuild each
   from the release (autograder.collect, autograder.repair); what cannot be graded gets a status.
2. engine: grade the jobs in worker processes (autograder.grade.worker: nbgrader's preprocessors,
   the jail, the judges). Each outcome is cached in <OUT>/.autograde/results as it arrives, so an
   interrupted run resumes where it stopped.
3. gradebook and outputs: once every job is done, the scores go into the course's one gradebook
   and the autograded notebooks, CSVs, feedback pages and report.html into <OUT>. An interrupted
   run (Ctrl-C) writes none of them. The CSVs, feedback and report hold the instructor's scores
   and comments from the gradebook; `refresh` rewrites them from it after manual grading.
"""
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from autograder import Course, jail
from autograder.grade import engine, gradebook, worker, jobs as jobs_module, outputs
from autograder.grade.jobs import Job
from autograder.grade import results as results_module
from autograder.grade.results import ExerciseResult, NotebookResult, graded, ungraded
from autograder.grade.worker import LIMITS, WorkerSettings
from autograder.reference import judges_path
from autograder.release import gradebook_path

__all__ = ["autograde", "refresh", "ExerciseResult", "NotebookResult", "Job", "LIMITS"]
LAST_RUN = Path(".autograde") / "last-run.json"  # the last run's results, before the gradebook's manual grades


def autograde(submissions: Path, out: Path, workers: int = 1, course: Course = Course(), *,
              db_url: str | None = None, scheduler: str | None = None, limits: dict | None = None,
              progress: bool | None = None, resume: bool = True, feedback: bool = True,
              unsafe_no_sandbox: bool = False) -> list[NotebookResult]:
    """Grade a folder of <student>/<files> or an LMS zip into `out`; results sorted by student and assignment.

    limits: keys of LIMITS (timeout, notebook_timeout, memory_mb, cpu_seconds, ...);
    db_url: the course's gradebook (postgresql://...) instead of SQLite in <out>/gradebook.db;
    scheduler: a Dask scheduler (tcp://host:8786) to grade on, instead of a LocalCluster of `workers`;
    resume: reuse the per-notebook outcomes an earlier (interrupted) run left in <out>/.autograde;
    unsafe_no_sandbox: UNSAFE, run student code without the jail; every result is flagged "unsandboxed".
    Without it, a machine that cannot jail student code grades nothing (autograder.jail.JailError).
    """
    started = time.perf_counter()
    out = Path(out)
    limits = {**(limits or {}), **({"unsafe_no_sandbox": True} if unsafe_no_sandbox else {})}
    if not scheduler:  # before anything is read or written; a cluster's workers check for themselves
        jail.check(worker.configuration(Path(tempfile.gettempdir()), limits))
    if not gradebook_path(course).exists():
        raise FileNotFoundError(f"{gradebook_path(course)} is missing: run `make release` first")
    cache = out / ".autograde" / "results"
    cache.mkdir(parents=True, exist_ok=True)
    released = jobs_module.releases(course)
    settings = json.dumps({"limits": limits, "db": bool(db_url)}, sort_keys=True)
    with tempfile.TemporaryDirectory(prefix="autograde-") as tmp_name:
        tmp = Path(tmp_name)
        todo, results = jobs_module.prepare(submissions, tmp, course, released, settings)
        outcomes = {}
        for job in todo:
            cached = cache / f"{job.key}.json"
            if resume and cached.exists():
                outcomes[job.key] = json.loads(cached.read_text(encoding="utf-8"))
        pending = [job for job in todo if job.key not in outcomes]
        url = gradebook.url_of(out, db_url)
        if not db_url and not (out / "gradebook.db").exists():
            shutil.copy(gradebook_path(course), out / "gradebook.db")
        gradebook.prepare(url, course, {j.assignment for j in todo}, {j.student: j for j in todo}, tmp)
        gradebook.write_course(out, course, {j.assignment for j in todo}, db_url)
        reused = len(todo) - len(pending)

        def done(outcome: dict) -> None:
            outcomes[outcome["key"]] = outcome
            if "error" not in outcome:  # a crash is retried by the next run, a grade is kept
                outputs.write_atomic(cache / f"{outcome['key']}.json", json.dumps(outcome))

        judges = {a: judges_path(course, a).read_text(encoding="utf-8") for a in {j.assignment for j in pending}}
        worker_settings = WorkerSettings(gradebook=db_url or gradebook_path(course).read_bytes(), judges=judges,
                                         limits=limits)
        used = engine.run(pending, worker_settings, done, workers=workers, scheduler=scheduler, progress=progress)

        finished = []
        for job in todo:
            outcome = outcomes[job.key]
            if "error" in outcome:
                # the error's name only: its text may come from the kernel
                results.append(ungraded(job.student, job.assignment, released.get(job.assignment), "error",
                                        f"grading failed ({outcome['error'].split(':')[0][:60]})",
                                        job.file, job.flags, job.notes, display=job.display))
                continue
            path = outputs.autograded_path(out, job.student, job.assignment)
            outputs.write_atomic(path, outcome["notebook"])
            result = graded(job, outcome, path)
            finished.append((job, outcome, result))
            results.append(result)
        resets = gradebook.save(url, finished, out / ".autograde" / "answers.json")
        results.sort(key=lambda r: (r.student, r.assignment, r.file))
        run = {"seconds": time.perf_counter() - started, "workers": used, "reused": reused, "feedback": feedback,
               "resets": [vars(x) for x in resets], "judges": str(judges_path(course, "-").parent)}
        outputs.write_atomic(out / LAST_RUN, json.dumps({**run, "results": results_module.to_data(results, out)}))
        write_outputs(out, url, results, released, run)
    return results


def refresh(out: Path, db_url: str | None = None, course: Course = Course()) -> list[NotebookResult]:
    """Rewrite the CSVs, feedback pages and report of the last run with the gradebook's manual grades."""
    out = Path(out)
    if not (out / LAST_RUN).exists():
        raise FileNotFoundError(f"{out / LAST_RUN} is missing: run `make autograde OUT={out}` first")
    run = json.loads((out / LAST_RUN).read_text(encoding="utf-8"))
    results = results_module.from_data(run.pop("results"), out)
    write_outputs(out, gradebook.course_url(out, db_url), results, jobs_module.releases(course), run)
    return results


def write_outputs(out: Path, url: str, results: list[NotebookResult], released: dict, run: dict) -> None:
    """grades.csv, exercises.csv, the feedback pages and report.html of graded results, with the
    gradebook's manual scores and comments put in (`results` are changed so)."""
    from autograder import feedback as feedback_pages, report

    resets = gradebook.apply(url, results, [gradebook.Reset(**x) for x in run["resets"]])
    staging = out / ".autograde" / f"staging-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    outputs.write_csvs(results, staging)
    if run["feedback"]:
        feedback_pages.write_feedback(results, released, staging / "feedback", judges_dir=Path(run["judges"]))
    report.write_report(results, staging / "report.html", seconds=run["seconds"], workers=run["workers"],
                        reused=run["reused"], resets=resets, people=gradebook.people(url), feedback=run["feedback"],
                        similarity=(out / "similarity.html").exists())
    outputs.publish(staging, out)
