"""The files of a graded class under <OUT>: grades.csv, exercises.csv, the autograded notebooks (nbgrader's
layout: autograded/<student>/<assignment>/<assignment>.ipynb), feedback pages and report.html.

CSVs, feedback and the report are built in a staging folder and replace the previous ones only
once all are complete; a CSV cell that a spreadsheet would read as a formula is neutralised.
"""
import csv
import os
import shutil
from pathlib import Path

from autograder.grading.results import NotebookResult

GRADE_COLUMNS = ["student", "assignment", "score", "max_score", "status", "flags", "file", "note"]
EXERCISE_COLUMNS = ["student", "assignment", "exercise", "score", "max_score", "status", "message"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A CSV cell no spreadsheet runs as a formula: text starting with = + - @ tab or CR gets a leading '."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csvs(results: list[NotebookResult], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "grades.csv", "w", newline="", encoding="utf-8") as grades_file, \
            open(folder / "exercises.csv", "w", newline="", encoding="utf-8") as exercises_file:
        grades = csv.writer(grades_file)
        exercises = csv.writer(exercises_file)
        grades.writerow(GRADE_COLUMNS)
        exercises.writerow(EXERCISE_COLUMNS)
        for r in results:
            grades.writerow(map(cell, [r.student, r.assignment, r.score, r.max_score, r.status, ";".join(r.flags),
                                       r.file, " | ".join(r.notes)]))
            for e in r.exercises:
                exercises.writerow(map(cell, [r.student, r.assignment, e.exercise, e.score, e.max_score, e.status,
                                              e.message]))


def publish(staging: Path, out: Path) -> None:
    """Move the staged outputs over the previous ones (each file or folder replaced in one rename)."""
    out.mkdir(parents=True, exist_ok=True)
    for item in sorted(staging.iterdir()):
        target = out / item.name
        if item.is_dir():
            old = out / f".{item.name}.old-{os.getpid()}"
            if target.exists():
                os.replace(target, old)
            os.replace(item, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(item, target)
    shutil.rmtree(staging, ignore_errors=True)
