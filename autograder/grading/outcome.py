"""What a worker sends back for a job: a grade, or a failure of the grader's own (never a grade).

Plain data (typed dicts), so that it crosses Dask and is cached as JSON (autograder.state) as it is.
"""
from typing import Literal, TypedDict


class Failure(TypedDict):
    cause: str  # in words shared by every notebook it hit
    error: str  # the exception's type and first line
    where: str  # the machine, the worker, the grader's own line of code


class Grade(TypedDict):
    grade_id: str
    cell_type: str
    points: float
    score: float | None  # None: a person must grade it
    status: str  # one of autograder.judge.STATUSES, manual or missing
    message: str


class Graded(TypedDict):
    kind: Literal["graded"]
    key: str
    seconds: float
    notebook: str  # the autograded notebook (nbformat JSON)
    grades: list[Grade]
    comments: list[dict]  # {"grade_id", "auto_comment"} of every answer cell
    flags: list[str]
    tampering: list[str]  # what the watch saw student code do at run time


class Failed(TypedDict):
    kind: Literal["failed"]
    key: str
    seconds: float
    failure: Failure


Outcome = Graded | Failed
