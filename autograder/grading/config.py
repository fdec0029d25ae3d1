"""The grading configuration: the limits a run may set, nbgrader's configuration with them, and a zygote
started ahead for it. Light to import: the command line starts that zygote before it imports the grader."""
import json
import tempfile
from pathlib import Path

from traitlets.config import Config

from autograder.course import nbgrader_config
from autograder.sandbox import zygote
from autograder.sandbox.jail import SandboxKernelManager

# Settings a caller may pass as `limits` (autograde.autograde(..., limits={...})): the traitlets they set.
LIMITS = {
    "timeout": "Execute.timeout",  # seconds per cell
    "notebook_timeout": "SandboxExecute.notebook_timeout",  # seconds per notebook
    "memory_mb": "SandboxKernelManager.memory_mb",
    "cpu_seconds": "SandboxKernelManager.cpu_seconds",
    "file_size_mb": "SandboxKernelManager.file_size_mb",
    "threads": "SandboxKernelManager.threads",
    "preload": "SandboxKernelManager.preload",
    "preload_later": "SandboxKernelManager.preload_later",
    "skip_demos": "SkipDemos.enabled",  # False: run the author's demonstrations too
    "warm_kernels": "Grader.warm",  # False: no fork server, each kernel starts in a new jail of its own
    "processes": "SandboxKernelManager.processes",
    "scratch_mb": "SandboxKernelManager.scratch_mb",
    "output_mb": "SandboxExecute.output_mb",
    "unsafe_no_sandbox": "SandboxKernelManager.unsafe_no_sandbox",  # UNSAFE: see autograder.sandbox.jail
}


def configuration(root: Path, limits: dict) -> Config:
    """nbgrader's configuration for grading, with the run's limits (keys of LIMITS) set."""
    config = nbgrader_config(root)
    for name, value in limits.items():
        section, trait = LIMITS[name].split(".")
        setattr(config[section], trait, value)
    return config


def forks(config: Config) -> bool:
    """Whether kernels are forked from a zygote (autograder.sandbox.zygote) under this configuration."""
    return config.Grader.get("warm", True) and not config.SandboxKernelManager.get("unsafe_no_sandbox")


def zygote_key(limits: dict) -> str:
    """What a prestarted zygote is kept under: the limits it was started with."""
    return json.dumps(limits, sort_keys=True)


def prestart(limits: dict) -> None:
    """Start, in this process, the zygote that a Grader with these limits would start first (zygote.prestart)."""
    config = configuration(Path(tempfile.gettempdir()), limits)
    if forks(config):
        zygote.prestart(SandboxKernelManager(config=config), zygote_key(limits))
