"""Run a notebook for grading: nbgrader's Execute preprocessor with a jailed kernel, deadlines and probes.

`SandboxExecute` (set through configuration, see grade.sandbox_config):

- launches the kernel with autograder.sandbox.jail.SandboxKernelManager; a kernel that does not start
  (before any student code has run) raises autograder.sandbox.jail.JailError: it costs no grade;
- adds a whole-notebook deadline to the per-cell timeout, and turns a hang or a dead kernel
  (out-of-memory kill, `os._exit`, CPU limit) into an error output on the cell where it happened
  and on every cell after it ("NotExecuted"), so the batch goes on;
- runs a test cell in two steps: its visible part as the cell itself, then its hidden block
  through autograder.sandbox.kernel.probe.run, as a separate request whose outputs never enter the
  notebook. What the probe published (its observations) goes to
  resources["autograder"]["cells"][grade_id] with what happened to the cell, for the judge
  (autograder.judging.JudgeCells);
- caps the output a notebook may send (`output_mb`) while it runs: past the cap nothing more is
  recorded and the cell gets an OutputLimit error; past twice the cap, or at one message bigger than
  autograder.sandbox.client.MAX_MESSAGE (never read), the kernel is stopped. Ordinary output never
  gets there: the kernel caps it itself, far below, and goes on (autograder_kernel.output); only
  output that goes around that cap (writes to descriptors 1 and 2, subprocesses) does. How much the
  kernel dropped goes to resources["autograder"]["dropped"].

LIMIT_FLAGS maps the errors it writes into a notebook to the flag of the notebook's grade;
TRUNCATED_FLAG is the flag of a notebook whose kernel dropped output.
"""
import asyncio
import json
import time

from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbclient.util import run_sync
from nbformat import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Bool, Float

from autograder.cells import grade_id_of, is_test
from autograder.course import HIDDEN_MARKERS
from autograder.sandbox.client import MAX_MESSAGE, SandboxKernelClient
from autograder.sandbox.jail import JailError, SandboxKernelManager
from autograder.sandbox.kernel.output import DROPPED
from autograder.sandbox.kernel.probe import MAX_BYTES, MIME

SKIP_TAG = "autograder-skip-demo"  # autograder.sandbox.demos tags the cells that grading need not run
TIMEOUT_ENAME = "CellTimeoutError"
NOT_EXECUTED_ENAME = "NotExecuted"
KERNEL_DIED_ENAME = "KernelDied"
OUTPUT_LIMIT_ENAME = "OutputLimit"
TIMED_OUT = "an earlier cell timed out"
FLOODED = "the kernel was stopped in an earlier cell: too much output"
# the errors this executor writes into a notebook, and the flag each gives the notebook's grade
LIMIT_FLAGS = {TIMEOUT_ENAME: "timeout", KERNEL_DIED_ENAME: "kernel-died", OUTPUT_LIMIT_ENAME: "output-limit"}
TRUNCATED_FLAG = "output-truncated"
# iopub messages that are bookkeeping, not output
BOOKKEEPING = ("status", "execute_input")


def _error(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


def split_test_cell(source: str) -> tuple[str, str]:
    """(visible part, hidden probe code) of a test cell's source; the probe is "" when there is none."""
    visible, hidden, inside = [], [], False
    for line in source.splitlines():
        if line.strip() == HIDDEN_MARKERS[0]:
            inside = True
        elif line.strip() == HIDDEN_MARKERS[1]:
            inside = False
        else:
            (hidden if inside else visible).append(line)
    return "\n".join(visible), "\n".join(hidden)


class SandboxExecute(Execute):
    """nbgrader's Execute with a jailed kernel, a notebook deadline, probes, and no crash on a dead kernel."""

    notebook_timeout = Float(120, help="seconds all cells of one notebook may run together").tag(config=True)
    kill_on_timeout = Bool(True, help="after a cell times out, stop the kernel: later cells are not run").tag(
        config=True)
    output_mb = Float(8, help="MiB of output (stdout, displays, widget messages) one notebook may send; past it "
                              "nothing more is recorded, past twice it the kernel is stopped").tag(config=True)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("kernel_manager_class", SandboxKernelManager)
        super().__init__(*args, **kwargs)
        # Only the author's demonstrations are skipped (autograder.sandbox.demos), never what a student tagged.
        self.skip_cells_with_tag = SKIP_TAG

    def preprocess(self, nb: NotebookNode, resources: dict | None = None,
                   km: SandboxKernelManager | None = None) -> tuple[NotebookNode, dict]:
        self._deadline = None  # set when the first cell runs: kernel start-up does not count
        self._stopped = ""  # why later cells are not run: "" while the kernel is healthy
        self._record = (resources or {}).setdefault("autograder", {})
        self._cells = self._record.setdefault("cells", {})
        self._record["dropped"] = 0
        self._output_bytes, self._cut_at, self._probing = 0, None, False
        self._flooded = self._oversized = False  # the kernel was stopped for output past 2 caps / one huge message
        try:
            nb, resources = super().preprocess(nb, resources, km)
        except (DeadKernelError, RuntimeError) as error:
            if self._deadline is None:  # before any cell: the jail or the kernel's start-up failed, not the student
                raise JailError(f"the kernel did not start: {error}") from error
            self.log.warning("the kernel stopped: %s", error)
            for cell in nb.cells:
                if cell.cell_type == "code" and not any(o.output_type == "error" for o in cell.get("outputs", [])):
                    cell.outputs = [_error(NOT_EXECUTED_ENAME, "the kernel could not run the notebook")]
        finally:
            if km is not None and self.kc is not None:  # nbclient closes only the clients of kernels it started
                self.kc.stop_channels()
                self.kc = None
        if self._cut_at is not None:
            outputs = nb.cells[self._cut_at].setdefault("outputs", [])
            if not any(o.get("ename") == OUTPUT_LIMIT_ENAME for o in outputs):
                outputs.append(_error(OUTPUT_LIMIT_ENAME, f"the notebook's output passed the limit "
                                                          f"({self.output_mb:g} MiB): the rest was not recorded"))
        return nb, resources

    async def async_start_new_kernel_client(self) -> SandboxKernelClient:
        kc = await super().async_start_new_kernel_client()
        self.km.seal()  # the kernel is ready: its sockets are made
        return kc

    start_new_kernel_client = run_sync(async_start_new_kernel_client)  # nbclient's setup_kernel calls this name

    async def _async_check_alive(self) -> None:
        """nbclient's check, polled every second while a cell runs, that also stops a kernel whose output
        connection was dropped (one message past client.MAX_MESSAGE, never read): nothing more can come
        from it, so it is not left to run until the cell's time limit."""
        await super()._async_check_alive()
        if self.kc.output_dropped():
            await asyncio.sleep(0.5)  # a kernel that exits drops the connection too: see it dead first
            await super()._async_check_alive()
            self._oversized = True
            self.km.kill_now()
            raise DeadKernelError("the kernel's output connection was dropped")

    def process_message(self, msg: dict, cell: NotebookNode, cell_index: int) -> NotebookNode | None:
        """nbclient's, with every output counted against the notebook's cap while the kernel runs."""
        content = msg.get("content", {})
        if msg["msg_type"] in BOOKKEEPING:
            return super().process_message(msg, cell, cell_index)
        size = len(json.dumps(content, default=repr))
        data = content.get("data") if msg["msg_type"] == "display_data" else None
        dropped = data.get(DROPPED) if isinstance(data, dict) else None  # the kernel's line: how much it dropped
        if isinstance(dropped, dict) and isinstance(dropped.get("characters"), int):
            self._record["dropped"] += dropped["characters"]
        if (self._probing and msg["msg_type"] == "display_data" and MIME in content.get("data", {})
                and size <= MAX_BYTES + 4096):
            self._probing = False  # the probe's own observations: once per probe, not the student's output
            return super().process_message(msg, cell, cell_index)
        self._output_bytes += size
        limit = self.output_mb * (1 << 20)
        if self._output_bytes <= limit:
            return super().process_message(msg, cell, cell_index)
        if self._cut_at is None:
            self._cut_at = cell_index
            self.log.warning("output past %g MiB: no more is recorded", self.output_mb)
        if self._output_bytes > 2 * limit and not self._flooded:
            self.log.warning("output past %g MiB: the kernel is stopped", 2 * self.output_mb)
            self._flooded = True
            self.km.kill_now()
        return None

    def preprocess_cell(self, cell: NotebookNode, resources: dict, index: int) -> tuple[NotebookNode, dict]:
        if cell.cell_type != "code" or not cell.source.strip():
            return cell, resources
        if not is_test(cell):
            return self._run(cell, resources, index)
        grade_id = grade_id_of(cell)
        record = self._cells[grade_id] = {"visible": None, "probe": None, "ran": "no"}
        source = cell.source
        visible, hidden = split_test_cell(source)
        cell.source = visible
        try:
            cell, resources = self._run(cell, resources, index)
        finally:
            cell.source = source
        record["visible"] = next(({"ename": o.ename, "traceback": o.get("traceback", [])}
                                  for o in cell.outputs if o.output_type == "error"), None)
        record["ran"] = self._stopped or "yes"
        if hidden.strip() and not self._stopped:
            probe_cell = NotebookNode(cell_type="code", source=self._probe_call(grade_id, hidden),
                                      metadata={}, outputs=[], execution_count=None)
            self._probing = True
            try:
                probe_cell, resources = self._run(probe_cell, resources, index, store_history=False)
            finally:
                self._probing = False
            self.nb.cells[index] = cell  # nbclient keeps the cell it ran last at this index
            payloads = [o.data[MIME] for o in probe_cell.outputs
                        if o.output_type == "display_data" and MIME in o.get("data", {})]
            # the probe publishes once, last; more than one is the student's code publishing too
            record["probe"], record["payloads"] = (payloads[-1] if payloads else None), len(payloads)
            record["ran"] = self._stopped or ("timeout" if _timed_out(probe_cell) else "yes")
        return cell, resources

    @staticmethod
    def _probe_call(grade_id: str, code: str) -> str:
        return f"__import__('autograder_kernel.probe').probe.run({grade_id!r}, {code!r}, globals())"

    def _run(self, cell, resources, index, store_history=True):
        if self._stopped:
            # after a timeout the rest counts as timed out too; after a crash, as not run (missing)
            ename = TIMEOUT_ENAME if self._stopped == TIMED_OUT else NOT_EXECUTED_ENAME
            cell.outputs = [_error(ename, "not run: " + self._stopped)]
            return cell, resources
        if self._deadline is None:
            self._deadline = time.monotonic() + self.notebook_timeout
        remaining = self._deadline - time.monotonic()
        if remaining <= 1:
            # the same words whether the deadline fell inside a cell or between two: grades and
            # messages must not depend on the machine's speed more than the limits make them
            self._stopped = TIMED_OUT
            cell.outputs = [_error(TIMEOUT_ENAME, self._limits_text())]
            return cell, resources
        per_cell = self.timeout
        self.timeout = int(min(per_cell or remaining, remaining))
        try:
            self._check_assign_resources(resources)
            cell = self.execute_cell(cell, index, store_history=store_history)
        except CellTimeoutError:  # no output for too long (nbclient raises instead of recording it)
            cell.outputs = list(cell.get("outputs", [])) + [_error(TIMEOUT_ENAME, "")]
        except DeadKernelError:
            if self._oversized:
                self._stopped = FLOODED
                cell.outputs = list(cell.get("outputs", [])) + [_error(
                    OUTPUT_LIMIT_ENAME, f"the kernel was stopped: this cell sent one output bigger than "
                                        f"{MAX_MESSAGE >> 20} MiB")]
                return cell, resources
            if self._flooded:
                self._stopped = FLOODED
                cell.outputs = list(cell.get("outputs", [])) + [_error(
                    OUTPUT_LIMIT_ENAME, f"the kernel was stopped: the notebook kept writing output past "
                                        f"{2 * self.output_mb:g} MiB")]
                return cell, resources
            self._stopped = "the kernel died in an earlier cell"
            cell.outputs = list(cell.get("outputs", [])) + [_error(
                KERNEL_DIED_ENAME, "the kernel died while running this cell (memory or CPU limit, or exit)")]
            return cell, resources
        finally:
            self.timeout = per_cell
        if self._flooded:  # stopped as the cell ended: later cells are not run
            self._stopped = FLOODED
        if _timed_out(cell):
            for output in cell.outputs:
                if output.output_type == "error" and output.ename == TIMEOUT_ENAME:
                    output.evalue = self._limits_text()
                    output.traceback = [f"{TIMEOUT_ENAME}: {output.evalue}"]
            if self.kill_on_timeout:
                self._stopped = TIMED_OUT
                self._kill_kernel()
        return cell, resources

    def _limits_text(self) -> str:
        return (f"the cell ran past the time limit ({self.timeout} s per cell, "
                f"{self.notebook_timeout:g} s per notebook)")

    def _kill_kernel(self):
        try:
            if self.km is not None:
                run_sync(self.km.shutdown_kernel)(now=True)
        except Exception as error:  # the kernel is being killed anyway
            self.log.warning("could not stop the kernel: %s", error)


def _timed_out(cell) -> bool:
    return any(o.output_type == "error" and o.ename == TIMEOUT_ENAME for o in cell.get("outputs", []))
