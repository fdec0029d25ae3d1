"""What a judge's message may not show, checked in the grader's process as each verdict is made.

A message is the judge's own words, and it may show what the reference recorded (an expected value,
a hidden input the judge chose to name) and the names the released notebook shows. What it may not carry out is what the student's code took
from the hidden checks while it ran: their source (read from the kernel's frames or caches) and
their inputs (the arguments it was called with). The student's code can pass them on only through
its observations, so a message is replaced when it shows
- a string that only the student's process produced (strings decode as StudentText, which never
  formats its content, but a judge may still take it apart), or
- a number that the student's code returned and that the reference recorded only under other keys:
  a hidden input (or another call's result), returned as an answer for the judge to print. A
  number that equals the reference's own value under the same key is the student's right answer;
  whole numbers and numbers of three significant digits are too common to tell anything.
"""
import builtins
import math
import re
from typing import Any, Protocol

from nbformat import NotebookNode
from nbgrader.utils import is_locked

from autograder.course import HIDDEN_MARKERS


class Observed(Protocol):
    """What a message guard reads of a test cell's observations (autograder.judge.Observations, which imports
    this module)."""

    def keys(self) -> list[str]: ...

    def value(self, key: str) -> Any: ...

    def texts(self) -> set[str]: ...

    def __contains__(self, key: object) -> bool: ...


QUOTE_LIMIT = 12  # a student-only string this long must not appear in a message
# Python's own exception names carry nothing of a hidden check: a message may name them ("raised NotImplementedError")
BUILTIN_EXCEPTIONS = frozenset(name for name, value in vars(builtins).items()
                               if isinstance(value, type) and issubclass(value, BaseException))
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
VALUES = 10_000  # numbers read per observation
QUOTED_TEXT = "a hidden check failed (its message quoted the submission's own text, so it is not shown)"
QUOTED_VALUE = "a hidden check failed (its message would show a value of the hidden inputs, so it is not shown)"


def guarded(message: str, got: Observed, want: Observed, released: frozenset[str] = frozenset()) -> str:
    """The message, or a sentence that says why it is not shown (released: names that the released notebook
    shows, released_names)."""
    if not message:
        return message
    trusted = want.texts() | BUILTIN_EXCEPTIONS | released
    rest = message  # less what the reference also said (its keys name the calls): a key may hold a student's word
    for text in sorted((t for t in trusted if len(t) >= QUOTE_LIMIT), key=len, reverse=True):
        rest = rest.replace(text, "\x00")
    if any(len(text) >= QUOTE_LIMIT and text in rest for text in got.texts() - trusted):
        return QUOTED_TEXT
    if shows_hidden_value(message, got, want):
        return QUOTED_VALUE
    return message


def released_names(nb: NotebookNode) -> frozenset[str]:
    """The names in a graded notebook's locked and test cells, as released (intake restores them, and the hidden
    blocks are left out): a message may name them, e.g. the exception class of a test helper ("raised TooManyCalls")."""
    names = set()
    for cell in nb.cells:
        if cell.cell_type == "code" and is_locked(cell):
            names |= set(IDENTIFIER.findall(cell.source.split(HIDDEN_MARKERS[0])[0]))
    return frozenset(names)


def shows_hidden_value(message: str, got: Observed, want: Observed) -> bool:
    tokens = [token for token in NUMBER.findall(message) if distinctive(float(token))]
    if not tokens:
        return False
    theirs = {key: numbers(got.value(key)) for key in got.keys() if key in want}
    ours = {key: numbers(want.value(key)) for key in want.keys()}
    for token in tokens:
        value, tolerance = float(token), precision(token)
        for key, values in theirs.items():
            if near(value, values, tolerance) and not near(value, ours[key], tolerance) \
                    and any(near(value, elsewhere, tolerance) for other, elsewhere in ours.items() if other != key):
                return True
    return False


def distinctive(value: float) -> bool:
    """Whether a number says which value it is: a fraction written with four significant digits or more.
    Whole numbers (sizes, counts, bytes) recur across a lesson's cases by construction."""
    return math.isfinite(value) and not value.is_integer() and float(f"{value:.3g}") != value


def precision(token: str) -> float:
    """Half a unit in the last digit a number was written with: "0.4313" stands for 0.43125 to 0.43135."""
    mantissa, _, exponent = token.lower().partition("e")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    return 0.5 * 10.0 ** (int(exponent or 0) - decimals)


def near(value: float, values: list[float], tolerance: float) -> bool:
    return any(abs(value - x) <= tolerance * (1 + 1e-9) for x in values)


def numbers(value: object) -> list[float]:
    """The real numbers in a decoded observation (tensors' and arrays' first VALUES elements)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, (list, tuple)):
        return [x for item in value[:VALUES] for x in numbers(item)][:VALUES]
    if isinstance(value, dict):
        return numbers(list(value.values()))
    if hasattr(value, "flatten") and hasattr(value, "tolist"):  # a tensor or an array
        return [float(x) for x in value.flatten()[:VALUES].tolist() if isinstance(x, (int, float))]
    return []
