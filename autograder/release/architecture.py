"""`make docs-figures`: docs/architecture.png, the course's life as docs/ARCHITECTURE.md tells it: the stages, the
folder or module of each, what flows between them, the make target that starts each part, and the one record
(Submission) that every stage after intake holds by reference. Drawn as the lessons' figures are
(autograder.release.figures.png_of), so that a second draw writes the same bytes.

    python -m autograder.release.architecture
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from autograder import ROOT
from autograder.release.figures import png_of

if TYPE_CHECKING:
    from matplotlib.axes import Axes

PNG = ROOT / "docs" / "architecture.png"
WIDTH = 10.0  # inches at figures.DPI: about 1000 px
LEFT, RIGHT = 2.0, 6.9  # the stages' column
MIDDLE = (LEFT + RIGHT) / 2
RECORD_X = 9.6  # the Submission record's line
MONO = "DejaVu Sans Mono"
STAGE, INPUT, RECORD, HAND, MAKE, SUB = "#e8eef7", "#f4f4f4", "#fde9c9", "#e3f1e8", "#2f6f4f", "#ffffff"

# (title, folder or module, what it does, height, holds the Submission record)
STAGES = [
    ("the lesson sources", "autograder/source/", "one text file per lesson: tasks (ru, en), solutions, probes, judges",
     0.85, False),
    ("release", "autograder/release/", "the notebooks (nbgrader); every judge proved on the solution", 0.85,
     False),
    ("lessons/, solutions/ (committed) + build/", "",
     "the notebooks; build/ (never published): gradebook.db, judges/", 0.7, False),
    ("a folder of <student>/<files>, or an LMS zip", "",
     "what the students submitted: Moodle's download, or make pull's", 0.7, False),
    ("intake", "autograder/intake/", "find each file, tell who sent it, rebuild it from the release, scan it", 0.85,
     False),
    ("jobs", "autograder/grading/jobs.py", "a job per gradable record; reuses the grades kept by an earlier run",
     0.85, True),
    ("grading", "autograder/grading/", "engine.py: Dask's workers; worker.py: one notebook at a time", 2.0, False),
    ("results", "autograder/grading/results.py", "each record's result, beside it", 0.85, True),
    ("gradebook", "autograder/gradebook.py", "the course's one nbgrader gradebook; manual grades survive a re-run",
     0.85, True),
    ("publish", "autograder/publish/", "what they read; then to Moodle (moodle/) and copy detection (similarity/)", 0.85,
     True),
]
# (the make target that starts what follows, what flows) below each stage but the last
FLOWS = [
    ("make release", "each lesson in each language"),
    ("", "notebooks, gradebook, judges"),
    ("", "students submit .ipynb"),
    ("make autograde", "files; autograder/autograde.py calls each stage in turn"),
    ("", "Submission: one record per file"),
    ("", "Job: the record, its rebuilt notebook, its cache key"),
    ("", "Outcome: the verdicts as grades, or the grader's failure"),
    ("", "NotebookResult: the record, its grades"),
    ("", "NotebookResults with the gradebook's final word"),
]
# (make target, what it writes, the folder and modules that write it) under publish
OUTPUTS = [
    ("make autograde", "grades.csv, exercises.csv,\nfeedback pages, report.html",
     "autograder/publish/\noutputs.py, feedback.py,\nreport.py"),
    ("make export", "Moodle worksheets,\nfeedback zips", "autograder/moodle/\nexport.py, worksheet.py"),
    ("make push", "Moodle, through its\nweb services", "autograder/moodle/\npush.py, client.py"),
    ("make similarity", "similarity.csv,\nsimilarity.html", "autograder/similarity/\nscoring.py, bands.py"),
]
GAP = 0.75  # between two stages: the arrow and its labels


def box(ax: Axes, x0: float, top: float, width: float, height: float, colour: str, dashed: bool = False) -> None:
    from matplotlib.patches import FancyBboxPatch

    ax.add_patch(FancyBboxPatch((x0, top - height), width, height, boxstyle="round,pad=0,rounding_size=0.08",
                                facecolor=colour, edgecolor="#555555", linewidth=1.0,
                                linestyle="--" if dashed else "-"))


def arrow(ax: Axes, start: tuple[float, float], end: tuple[float, float], colour: str = "#333333") -> None:
    ax.annotate("", xy=end, xytext=start, arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": 1.3,
                                                       "shrinkA": 0, "shrinkB": 0})


def make(ax: Axes, x: float, y: float, target: str, align: str = "right") -> None:
    ax.text(x, y, target, ha=align, va="center", family=MONO, fontsize=9, color="white", fontweight="bold",
            bbox={"boxstyle": "round,pad=0.25", "facecolor": MAKE, "edgecolor": "none"})


def stage(ax: Axes, top: float, title: str, where: str, what: str, height: float, colour: str) -> None:
    box(ax, LEFT, top, RIGHT - LEFT, height, colour, dashed=not where)
    lines = [(title, {"fontsize": 11, "fontweight": "bold"})]
    if where:
        lines.append((where, {"fontsize": 9.5, "family": MONO, "color": "#1a4d8f"}))
    lines.append((what, {"fontsize": 8.5, "color": "#444444"}))
    for n, (text, style) in enumerate(lines):
        ax.text(MIDDLE, top - 0.2 - n * 0.22, text, ha="center", va="center", **style)


def grading_inside(ax: Axes, top: float) -> None:
    """The worker's two steps inside the grading stage: the jailed kernel, then the judges."""
    kernel, judges = (LEFT + 0.25, 2.2), (LEFT + 3.05, RIGHT - LEFT - 3.3)
    for (x0, width), title, where in ((kernel, "a fresh jailed kernel", "autograder/sandbox/"),
                                      (judges, "the judges", "autograder/judge.py")):
        box(ax, x0, top - 0.8, width, 0.7, SUB)
        ax.text(x0 + width / 2, top - 1.0, title, ha="center", va="center", fontsize=9.5, fontweight="bold")
        ax.text(x0 + width / 2, top - 1.27, where, ha="center", va="center", fontsize=8.5, family=MONO,
                color="#1a4d8f")
    arrow(ax, (kernel[0] + kernel[1], top - 1.15), (judges[0], top - 1.15))
    ax.text((kernel[0] + kernel[1] + judges[0]) / 2, top - 1.1, "observations", ha="center", va="bottom",
            fontsize=8.5, style="italic")
    ax.text(judges[0] + judges[1] / 2, top - 1.72, "verdicts: score, status,\nmessage per test cell",
            ha="center", va="center", fontsize=8.5, style="italic")


def draw() -> None:
    """The picture, on a new figure: the stages top to bottom, the Submission record on the right."""
    import matplotlib.pyplot as plt

    height = sum(s[3] for s in STAGES) + GAP * len(FLOWS) + 2.2
    fig = plt.figure(figsize=(WIDTH, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(0, height)
    ax.axis("off")
    top, rows = height - 0.1, {}
    for n, (title, where, what, size, held) in enumerate(STAGES):
        stage(ax, top, title, where, what, size, STAGE if where else INPUT)
        rows[title] = (top, size)
        if title == "grading":
            grading_inside(ax, top)
        if held:
            record_reference(ax, top - size / 2)
        top -= size
        if n < len(FLOWS):
            target, flow = FLOWS[n]
            arrow(ax, (MIDDLE, top), (MIDDLE, top - GAP))
            ax.text(MIDDLE + 0.15, top - GAP / 2, flow, ha="left", va="center", fontsize=9, style="italic")
            if target:
                make(ax, MIDDLE - 0.2, top - GAP / 2, target)
            top -= GAP
    record(ax, rows["intake"], rows["publish"][0] - rows["publish"][1] / 2)
    formgrade(ax, rows["gradebook"])
    outputs(ax, top)


def record(ax: Axes, intake: tuple[float, float], last: float) -> None:
    """The Submission record beside intake, and its line down to the last stage that holds it."""
    top, size = intake
    x0, width = RIGHT + 0.35, WIDTH - RIGHT - 0.4
    bottom = top - size - 0.6
    box(ax, x0, top + 0.05, width, size + 0.65, RECORD)
    ax.text(x0 + width / 2, top - 0.15, "Submission", ha="center", va="center", fontsize=11, fontweight="bold")
    ax.text(x0 + width / 2, top - 0.38, "autograder/intake/submission.py", ha="center", va="center", fontsize=8,
            family=MONO, color="#1a4d8f")
    ax.text(x0 + 0.12, top - 0.56, "one frozen record per file: who sent it,\nwhich lesson, its flags and notes; made\n"
            "once by intake, then held by reference\n(\u25c6), never copied", ha="left", va="top", fontsize=8)
    arrow(ax, (RIGHT, top - size / 2), (x0, top - size / 2), colour="#b36b00")
    ax.plot([RECORD_X, RECORD_X], [bottom, last], color="#b36b00", linewidth=2.0)


def record_reference(ax: Axes, y: float) -> None:
    ax.plot([RIGHT, RECORD_X], [y, y], color="#b36b00", linewidth=1.2, linestyle=":")
    ax.text(RIGHT + 0.12, y, "\u25c6 Submission", ha="left", va="center", fontsize=8.5, color="#b36b00",
            fontweight="bold", bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"})


def formgrade(ax: Axes, gradebook: tuple[float, float]) -> None:
    """The instructor's own grading, into the gradebook."""
    top, size = gradebook
    x0, width = 0.05, LEFT - 0.35
    centre = x0 + width / 2
    box(ax, x0, top, width, size, HAND)
    make(ax, centre, top - 0.2, "make formgrade", align="center")
    ax.text(centre, top - 0.47, "publish/formgrade.py", ha="center", va="center", fontsize=8, family=MONO,
            color="#1a4d8f")
    ax.text(centre, top - 0.67, "scores by hand", ha="center", va="center", fontsize=8.5)
    arrow(ax, (x0 + width, top - size / 2), (LEFT, top - size / 2))


def outputs(ax: Axes, top: float) -> None:
    """What publish writes, each under the make target that writes it."""
    width = (WIDTH - 0.1) / len(OUTPUTS)
    for n, (target, what, modules) in enumerate(OUTPUTS):
        x0 = 0.05 + n * width
        centre = x0 + (width - 0.1) / 2
        arrow(ax, (MIDDLE, top), (centre, top - 0.55))
        box(ax, x0, top - 0.55, width - 0.1, 1.45, INPUT)
        make(ax, centre, top - 0.78, target, align="center")
        ax.text(centre, top - 1.02, what, ha="center", va="top", fontsize=9)
        ax.text(centre, top - 1.5, modules, ha="center", va="top", fontsize=8, family=MONO, color="#1a4d8f")


def main() -> Path:
    PNG.write_bytes(png_of(draw))
    return PNG


if __name__ == "__main__":
    print(main())
