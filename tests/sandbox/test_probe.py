"""The probe's instruments and its tamper check, run in this process (they need torch and IPython, not a kernel)."""
import random

import numpy
import pytest
import torch
from IPython.core.interactiveshell import InteractiveShell

from autograder.sandbox.kernel import probe
from autograder.sandbox.kernel.probe import Probe


def test_autograd_passes_scale_what_autograd_computes_and_nothing_else():
    x = torch.tensor([1.0, 2.0])
    with Probe("test_x").autograd_passes(backward=2.0, grad=4.0) as passes:
        a = x.clone().requires_grad_()
        (a * a).sum().backward()
        b = x.clone().requires_grad_()
        (from_grad,) = torch.autograd.grad((b**3).sum(), b)
        from_func = torch.func.grad(lambda t: (t * t).sum())(x)
        by_hand = 2 * x
    assert torch.equal(a.grad, 2 * (2 * x))
    assert torch.equal(from_grad, 4 * (3 * x**2))
    assert torch.equal(from_func, 4 * (2 * x))
    assert torch.equal(by_hand, 2 * x)
    assert passes.found == [{"entry": "backward", "output": 5.0, "graph": 0},
                            {"entry": "grad", "output": 9.0, "graph": 1},
                            {"entry": "grad", "output": 5.0, "graph": 2}]


def test_autograd_passes_number_graphs_and_keep_errors():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with Probe("test_x").autograd_passes(backward=2.0, grad=2.0) as passes:
        out = (x * x).sum()
        out.backward(retain_graph=True)
        torch.autograd.backward(out, grad_tensors=torch.tensor(3.0))
        with pytest.raises(RuntimeError, match="only for scalar outputs"):
            (x * 2).backward()
    torch.testing.assert_close(x.grad, (2 + 6) * 2 * x.detach())
    assert [p["graph"] for p in passes.found] == [0, 0, 1]


def test_torch_calls_hold_the_calls_of_the_code_under_test_not_the_probes_own_reads():
    probe = Probe("test_x")
    with probe.torch_calls() as calls:
        probe.call("f()", lambda: torch.arange(4).reshape(2, 2))
    assert calls.names == ["arange", "reshape"]
    assert probe.observations["f()"]["__tensor__"]["shape"] == [2, 2]


def test_shared_memory_names_each_item_of_a_result_that_shares_an_inputs_memory():
    a, b = torch.arange(6.0).reshape(2, 3), torch.ones(3)
    assert Probe.shared_memory({"t": a.t(), "copy": a.clone(), "none": None}, [b, a]) == [True, False, False]
    assert Probe.shared_memory((b[1:], a.sum(), 3), [b]) == [True, False, False]
    assert Probe.shared_memory(a.expand(2, 2, 3), [a]) == [True]
    assert Probe.shared_memory([a.numpy(), a.detach()], [a]) == [False, True], "only tensors count"


@pytest.fixture
def shell():
    shell = InteractiveShell.instance()
    saved = {event: list(callbacks) for event, callbacks in shell.events.callbacks.items()}
    probe._BASELINE.clear()
    probe.take_baseline()
    yield shell
    for event, callbacks in saved.items():
        shell.events.callbacks[event][:] = callbacks
    probe._BASELINE.clear()


def test_a_registered_event_callback_is_flagged(shell):
    shell.events.register("post_run_cell", lambda result: None)
    assert "event callbacks was changed" in probe.tampering()


def test_matplotlib_drawing_its_first_figure_is_not_flagged(shell):
    import matplotlib

    matplotlib.use("agg")
    import matplotlib.pyplot as plt

    plt.switch_backend("agg")  # what the first figure of a notebook does: pyplot registers its redraw hook
    plt.close(plt.figure())
    assert probe.tampering() == []


def test_torch_dynamo_wrapping_manual_seed_is_not_flagged_but_replacing_it_is(shell):
    original = torch.manual_seed
    try:
        torch.manual_seed = torch._disable_dynamo(original)  # what importing torch._dynamo does (the profiler)
        assert probe.tampering() == []
        torch.manual_seed = lambda seed: None
        assert "torch.manual_seed was replaced" in probe.tampering()
    finally:
        torch.manual_seed = original


def test_a_probes_random_inputs_do_not_depend_on_what_ran_before_it(monkeypatch):
    published = []
    monkeypatch.setattr(probe, "_publish", published.append)
    code = ("import random\nimport numpy\n"
            "probe.record('inputs', [torch.randn(3).tolist(), random.random(), float(numpy.random.rand())])")

    def observed(grade_id: str, before: int) -> list:
        torch.rand(before), [random.random() for _ in range(before)], numpy.random.rand(before)  # the student's use
        probe.run(grade_id, code, {"torch": torch})
        return published.pop()["observations"]["inputs"]

    first = observed("test_x", 0)
    assert observed("test_x", 5) == first
    assert observed("test_x", 17) == first
    assert observed("test_y", 5) != first, "each test cell has its own seed"
