"""Importing the package changes nothing: no environment variable, no folder, no warnings filter, no logging
configuration. What needs a change makes it when it runs (course.isolate_jupyter, the command line's logging)."""
import json
import os
import subprocess
import sys

from autograder import ROOT

PACKAGE = ROOT / "autograder"
# every module but the lessons' sources and nbgrader's configuration file (a script that nbgrader runs)
MODULES = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                 for path in PACKAGE.rglob("*.py")
                 if path.relative_to(PACKAGE).parts[0] != "source" and path.name != "nbgrader_config.py")

# Libraries add warnings filters of their own as they are imported (jupyter_events, bleach, urllib3, IPython):
# the script records who calls warnings.filterwarnings or simplefilter, and only the package's calls count.
IMPORT_ALL = """
import importlib, json, logging, os, sys, warnings
callers = []
for name in ("filterwarnings", "simplefilter"):
    def spy(*args, _real=getattr(warnings, name), **kwargs):
        callers.append(sys._getframe(1).f_code.co_filename)
        return _real(*args, **kwargs)
    setattr(warnings, name, spy)
environ, showwarning = dict(os.environ), warnings.showwarning
for module in sys.argv[2:]:
    importlib.import_module(module)
print(json.dumps({"environ": {k: v for k, v in os.environ.items() if environ.get(k) != v},
                  "gone": sorted(environ.keys() - os.environ.keys()),
                  "filters": [f for f in callers if f.startswith(sys.argv[1])],
                  "showwarning": warnings.showwarning is showwarning,
                  "handlers": [repr(h) for h in logging.getLogger().handlers]}))
"""


def test_importing_every_module_changes_nothing(tmp_path):
    home, cwd, build, matplotlib = (tmp_path / name for name in ("home", "cwd", "build", "matplotlib"))
    for folder in (home, cwd, matplotlib):
        folder.mkdir()
    # copydetect imports matplotlib, which writes its font cache under HOME unless MPLCONFIGDIR names a folder
    env = {**os.environ, "HOME": str(home), "AUTOGRADER_BUILD": str(build), "MPLCONFIGDIR": str(matplotlib)}
    for variable in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):  # set in this process by conftest
        env.pop(variable, None)
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL, str(PACKAGE), *MODULES], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(MODULES) > 50 and "autograder.gradebook" in MODULES and "autograder.cli" in MODULES
    seen = json.loads(done.stdout)
    assert seen == {"environ": {}, "gone": [], "filters": [], "showwarning": True, "handlers": []}, seen
    assert not build.exists()
    assert [list(folder.iterdir()) for folder in (home, cwd)] == [[], []]
