"""Why the grader could not grade a notebook: a failure of ours, never a grade.

A failure is plain data (autograder.grading.outcome.Failure): the cause in words shared by every notebook
it hit (the run's last line groups by it), the exception's type and first line, and where it
happened (the machine, the worker, the grader's own line of code). It goes to the instructor
(grades.csv, report.html), never to a student.
"""
import traceback
from concurrent.futures import CancelledError

from distributed import KilledWorker
from sqlalchemy.exc import SQLAlchemyError

from autograder.grading.outcome import Failed, Failure
from autograder.sandbox.zygote import ZygoteError

KILLED = "its workers died while grading it, again and again (Dask's allowed-failures)"
UNDESERIALIZABLE = "the task could not be deserialized (the scheduler's or a worker's environment is not the client's)"
ZYGOTE = "the zygote could not start"
GRADEBOOK = "the gradebook is unreachable"
CANCELLED = "Dask cancelled it (the scheduler went away, or the run stopped)"


def cause_of(error: BaseException) -> str:
    if isinstance(error, KilledWorker):
        return KILLED
    if "deserializ" in str(error).lower():  # Dask's "Error during deserialization of the task graph", and the like
        return UNDESERIALIZABLE
    if isinstance(error, ZygoteError):
        return ZYGOTE
    if isinstance(error, SQLAlchemyError):
        return GRADEBOOK
    if isinstance(error, CancelledError):
        return CANCELLED
    return f"the grader failed ({type(error).__name__})"


def failure(cause: str, error: str, where: str) -> Failure:
    return {"cause": cause, "error": error, "where": where}


def describe(error: BaseException, where: str, line: bool = True) -> Failure:
    """The failure of a job that raised `error` at `where` (a machine, a worker), with the grader's line that
    raised it (line=True: for an error raised in the grader, not one Dask raised on the client's side)."""
    text = str(error).strip()
    frames = traceback.extract_tb(error.__traceback__) if line and error.__traceback__ else []
    ours = [f for f in frames if "autograder" in f.filename] or frames
    here = f", {ours[-1].filename.rsplit('autograder/', 1)[-1]}:{ours[-1].lineno}" if ours else ""
    return failure(cause_of(error), f"{type(error).__name__}: {text.splitlines()[0][:300] if text else ''}".rstrip(": "),
                   where + here)


def outcome(key: str, failed: Failure) -> Failed:
    """A job's outcome when it could not be graded."""
    return {"kind": "failed", "key": key, "seconds": 0.0, "failure": failed}
