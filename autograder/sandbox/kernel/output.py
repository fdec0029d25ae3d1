"""The cap on a grading kernel's ordinary output, so that a loud notebook keeps its points.

What Python code writes to sys.stdout and sys.stderr, what it displays (`display`, a cell's result)
counts against two budgets, in bytes as the grader counts them (JSON): one per cell (an execute
request: a cell, or a probe's run) and one per notebook. Past either, the output is dropped (the
head of the write that crossed the line is kept), and as the cell ends one line says how much was
dropped: a display output that also carries DROPPED, which the grader turns into the notebook's
flag. Dropping costs next to nothing, so the code goes on at full speed.

Output that goes around this cap (writes to file descriptors 1 and 2, by this process or a
subprocess, or code that undoes the cap) meets the grader's own limit instead
(autograder.sandbox.execute): recorded up to its cap, and the kernel is stopped past twice that.

`CappedStream` is the kernel's stream class (IPKernelApp.outstream_class); `start` sets the budgets
and hooks the displays and the cell events, before any student code.
"""
import json
import math
import threading
from json.encoder import encode_basestring_ascii
from typing import TYPE_CHECKING

from ipykernel.iostream import OutStream

from .probe import MIME

if TYPE_CHECKING:  # the kernel's own shell; the grader imports this module for DROPPED only
    from IPython.core.interactiveshell import InteractiveShell

DROPPED = "application/vnd.autograder.dropped+json"


class Budget:
    """Bytes that may still be sent, in this cell and in the whole notebook (no cap until `start`), and
    how many characters of this cell's output were dropped."""

    def __init__(self):
        self.per_cell = self.cell = self.notebook = math.inf
        self.dropped = 0

    def left(self) -> float:
        return min(self.cell, self.notebook)

    def send(self, size: int) -> None:
        self.cell -= size
        self.notebook -= size

    def drop(self, characters: int) -> None:
        """Drop output: nothing more of this cell is sent."""
        self.dropped += characters
        self.cell = 0


BUDGET = Budget()


def _size(text: str) -> int:
    return len(encode_basestring_ascii(text)) - 2  # the grader counts JSON, without the quotes


def _head(text: str, size: float) -> str:
    """The longest start of text that takes at most `size` bytes."""
    head = text[:int(size)]
    while head and _size(head) > size:
        head = head[:int(len(head) * size // _size(head))]
    return head


class CappedStream(OutStream):
    """ipykernel's stdout and stderr, with the cap on what Python code writes."""

    _unflushed = False  # whether anything was written since the last flush

    def write(self, string: object) -> int | None:
        if not isinstance(string, str) or threading.current_thread() is getattr(self, "watch_fd_thread", None):
            self._unflushed = True
            return super().write(string)  # what reached descriptors 1 and 2: the grader's limit applies
        left = BUDGET.left()
        size = _size(string) if len(string) <= left else math.inf  # a character takes a byte at least
        if size <= left:
            BUDGET.send(size)
            self._unflushed = True
            return super().write(string)
        head = _head(string, left)
        if head:
            BUDGET.send(_size(head))
            self._unflushed = True
            super().write(head)
        BUDGET.drop(len(string) - len(head))
        return len(string)

    def flush(self) -> None:
        # a flush waits for the IO thread: once a cell's output is cut, `print(..., flush=True)` in a
        # loop would wait for nothing a million times
        if self._unflushed or BUDGET.cell != 0:
            self._unflushed = False
            super().flush()


def _capped(msg: dict) -> dict | None:
    """The hook of the display publisher and the display hook: a display past the budget is not sent."""
    content = msg.get("content", {})
    if set(content.get("data", {})) & {MIME, DROPPED}:  # the probe's observations; the line below
        return msg
    size = len(json.dumps(content, default=repr))
    if size <= BUDGET.left():
        BUDGET.send(size)
        return msg
    BUDGET.drop(size)
    return None


def start(shell: "InteractiveShell", cell_bytes: int, notebook_bytes: int) -> None:
    """Cap the output of `shell`'s cells (called as the kernel starts, in the thread that runs them)."""
    BUDGET.per_cell, BUDGET.notebook = cell_bytes, notebook_bytes

    def new_cell():
        BUDGET.cell, BUDGET.dropped = BUDGET.per_cell, 0

    def end_cell():
        if BUDGET.dropped:
            line = (f"[autograder] output past the limit ({cell_bytes >> 10} KiB per cell, {notebook_bytes >> 10} KiB "
                    f"per notebook) was not kept: {BUDGET.dropped:,} characters dropped")
            shell.display_pub.publish(data={"text/plain": line, DROPPED: {"characters": BUDGET.dropped}}, metadata={})
            BUDGET.dropped = 0

    new_cell()
    shell.events.register("pre_execute", new_cell)
    shell.events.register("post_execute", end_cell)
    shell.display_pub.register_hook(_capped)
    shell.displayhook.register_hook(_capped)
