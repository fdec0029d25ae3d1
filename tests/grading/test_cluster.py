"""The cluster check (autograder.grading.cluster): before a class is sent, a scheduler that cannot import the
grader, or a worker at another commit, without the grader or without the grading resource, stops the run
before anything is written, with a message that names the machine and the fix. Real `dask` processes, one of
them at another commit (a changed copy of the package first on its path), some run by a Python that cannot
import the grader."""
import re
import shutil

import nbformat
import pytest

from autograder import ROOT, autograde
from autograder.grading.cluster import ClusterError, grader_version
from tests.dask_cluster import WITHOUT_GRADER, Cluster, clean_env

pytestmark = pytest.mark.usefixtures("sandbox")
LIMITS = {"preload": [], "preload_later": [], "timeout": 30, "notebook_timeout": 60}


def one_student(course, folder):
    (folder / "s1").mkdir(parents=True)
    nb = nbformat.read(course.out_root / "solutions" / "en" / "01_alpha.ipynb", as_version=4)
    nbformat.write(nb, folder / "s1" / "01_alpha.ipynb")
    return folder


def test_mismatching_workers_stop_the_run_before_anything_is_written(tiny_course, cluster, tmp_path):
    other = tmp_path / "other-commit"
    shutil.copytree(ROOT / "autograder", other / "autograder", ignore=shutil.ignore_patterns("__pycache__"))
    with open(other / "autograder" / "grading" / "worker.py", "a") as f:
        f.write("# a later commit\n")
    cluster.add_worker(args=("--name", "good"))
    cluster.add_worker(args=("--name", "other-commit"), env=clean_env(PYTHONPATH=str(other)))
    cluster.add_worker(args=("--name", "no-grader"), dask=WITHOUT_GRADER)
    cluster.add_worker(args=("--name", "no-resource"), resources=False)
    names = cluster.wait_for_workers(4)
    out = tmp_path / "out"
    with pytest.raises(ClusterError) as raised:
        autograde.autograde(one_student(tiny_course, tmp_path / "class"), out, scheduler=cluster.address,
                            course=tiny_course, limits=LIMITS)
    problems = dict(re.findall(r"the worker (tcp://[\d.:]+) \(on [^)]+\) ([^;]+)", str(raised.value)))
    assert set(problems) == {names["other-commit"], names["no-grader"], names["no-resource"]}, str(raised.value)
    assert problems[names["other-commit"]].startswith("runs grader ")
    assert f"this client {grader_version()}: check out the course's commit there, run `make venv`, and restart it" \
        in problems[names["other-commit"]]
    assert problems[names["no-grader"]].startswith("cannot import the grader (")
    assert "start it from the course's environment, made by `make venv`" in problems[names["no-grader"]]
    assert "announces no 'grading' resource: start it as" in problems[names["no-resource"]]
    assert "--resources grading=1" in problems[names["no-resource"]]
    assert not out.exists()


def test_a_scheduler_that_cannot_import_the_grader_stops_the_run(tiny_course, tmp_path):
    cluster = Cluster(tmp_path, dask=WITHOUT_GRADER)
    try:
        cluster.add_worker()
        cluster.wait_for_workers(1)
        out = tmp_path / "out"
        with pytest.raises(ClusterError, match=rf"the scheduler at {cluster.address} cannot import the grader "
                                               r"\(.*No module named 'autograder'.*\)\. Start it with the course's "
                                               r"environment, made by `make venv` on that machine: .*dask scheduler"):
            autograde.autograde(one_student(tiny_course, tmp_path / "class"), out, scheduler=cluster.address,
                                course=tiny_course, limits=LIMITS)
        assert not out.exists()
    finally:
        cluster.close()
