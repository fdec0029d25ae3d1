"""`make similarity` on a class made from the lessons' variants (tests/similarity/similar_class.py): independent
students with hands of their own, copiers disguised every way, a partial copier, students who left the
stubs or wrote only the one line a task dictates, and notebooks that cannot be compared."""
import random
import re
import subprocess

import numpy as np

import pytest

from autograder import ROOT
from autograder.publish import report
from autograder.grading.results import autograded_path
from autograder.similarity import bands, fingerprints, scoring, review_page
from tests import classroom
from tests.similarity import similar_class
from tests.docs_commands import docs_commands, here, run_from_root

ONE_LINE = "def numpy_roundtrip(arr):\n    return torch.from_numpy(arr)\n"  # what the task dictates


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """(the class as made, OUT after `make similarity`, its result)."""
    made = similar_class.make_class(16, split=0, seed=1, partial_in="04_power_and_roots")
    for student in ("stubs_a", "stubs_b"):
        made.answers[student, "01_tensors"] = {}
    for student in ("one_line_a", "one_line_b"):
        made.answers[student, "01_tensors"] = {"numpy_roundtrip": ONE_LINE}
    out = tmp_path_factory.mktemp("similarity") / "graded"
    similar_class.write_out(made, out, extra_rows=[
        ["unreadable", "01_tensors", 0, 15, "invalid-json", "", "x.ipynb", "not JSON"],
        ["lost", "01_tensors", 0, 15, "ok", "", "01_tensors.ipynb", ""],
        ["damaged", "01_tensors", 0, 15, "ok", "", "01_tensors.ipynb", ""]])
    autograded_path(out, "damaged", "01_tensors").parent.mkdir(parents=True)
    autograded_path(out, "damaged", "01_tensors").write_text("{not a notebook")
    return made, out, review_page.write(out)


def rows(out) -> list[dict]:
    return classroom.rows(out / "similarity.csv")


def test_every_copy_is_flagged_and_ranks_above_every_independent_pair(graded):
    made, out, _ = graded
    found = similar_class.verdict(made, rows(out))
    assert set(found) == {"01_tensors", "02_autograd", "03_logic_neurons", "04_power_and_roots",
                          "05_gpu_speed_and_memory"}
    for assignment, v in found.items():
        assert similar_class.met(v), similar_class.line(assignment, v)
        assert v["copies flagged"] == v["copies"] >= 6, (assignment, v)
        assert v["independent at yes"] == 0, (assignment, v)
        assert v["lowest copy"] > v["highest independent"], (assignment, v)
        pairs = v["independent pairs"] + v["copies"]
        assert v["independent at review"] <= max(1, bands.REVIEW_SHARE * pairs), (assignment, v)


def test_the_review_band_starts_at_the_classs_far_out_fence_and_takes_a_bounded_share():
    rng = np.random.default_rng(0)
    scores = rng.uniform(0.0, 0.1, 1000)  # Q1 about 0.025, Q3 about 0.075: the fence at about 0.225
    q1, q3 = np.quantile(scores, [0.25, 0.75])
    assert bands.review_from(np.append(scores, [0.3, 0.35]), 100) == pytest.approx(q3 + 3 * (q3 - q1), abs=1e-3)
    assert bands.band(0.3, 0.225) == "review" and bands.band(0.2, 0.225) == "no" and bands.band(bands.SUSPICIOUS, 0.225) == "yes"
    outliers = np.append(scores, np.linspace(0.25, 0.39, 80))  # 80 outliers above the fence: 5% of 1080 is 54
    assert np.count_nonzero((outliers >= bands.review_from(outliers, 100)) & (outliers < bands.SUSPICIOUS)) == 54
    assert np.count_nonzero((outliers >= bands.review_from(outliers, 20)) & (outliers < bands.SUSPICIOUS)) == 20
    assert bands.review_from(np.array([]), 0) == 1.0
    tied = np.append(scores, [0.3] * 60)  # 60 pairs tied past the share of 53: none is sent for review
    assert bands.review_from(tied, 100) == bands.SUSPICIOUS


def test_students_linked_by_flagged_pairs_form_one_cluster():
    def flagged(a, b, band="yes"):
        return scoring.Pair("01", scoring.Submission(a, {}), scoring.Submission(b, {}), 0.5, {}, band)

    pairs = [flagged("src", "c1"), flagged("c2", "src", "review"), flagged("x", "y"), flagged("q", "r", "no")]
    assert [(students, len(linked)) for _, students, linked in bands.clusters(pairs)] == [
        (["c1", "c2", "src"], 2), (["x", "y"], 1)]


def test_the_csv_lists_every_pair_most_similar_first(graded):
    made, out, result = graded
    listed = rows(out)
    per_assignment = {}
    for (student, assignment) in made.answers:
        per_assignment[assignment] = per_assignment.get(assignment, 0) + 1
    assert len(listed) == result.compared == sum(n * (n - 1) // 2 for n in per_assignment.values())
    scores = [float(r["similarity"]) for r in listed]
    assert scores == sorted(scores, reverse=True) and 0 <= min(scores) and max(scores) <= 1
    assert {"yes", "no"} <= {r["suspicious"] for r in listed} <= {"yes", "review", "no"}
    fragments = [r for r in listed if r["longest_fragment"]]
    assert {r["suspicious"] for r in listed if r["suspicious"] != "no"} and all(
        r["longest_fragment"] for r in listed if r["suspicious"] != "no")
    assert all(re.fullmatch(r"\d+ tokens in \w+", r["longest_fragment"]) for r in fragments)


def test_a_partial_copy_names_the_answers_it_took(graded):
    made, out, _ = graded
    [source] = [y for a, x, y in made.copies if x == "partial"]
    [row] = [r for r in rows(out) if r["assignment"] == "04_power_and_roots"
             and {r["student_a"], r["student_b"]} == {"partial", source}]
    matching = {cell.split(" ")[0] for cell in row["matching_cells"].split("; ")}
    assert row["suspicious"] != "no" and matching == made.taken
    tokens, answer = row["longest_fragment"].split(" tokens in ")
    assert answer in made.taken and int(tokens) >= fingerprints.K


def test_untouched_stubs_and_a_dictated_one_line_answer_are_not_similar(graded):
    _, out, _ = graded
    [stubs] = [r for r in rows(out) if {r["student_a"], r["student_b"]} == {"stubs_a", "stubs_b"}]
    assert float(stubs["similarity"]) == 0 and stubs["suspicious"] == "no" and stubs["matching_cells"] == ""
    # the only answer both wrote, written so by no one else: the two lines are the same, but a pair's mean is taken
    # over no less than one full answer's weight, so one short line alike stays below both bands
    [one_line] = [r for r in rows(out) if {r["student_a"], r["student_b"]} == {"one_line_a", "one_line_b"}]
    assert 0 < float(one_line["similarity"]) < scoring.SUSPICIOUS
    assert one_line["suspicious"] == "no"


@pytest.mark.parametrize("way", [*similar_class.DISGUISES, "all"])
def test_a_disguise_leaves_the_fingerprints_as_they_were(way):
    ways = similar_class.DISGUISES if way == "all" else (way,)
    rng = random.Random(3)
    for assignment in ("03_logic_neurons", "04_power_and_roots"):
        for exercise, styles in similar_class.styles(assignment, 0).items():
            for style in styles:
                disguised = similar_class.disguise(style, {exercise}, ways, rng)
                assert disguised != style
                assert fingerprints.answer(disguised).hashes == fingerprints.answer(style).hashes


def test_a_notebook_that_cannot_be_compared_is_skipped_with_a_note(graded):
    _, out, result = graded
    notes = "\n".join(result.notes)
    assert "unreadable 01_tensors: skipped, not graded (invalid-json)" in notes
    assert "lost 01_tensors: skipped, its autograded notebook cannot be read (FileNotFoundError)" in notes
    assert "damaged 01_tensors: skipped, its autograded notebook cannot be read (JSONDecodeError)" in notes
    compared = {r["student_a"] for r in rows(out)} | {r["student_b"] for r in rows(out)}
    assert not {"unreadable", "lost", "damaged"} & compared


def test_the_command_prints_what_it_compared_and_how_long_it_took(graded):
    _, out, result = graded
    [command] = docs_commands("make similarity")
    done = run_from_root(here(command, {"graded": str(out)}))
    assert done.returncode == 0, done.stderr
    printed = done.stdout
    assert f"similarity: {result.compared} pairs of {result.notebooks} notebooks compared in " in printed
    assert f"; {result.suspicious} at yes, {result.review} at review; see " in printed
    assert "damaged 01_tensors: skipped" in printed


def test_without_grades_it_says_to_autograde_first(tmp_path):
    done = subprocess.run(["make", "--no-print-directory", "similarity", f"OUT={tmp_path}"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode != 0 and f"run `make autograde OUT={tmp_path}` first" in done.stderr


def test_the_report_links_the_page_and_each_student_has_an_anchor(tmp_path):
    from autograder.grading.results import ExerciseResult, NotebookResult
    from autograder.intake.submission import Submission

    results = [NotebookResult(Submission("ann", "01_alpha"), 1.0, 2.0, 0.1, [ExerciseResult("test_f", 1.0, 2.0, "passed")])]
    report.write_report(results, tmp_path / "report.html", seconds=1.0, workers=1)
    page = (tmp_path / "report.html").read_text()
    assert "id='student-ann'" in page and "href='similarity.html'" not in page
    review_page.link_report(tmp_path / "report.html")
    assert "href='similarity.html'" in (tmp_path / "report.html").read_text()
    report.write_report(results, tmp_path / "again.html", seconds=1.0, workers=1, similarity=True)
    assert "href='similarity.html'" in (tmp_path / "again.html").read_text()


def test_the_page_shows_a_suspicious_pair_side_by_side_in_chromium(graded, chromium_page):
    made, out, result = graded
    top = result.pairs[0]  # the most similar pair, the first of the page (ties go by assignment and names)
    chromium_page.goto((out / "similarity.html").as_uri())
    assert chromium_page.title() == "Similar answers"
    sections = chromium_page.locator("section.pair")
    assert sections.count() == result.suspicious + result.review >= sum(
        len({(a, x) for a, x, _ in made.copies if a == b}) for b in {a for a, _, _ in made.copies})
    assert chromium_page.locator("svg.histogram").count() == 5  # one per assignment, with its bands marked
    assert chromium_page.locator("svg.histogram line").count() >= 5
    clusters = chromium_page.locator("table.clusters tr")
    assert clusters.count() - 1 == len(bands.clusters(result.pairs)) >= 5
    assert "Longest shared fragment:" in sections.first.inner_text()
    assert re.search(r"\d+ tokens in \w+", sections.first.inner_text())
    first = sections.first
    assert top.a.student in first.locator("h3").inner_text() and top.b.student in first.locator("h3").inner_text()
    side = first.locator("table.side")
    assert side.locator("tr").first.locator("th").count() == 2  # the two students, side by side
    assert side.locator("mark").count() > 0 and side.locator("pre").count() >= 2
    link = first.locator("h3 a").first.get_attribute("href")
    assert link == f"report.html#student-{top.a.student}"


def test_it_reads_what_make_autograde_wrote(moodle_class, tiny_course, tmp_path):
    _, graded_out = moodle_class
    out = classroom.copy_course(graded_out, tmp_path / "graded")
    result = review_page.write(out, course=tiny_course)
    alpha = {r["student"] for r in classroom.rows(out / "grades.csv")
             if r["assignment"] == "01_alpha" and r["status"] == "ok"}
    listed = rows(out)
    assert len(alpha) == 4 and result.compared == len(listed) == 6  # 02_beta: one student, no pair
    assert {frozenset((r["student_a"], r["student_b"])) for r in listed} == {
        frozenset((a, b)) for a in alpha for b in alpha if a != b}
    assert "href='similarity.html'" in (out / "report.html").read_text(encoding="utf-8")


REWRITES = {  # what a copier rewrites by hand -> what it rewrote, the same once re-printed (similarity.canonical)
    "type hints": ("def f(x: int, n: int = 2) -> int:\n    k: int = x * n\n    return k + 1\n",
                   "def f(x, n=2):\n    k = x * n\n    return k + 1\n"),
    "a list filled by a loop": ("def f(xs):\n    out = []\n    for x in xs:\n        if x > 0:\n"
                                "            out.append(x * 2)\n    return out\n",
                                "def f(xs):\n    return [x * 2 for x in xs if x > 0]\n"),
    "a total summed by a loop": ("def f(m):\n    n = 0\n    for p in m.parameters():\n        n += p.numel()\n"
                                 "    return n\n", "def f(m):\n    return sum(p.numel() for p in m.parameters())\n"),
    "a dict filled key by key": ("def f(a):\n    r = {}\n    r['t'] = a.T\n    r['s'] = a.sum()\n    return r\n",
                                 "def f(a):\n    return {'t': a.T, 's': a.sum()}\n"),
    "temporaries and unpacking": ("def f(t, k):\n    h, w = t.size(1), t.size(2)\n    top = (h - k) // 2\n"
                                  "    return t.narrow(1, top, k).narrow(2, (w - k) // 2, k)\n",
                                  "def f(t, k):\n    return t.narrow(1, (t.size(1) - k) // 2, k)"
                                  ".narrow(2, (t.size(2) - k) // 2, k)\n"),
    "a one-expression helper": ("def _start(n, k):\n    return (n - k) // 2\n\ndef f(t, k):\n"
                                "    return t[_start(t.size(0), k):]\n", "def f(t, k):\n    return t[(t.size(0) - k) // 2:]\n"),
    "a list made for a call": ("def f(a, b):\n    return tuple([x + y for x, y in zip(a, b)])\n",
                               "def f(a, b):\n    return tuple(x + y for x, y in zip(a, b))\n"),
}


@pytest.mark.parametrize("rewrite", REWRITES)
def test_a_hand_rewrite_that_computes_the_same_is_re_printed_as_what_it_rewrote(rewrite):
    written, rewritten = REWRITES[rewrite]
    assert fingerprints.answer(written).hashes == fingerprints.answer(rewritten).hashes != set()


def test_a_loop_that_does_more_than_fill_and_a_name_read_twice_stay_as_written():
    loop = "def f(xs):\n    out = []\n    for x in xs:\n        out.append(x)\n        log(x)\n    return out\n"
    assert "for " in fingerprints.reprint(loop)[0]
    twice = "def f(t):\n    n = t.numel()\n    return n * n\n"
    assert "n * n" in fingerprints.reprint(twice)[0]
    top_level = "weights = w.clone()\nbias = weights.sum()\n"  # names the grader reads stay
    assert fingerprints.reprint(top_level)[0] == top_level.strip()
