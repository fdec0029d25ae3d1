"""The probe's kernel-side helpers, run in this process."""
import torch

from autograder.kernel.probe import Probe


def test_torch_calls_hold_the_calls_of_the_code_under_test_not_the_probes_own_reads():
    probe = Probe("test_x")
    with probe.torch_calls() as calls:
        probe.call("f()", lambda: torch.arange(4).reshape(2, 2))
    assert calls.names == ["arange", "reshape"]
    assert probe.observations["f()"]["__tensor__"]["shape"] == [2, 2]
