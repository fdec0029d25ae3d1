"""One cgroup per kernel: a process and a memory limit that the kernel cannot escape, a kill of
everything it leaves behind, and the removal of the cgroups that graders killed outright left.

cgroup v2 is used where the grader's own cgroup, or its parent, offers the pids and memory
controllers to a new child (a delegated v2 host); else the pids and memory hierarchies of cgroup v1
(as on this project's machines); else none (not root, or /sys/fs/cgroup read-only), and the jail
falls back to rlimits and size-capped tmpfs (autograder.sandbox.jail).

Memory counted by a cgroup includes the tmpfs pages its processes write: /dev/shm, /tmp and the
working folder of the jail count against the kernel's memory limit.
"""
import os
import signal
import time
import uuid
from pathlib import Path

CONTROLLERS = ("pids", "memory")
PREFIX = "autograder-kernel-"
STALE_SECONDS = 60  # a grader's launcher joins the cgroup it made within seconds


def _mounts(mountinfo: str) -> list[tuple[str, str, str, set[str]]]:
    """(mount point, root inside the hierarchy, fs type, options) of every cgroup mount."""
    mounts = []
    for line in mountinfo.splitlines():
        fields, _, tail = line.partition(" - ")
        parts, rest = fields.split(), tail.split()
        if len(parts) >= 5 and len(rest) >= 3 and rest[0] in ("cgroup", "cgroup2"):
            mounts.append((parts[4], parts[3], rest[0], set(rest[2].split(","))))
    return mounts


def _inside(mount_point: str, mount_root: str, path: str) -> Path | None:
    """The folder of cgroup `path` under a mount of the hierarchy rooted at `mount_root`."""
    relative = os.path.relpath(path, mount_root)
    if relative == ".." or relative.startswith("../"):
        return None
    return Path(mount_point, relative).resolve()


def _writable(folder: Path) -> bool:
    return folder.is_dir() and os.access(folder, os.W_OK)


def _controllers(folder: Path) -> set[str]:
    """The controllers a cgroup v2 gives its children."""
    try:
        return set((folder / "cgroup.subtree_control").read_text().split())
    except OSError:
        return set()


def find(proc: Path = Path("/proc/self")) -> tuple[str, list[Path]] | None:
    """("v2", [parent]) or ("v1", [pids parent, memory parent]): where kernel cgroups can be made.

    None when no hierarchy with both controllers can be written here.
    """
    try:
        own = (proc / "cgroup").read_text()
        mounts = _mounts((proc / "mountinfo").read_text())
    except OSError:
        return None
    v1, v2 = {}, None
    for line in own.splitlines():
        number, controllers, path = line.split(":", 2)
        if number == "0" and not controllers:
            v2 = path
        for controller in controllers.split(","):
            v1[controller] = path
    if v2 is not None:
        for point, root, kind, _ in mounts:
            folder = _inside(point, root, v2) if kind == "cgroup2" else None
            if folder is None:
                continue
            # or beside the grader: a cgroup v2 that holds processes cannot enable controllers for
            # children of its own
            for parent in [folder] + ([folder.parent] if folder != Path(point).resolve() else []):
                if _writable(parent) and set(CONTROLLERS) <= _controllers(parent):
                    return "v2", [parent]
    parents = []
    for controller in CONTROLLERS:
        folder = next((_inside(point, root, v1[controller]) for point, root, kind, options in mounts
                       if kind == "cgroup" and controller in options and controller in v1), None)
        if folder is None or not _writable(folder):
            return None
        parents.append(folder)
    return "v1", parents


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _sweep(parents: list[Path], older_than: float = STALE_SECONDS) -> None:
    """Remove the empty kernel cgroups that graders no longer running left behind. A grader killed
    outright (a lost Dask worker) cannot remove its kernels' cgroups: they would pile up for the
    semester, and a later process given the same pid would find them under its own name. One made
    under `older_than` seconds ago is left, whatever its pid: its grader, perhaps in another pid
    namespace, may be about to join it."""
    now = time.time()
    for parent in parents:
        for folder in parent.glob(f"{PREFIX}*"):
            pid = folder.name[len(PREFIX):].partition("-")[0]
            try:
                if pid.isdigit() and not _alive(int(pid)) and now - folder.stat().st_mtime >= older_than:
                    folder.rmdir()
            except OSError:  # it holds processes still, or another grader removed it first
                pass


class Cgroup:
    """A kernel's cgroup: made with its limits before the kernel starts, killed and removed after it."""

    def __init__(self, version: str, folders: list[Path]):
        self.version, self.folders = version, folders

    @classmethod
    def create(cls, processes: int, memory_bytes: int) -> "Cgroup | None":
        """A new cgroup with these limits (0: none), or None where the host offers none."""
        found = find()
        if found is None:
            return None
        version, parents = found
        _sweep(parents)
        name = f"{PREFIX}{os.getpid()}-{uuid.uuid4().hex[:8]}"
        group = cls(version, [parent / name for parent in parents])
        try:
            for folder in group.folders:
                folder.mkdir()
            if version == "v2":
                limits = {"pids.max": processes, "memory.max": memory_bytes, "memory.swap.max": 0}
            else:  # the memsw limit (memory + swap) can only be set after the memory limit
                limits = {"pids.max": processes, "memory.limit_in_bytes": memory_bytes,
                          "memory.memsw.limit_in_bytes": memory_bytes}
            for file, value in limits.items():
                if value or file == "memory.swap.max":
                    group._write(file, str(value))
        except OSError:
            group.remove()
            raise
        return group

    def memory_used(self) -> int:
        """Bytes of memory the cgroup's processes use now."""
        for folder in self.folders:
            for file in ("memory.current", "memory.usage_in_bytes"):
                if (folder / file).exists():
                    return int((folder / file).read_text())
        return 0

    def set_memory(self, memory_bytes: int) -> None:
        """Raise the memory limit (v1: memory + swap first, as it must stay the larger)."""
        for file in ("memory.max", "memory.memsw.limit_in_bytes", "memory.limit_in_bytes"):
            self._write(file, str(memory_bytes))

    def _write(self, file: str, value: str) -> None:
        for folder in self.folders:
            if (folder / file).exists():
                (folder / file).write_text(value)

    @property
    def procs(self) -> list[str]:
        """The files a launcher writes its pid into, before it starts the kernel, to join the cgroup."""
        return [str(folder / "cgroup.procs") for folder in self.folders]

    def pids(self) -> set[int]:
        found = set()
        for folder in self.folders:
            try:
                found |= {int(pid) for pid in (folder / "cgroup.procs").read_text().split()}
            except OSError:
                pass
        return found

    def peak(self) -> dict[str, int]:
        """The most processes and memory bytes the kernel used, where the host records them."""
        peaks = {}
        for key, file in (("processes", "pids.peak"), ("memory", "memory.max_usage_in_bytes"),
                          ("memory", "memory.peak")):
            for folder in self.folders:
                if (folder / file).exists():
                    peaks[key] = int((folder / file).read_text())
        return peaks

    def remove(self) -> None:
        """Kill every process left in the cgroup, then remove it."""
        for folder in self.folders:
            if (folder / "cgroup.kill").exists():
                (folder / "cgroup.kill").write_text("1")
        for _ in range(200):  # a fork bomb races the kill; pids.max bounds it, each round kills all
            pids = self.pids()
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            removed = True
            for folder in self.folders:
                try:
                    folder.rmdir()
                except FileNotFoundError:
                    pass
                except OSError:  # busy: processes are still exiting
                    removed = False
            if removed:
                return
            time.sleep(0.02)
        raise OSError(f"could not remove the kernel's cgroup {self.folders}: {sorted(self.pids())} remain")
