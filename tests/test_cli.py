"""The command line prints the grader's own lines; the libraries' log records and warnings go to OUT/.autograde/
autograde.log, and to the terminal too with --verbose (VERBOSE=1)."""
import json
import re
import shutil
import subprocess
import sys
import time

import pytest

from autograder import ROOT
from autograder.state import LOG
from tests.docs_commands import run_from_root
from tests.tiny_course import cli_script

LIMITS = {"timeout": 20, "notebook_timeout": 120, "memory_mb": 4096, "cpu_seconds": 120}
DASHBOARD = 8787  # Dask's default dashboard port: a scheduler starting beside another one warns that it is taken
TAKEN = "Perhaps you already have a cluster running?"
# everything `autograde` may print on a clean run (without a terminal, so without its progress bar)
OWN_LINES = [r"graded 1 notebooks \(1 ok; 0 flagged\); see \S+/grades\.csv and \S+/report\.html",
             r"1 answers wait for manual grading: make formgrade OUT=\S+",
             r"time: [\d.]+ s = start-up .* \+ grading [\d.]+ s \+ publishing .*"]


@pytest.fixture(scope="module")
def another_cluster(tmp_path_factory):
    """A second Dask scheduler on this machine, holding the dashboard port 8787 itself: a Dask process of another
    test that held it a moment only would leave it free for the grader, which then has nothing to warn about.
    Every LocalCluster's scheduler serves HTTP on 8787 when it is free, in the process that grades: under `make
    test-all` the class graded cold holds it for about 20 minutes, so this waits for it (within the test's limit)."""
    folder = tmp_path_factory.mktemp("another-cluster")
    deadline, attempt = time.monotonic() + 25 * 60, 0
    while True:
        attempt += 1
        file = folder / f"scheduler-{attempt}.json"
        scheduler = subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1",
                                      "--port", "0", "--dashboard-address", f":{DASHBOARD}",
                                      "--scheduler-file", str(file)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            if file.exists() and file.read_text().strip():
                break
            time.sleep(0.2)
        if json.loads(file.read_text())["services"].get("dashboard") == DASHBOARD:
            break
        scheduler.terminate()
        scheduler.wait()
        if time.monotonic() > deadline:
            pytest.fail(f"no scheduler of this test could hold port {DASHBOARD} in 25 minutes")
        time.sleep(5)
    try:
        yield
    finally:
        scheduler.terminate()
        scheduler.wait()


def autograde(course, tmp_path, *options) -> tuple[subprocess.CompletedProcess, str]:
    """`python -m autograder.cli [options] autograde` on one right notebook: (the process, its log file)."""
    submissions = tmp_path / "class" / "s1"
    submissions.mkdir(parents=True)
    shutil.copy(course.out_root / "solutions" / "en" / "01_alpha.ipynb", submissions)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", cli_script(course, [*options, "autograde", submissions.parent, out],
                                                            LIMITS)],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    return done, (out / LOG).read_text(encoding="utf-8")


def test_autograde_prints_only_its_own_lines(sandbox, tiny_course, another_cluster, tmp_path):
    done, log = autograde(tiny_course, tmp_path)
    printed = (done.stdout + done.stderr).splitlines()
    assert [line for line in printed if not any(re.fullmatch(own, line) for own in OWN_LINES)] == []
    assert len(printed) == len(OWN_LINES)
    assert TAKEN in log and "distributed.scheduler" in log  # Python's warnings and Dask's records


def test_verbose_shows_the_libraries_lines_too(sandbox, tiny_course, another_cluster, tmp_path):
    done, log = autograde(tiny_course, tmp_path, "--verbose")
    assert TAKEN in done.stderr and "INFO distributed.scheduler" in done.stderr
    assert TAKEN in log
    assert re.fullmatch(OWN_LINES[-1], done.stdout.splitlines()[-1])


@pytest.mark.parametrize("target", ["pull", "autograde", "export", "push", "similarity", "release"])
def test_verbose_1_reaches_every_command_of_the_makefile(target):
    def dry_run(*variables: str) -> list[str]:
        done = run_from_root(f"make -n {target} OUT=graded SUBMISSIONS=class.zip "
                             f"MOODLE_URL=https://moodle.example.edu {' '.join(variables)}")
        assert done.returncode == 0, done.stderr
        return [line for line in done.stdout.splitlines() if re.search(rf"autograder\.cli( --verbose)? {target}\b", line)]

    [verbose] = dry_run("VERBOSE=1")  # (a checkout without build/ also shows `make release`'s line before it)
    [plain] = dry_run()
    assert f"-m autograder.cli --verbose {target}" in verbose and "--verbose" not in plain


def test_the_graders_warnings_and_every_error_reach_the_terminal(tmp_path):
    script = ("import logging, sys, warnings\n"
              "from pathlib import Path\n"
              "from autograder import cli\n"
              "cli.log_to(Path(sys.argv[1]), verbose=False)\n"
              "logging.getLogger('autograder.grading.engine').warning('the grader warns')\n"
              "logging.getLogger('autograder.grading.engine').info('the grader informs')\n"
              "logging.getLogger('distributed.scheduler').warning('a library warns')\n"
              "logging.getLogger('tornado.application').error('a library fails')\n"
              "warnings.warn('a library warning')\n")
    log = tmp_path / "out" / LOG
    done = subprocess.run([sys.executable, "-c", script, str(log)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["the grader warns", "a library fails"]
    written = log.read_text(encoding="utf-8")
    for line in ("WARNING autograder.grading.engine: the grader warns", "INFO autograder.grading.engine: the grader "
                 "informs", "WARNING distributed.scheduler: a library warns", "ERROR tornado.application: a library "
                 "fails", "WARNING py.warnings: ", "UserWarning: a library warning"):
        assert line in written


def test_export_of_a_folder_never_graded_says_so_and_makes_nothing(tmp_path):
    typo = tmp_path / "graded-typo"
    done = subprocess.run([sys.executable, "-m", "autograder.cli", "export", str(typo)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"nothing was exported: {typo / '.autograde' / 'last-run.json'} is missing: run " \
                          f"`make autograde OUT={typo}` first\n"
    assert not typo.exists()


def test_autograde_of_nothing_pulled_names_both_ways_in(tmp_path):
    out = tmp_path / "graded"
    done = subprocess.run([sys.executable, "-m", "autograder.cli", "autograde", str(out / "pulled"), str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == "" and not out.exists()
    assert done.stderr == (f"nothing was graded: {out / 'pulled'} does not exist: give SUBMISSIONS=<a folder or "
                           f"Moodle's zip>, or bring the submissions with make pull OUT={out} MOODLE_URL=https://...\n")
