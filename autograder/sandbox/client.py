"""The grader's end of a kernel's sockets (autograder.sandbox.jail.SandboxKernelManager's client)."""
import time
from queue import Empty

import zmq
from jupyter_client.asynchronous import AsyncKernelClient
from traitlets import default

MAX_MESSAGE = 32 << 20  # bytes of one message from a kernel: twice the probe's largest observations
RECONNECT_MS = 5
IOPUB_JOIN = 0.2  # seconds to wait for a request's idle status on IOPub before asking again (as jupyter_client)


class SandboxKernelClient(AsyncKernelClient):
    """The grader's end of a kernel's sockets: a message bigger than MAX_MESSAGE is never read (its
    connection is dropped), so one huge print costs the grader no memory; `output_dropped` tells."""

    _monitor = None

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        context = super()._context_default()
        context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)
        # the client connects as the kernel forks, before it listens: try again soon (ZeroMQ's default: 0.1 s)
        context.setsockopt(zmq.RECONNECT_IVL, RECONNECT_MS)
        return context

    def start_channels(self, *args: object, **kwargs: object) -> None:
        super().start_channels(*args, **kwargs)
        self._monitor = self.iopub_channel.socket.get_monitor_socket(zmq.EVENT_DISCONNECTED)

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        """Return once the kernel has answered a kernel_info request on the shell channel and IOPub has
        brought that request's idle status: IOPub is connected, and everything the kernel published
        before is read. jupyter_client's own ends by waiting for a fifth of a second of silence on IOPub,
        and waits as long again whenever IOPub joined after the kernel published: most notebooks paid
        both, more than the forked kernel takes to start."""
        deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
        while time.monotonic() < deadline:
            request = self.kernel_info()
            try:
                reply = await self.shell_channel.get_msg(timeout=1)
            except Empty:
                reply = None
            if reply is not None and reply["msg_type"] == "kernel_info_reply":
                self._handle_kernel_info_reply(reply)
                if await self._idle_after(reply["parent_header"].get("msg_id", request)):
                    return
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
        raise RuntimeError(f"Kernel didn't respond in {timeout:g} seconds")

    async def _idle_after(self, request: str) -> bool:
        """Read IOPub until the idle status of `request` (True). False (ask again) at the kernel's welcome
        to this client's subscription, which says that the status may have gone before it, or after
        IOPUB_JOIN seconds without either (a kernel that sends no welcome)."""
        until = time.monotonic() + IOPUB_JOIN
        while (left := until - time.monotonic()) > 0:
            try:
                msg = await self.iopub_channel.get_msg(timeout=left)
            except Empty:
                return False
            if msg["msg_type"] == "iopub_welcome":
                return False
            if (msg["msg_type"] == "status" and msg["content"].get("execution_state") == "idle"
                    and msg["parent_header"].get("msg_id") == request):
                return True
        return False

    def output_dropped(self) -> bool:
        """Whether the kernel's output connection was dropped (a message past MAX_MESSAGE, or the
        kernel's end) since the last call."""
        events, dropped = zmq.Socket.shadow(self._monitor.underlying), False
        while events.poll(0):
            events.recv_multipart()
            dropped = True
        return dropped

    def stop_channels(self) -> None:
        if self._monitor is not None:
            self.iopub_channel.socket.disable_monitor()
            self._monitor.close(linger=0)
            self._monitor = None
        super().stop_channels()
