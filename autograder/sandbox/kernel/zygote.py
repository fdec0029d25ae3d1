"""The fork server of a worker's jail (autograder.sandbox.jail.Zygote): it loads ipykernel and the preloaded
modules (AUTOGRADER_PRELOAD, e.g. torch) once, then forks each notebook's kernel from that state,
one kernel at a time. A forked kernel starts in a fraction of a second instead of paying Python's
start-up and `import torch` again.

Between two kernels it kills every process the last one left and empties the jail's writable
folders, so a kernel finds nothing of the one before. A kernel holds no descriptor of the zygote's:
its stdout and stderr are a pipe of its own, which the zygote copies to its stderr (at most
RELAYED bytes), so that what a kernel does to them (a lock) ends with it. Kernels cannot read or
trace the zygote (it is not dumpable) and it ignores their signals; one it cannot ignore (SIGKILL,
SIGSTOP) ends or stalls it, and the grader replaces it.

Once its first kernel is done, it imports the modules named LATER (SandboxKernelManager.preload_later),
which the kernels after it then find loaded; the next fork waits for that, once.

Protocol, one JSON line each way on stdin and stdout:
  python -m autograder_kernel.zygote <the kernels' folder> <LATER: modules, comma-separated>
  {"argv": [...]}  ->  {"pid": P}  (the kernel's pid in the jail), and once that kernel has exited
  and the jail is clean  ->  {"ready": true}. The first {"ready": true} says the zygote is loaded.
"""
import ctypes
import importlib
import importlib.util
import json
import os
import select
import signal
import sys
import time

from ipykernel.kernelapp import IPKernelApp

PR_SET_DUMPABLE = 4
LAUNCHER = importlib.util.find_spec("ipykernel_launcher").origin
KERNELS = sys.argv[1] if len(sys.argv) > 1 else ""  # autograder.sandbox.zygote.Zygote.ipc, in /tmp
LATER = [module for module in (sys.argv[2] if len(sys.argv) > 2 else "").split(",") if module]
SCRATCH = ("/tmp", "/dev/shm", os.environ.get("HOME", "/home/student"))
CATCHABLE = [s for s in signal.Signals if s not in (signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD)]
RELAYED = 1 << 20  # bytes of a kernel's own output (its start-up, a crash) copied to the zygote's stderr
# what every kernel's start imports after the fork (the kernel class, its debugger and debugpy, the
# history's sqlite3, IPython's pdb, our start-up): loaded here once instead (0.1-0.2 s a kernel)
KERNEL_MODULES = ("ipykernel.ipkernel", "ipykernel.debugger", "sqlite3", "pdb", "autograder_kernel.startup")


def handle(handlers: dict) -> None:
    for signum, handler in handlers.items():
        try:
            signal.signal(signum, handler)
        except (OSError, TypeError, ValueError):
            pass


def kernel(argv: list[str], handlers: dict, output: int) -> None:
    """In the forked child: become a fresh kernel process, then run the kernel until it exits."""
    os.setpgid(0, 0)
    handle(handlers)  # Python's own, as a new process has them
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    if "numpy" in sys.modules:  # numpy does not reseed after a fork; a fresh process draws a new seed
        sys.modules["numpy"].random.seed()
    sys.argv = [LAUNCHER, *argv]  # as `python -m ipykernel_launcher` has them
    IPKernelApp.launch_instance(argv=argv)
    os._exit(0)


def others() -> list[int]:
    """The pids of this uid's processes in the jail, other than this one and the jail's init."""
    me, uid = os.getpid(), os.getuid()
    found = []
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(name) not in (1, me) and os.stat(f"/proc/{name}").st_uid == uid:
                found.append(int(name))
        except OSError:
            pass
    return found


def clean() -> None:
    """Kill what the last kernel left running, and empty the writable folders."""
    deadline = time.monotonic() + 10
    while others() and time.monotonic() < deadline:
        try:
            os.kill(-1, signal.SIGKILL)  # every process of this uid in the jail but this one
        except ProcessLookupError:  # the last of them ended between the look and the kill
            pass
        time.sleep(0.01)
    if others():
        sys.exit("processes of the last kernel survive")  # the grader starts a new jail
    for folder in SCRATCH:
        empty(folder)


def empty(folder: str) -> None:
    """Remove everything in folder but the kernels' folders (the grader's: KERNELS and the folders
    that lead to it); an error ends the zygote (the grader starts a new jail)."""
    for entry in os.scandir(folder):
        if entry.path == KERNELS:
            continue
        if entry.is_dir(follow_symlinks=False):
            if entry.stat(follow_symlinks=False).st_uid == os.getuid():
                os.chmod(entry.path, 0o700)  # a kernel may have left a folder it cannot list
            empty(entry.path)
            if not KERNELS.startswith(entry.path + "/"):
                os.rmdir(entry.path)
        else:
            os.unlink(entry.path)


def relay(output: int, pid: int) -> None:
    """Copy the kernel's output pipe to the zygote's stderr (at most RELAYED bytes) until it exits."""
    exited = os.pidfd_open(pid)
    poller = select.poll()
    poller.register(output, select.POLLIN)
    poller.register(exited, select.POLLIN)
    left = RELAYED
    try:
        while True:
            ready = dict(poller.poll())
            if output in ready:
                data = os.read(output, 1 << 16)
                if not data:  # the kernel and all it started closed the pipe
                    poller.unregister(output)
                elif left > 0:
                    try:
                        os.write(2, data[:left])
                    except OSError:  # the grader's stderr is gone: nothing more is copied
                        left = 0
                    left -= len(data)
            if exited in ready:
                return
    finally:
        os.close(output)
        os.close(exited)


def load_later() -> None:
    for module in LATER:
        try:
            importlib.import_module(module)
        except Exception as error:  # the kernels import it themselves, if they need it
            print(f"autograder zygote: {module} is not preloaded: {type(error).__name__}: {error}", file=sys.stderr)
    LATER.clear()


def answer(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    handlers = {signum: signal.getsignal(signum) for signum in CATCHABLE}
    handle(dict.fromkeys(CATCHABLE, signal.SIG_IGN))
    for module in filter(None, os.environ.get("AUTOGRADER_PRELOAD", "").split(",")):
        importlib.import_module(module)
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # else debugpy's import warns on the grader's stderr
    for module in ("autograder_kernel.probe", *KERNEL_MODULES):
        importlib.import_module(module)
    del os.environ["PYDEVD_DISABLE_FILE_VALIDATION"]  # kernels get the jail's environment, nothing more
    clean()
    answer({"ready": True})
    for line in sys.stdin:
        request = json.loads(line)
        output, given = os.pipe()
        pid = os.fork()
        if pid == 0:
            kernel(request["argv"], handlers, given)
        os.close(given)
        try:
            os.setpgid(pid, pid)
        except OSError:  # the child made its group already
            pass
        answer({"pid": pid})
        relay(output, pid)
        os.waitpid(pid, 0)
        clean()
        answer({"ready": True})
        load_later()


if __name__ == "__main__":
    main()
