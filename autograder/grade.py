"""Grade submitted notebooks with nbgrader's autograde; write grades.csv, exercises.csv, feedback and a report.

The pipeline, per run:
1. collect (autograder.collect): a folder of <student>/<files> or an LMS zip; the assignment from
   the notebook's metadata; unreadable files get a status; one file per student and assignment.
2. prepare (autograder.repair): each notebook is rebuilt from the release with the student's
   answers (metadata recovered, test cells restored, skip tags dropped) and scanned for tampering.
3. grade: nbgrader's NbGraderAPI.autograde in per-worker course roots, with the Execute
   preprocessor replaced by autograder.sandbox.SandboxExecute (jailed kernel, limits). With SQLite
   each worker has a copy of the release's gradebook, so workers never share state and grades equal
   a serial run; with DB=postgresql://... every worker (and machine) uses that one gradebook.
4. results are cached per notebook under <out>/.autograde/results as they finish (an interrupted
   run resumes from them); grades.csv, exercises.csv, autograded/, feedback/ and report.html are
   built in a staging folder and replace the previous ones only once all are complete.
"""
import csv
import hashlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
import warnings
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.apps import NbGraderAPI
from sqlalchemy.exc import SAWarning
from tqdm import tqdm

from autograder import ROOT, Course
from autograder import collect, repair
from autograder.release import gradebook_path, nbgrader_config
from autograder.execute import KERNEL_DIED_ENAME, NOT_EXECUTED_ENAME, TIMEOUT_ENAME
from autograder.jail import python_prefixes

GRADE_COLUMNS = ["student", "assignment", "score", "max_score", "status", "flags", "file", "note"]
EXERCISE_COLUMNS = ["student", "assignment", "exercise", "score", "max_score", "status", "message"]
CACHE_FORMAT = 1
# Settings a caller may pass as `limits` (grade.autograde(..., limits={...})): the traitlets they set.
LIMITS = {
    "timeout": "Execute.timeout",  # seconds per cell
    "notebook_timeout": "SandboxExecute.notebook_timeout",  # seconds per notebook
    "memory_mb": "SandboxKernelManager.memory_mb",
    "cpu_seconds": "SandboxKernelManager.cpu_seconds",
    "file_size_mb": "SandboxKernelManager.file_size_mb",
    "threads": "SandboxKernelManager.threads",
    "preload": "SandboxKernelManager.preload",
    "isolate": "SandboxKernelManager.isolate",
    "require_isolation": "SandboxKernelManager.require_isolation",
}


@dataclass(frozen=True)
class Submission:
    student: str
    assignment: str
    path: Path


@dataclass
class ExerciseResult:
    exercise: str
    score: float
    max_score: float
    status: str  # passed, failed, error, timeout, missing, or manual (awaiting an instructor)
    message: str = ""


@dataclass
class NotebookResult:
    student: str
    assignment: str
    score: float
    max_score: float
    seconds: float
    exercises: list[ExerciseResult] = field(default_factory=list)
    autograded: Path | None = None
    status: str = "ok"  # ok, repaired, or why it was not graded (collect.UNGRADABLE, "error")
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    file: str = ""
    tamper: list[str] = field(default_factory=list)


@dataclass
class Job:
    student: str
    assignment: str
    prepared: Path  # the clean notebook to grade
    key: str
    result_dir: Path  # where the worker leaves <key>.ipynb (the autograded notebook)


def assignment_of(path: Path) -> str:
    """The lesson a notebook belongs to, from the metadata the release stamps (file names lie)."""
    nb = nbformat.read(path, as_version=4)
    return nb.metadata.get("course", {}).get("assignment") or path.stem


def find_submissions(folder: Path) -> list[Submission]:
    return [
        Submission(student_dir.name, assignment_of(path), path)
        for student_dir in sorted(p for p in folder.iterdir() if p.is_dir())
        for path in sorted(student_dir.glob("*.ipynb"))
    ]


def test_cell_error(nb: nbformat.NotebookNode, grade_id: str) -> tuple[str, str]:
    """(exception name, message) of the error a graded cell raised, or ("", "")."""
    cell = repair.find_cell(nb, grade_id)
    outputs = cell.get("outputs", []) if cell is not None else []
    for output in outputs:
        if output.output_type == "error":
            return output.ename, f"{output.ename}: {output.evalue}".splitlines()[0][:300]
    if any(o.get("name") == "stderr" for o in outputs):
        return "", "the cell wrote to stderr (a warning?): nbgrader scores it 0"
    return "", ""


def exercise_status(score: float, max_score: float, error_name: str, manual: bool, missing: bool = False) -> str:
    if manual:
        return "manual"
    if missing or error_name == NOT_EXECUTED_ENAME:
        return "missing"
    if error_name == TIMEOUT_ENAME:
        return "timeout"
    if score >= max_score:
        return "passed"
    return "failed" if error_name in ("", "AssertionError") else "error"


# --- the worker side ---------------------------------------------------------------------------

_WORKER: dict = {}


def sandbox_config(course_root: Path, course: Course, db_url: str | None, limits: dict | None,
                   hidden: list[Path]):
    """nbgrader's configuration for grading: the release's, with the sandboxed Execute preprocessor."""
    from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, IgnorePattern, LimitOutput
    from nbconvert.preprocessors import ClearMetadataPreprocessor
    from autograder.execute import SandboxExecute
    from autograder.judge import JudgeCells, SaveJudgedGrades
    from autograder.reference import judges_path

    config = nbgrader_config(course_root)
    config.Autograde.autograde_preprocessors = [SandboxExecute, JudgeCells, IgnorePattern, ClearMetadataPreprocessor,
                                                LimitOutput, SaveJudgedGrades, AssignLatePenalties, CheckCellMetadata]
    config.JudgeCells.judges_dir = str(judges_path(course, "x").parent)
    config.Exchange.root = str(course_root / "exchange")  # unused; quiets nbgrader's warning
    config.SandboxKernelManager.hide_paths = [str(p) for p in hidden]
    config.SandboxKernelManager.expose_paths = python_prefixes()
    if db_url:
        config.CourseDirectory.db_url = db_url
    for name, value in (limits or {}).items():
        section, trait = LIMITS[name].split(".")
        setattr(config[section], trait, value)
    return config


def hidden_paths(tmp: Path, course: Course, extra=()) -> list[Path]:
    """What student code must not see: the run's folders (gradebook copies, other submissions), the
    course's build (gradebook), sources and solutions, the repository, the instructor's home."""
    hidden = [Path(tmp), course.build, course.sources, course.out_root, ROOT, *extra]
    home = Path.home().resolve()
    if home != Path("/") and home.exists():
        hidden.append(home)
    return hidden


def _init_worker(tmp: str, gradebook: str, db_url: str | None, limits: dict | None, course: Course,
                 extra_hidden=()) -> None:
    warnings.filterwarnings("ignore", category=SAWarning)
    root = Path(tempfile.mkdtemp(prefix="worker-", dir=tmp))
    if not db_url:
        shutil.copy(gradebook, root / "gradebook.db")
    hidden = hidden_paths(Path(tmp), course, extra_hidden)
    _WORKER.update(root=root, db_url=db_url or f"sqlite:///{root / 'gradebook.db'}",
                   api=NbGraderAPI(config=sandbox_config(root, course, db_url, limits, hidden)))


def grade_one(job: Job) -> dict:
    """Autograde one prepared notebook in this worker's course root; a plain dict of what the gradebook says."""
    root, api = _WORKER["root"], _WORKER["api"]
    name, student = job.assignment, job.student
    submitted = root / "submitted" / student / name / f"{name}.ipynb"
    submitted.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(job.prepared, submitted)
    start = time.perf_counter()
    try:
        outcome = api.autograde(name, student, force=True, create=True)
    except Exception as error:  # nbgrader raised instead of reporting
        outcome = {"success": False, "log": f"{type(error).__name__}: {error}"}
    seconds = time.perf_counter() - start
    if not outcome["success"]:
        return {"key": job.key, "seconds": seconds, "error": outcome["log"][-2000:]}
    autograded = root / "autograded" / student / name / f"{name}.ipynb"
    kept = job.result_dir / f"{job.key}.ipynb"
    shutil.copy(autograded, kept)
    with Gradebook(_WORKER["db_url"]) as db:
        notebook = db.find_submission_notebook(name, name, student)
        grades = [{"name": g.name, "score": g.score, "max_score": g.max_score, "cell_type": g.cell.cell_type,
                   "needs_manual_grade": bool(g.needs_manual_grade)} for g in notebook.grades]
        score, max_score = notebook.score, notebook.max_score
    shutil.rmtree(root / "submitted" / student, ignore_errors=True)
    shutil.rmtree(root / "autograded" / student, ignore_errors=True)
    return {"key": job.key, "seconds": seconds, "score": score, "max_score": max_score, "grades": grades}


# --- the parent side ---------------------------------------------------------------------------

def released_points(release_nb: nbformat.NotebookNode) -> list[tuple[str, float, str]]:
    """(grade_id, points, cell type) of every graded cell of a released notebook."""
    return [(c.metadata["nbgrader"]["grade_id"], float(c.metadata["nbgrader"].get("points", 0)), c.cell_type)
            for c in release_nb.cells if c.metadata.get("nbgrader", {}).get("grade")]


def ungraded_result(student: str, assignment: str, release_nb, status: str, reason: str, file: str,
                    flags=(), notes=()) -> NotebookResult:
    points = released_points(release_nb) if release_nb is not None else []
    result = NotebookResult(student, assignment, 0.0, sum(p for _, p, _ in points), 0.0, status=status,
                            flags=list(flags), notes=[reason, *notes], file=file)
    for name, p, cell_type in sorted(points, key=lambda x: x[2] + x[0]):
        result.exercises.append(ExerciseResult(name, 0.0, p, "missing", f"{status}: {reason}"[:300]))
    return result


def build_result(job: Job, sub: collect.Submission, prepared: repair.Prepared, outcome: dict,
                 flags: list[str], notes: list[str]) -> NotebookResult:
    file = sub.name
    if "error" in outcome:
        return ungraded_result(job.student, job.assignment, prepared.notebook, "error",
                               "nbgrader could not grade it: " + outcome["error"].strip().splitlines()[-1][:200],
                               file, flags, notes)
    autograded = job.result_dir / f"{job.key}.ipynb"
    graded_nb = nbformat.read(autograded, as_version=4)
    result = NotebookResult(job.student, job.assignment, outcome["score"], outcome["max_score"], outcome["seconds"],
                            autograded=autograded, status=prepared.status, flags=list(flags), notes=list(notes),
                            file=file, tamper=prepared.tamper)
    verdicts = graded_nb.metadata.get("autograder", {}).get("verdicts", {})
    seen_errors = set()
    for grade in sorted(outcome["grades"], key=lambda g: g["cell_type"] + g["name"]):
        error_name, _ = test_cell_error(graded_nb, grade["name"])
        seen_errors.add(error_name)
        verdict = verdicts.get(grade["name"])
        if verdict is not None:
            status, message = verdict["status"], verdict["message"]
        else:
            status, message = exercise_status(grade["score"], grade["max_score"], error_name,
                                              grade["cell_type"] == "markdown" and grade["needs_manual_grade"]), ""
        result.exercises.append(ExerciseResult(grade["name"], grade["score"], grade["max_score"], status, message))
    tampering = graded_nb.metadata.get("autograder", {}).get("tampering", [])
    if tampering:
        result.flags.append("tamper-runtime")
        result.tamper += [f"tamper-runtime: {t}" for t in tampering]
    for ename, flag in ((TIMEOUT_ENAME, "timeout"), (KERNEL_DIED_ENAME, "kernel-died")):
        if ename in seen_errors or any(o.get("ename") == ename for c in graded_nb.cells for o in c.get("outputs", [])):
            result.flags.append(flag)
    return result


def job_key(student: str, assignment: str, notebook_text: str, version: str, settings: str) -> str:
    digest = hashlib.sha256()
    for part in (str(CACHE_FORMAT), student, assignment, version, settings, notebook_text):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:32]


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def prepare_database(db_url: str, course: Course, assignments: set[str], students: set[str], tmp: Path) -> None:
    """Put the release's assignments (hidden tests included) and the students into a shared gradebook.

    An assignment is (re)generated with nbgrader's generate_assignment from the build's source
    notebook when the shared gradebook lacks it or holds other cell checksums than the release's.
    """
    warnings.filterwarnings("ignore", category=SAWarning)
    release_db = f"sqlite:///{gradebook_path(course)}"
    for assignment in sorted(assignments):
        with Gradebook(release_db) as db:
            wanted = {(c.name, c.checksum) for c in db.find_notebook(assignment, assignment).source_cells}
        with Gradebook(db_url) as db:
            try:
                have = {(c.name, c.checksum) for c in db.find_notebook(assignment, assignment).source_cells}
            except MissingEntry:
                have = set()
        if have != wanted:
            root = tmp / "db-release"
            source = root / "source" / assignment
            shutil.rmtree(root, ignore_errors=True)
            shutil.copytree(course.build / "en" / "source" / assignment, source)
            config = nbgrader_config(root)
            config.CourseDirectory.db_url = db_url
            outcome = NbGraderAPI(config=config).generate_assignment(assignment, force=True)
            if not outcome["success"]:
                raise RuntimeError(f"could not put {assignment} into {db_url}:\n{outcome['log']}")
    with Gradebook(db_url) as db:
        for student in sorted(students):
            db.update_or_create_student(student)


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


def write_csvs(results: list[NotebookResult], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "grades.csv", "w", newline="") as grades_file, \
            open(out / "exercises.csv", "w", newline="") as exercises_file:
        grades = csv.writer(grades_file)
        exercises = csv.writer(exercises_file)
        grades.writerow(GRADE_COLUMNS)
        exercises.writerow(EXERCISE_COLUMNS)
        for r in results:
            grades.writerow([r.student, r.assignment, r.score, r.max_score, r.status, ";".join(r.flags), r.file,
                             " | ".join(r.notes)])
            for e in r.exercises:
                exercises.writerow([r.student, r.assignment, e.exercise, e.score, e.max_score, e.status, e.message])


def autograde(submissions_dir: Path, out: Path, workers: int = 1, course: Course = Course(), *,
              db_url: str | None = None, limits: dict | None = None, progress: bool | None = None,
              resume: bool = True, feedback: bool = True) -> list[NotebookResult]:
    """Grade a folder of <student>/<files> or an LMS zip into `out`; results sorted by student and assignment.

    limits: keys of LIMITS (timeout, notebook_timeout, memory_mb, cpu_seconds, ...);
    db_url: a shared nbgrader gradebook (postgresql://...) instead of per-worker SQLite copies;
    resume: reuse the per-notebook results an earlier (interrupted) run left in <out>/.autograde.
    """
    from autograder import feedback as feedback_pages, report

    started = time.perf_counter()
    out = Path(out)
    gradebook = gradebook_path(course)
    if not gradebook.exists():
        raise FileNotFoundError(f"{gradebook} is missing: run `make release` first")
    state = out / ".autograde"
    cache = state / "results"
    cache.mkdir(parents=True, exist_ok=True)
    releases = {a: repair.released_notebook(course, a) for a in course.assignments()
                if (course.out_root / "lessons" / "en" / f"{a}.ipynb").exists()}
    settings = json.dumps({"limits": limits or {}, "db": bool(db_url)}, sort_keys=True)
    with tempfile.TemporaryDirectory(prefix="autograde-") as tmp_name:
        tmp = Path(tmp_name)
        subs = collect.collect(Path(submissions_dir), tmp / "inputs", sorted(releases),
                               identify=lambda nb: repair.identify(nb, releases))
        results: list[NotebookResult] = []
        pending: list[tuple[Job, collect.Submission, repair.Prepared, list, list]] = []
        (tmp / "prepared").mkdir()
        for index, sub in enumerate(subs):
            release_nb = releases.get(sub.assignment)
            if sub.status != "ok":
                results.append(ungraded_result(sub.student, sub.assignment, release_nb, sub.status, sub.reason,
                                               sub.name, sub.flags, sub.notes))
                continue
            flags, notes = list(sub.flags), list(sub.notes)
            stamped = sub.notebook.metadata.get("course", {})
            version = release_nb.metadata["course"]["version"]
            if stamped.get("version") and stamped["version"] != version:
                flags.append("old-version")
                notes.append(f"made from release {stamped['version']}, graded against {version}")
            try:
                prepared = repair.prepare(sub.notebook, repair.released_notebook(course, sub.assignment,
                                                                                 stamped.get("lang", "en")))
            except Exception as error:  # a notebook too odd to match: say so, go on
                results.append(ungraded_result(sub.student, sub.assignment, release_nb, "error",
                                               f"could not match it to the release: {error!r}", sub.name, flags, notes))
                continue
            flags += [f for f in prepared.flags if f not in flags]
            notes += prepared.notes
            text = nbformat.writes(prepared.notebook)
            path = tmp / "prepared" / f"{index:05d}.ipynb"
            path.write_text(text, encoding="utf-8")
            key = job_key(sub.student, sub.assignment, text, version, settings)
            pending.append((Job(sub.student, sub.assignment, path, key, cache), sub, prepared, flags, notes))

        outcomes: dict[str, dict] = {}
        todo = []
        for job, *_ in pending:
            cached = cache / f"{job.key}.json"
            if resume and cached.exists() and (cache / f"{job.key}.ipynb").exists():
                outcomes[job.key] = json.loads(cached.read_text())
            else:
                todo.append(job)
        if db_url and todo:
            prepare_database(db_url, course, {j.assignment for j in todo}, {j.student for j in todo}, tmp)
        workers = max(1, min(workers, len(todo)))
        bar = tqdm(total=len(todo), unit="nb", desc="grading", file=sys.stderr,
                   disable=not todo or (progress is False) or (progress is None and not sys.stderr.isatty()))

        def done(outcome: dict) -> None:
            outcomes[outcome["key"]] = outcome
            if "error" not in outcome:  # a crash is retried by the next run, a grade is kept
                _write_atomic(cache / f"{outcome['key']}.json", json.dumps(outcome))
            bar.update(1)

        # other students' files and results are hidden from student code as well
        extra_hidden = tuple(str(Path(p).resolve()) for p in (submissions_dir, out))
        initargs = (str(tmp), str(gradebook), db_url, limits, course, extra_hidden)

        def crashed(job: Job, error: BaseException) -> dict:
            return {"key": job.key, "seconds": 0.0, "error": f"{type(error).__name__}: {error}"}

        if workers == 1 and todo:
            _init_worker(*initargs)
            for job in todo:
                try:
                    done(grade_one(job))
                except Exception as error:  # this notebook only; the batch goes on
                    done(crashed(job, error))
        elif todo:
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=_init_worker, initargs=initargs) as pool:
                futures = {pool.submit(grade_one, job): job for job in todo}
                for future in as_completed(futures):
                    try:
                        done(future.result())
                    except Exception as error:  # a worker crashed (BrokenProcessPool): retried next run
                        done(crashed(futures[future], error))
        bar.close()

        for job, sub, prepared, flags, notes in pending:
            results.append(build_result(job, sub, prepared, outcomes[job.key], flags, notes))
        results.sort(key=lambda r: (r.student, r.assignment, r.file))

        staging = state / f"staging-{os.getpid()}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        for r in results:
            if r.autograded is not None:
                kept = staging / "autograded" / r.student / f"{r.assignment}.ipynb"
                kept.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(r.autograded, kept)
                r.autograded = out / "autograded" / r.student / f"{r.assignment}.ipynb"
        write_csvs(results, staging)
        if feedback:
            feedback_pages.write_feedback(results, releases, staging / "autograded", staging / "feedback")
        report.write_report(results, staging / "report.html", seconds=time.perf_counter() - started,
                            workers=workers, reused=len(pending) - len(todo))
        publish(staging, out)
    return results
