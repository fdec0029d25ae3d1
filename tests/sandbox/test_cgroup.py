"""Where kernel cgroups are made (v1, v2, none), on made-up /proc files; and a real one on this host."""
import os
import subprocess
import time

import pytest

from autograder.sandbox import cgroup
from autograder.sandbox.cgroup import Cgroup
from autograder.sandbox.bubblewrap import JOIN


def fake_proc(tmp_path, own: str, mounts: list[tuple[str, str, str, str]]):
    """A /proc/self with this cgroup file and these cgroup mounts (point, root, type, options)."""
    proc = tmp_path / "proc"
    proc.mkdir()
    (proc / "cgroup").write_text(own)
    lines = [f"{30 + i} 25 0:{30 + i} {root} {point} rw,relatime - {kind} {kind} {options}"
             for i, (point, root, kind, options) in enumerate(mounts)]
    lines.insert(0, "25 1 0:24 / /sys rw - sysfs sysfs rw")
    (proc / "mountinfo").write_text("\n".join(lines) + "\n")
    return proc


def test_v1_hierarchies_under_the_graders_own_cgroups(tmp_path):
    pids, memory = tmp_path / "pids", tmp_path / "memory"
    (memory / "grader" / "a").mkdir(parents=True)
    pids.mkdir()
    proc = fake_proc(tmp_path, "9:memory:/grader/a\n8:pids:/\n0::/\n", [
        (str(pids), "/", "cgroup", "rw,pids"), (str(memory), "/", "cgroup", "rw,memory"),
        (str(tmp_path / "unified"), "/", "cgroup2", "rw")])
    assert cgroup.find(proc) == ("v1", [pids, memory / "grader" / "a"])


def test_v1_mount_of_a_subtree(tmp_path):
    """In a container the mount's root is the container's own cgroup."""
    pids, memory = tmp_path / "pids", tmp_path / "memory"
    pids.mkdir(), memory.mkdir()
    proc = fake_proc(tmp_path, "9:memory:/docker/abc\n8:pids:/docker/abc\n", [
        (str(pids), "/docker/abc", "cgroup", "rw,pids"), (str(memory), "/docker/abc", "cgroup", "rw,memory")])
    assert cgroup.find(proc) == ("v1", [pids, memory])


def test_v2_own_cgroup_or_beside_it(tmp_path):
    unified = tmp_path / "unified"
    own = unified / "system.slice" / "grader.service"
    own.mkdir(parents=True)
    (unified / "system.slice" / "cgroup.subtree_control").write_text("cpu memory pids\n")
    (own / "cgroup.subtree_control").write_text("")
    proc = fake_proc(tmp_path, "0::/system.slice/grader.service\n", [(str(unified), "/", "cgroup2", "rw")])
    assert cgroup.find(proc) == ("v2", [unified / "system.slice"])
    (own / "cgroup.subtree_control").write_text("memory pids\n")  # delegated to the grader
    assert cgroup.find(proc) == ("v2", [own])


def test_none_without_both_controllers(tmp_path):
    unified = tmp_path / "unified"
    unified.mkdir()
    (unified / "cgroup.subtree_control").write_text("memory\n")
    proc = fake_proc(tmp_path, "0::/\n", [(str(unified), "/", "cgroup2", "rw")])
    assert cgroup.find(proc) is None
    (tmp_path / "v1").mkdir()
    pids = tmp_path / "pids"
    pids.mkdir()
    proc = fake_proc(tmp_path / "v1", "8:pids:/\n", [(str(pids), "/", "cgroup", "rw,pids")])
    assert cgroup.find(proc) is None  # no memory hierarchy


@pytest.mark.skipif(cgroup.find() is None, reason="no writable cgroup here (needs root and /sys/fs/cgroup)")
def test_a_real_cgroup_limits_and_kills_what_it_holds():
    group = Cgroup.create(processes=8, memory_bytes=64 << 20)
    try:
        for folder in group.folders:
            assert folder.is_dir() and folder.name.startswith(cgroup.PREFIX)
        limits = {f: (folder / f).read_text().strip() for folder in group.folders
                  for f in ("pids.max", "memory.limit_in_bytes", "memory.max") if (folder / f).exists()}
        assert limits["pids.max"] == "8"
        assert str(64 << 20) in (limits.get("memory.limit_in_bytes"), limits.get("memory.max"))
        # a process that joins the cgroup, and forks as many sleepers as it may
        forks = "for i in $(seq 20); do sleep 600 & done 2>/dev/null; wait"
        process = subprocess.Popen(["sh", "-c", JOIN, "sh", *group.procs, "--", "sh", "-c", forks])
        [pids_folder] = [folder for folder in group.folders if (folder / "pids.events").exists()]
        deadline = time.monotonic() + 10
        while "max 0" in (pids_folder / "pids.events").read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        held = group.pids()
        assert "max 0" not in (pids_folder / "pids.events").read_text(), "no fork was refused"
        assert 5 <= len(held) <= 8, held  # the shell and its sleepers, up to pids.max
    finally:
        group.remove()
    process.wait(timeout=10)
    assert not any(os.path.exists(f"/proc/{pid}") and _state(pid) != "Z" for pid in held)
    assert not any(folder.exists() for folder in group.folders)


def _state(pid: int) -> str:
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


@pytest.mark.skipif(cgroup.find() is None, reason="no writable cgroup here (needs root and /sys/fs/cgroup)")
def test_a_new_cgroup_clears_what_graders_killed_outright_left_and_nothing_else():
    """A lost Dask worker leaves its kernels' cgroups; the next cgroup made removes them, but never one that
    holds a process, nor one of a grader still running, nor one made a moment ago (its grader may be about to
    join it)."""
    _, parents = cgroup.find()
    ended = subprocess.Popen(["true"])
    ended.wait()
    holder = subprocess.Popen(["sleep", "600"])

    def made(name: str, age: float) -> list:
        folders = [parent / f"{cgroup.PREFIX}{name}" for parent in parents]
        for folder in folders:
            folder.mkdir()
            os.utime(folder, (time.time() - age,) * 2)
        return folders

    left = made(f"{ended.pid}-left0001", age=cgroup.STALE_SECONDS + 5)
    busy = made(f"{ended.pid}-busy0001", age=cgroup.STALE_SECONDS + 5)
    running = made(f"{os.getpid()}-mine0001", age=cgroup.STALE_SECONDS + 5)
    fresh = made(f"{ended.pid}-new00001", age=0)
    for folder in busy:
        (folder / "cgroup.procs").write_text(str(holder.pid))
    group = Cgroup.create(processes=8, memory_bytes=64 << 20)
    try:
        assert not any(folder.exists() for folder in left)
        assert all(folder.is_dir() for folder in busy + running + fresh)
    finally:
        group.remove()
        holder.kill()
        holder.wait()
        for folder in left + busy + running + fresh:
            if folder.exists():
                folder.rmdir()
