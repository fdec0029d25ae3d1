"""The grading executor on live kernels, in a jail of their own and forked from a zygote: the CPU
cap, the kernel's own cap on ordinary output, the executor's cap on output that goes around it,
descriptors closed after each notebook, and a kernel that cannot start. Hangs, notebook timeouts and os._exit are proven through real grading in
test_grade.py; the jail's walls in test_jail_redteam.py."""
import json
import os
import time
import tracemalloc

import pytest

from autograder.sandbox.execute import KERNEL_DIED_ENAME, NOT_EXECUTED_ENAME, OUTPUT_LIMIT_ENAME, TIMEOUT_ENAME
from autograder.sandbox.jail import JailError
from autograder.sandbox.kernel.output import DROPPED


def errors(cell) -> list[str]:
    return [o.ename for o in cell.outputs if o.output_type == "error"]


def test_cpu_cap_kills_only_the_kernel(execute_both):
    start = time.perf_counter()
    nb = execute_both(["print('start')", "while True:\n    pass", "print('after')"], kernel={"cpu_seconds": 3})
    assert time.perf_counter() - start < 50
    assert nb.cells[0].outputs[0].text == "start\n"
    assert errors(nb.cells[1]) == [KERNEL_DIED_ENAME]
    assert errors(nb.cells[2]) == [NOT_EXECUTED_ENAME]


def test_a_cell_past_its_time_is_interrupted_and_the_kernel_lives_on(execute_both):
    nb = execute_both(["while True:\n    pass", "print('alive')"], run={"timeout": 3, "kill_on_timeout": False})
    assert TIMEOUT_ENAME in errors(nb.cells[0])
    assert nb.cells[1].outputs[0].text == "alive\n", "the interrupt must reach the kernel only, not end its jail"


# output that goes around the kernel's own cap (autograder_kernel.output): written to a descriptor, by a
# subprocess, or through the stream's base class
AROUND = "import sys\nfrom ipykernel.iostream import OutStream\nOutStream.write(sys.stdout, {})"


@pytest.mark.parametrize("flood", [
    "import os\nwhile True:\n    os.write(1, b'x' * 1000 + b'\\n')",
    "import subprocess\nsubprocess.run(['yes', 'y' * 1000])",
    AROUND.format("'z' * (20 << 20)"),  # one message of 20 MiB
])
def test_an_output_flood_around_the_cap_is_cut_while_it_runs_and_stops_the_kernel(execute_both, flood):
    start = time.perf_counter()
    nb = execute_both(["print('before')", flood, "print('after')"], run={"output_mb": 1, "timeout": 60})
    assert time.perf_counter() - start < 40, "the flood must be stopped, not waited out"
    assert len(json.dumps(nb)) < 2 << 20, "the notebook keeps at most the cap"
    assert nb.cells[0].outputs[0].text == "before\n"
    assert OUTPUT_LIMIT_ENAME in errors(nb.cells[1])
    assert errors(nb.cells[2]) == [NOT_EXECUTED_ENAME]


def test_one_huge_output_is_never_read_by_the_grader(execute_both):
    tracemalloc.start()
    try:
        nb = execute_both(["print('before')", AROUND.format("'z' * (200 << 20)"), "print('after')"])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 << 20, f"the grader held {peak >> 20} MiB"
    assert nb.cells[0].outputs[0].text == "before\n"
    assert errors(nb.cells[1]) == [OUTPUT_LIMIT_ENAME] and errors(nb.cells[2]) == [NOT_EXECUTED_ENAME]


def test_output_past_the_cap_is_dropped_and_the_notebook_goes_on(execute_both):
    nb = execute_both([AROUND.format("'a' * (600 << 10)"), AROUND.format("'b' * (600 << 10)"), "print('c')"],
                      run={"output_mb": 1})
    assert nb.cells[0].outputs[0].text.startswith("aaa")
    assert [o.output_type for o in nb.cells[1].outputs] == ["error"] and errors(nb.cells[1]) == [OUTPUT_LIMIT_ENAME]
    assert errors(nb.cells[2]) == [] and not nb.cells[2].outputs, "nothing more is recorded past the cap"


def dropped(cell) -> int:
    """Characters the kernel said it dropped of this cell's output (autograder_kernel.output's line)."""
    return sum(o.data[DROPPED]["characters"] for o in cell.outputs if o.output_type == "display_data" and DROPPED in o.data)


def test_ordinary_output_is_capped_in_the_kernel_per_cell_and_per_notebook(execute_both):
    nb = execute_both([
        "from IPython.display import HTML, display\nfor _ in range(1000):\n    display(HTML('<b>' + 'y' * 5000 + '</b>'))",
        "for step in range(300_000):\n    print(f'loss at step {step:>7}: ok', flush=step % 2 == 0)",
        "import sys\nsys.stderr.write('e' * 50_000_000)\nprint('after the long line')",
        "'r' * 10_000_000",
        "print('past the notebook cap')",
    ], kernel={"cell_output_kb": 16, "notebook_output_kb": 40})
    kept = [sum(len(o.get("text", "")) + len(o.get("data", {}).get("text/html", "")) for o in cell.outputs
                if DROPPED not in o.get("data", {})) for cell in nb.cells]
    assert kept[0] == 3 * 5007 and 15 << 10 < kept[1] <= 16 << 10 and 8 << 10 < kept[2] < 10 << 10, kept
    assert kept[3:] == [0, 0], kept
    lines_kept = "".join(o.text for o in nb.cells[1].outputs if o.output_type == "stream")
    assert lines_kept.startswith("loss at step       0: ok\nloss at step       1: ok\n")
    assert nb.cells[2].outputs[0].name == "stderr" and "after the long line" not in json.dumps(nb.cells[2].outputs)
    lines = [[o for o in cell.outputs if DROPPED in o.get("data", {})] for cell in nb.cells]
    assert [len(line) for line in lines] == [1] * 5, "one line per cell says how much was dropped"
    assert "characters dropped" in lines[0][0].data["text/plain"]
    assert 300_000 * 25 - (16 << 10) < dropped(nb.cells[1]) < 300_000 * 25, dropped(nb.cells[1])
    assert dropped(nb.cells[2]) > 50_000_000 - (10 << 10) and dropped(nb.cells[4]) == len("past the notebook cap\n")
    assert not [errors(cell) for cell in nb.cells if errors(cell)] and len(json.dumps(nb)) < 64 << 10


def test_a_kernel_that_cannot_start_is_an_error_not_a_grade(execute):
    with pytest.raises(JailError, match="did not start"):
        execute(["print('never')"], kernel={"open_files": 3})  # too few for Python to start


def test_a_worker_keeps_no_descriptor_of_the_notebooks_it_graded(execute_both):
    execute_both(["print(1)"])
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(3):
        execute_both(["print(1)"])
    assert len(os.listdir("/proc/self/fd")) <= before


def test_pyplot_preloaded_draws_as_it_does_imported_by_the_notebook(execute_both):
    """matplotlib takes its backend as it is imported: loaded before the kernel starts (the course
    preloads pyplot), it must use the jail's backend all the same, and say nothing on stderr."""
    cell = ("import matplotlib, matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nplt.show()\n"
            "print(matplotlib.get_backend(), len(plt.get_fignums()))")
    outputs = [execute_both([cell], kernel={"preload": preload}).cells[0].outputs for preload in ([], ["matplotlib.pyplot"])]
    assert outputs[0] == outputs[1] == [{"output_type": "stream", "name": "stdout", "text": "agg 1\n"}], outputs
