"""The grader's end of a kernel's sockets: when a kernel counts as ready (SandboxKernelClient.wait_for_ready)."""
import pytest
from jupyter_core.utils import run_sync
from traitlets.config import Config

from autograder.sandbox.jail import SandboxKernelManager
from autograder.sandbox.zygote import Zygote


@pytest.fixture
def config(unsafe_no_sandbox) -> Config:
    config = Config()
    config.SandboxKernelManager.update(preload=[], unsafe_no_sandbox=unsafe_no_sandbox)
    return config


async def first_request(kc) -> tuple[list[dict], str]:
    """(the IOPub messages that came after the kernel was ready, up to its first request's idle status, but
    that request's own status messages; the request's id)."""
    request = kc.execute("print('FIRST')")
    seen = []
    while True:
        msg = await kc.iopub_channel.get_msg(timeout=30)
        if msg["msg_type"] == "status" and msg["parent_header"].get("msg_id") == request:
            if msg["content"]["execution_state"] == "idle":
                return seen, request
        else:
            seen.append(msg)


def ready_and_first(km: SandboxKernelManager) -> tuple[list[dict], str]:
    async def run():
        await km.start_kernel()
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=60)
            return await first_request(kc)
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)
    return run_sync(run)()


def test_a_ready_kernel_has_left_nothing_on_iopub_and_sends_its_first_output(config, sandbox):
    """Ready means IOPub is joined (the first cell's output arrives) and read to the end (nothing of the
    start-up is left to be taken for the first cell's). Forked kernels start fast, so IOPub joins after
    the kernel's first status in some starts and before it in others: both ways, over several kernels."""
    zygote = Zygote(SandboxKernelManager(config=config))
    try:
        for _ in range(6):
            messages, request = ready_and_first(SandboxKernelManager(config=config, zygote=zygote))
            assert [m["parent_header"].get("msg_id") for m in messages] == [request] * len(messages), messages
            assert [m["content"].get("text") for m in messages if m["msg_type"] == "stream"] == ["FIRST\n"], messages
    finally:
        zygote.close()


def test_a_kernel_in_a_jail_of_its_own_is_ready_the_same_way(config):
    messages, request = ready_and_first(SandboxKernelManager(config=config))
    assert [m["content"].get("text") for m in messages if m["msg_type"] == "stream"] == ["FIRST\n"], messages


def test_a_kernel_that_dies_before_it_answers_is_an_error_not_a_wait(config):
    async def run():
        km = SandboxKernelManager(config=config)
        await km.start_kernel()
        kc = km.client()
        kc.start_channels()
        try:
            km.kill_now()
            with pytest.raises(RuntimeError, match="died"):
                await kc.wait_for_ready(timeout=600)
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)
    run_sync(run)()
