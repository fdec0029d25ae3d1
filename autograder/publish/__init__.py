"""Publish a graded class: grades.csv, exercises.csv, the feedback pages and report.html (written by every
`make autograde`, and again by `refresh` after manual grading), Moodle's files (export), the formgrader."""
import json
import os
import shutil
from pathlib import Path

from autograder.course import Course
from autograder import gradebook
from autograder.grading import jobs as jobs_module, results as results_module
from autograder.grading.results import NotebookResult
from autograder.publish import feedback as feedback_pages, outputs, report

LAST_RUN = Path(".autograde") / "last-run.json"  # the last run's results, before the gradebook's manual grades


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
