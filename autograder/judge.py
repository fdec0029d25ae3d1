"""The judge: decides each test cell's score in the grader's own process, where no student code runs.

A lesson source pairs every test cell with a judge cell (never released, never sent to a kernel):

    # %% judge="test_tensor_ops"
    def judge(got, want):
        ops = got["tensor_ops(2x5, 5x2)"]          # the student's observation, as plain data
        torch.testing.assert_close(ops["matmul"], want["tensor_ops(2x5, 5x2)"]["matmul"],
                                   msg="matmul must be a @ b")

`got` holds what the probe recorded beside the student's code, `want` what the same probe recorded
beside the reference solution (at release). A judge passes by returning None (or True), gives
partial credit by returning a fraction in [0, 1], and fails by raising AssertionError with a
message for the student. Reading a key that the student's code answered with an exception raises
StudentRaised, and a key that was never recorded (a crash, a time limit) NotObserved: the verdict
then says so. Cells with `judge="helpers"` run before every judge of the lesson.

Messages are the judge's own words. Student strings decode as StudentText, which never shows its
content when formatted, and a last check (autograder.quotes) replaces any message that still quotes
a string only the student's process produced, or shows a hidden input that the student's code returned.
"""
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nbformat import NotebookNode
from nbgrader.preprocessors.base import NbGraderPreprocessor
from traitlets import Unicode

from autograder import quotes
from autograder.cells import answer_cells, grade_id_of, is_test, points_of
from autograder.sandbox.kernel.plain import Opaque, Raised, StudentText, decode

# What can become of a graded cell: the judges give the first six; "graded" is an answer the instructor scored
# by hand (autograder.grading.results). Results, the CSVs and the report use this one list, in this order.
STATUSES = ("passed", "failed", "error", "timeout", "missing", "manual", "graded")
TIMEOUTS = ("timeout", "an earlier cell timed out")
CONTROL_ENAMES = ("CellTimeoutError", "KernelDied", "NotExecuted", "OutputLimit")  # autograder.sandbox.execute's own
WHY_MISSING = {"yes": "the hidden checks did not record it", "no": "the cell was not run",
               "timeout": "the hidden checks ran past the time limit",
               "an earlier cell timed out": "an earlier cell ran past the time limit",
               "the kernel died in an earlier cell": "the kernel died (memory or CPU limit, or exit)"}


class NotObserved(Exception):
    """The probe never recorded this key (its code stopped earlier, or the kernel did)."""


class StudentRaised(Exception):
    """The observation is an exception that the student's code raised."""

    def __init__(self, key: str, raised: Raised):
        super().__init__(f"{key} raised {raised.name}")
        self.key, self.raised = key, raised


class Observations(Mapping):
    """One test cell's observations, decoded. `why_missing` says why a key can be absent."""

    def __init__(self, payload: dict | None, why_missing: str = "the hidden checks did not run"):
        payload = payload if isinstance(payload, dict) else {}
        raw = payload.get("observations")
        self._raw = raw if isinstance(raw, dict) else {}
        self._decoded: dict = {}
        stopped = payload.get("stopped")
        self.stopped = decode({"__raised__": stopped}) if isinstance(stopped, dict) else None
        if isinstance(self.stopped, Opaque):
            self.stopped = None
        self.why_missing = why_missing
        if self.stopped is not None:
            self.why_missing = f"the hidden checks stopped early: {self.stopped.name}"
        # what the cell's visible checks raised, if anything: for messages only, the probe decides
        self.visible: Raised | None = None

    def value(self, key: str) -> Any:
        """The decoded observation, exceptions included (a Raised), or NotObserved."""
        if key not in self._raw:
            raise NotObserved(key)
        if key not in self._decoded:
            self._decoded[key] = decode(self._raw[key])
        return self._decoded[key]

    def __getitem__(self, key: str):
        value = self.value(key)
        if isinstance(value, Raised):
            raise StudentRaised(key, value)
        return value

    def raised(self, key: str) -> Raised | None:
        """The exception recorded under key, or None if the call returned normally."""
        value = self.value(key)
        return value if isinstance(value, Raised) else None

    def keys(self, prefix: str = "") -> list[str]:
        return [key for key in self._raw if isinstance(key, str) and key.startswith(prefix)]

    def __iter__(self):
        return iter(self.keys())

    def __len__(self):
        return len(self._raw)

    def __contains__(self, key):
        return key in self._raw

    def texts(self) -> set[str]:
        """Every string in the observations, decoded, but for exception class names (verdicts name them)."""
        found: set[str] = set()

        def walk(value):
            if isinstance(value, str):
                found.add(str.__str__(value))
            elif isinstance(value, (list, tuple)):
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for k, v in value.items():
                    walk(k)
                    walk(v)
            elif isinstance(value, Raised):  # its class name is shown on purpose (Raised.name), its message never
                walk(value.message)
                walk(list(value.types))
            elif isinstance(value, Opaque):
                walk(value.what)

        for key in self._raw:
            walk(key)
            walk(self.value(key))
        for raised in (self.stopped, self.visible):  # exception class names the student chose
            if raised is not None:
                walk(raised)
        return found


@dataclass
class Verdict:
    score: float
    status: str  # one of STATUSES
    message: str = ""


def mentions_shape(text: object, shape: Iterable[int]) -> bool:
    """Whether a message names this shape in a common spelling: (2, 3), (2,3), [2, 3],
    torch.Size([2, 3]), 2x3, 2 x 3, 2×3 (and (6,), [6] or (6) for one dimension)."""
    text = str.__str__(text) if isinstance(text, str) else ""
    sizes = [str(int(size)) for size in shape]
    listed = r"\s*,\s*".join(sizes)
    pattern = rf"[(\[]\s*{listed}\s*,?\s*[)\]]"
    if len(sizes) > 1:
        times = r"\s*[x×*]\s*".join(sizes)
        pattern += rf"|(?<![\w.]){times}(?![\w.])"
    return re.search(pattern, text) is not None


def judge_namespace(helpers: list[str]) -> dict:
    """The globals a judge runs in: torch, math, the plain types, shared helpers and the lesson's judge helpers."""
    import torch

    namespace = {"torch": torch, "math": math, "Raised": Raised, "StudentText": StudentText, "Opaque": Opaque,
                 "NotObserved": NotObserved, "StudentRaised": StudentRaised, "mentions_shape": mentions_shape,
                 "__name__": "judge"}
    for code in helpers:
        exec(compile(code, "<judge helpers>", "exec"), namespace)
    return namespace


def warm_up() -> None:
    """Import what the judges use: torch, and what torch.testing.assert_close imports at its first call
    (torch.distributed.tensor, about a CPU-second). A worker does so while its zygote loads."""
    torch = judge_namespace([])["torch"]
    torch.testing.assert_close(torch.zeros(1), torch.zeros(1))


def decide(code: str, helpers: list[str], got: Observations, want: Observations, points: float,
           missing_status: str = "missing", released: frozenset = frozenset()) -> Verdict:
    """Run one judge cell on the observations. missing_status: the status when the probe recorded nothing
    (timeout, missing); released: the names the released notebook's locked cells use (quotes.released_names)."""
    namespace = judge_namespace(helpers)
    exec(compile(code, "<judge>", "exec"), namespace)
    try:
        outcome = namespace["judge"](got, want)
    except AssertionError as error:
        verdict = Verdict(0.0, "failed", _message(error) or "a hidden check failed")
    except StudentRaised as error:
        verdict = Verdict(0.0, "error", f"{error.key} raised {error.raised.name}")
    except NotObserved as error:
        stopped = got.stopped is not None and not got.stopped.is_a("KeyboardInterrupt")
        status = "error" if stopped else missing_status
        verdict = Verdict(0.0, status, f"{got.why_missing} (before {error.args[0]})")
    except Exception as error:  # the student's result has another shape than the judge expects
        verdict = Verdict(0.0, "failed", f"the result does not have the expected form "
                                         f"({type(error).__name__} while checking it)")
    else:
        fraction = 1.0 if outcome is None or outcome is True else 0.0 if outcome is False else float(outcome)
        if not 0.0 <= fraction <= 1.0 or math.isnan(fraction):
            raise ValueError(f"a judge returned {outcome!r}: return None, a bool or a fraction in [0, 1]")
        verdict = Verdict(round(points * fraction, 6), "passed" if fraction == 1.0 else "failed",
                          "" if fraction == 1.0 else f"partial credit: {fraction:.0%}")
    verdict.message = quotes.guarded(verdict.message, got, want, released)
    return verdict


def _message(error: AssertionError) -> str:
    return str(error.args[0]) if error.args else ""


# --- the nbgrader preprocessor ----------------------------------------------------------------

def answer_of(test_id: str, answers: Iterable[str]) -> str | None:
    """The answer (solution grade_id) that a test cell checks: `test_<name>` or `test_<name>_<part>`, with the
    longest name that fits, so test_poly_grads_analytic belongs to poly_grads_analytic and not to poly_grads."""
    fits = [a for a in answers if test_id == f"test_{a}" or test_id.startswith(f"test_{a}_")]
    return max(fits, key=len, default=None)


def load_judges(path: Path | str) -> dict:
    """A lesson's judges and reference observations, as the release writes them (build/<lang>/judges/)."""
    import json

    return json.loads(Path(path).read_text(encoding="utf-8"))


class JudgeCells(NbGraderPreprocessor):
    """After execution: each test cell's verdict, from its judge, into resources and the notebook.

    The verdicts go to resources["autograder"]["verdicts"] and to the notebook's metadata
    ("autograder": {"verdicts", "tampering"}); each test cell gets one output line with its verdict,
    for the instructor who opens the graded notebook.
    """

    judges_dir = Unicode("", help="folder of <assignment>.json judges (build/<lang>/judges)").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        assignment = resources["nbgrader"]["assignment"]
        lesson = load_judges(Path(self.judges_dir) / f"{assignment}.json")
        state = resources.setdefault("autograder", {})
        cells = state.get("cells", {})
        verdicts, tampering = {}, []
        missing = nb.metadata.get("autograder", {}).get("missing_answers", [])  # set by autograder.intake.repair
        answers = missing + [grade_id_of(c) for c in answer_cells(nb)]
        released = quotes.released_names(nb)
        for cell in nb.cells:
            if not is_test(cell):
                continue
            grade_id, points = grade_id_of(cell), points_of(cell)
            record = cells.get(grade_id, {})
            got = Observations(record.get("probe"), WHY_MISSING.get(record.get("ran"), record.get("ran") or "not run"))
            visible = (record.get("visible") or {}).get("ename")
            if visible and visible not in CONTROL_ENAMES:  # a time limit or a crash is no failed check
                got.visible = Raised([visible], "")
            tampering += [t for t in (record.get("probe") or {}).get("tampering", []) if isinstance(t, str)]
            if record.get("payloads", 0) > 1:
                tampering.append(f"observations of {grade_id} were published {record['payloads']} times")
            if grade_id not in lesson["judges"]:
                raise KeyError(f"{assignment}: no judge for {grade_id}")
            answer = answer_of(grade_id, answers)
            if answer in missing:
                verdict = Verdict(0.0, "missing", f"no answer cell for {answer} in the submission")
            else:
                verdict = decide(lesson["judges"][grade_id], lesson["helpers"], got,
                                 Observations(lesson["reference"].get(grade_id)), points,
                                 missing_status="timeout" if record.get("ran") in TIMEOUTS else "missing",
                                 released=released)
            verdicts[grade_id] = vars(verdict)
            cell.outputs = list(cell.get("outputs", [])) + [NotebookNode(
                output_type="stream", name="stdout",
                text=f"[judge] {verdict.status}: {verdict.score:g} / {points:g}"
                     + (f", {verdict.message}" if verdict.message else "") + "\n")]
        state["verdicts"] = verdicts
        state["tampering"] = sorted(set(tampering))
        nb.metadata["autograder"] = {"verdicts": verdicts, "tampering": state["tampering"], "missing_answers": missing}
        return nb, resources

