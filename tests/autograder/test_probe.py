"""The probe's tamper check in an IPython shell of our own: what it flags, and what a library does by itself."""
import pytest
import torch
from IPython.core.interactiveshell import InteractiveShell

from autograder.kernel import probe


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
