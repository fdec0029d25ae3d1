"""`make docs-figures`: docs/architecture.png is what a fresh draw writes, and what it names exists."""
import re

from matplotlib.text import Text

from autograder import ROOT
from autograder.release import architecture
from autograder.release.figures import png_of

MODULE = re.compile(r"(?:autograder/)?[\w/]*\w\.py|autograder/[\w/]*")
TARGET = re.compile(r"make ([a-z-]+)")


def drawn_texts() -> list[str]:
    texts = []

    def draw() -> None:
        import matplotlib.pyplot as plt

        architecture.draw()
        texts.extend(t.get_text() for t in plt.gcf().findobj(Text))

    png_of(draw)
    return texts


def test_the_committed_picture_is_a_fresh_draw():
    assert png_of(architecture.draw) == architecture.PNG.read_bytes(), \
        "docs/architecture.png is not what autograder/release/architecture.py draws: run `make docs-figures`"


def test_every_module_and_folder_it_names_exists():
    texts = drawn_texts()
    named = {name for text in texts for name in MODULE.findall(text)}
    assert {"autograder/intake/", "autograder/judge.py", "autograder/sandbox/", "publish/formgrade.py"} <= named
    # a path from the root or from autograder/, or a module's bare name (outputs.py) somewhere under autograder/
    missing = [name for name in sorted(named) if not (ROOT / name).exists()
               and not (ROOT / "autograder" / name).exists() and not any((ROOT / "autograder").rglob(name))]
    assert not missing, f"docs/architecture.png names what autograder/ does not hold: {missing}"


def test_every_make_target_it_names_is_in_the_makefile():
    targets = {target for text in drawn_texts() for target in TARGET.findall(text)}
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert {"release", "autograde", "formgrade", "export", "push", "similarity"} <= targets
    assert [t for t in sorted(targets) if not re.search(rf"^{t}:", makefile, re.M)] == []
