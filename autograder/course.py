"""What every stage shares: a course's folders and settings, its languages, the markers of secret lines,
where a release keeps the gradebook and the judges, and nbgrader's configuration."""
import functools
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from autograder import BUILD, NBGRADER_CONFIG, ROOT, SOURCES

LANGS = ("ru", "en")
GRADING_LANG = "en"

SOLUTION_MARKERS = ("### BEGIN SOLUTION", "### END SOLUTION")
HIDDEN_MARKERS = ("### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
JUDGE_KEY = "judge"  # source cells `# %% judge="test_x"` (or "helpers"): never released


@dataclass(frozen=True)
class Course:
    """Where a course's sources are read, its build artifacts kept and its notebooks written."""
    sources: Path = SOURCES
    build: Path = BUILD
    out_root: Path = ROOT
    settings: Path = ROOT / "course.toml"  # what the instructor sets: the student repository, Moodle's language

    def setting(self, section: str, key: str, default: str | None = None) -> str:
        """A setting of course.toml; `default` when given stands for a missing one (or a missing file)."""
        import tomllib

        try:
            with open(self.settings, "rb") as f:
                return tomllib.load(f)[section][key]
        except (FileNotFoundError, KeyError):
            if default is None:
                raise
            return default

    def assignments(self) -> list[str]:
        return sorted(path.stem for path in self.sources.glob("[0-9][0-9]_*.py"))


class ReleaseError(Exception):
    """The release refused to write a notebook."""


def nbgrader_config(course_root: Path) -> Config:
    config = PyFileConfigLoader(NBGRADER_CONFIG.name, str(NBGRADER_CONFIG.parent)).load_config()
    config.CourseDirectory.root = str(course_root)
    return config


def gradebook_path(course: Course) -> Path:
    """The gradebook that grading copies: it holds the hidden tests, so it never leaves build/."""
    return course.build / GRADING_LANG / "gradebook.db"


def judges_path(course: Course, assignment: str) -> Path:
    """The judges and the reference observations of a lesson (autograder.release.reference)."""
    return course.build / GRADING_LANG / "judges" / f"{assignment}.json"


def tools_on_path() -> None:
    """nbgrader starts `alembic` by its name (`nbgrader db upgrade`): let that be the one beside this interpreter
    (the project's .venv), also in a shell whose PATH does not name .venv/bin (`.venv/bin/pytest ...`,
    `.venv/bin/python -m ...`)."""
    here = str(Path(sys.executable).parent)
    if here not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = here + os.pathsep + os.environ.get("PATH", "")


def schema_in_process() -> None:
    """nbgrader asks `alembic heads` for the schema version of each new gradebook, in a new process (2.5 CPU-s a
    gradebook): let schema_version answer it in this one. Called where gradebooks are made (the release, the
    tests), not at the command line's start: importing nbgrader takes a second or two."""
    import nbgrader.api

    nbgrader.api.get_alembic_version = schema_version


@functools.cache
def schema_version() -> str:
    """What nbgrader's get_alembic_version answers (the head of nbgrader's alembic migrations), read with
    alembic's own API in this process."""
    from alembic.config import Config as AlembicConfig
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR

    config = AlembicConfig()
    config.set_main_option("script_location", ALEMBIC_DIR)
    return ScriptDirectory.from_config(config).get_current_head()


def isolate_jupyter() -> None:
    """nbgrader and the kernels it starts must not pick up a user's own Jupyter or IPython configuration (extra
    preprocessors, startup scripts, another "python3" kernel): this process and its children get the build's own
    folders. Called by whatever starts kernels or nbgrader (the command line, a grading worker, the release)."""
    for variable, folder in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython")):
        os.environ[variable] = str(BUILD / "jupyter" / folder)
        os.makedirs(os.environ[variable], exist_ok=True)
