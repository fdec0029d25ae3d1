"""A graded course's own state: everything under OUT/.autograde, in one place.

- results/<job key>.json: each grade as it arrived, so that an interrupted run resumes where it
  stopped (a notebook the grader could not grade is never kept: the next run grades it again);
- answers.json: the checksum of every graded answer (autograder.gradebook keeps an instructor's
  score while the answer it scored stays);
- last-run.json: the last run's results before the gradebook's manual grades, which `refresh`
  publishes again after manual grading;
- staging-<pid>/: outputs being written, moved into OUT once all are complete;
- push/<lesson>.json: what `make push` sent to Moodle (autograder.moodle.push);
- pull/<lesson>.json: what `make pull` brought from Moodle into OUT/pulled (autograder.moodle.pull), and
  pull/staging/<lesson>/: the submissions being pulled, moved into OUT/pulled once each is whole;
- autograde.log: the libraries' log records and warnings of every command run on OUT (autograder.cli).
"""
import json
import os
from pathlib import Path

FOLDER = ".autograde"
LOG = Path(FOLDER) / "autograde.log"  # under a command's OUT (build/ for a command without one)
LAST_RUN_FORMAT = 2  # 2: each result holds its submission's record


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


class RunState:
    """The state of the graded course in `out`."""

    def __init__(self, out: Path):
        self.out = Path(out)
        self.folder = self.out / FOLDER
        self.results = self.folder / "results"
        self.answers_file = self.folder / "answers.json"
        self.last_run_file = self.folder / "last-run.json"

    def cached(self, keys: list[str]) -> dict[str, dict]:
        """{key: the grade an earlier run kept} for each of `keys` that has one."""
        found = {}
        for key in keys:
            path = self.results / f"{key}.json"
            if path.exists():
                found[key] = json.loads(path.read_text(encoding="utf-8"))
        return found

    def keep(self, key: str, graded: dict) -> None:
        write_atomic(self.results / f"{key}.json", json.dumps(graded))

    def answers(self) -> dict:
        """{student: {assignment: {grade_id: checksum}}} as the last run left them."""
        return json.loads(self.answers_file.read_text(encoding="utf-8")) if self.answers_file.exists() else {}

    def save_answers(self, answers: dict) -> None:
        write_atomic(self.answers_file, json.dumps(answers, indent=1, sort_keys=True))

    def save_last_run(self, run: dict, results: list[dict]) -> None:
        write_atomic(self.last_run_file, json.dumps({**run, "format": LAST_RUN_FORMAT, "results": results}))

    def last_run(self) -> tuple[dict, list[dict]]:
        """(the last run's settings and figures, its results as data); FileNotFoundError when there is none
        this version can read."""
        if not self.last_run_file.exists():
            raise FileNotFoundError(f"{self.last_run_file} is missing: run `make autograde OUT={self.out}` first")
        run = json.loads(self.last_run_file.read_text(encoding="utf-8"))
        if run.pop("format", 1) != LAST_RUN_FORMAT:
            raise FileNotFoundError(f"{self.last_run_file} was written by an older grader: run "
                                    f"`make autograde OUT={self.out}` again")
        return run, run.pop("results")

    def staging(self) -> Path:
        return self.folder / f"staging-{os.getpid()}"

    def push_record(self, lesson: str) -> Path:
        return self.folder / "push" / f"{lesson}.json"

    def pull_record(self, lesson: str) -> Path:
        return self.folder / "pull" / f"{lesson}.json"

    def pull_staging(self, lesson: str) -> Path:
        return self.folder / "pull" / "staging" / lesson
