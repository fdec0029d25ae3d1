"""Manual grading in nbgrader's formgrader: a Jupyter server, with nbgrader's server extension, on a graded course.

The server runs in <OUT> (the course root, where `make autograde` wrote nbgrader_config.py, the
gradebook, source/ and autograded/), listens on 127.0.0.1 only, and asks for a random token; the
URL to open, token included, is printed once the server answers.
"""
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

STARTUP_SECONDS = 120
STUDENT_SIDE = ("assignment_list", "course_list", "validate_assignment")  # nbgrader's extensions for students


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def command(out: Path, port: int, token: str) -> list[str]:
    return [sys.executable, "-m", "jupyter", "server", f"--ServerApp.root_dir={out}", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.open_browser=False",
            f"--IdentityProvider.token={token}", "--ServerApp.log_level=WARN",
            *(f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{name}=False" for name in STUDENT_SIDE),
            *(["--ServerApp.allow_root=True"] if os.geteuid() == 0 else [])]  # CI and containers run as root


def start(out: Path, port: int = 0) -> tuple[subprocess.Popen, str]:
    """Start the formgrader on the graded course `out`; (the server process, the URL to open)."""
    out = Path(out).resolve()
    if not (out / "nbgrader_config.py").exists() or not (out / "autograded").is_dir():
        raise FileNotFoundError(f"{out} is not a graded course: run `make autograde OUT={out}` first")
    port, token = port or free_port(), secrets.token_urlsafe(24)
    server = subprocess.Popen(command(out, port, token), cwd=out, env=os.environ.copy())
    try:
        return server, wait_until_up(server, f"http://127.0.0.1:{port}", token)
    except BaseException:  # the server never outlives a start that failed or was stopped
        server.kill()
        server.wait()
        raise


def wait_until_up(server: subprocess.Popen, base: str, token: str) -> str:
    """The URL to open, once the formgrader answers."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{base}/formgrader/api/assignments?token={token}", timeout=5) as answer:
                if answer.status == 200:
                    return f"{base}/formgrader?token={token}"
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the formgrader did not start at {base} (exit status {server.poll()})")
        time.sleep(0.5)


def serve(out: Path, port: int = 0) -> None:
    """Run the formgrader until Ctrl-C (or SIGTERM); the server stops with this process."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # a plain `kill` stops the server too
    server, url = start(out, port)
    print(f"formgrader of {Path(out).resolve()}: open\n    {url}\nCtrl-C stops it.", flush=True)
    try:
        server.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.terminate()
        server.wait(timeout=30)
