"""The grader's end of a kernel's sockets (autograder.sandbox.jail.SandboxKernelManager's client)."""
import zmq
from jupyter_client.asynchronous import AsyncKernelClient
from traitlets import default

MAX_MESSAGE = 32 << 20  # bytes of one message from a kernel: twice the probe's largest observations


class SandboxKernelClient(AsyncKernelClient):
    """The grader's end of a kernel's sockets: a message bigger than MAX_MESSAGE is never read (its
    connection is dropped), so one huge print costs the grader no memory; `output_dropped` tells."""

    _monitor = None

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        context = super()._context_default()
        context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE)
        return context

    def start_channels(self, *args, **kwargs) -> None:
        super().start_channels(*args, **kwargs)
        self._monitor = self.iopub_channel.socket.get_monitor_socket(zmq.EVENT_DISCONNECTED)

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
