"""Figures drawn at release time and embedded in the markdown that shows them.

A source cell `# %% figure="name"` is matplotlib code, run here in the release's process (the Agg
backend) with the global `lang` set to the notebook's language; the figure current when it ends is
saved as a PNG. A markdown cell shows it with `![alt text](attachment:name.png)`: the PNG goes into
that cell's `attachments`, so it shows before anything runs (GitHub, Colab, VS Code, Jupyter).
Figure cells never reach a notebook. The PNG holds no date and no software version, and is drawn
with fixed settings and fonts, so that a second release writes the same bytes.
"""
import base64
import functools
import io
import re
from collections.abc import Callable

import nbformat

from autograder.course import ReleaseError

FIGURE_KEY = "figure"
DPI = 100
ATTACHMENT = re.compile(r"!\[[^\]]*\]\(attachment:([^)\s]+)\)")
STYLE = {"font.family": "DejaVu Sans", "figure.dpi": DPI, "savefig.dpi": DPI, "svg.hashsalt": "autograder"}


def png_of(draw: Callable[[], object]) -> bytes | None:
    """The PNG of the figure current when `draw()` ends (matplotlib's Agg, the fixed style and fonts), without a
    date or a software version, so that a second draw writes the same bytes; None when it drew no figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    try:
        with plt.style.context("default"), matplotlib.rc_context(STYLE):
            draw()
            if not plt.get_fignums():
                return None
            png = io.BytesIO()
            plt.gcf().savefig(png, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    finally:
        plt.close("all")
    return png.getvalue()


@functools.cache
def render(name: str, code: str, lang: str) -> bytes:
    """The PNG that a figure cell draws in one language."""
    def draw() -> None:
        try:
            exec(compile(code, f"<figure {name}>", "exec"), {"lang": lang, "__name__": f"figure_{name}"})
        except Exception as error:
            raise ReleaseError(f"figure {name!r} ({lang}) failed: {type(error).__name__}: {error}") from error

    png = png_of(draw)
    if png is None:
        raise ReleaseError(f"figure {name!r} ({lang}) drew no figure")
    return png


def attach(cells: list[nbformat.NotebookNode], figures: dict[str, str], lang: str) -> None:
    """Put each figure into the attachments of the markdown cells that show it; an unknown or
    unused figure stops the release."""
    used = set()
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for file in ATTACHMENT.findall(cell.source):
            name = file.removesuffix(".png")
            if name == file or name not in figures:
                raise ReleaseError(f"a {lang} text cell shows attachment:{file}, but no figure cell is named "
                                   f"{name!r} (known: {', '.join(sorted(figures)) or 'none'})")
            png = render(name, figures[name], lang)
            cell.setdefault("attachments", {})[file] = {"image/png": base64.b64encode(png).decode("ascii")}
            used.add(name)
    unused = sorted(set(figures) - used)
    if unused:
        raise ReleaseError(f"no {lang} text cell shows the figures {', '.join(unused)} (![...](attachment:name.png))")
