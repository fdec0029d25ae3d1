"""Publish a graded class: grades.csv, exercises.csv, the feedback pages and report.html (written by every
`make autograde`, and again by `refresh` after manual grading), the formgrader; autograder.moodle sends them on."""
import shutil
from pathlib import Path

from autograder import gradebook
from autograder.course import Course
from autograder.gradebook import Person, Reset
from autograder.grading.results import NotebookResult, from_data
from autograder.intake.receive import releases
from autograder.publish import feedback, outputs, report
from autograder.grading.outcome import Graded
from autograder.state import RunState, write_atomic


def refresh(out: Path, db_url: str | None = None, course: Course = Course()) -> list[NotebookResult]:
    """Rewrite the CSVs, feedback pages and report of the last run with the gradebook's manual grades."""
    run, data = RunState(out).last_run()
    results = from_data(data, Path(out))
    url = gradebook.address(out, db_url)
    resets = gradebook.apply(url, results, [Reset(**x) for x in run["resets"]])
    write_outputs(Path(out), results, releases(course), run, resets, gradebook.people(url))
    return results


def write_outputs(out: Path, results: list[NotebookResult], released: dict, run: dict, resets: list[Reset],
                  people: dict[str, Person], graded: list[tuple[NotebookResult, Graded]] = ()) -> None:
    """The autograded notebooks of `graded` (this run's new grades), then grades.csv, exercises.csv, the feedback
    pages and report.html of the results (with the gradebook's final word in them: autograder.gradebook.apply),
    published at once when all are written."""
    for result, outcome in graded:
        write_atomic(result.autograded, outcome["notebook"])
    staging = RunState(out).staging()
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    outputs.write_csvs(results, staging)
    if run["feedback"]:
        feedback.write_feedback(results, released, staging / "feedback", judges_dir=Path(run["judges"]))
    report.write_report(results, staging / "report.html", seconds=run["seconds"], workers=run["workers"],
                        reused=run["reused"], resets=resets, people=people, feedback=run["feedback"],
                        similarity=(out / "similarity.html").exists())
    outputs.publish(staging, out)
