"""The cluster check: before a class is sent, one round trip proves that the scheduler and every worker
run this grader and hold this run's release.

The client asks the scheduler, which asks every worker in one broadcast, who it is: its machine,
its grader version (a hash of the installed package's code and the versions of the packages that
grade with it) and, for a worker, the release its GraderPlugin holds (a hash of the gradebook and
the judges the client shipped), whether it can grade, and its `grading` resource. A scheduler that
cannot import the grader, or a worker at another commit, another release, without a jail or
without the resource, stops the run before anything is written, with a message that names the
machine and the fix.
"""
import hashlib
import importlib.metadata
import json
import socket
import sys
from functools import cache
from pathlib import Path

from distributed import Client, Scheduler, Worker
from distributed.protocol import Serialized, deserialize
from distributed.protocol.pickle import dumps, loads

import autograder

PLUGIN = "autograder"  # the name of the GraderPlugin on every worker
RESOURCE = "grading"  # what a job asks for: one per worker process, announced when the worker starts
DASK = Path(sys.prefix) / "bin" / "dask"  # this client's; on another machine, its own checkout's
WORKER_COMMAND = f"{DASK} worker <scheduler> --nthreads 1 --resources {RESOURCE}=1"
PACKAGES = ("dask", "distributed", "ipykernel", "jupyter_client", "nbclient", "nbgrader", "torch")


class ClusterError(RuntimeError):
    """The cluster cannot grade this run: the message names the machine and the fix."""


class NoGradingWorker(ClusterError):
    """No worker of the cluster can grade (none can jail student code, or there is none)."""


@cache
def grader_version() -> str:
    """A hash of the grader's code and of the versions of the packages that grade with it."""
    digest = hashlib.sha256()
    package = Path(autograder.__file__).parent
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
    for name in PACKAGES:
        try:
            digest.update(f"{name}=={importlib.metadata.version(name)}\0".encode())
        except importlib.metadata.PackageNotFoundError:
            digest.update(f"{name} missing\0".encode())
    return digest.hexdigest()[:12]


def release_of(gradebook: bytes | str, judges: dict[str, str]) -> str:
    """A hash of the release a run grades against: the gradebook (or its URL) and the judges."""
    digest = hashlib.sha256(gradebook if isinstance(gradebook, bytes) else gradebook.encode())
    digest.update(json.dumps(judges, sort_keys=True).encode())
    return digest.hexdigest()[:12]


def identity(dask_worker: Worker | None = None) -> dict:
    """Who runs this: the machine, the grader version and, on a worker, what its GraderPlugin holds."""
    me = {"host": socket.gethostname(), "version": grader_version(), "python": sys.executable}
    if dask_worker is not None:
        plugin = dask_worker.plugins.get(PLUGIN)
        me.update(release=getattr(plugin, "release", None), refusal=getattr(plugin, "refusal", ""),
                  grading=dask_worker.state.total_resources.get(RESOURCE, 0), status=dask_worker.status.name)
    return me


async def survey(dask_scheduler: Scheduler) -> dict:
    """On the scheduler: its identity and every worker's, or why a worker could not say (one broadcast)."""
    replies = await dask_scheduler.broadcast(
        msg={"op": "run", "function": dumps(identity), "args": dumps(()), "kwargs": dumps({}), "wait": True},
        on_error="return_pickle")
    workers = {}
    for address, reply in replies.items():
        if isinstance(reply, dict) and reply.get("status") == "OK":
            result = reply["result"]  # the scheduler passes a worker's reply on unread, as Serialized
            workers[address] = deserialize(result.header, result.frames) if isinstance(result, Serialized) else result
            continue
        error = loads(reply) if isinstance(reply, bytes) else reply.get("exception_text", "")
        host = dask_scheduler.workers[address].host if address in dask_scheduler.workers else address
        if isinstance(error, OSError):  # its connection closed: the worker left
            workers[address] = {"host": host, "status": "closed"}
        else:
            workers[address] = {"host": host, "error": error if isinstance(error, str) else repr(error)}
    return {"scheduler": identity(), "workers": workers}


def check(client: Client, release: str) -> int:
    """Raise ClusterError unless the scheduler and every worker run this grader and hold `release`;
    returns how many workers can grade."""
    address = client.scheduler.address
    try:
        found = client.run_on_scheduler(survey)
    except Exception as error:
        raise ClusterError(
            f"the scheduler at {address} cannot import the grader ({type(error).__name__}: {error}). Start it "
            f"with the course's environment, made by `make venv` on that machine: "
            f"{DASK} scheduler") from error
    mine = grader_version()
    update = "check out the course's commit there, run `make venv`, and restart it"
    problems = []
    staying = {worker: me for worker, me in found["workers"].items() if not me.get("status", "").startswith("clos")}
    if found["scheduler"]["version"] != mine:
        problems.append(f"the scheduler at {address} (on {found['scheduler']['host']}) runs grader "
                        f"{found['scheduler']['version']}, this client {mine}: {update}")
    for worker, me in sorted(staying.items()):  # a worker that cannot grade leaves: GraderPlugin.setup
        named = f"the worker {worker} (on {me['host']})"
        if "error" in me:
            problems.append(f"{named} cannot import the grader ({me['error']}): start it from the course's "
                            f"environment, made by `make venv`: {WORKER_COMMAND}")
        elif me["version"] != mine:
            problems.append(f"{named} runs grader {me['version']}, this client {mine}: {update}")
        elif me["refusal"]:
            problems.append(f"{named} cannot grade: {me['refusal']}")
        elif me["release"] != release:
            problems.append(f"{named} holds release {me['release']}, this run {release}: another run on this "
                            f"cluster replaced it; grade one class at a time")
        elif not me["grading"]:
            problems.append(f"{named} announces no {RESOURCE!r} resource: start it as `{WORKER_COMMAND}`")
    if problems:
        error = NoGradingWorker if all("cannot grade" in p for p in problems) else ClusterError
        raise error("; ".join(problems))
    if not staying:
        raise NoGradingWorker(f"the cluster at {address} has no worker that can grade: start them with "
                              f"`{WORKER_COMMAND}`")
    return len(staying)
