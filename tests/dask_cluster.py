"""A real Dask cluster of separate processes for the tests: `dask scheduler` and `dask worker` started as an
instructor would start them, from a folder outside the checkout, with the installed package (no PYTHONPATH)."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil

from autograder.grading.cluster import RESOURCE

DASK = [sys.executable, "-m", "dask"]
# `dask` run by a Python that cannot import the grader, as one from an environment without the package
WITHOUT_GRADER = [sys.executable, "-c", "import sys\n"
                  "sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in getattr(f, '__module__', '')]\n"
                  "from dask.cli import run_cli\nsys.argv[0] = 'dask'\nrun_cli()\n"]


def clean_env(**extra) -> dict:
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, **extra}


class Cluster:
    """A scheduler on localhost, and the workers a test adds."""

    def __init__(self, tmp: Path, dask=DASK):
        self.tmp = tmp
        self.file = tmp / "scheduler.json"
        self.scheduler = subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                           "--no-dashboard", "--scheduler-file", str(self.file)], cwd=tmp,
                                          env=clean_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.workers = []
        for _ in range(300):
            if self.file.exists() and self.file.read_text().strip():
                break
            time.sleep(0.2)
        self.address = json.loads(self.file.read_text())["address"]

    def add_worker(self, prefix=(), nanny=False, args=(), dask=DASK, env=None, resources=True) -> subprocess.Popen:
        """A `dask worker` process (nanny=True: a nanny, which restarts its worker process when it dies)."""
        process = subprocess.Popen([*prefix, *dask, "worker", self.address, "--nthreads", "1",
                                    *(["--resources", f"{RESOURCE}=1"] if resources else []),
                                    "--nanny" if nanny else "--no-nanny", "--no-dashboard",
                                    "--host", "127.0.0.1", *args], cwd=self.tmp, env=env or clean_env(),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.workers.append(process)
        return process

    def worker_processes(self) -> list[psutil.Process]:
        """The live worker processes: a nanny's child that runs the worker, or the process itself."""
        found = []
        for process in self.workers:
            try:
                started = psutil.Process(process.pid)
                children = [c for c in started.children() if "--multiprocessing-fork" in c.cmdline()]
                found += children if "--nanny" in started.cmdline() else [started]
            except psutil.NoSuchProcess:  # it ended meanwhile
                pass
        return found

    def wait_for_workers(self, n: int, timeout: float = 120) -> dict[str, str]:
        """Wait for n workers; returns {name: address}."""
        from distributed import Client
        with Client(self.address) as client:
            client.wait_for_workers(n, timeout=timeout)
            return {w["name"]: address for address, w in client.scheduler_info(n_workers=-1)["workers"].items()}

    def close(self):
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                process.kill()
            process.wait()
