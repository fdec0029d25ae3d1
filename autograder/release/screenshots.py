"""`make screenshots`: each lesson's first screen as a student sees it, for the README: the student notebook
(lessons/<lang>/NN_name.ipynb) rendered by `jupyter nbconvert --to html`, then shot by Debian's chromium
headless at 1280x900, into docs/lessons/NN_name.<lang>.png. nbconvert shows every cell's code, so a
collapsed cell is rendered as Colab shows it: its title line only.

    python -m autograder.release.screenshots [NN_name ...]   (all lessons when none is named)
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

from autograder import ROOT
from autograder.course import LANGS, Course, isolate_jupyter

CHROMIUM = "/usr/bin/chromium"
WINDOW = "1280,900"


def shoot(notebook: Path, png: Path) -> Path:
    """Render one notebook to HTML and take the first screen of it."""
    if not os.path.exists(CHROMIUM):
        raise FileNotFoundError(f"{CHROMIUM} is missing (apt-get install chromium)")
    png.parent.mkdir(parents=True, exist_ok=True)
    nb = nbformat.read(notebook, as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("jupyter", {}).get("source_hidden"):
            cell.source = cell.source.split("\n", 1)[0]
    with tempfile.TemporaryDirectory() as folder:
        nbformat.write(nb, Path(folder) / "lesson.ipynb")
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(Path(folder) / "lesson.ipynb")],
                       check=True, capture_output=True)
        profile = Path(folder) / "profile"  # chromium's own, so that no user's profile or lock is touched
        shot = Path(folder) / "shot.png"
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={profile}", f"--window-size={WINDOW}", f"--screenshot={shot}",
                        (Path(folder) / "lesson.html").as_uri()], check=True, capture_output=True, timeout=120)
        shutil.copyfile(shot, png)
    return png


def main(assignments: list[str], out: Path = ROOT / "docs" / "lessons") -> list[Path]:
    return [shoot(ROOT / "lessons" / lang / f"{assignment}.ipynb", out / f"{assignment}.{lang}.png")
            for assignment in assignments or Course().assignments() for lang in LANGS]


if __name__ == "__main__":
    isolate_jupyter()  # nbconvert: no user configuration of its own
    for path in main(sys.argv[1:]):
        print(path.relative_to(ROOT))
