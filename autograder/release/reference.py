"""The judges' side of a release: build/<lang>/judges/<assignment>.json, never shipped to students.

It holds, per lesson, the code of every judge cell of the source and the reference observations:
what each test cell's probe records beside the reference solution. They come from running the
source notebook (solutions and hidden probes, as nbgrader's gradebook has them) through the
grader's own executor, without a jail: the code is the instructor's. The release then proves its
judges against them: a judge must pass the reference, and the reference must show no tampering.
"""
import json
import tempfile
from pathlib import Path

import nbformat

from autograder.cells import grade_id_of, is_test, points_of
from autograder.course import GRADING_LANG, Course, ReleaseError, judges_path
from autograder.judge import Observations, decide
from autograder.release.sources import judge_cells, read_source

def observe(nb: nbformat.NotebookNode, assignment: str) -> dict:
    """Run a notebook as grading runs it (the demonstrations nothing needs skipped), through the grading executor
    without a jail; resources["autograder"]["cells"]."""
    from traitlets.config import Config

    from autograder.sandbox.demos import SkipDemos
    from autograder.sandbox.execute import SandboxExecute

    config = Config()
    config.SandboxKernelManager.unsafe_no_sandbox = True  # the course's own solution: trusted code
    config.Execute.timeout = 300
    config.SandboxExecute.notebook_timeout = 900
    with tempfile.TemporaryDirectory(prefix="reference-") as folder:
        resources = {"metadata": {"path": folder}, "nbgrader": {"assignment": assignment}}
        skipped, resources = SkipDemos().preprocess(nbformat.from_dict(nb), resources)
        SandboxExecute(config=config).preprocess(skipped, resources)
    return resources.get("autograder", {}).get("cells", {})


def build(course: Course, assignment: str) -> Path:
    """Record the reference observations, check every judge against them, write the lesson's judges file."""
    helpers, judges = judge_cells(course, assignment)
    source_nb = read_source(course, assignment, GRADING_LANG)
    tests = {grade_id_of(c): c for c in source_nb.cells if is_test(c)}
    if set(judges) != set(tests):
        raise ReleaseError(f"{assignment}: test cells without a judge: {sorted(set(tests) - set(judges))}; "
                           f"judges without a test cell: {sorted(set(judges) - set(tests))}")
    cells = observe(source_nb, assignment)
    reference = {}
    for grade_id, cell in tests.items():
        record = cells.get(grade_id, {})
        payload = record.get("probe")
        if record.get("visible") or payload is None or payload.get("stopped"):
            raise ReleaseError(f"{assignment}: the reference solution does not pass {grade_id}: {record}")
        if payload.get("tampering"):
            raise ReleaseError(f"{assignment}: the probe of {grade_id} reports tampering by the reference "
                               f"solution: {payload['tampering']}")
        reference[grade_id] = payload
        want = Observations(payload)
        verdict = decide(judges[grade_id], helpers, Observations(payload), want, points_of(cell))
        if verdict.status != "passed":
            raise ReleaseError(f"{assignment}: the judge of {grade_id} fails the reference solution: {verdict.message}")
    path = judges_path(course, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"assignment": assignment, "version": source_nb.metadata["course"]["version"],
                                "helpers": helpers, "judges": judges, "reference": reference}), encoding="utf-8")
    return path
