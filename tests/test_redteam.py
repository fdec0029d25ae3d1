"""The red team: forgers, leakers and hostile files, graded through autograde.autograde on temporary courses.

For every case: no undeserved points (a forger may also get a tamper flag, never points), nothing of
the hidden checks reaches a feedback page or the CSVs, the run completes, and the students beside
the attackers (a solution and a blank notebook, graded in the same batch) get what they would alone.

Batch 1 (a folder, two lessons: 01_alpha without torch, 03_torch with it, torch preloaded as in a
real run): forging and leaking attacks on blank notebooks, and malformed or oversized files.
Batch 2 (a Moodle zip of 02_beta, no torch): damaged zip entries and identity attacks.
"""
import csv
import json
import os
import textwrap

import pytest
import torch

from autograder.course import Course
from autograder.publish import feedback
from autograder import autograde, quotes
from tests import corpus
from tests.tiny_course import LESSON_A, NO_PRELOAD, released_course

LESSON_T = '''
# %% [markdown] tags=["ru"]
# # Урок T

# %% [markdown] tags=["en"]
# # Lesson T

# %%
import torch

# %% nbgrader={"grade_id": "scale", "solution": true}
def scale(t, k):
    """Return the tensor t with every element multiplied by k."""
    ### BEGIN SOLUTION
    return t * k
    ### END SOLUTION

# %% nbgrader={"grade_id": "test_scale", "grade": true, "points": 2, "locked": true}
assert torch.equal(scale(torch.ones(2), 3.0), torch.full((2,), 3.0)), "scale(ones(2), 3) must be [3, 3]"
print("Visible checks passed. Hidden tests run at grading.")
### BEGIN HIDDEN TESTS
torch.manual_seed(11)
HIDDEN_INPUT_OF_SCALE_0xBEEF = torch.randn(3, 4) + 100
probe.record("the input of scale", HIDDEN_INPUT_OF_SCALE_0xBEEF)
probe.call("scale(randn(3, 4), -2.5)", scale, HIDDEN_INPUT_OF_SCALE_0xBEEF, -2.5)
### END HIDDEN TESTS

# %% judge="test_scale"
def judge(got, want):
    key = "scale(randn(3, 4), -2.5)"
    result = got[key]
    assert type(result) is torch.Tensor and result.shape == want[key].shape, \\
        "scale must return a tensor of its input's shape"
    assert torch.equal(result, want[key]), \\
        f"scale(t, k) must multiply every element by k; got {result.flatten()[0].item():.4f} first"
'''
# what must never reach a student: lines and names of the hidden checks, and the first hidden input of scale
FIRST_INPUT = f"{torch.randn(3, 4, generator=torch.Generator().manual_seed(11))[0, 0].item() + 100:.4f}"
SECRETS = ("HIDDEN_INPUT_OF_SCALE", "manual_seed(11)", "SECRET_HIDDEN_MARKER", "hidden-source-line-0xC0FFEE",
           "randn(3, 4) + 100", "BEGIN HIDDEN", FIRST_INPUT)
LIMITS = {"timeout": 30, "notebook_timeout": 120, "memory_mb": 4096, "cpu_seconds": 120}


@pytest.fixture(scope="module")
def red_course(tmp_path_factory) -> Course:
    return released_course(tmp_path_factory.mktemp("red"), {"01_alpha": LESSON_A, "03_torch": LESSON_T})


def stub_with(course, assignment, *cells, answer: dict[str, str] | None = None, after="setup"):
    """The blank notebook with attack cells after `after`, and answers replaced."""
    nb = corpus.load(course, "lessons", assignment)
    for grade_id, source in (answer or {}).items():
        nb = corpus.with_source(nb, grade_id, source)
    return corpus.dump(corpus.insert_after(nb, after, *cells) if cells else nb)


STUB_SCALE = "def scale(t, k):\n    raise NotImplementedError()"

# each: (lesson, notebook builder) -> the blank notebook plus an attack; every one must score 0
FORGERS = {
    # §1: an input transformer wrapping every later cell (the probe's too) in try/except
    "input-transformer": ("03_torch", lambda c: stub_with(c, "03_torch", textwrap.dedent('''
        def wrap(lines):
            body = "".join(lines).splitlines()
            return ["try:\\n"] + ["    " + line + "\\n" for line in body] + ["    pass\\nexcept BaseException:\\n", "    print('passed')\\n"]
        get_ipython().input_transformers_post.append(wrap)'''))),
    "showtraceback-run-cell": ("03_torch", lambda c: stub_with(c, "03_torch", textwrap.dedent('''
        ip = get_ipython()
        ip.showtraceback = lambda *a, **k: print("passed")
        original = ip.run_cell
        def run_cell(raw_cell, *args, **kwargs):
            return original("try:\\n" + "\\n".join("    " + l for l in raw_cell.splitlines()) + "\\n    pass\\nexcept BaseException:\\n    pass", *args, **kwargs)
        ip.run_cell = run_cell'''))),
    "displayhook-passed": ("03_torch", lambda c: stub_with(c, "03_torch", answer={
        "scale": "import sys\nsys.displayhook('passed')\nsys.displayhook(2)\n" + STUB_SCALE})),
    "eq-always-true": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        class Yes:
            def __eq__(self, other):
                return True
            __hash__ = None
        class YesTensor(torch.Tensor):
            def __eq__(self, other):
                return True
        def scale(t, k):
            return YesTensor(t) if k == 3.0 else Yes()''')})),
    "alias-torch-equal": ("03_torch", lambda c: stub_with(c, "03_torch", answer={
        "scale": "_T = torch\n_T.equal = lambda *a, **k: True\n_T.allclose = lambda *a, **k: True\n"
                 "def scale(t, k):\n    return t"})),
    "vars-torch": ("03_torch", lambda c: stub_with(c, "03_torch", answer={
        "scale": "vars(torch)['equal'] = lambda *a, **k: True\nvars(torch.Tensor)\ndef scale(t, k):\n    return t"})),
    "importlib-runtime-names": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        import importlib
        m = importlib.import_module("to" + "rch")
        setattr(m, "eq" + "ual", lambda *a, **k: True)
        setattr(getattr(m, "Ten" + "sor"), "__eq__", lambda *a, **k: True)
        def scale(t, k):
            return t''')})),
    "base64-exec": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": (
        "import base64\nexec(base64.b64decode(%r).decode())" % __import__("base64").b64encode(
            b"import torch\ntorch.equal = lambda *a, **k: True\ndef scale(t, k):\n    return t\n").decode())})),
    "torch-function-mode": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        from torch.overrides import TorchFunctionMode
        class Liar(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                if func in (torch.equal, torch.allclose):
                    return True
                return func(*args, **(kwargs or {}))
        Liar().__enter__()
        def scale(t, k):
            return t''')})),
    # a fake probe module and a fake observations payload (the forger does not know the expected values)
    "fake-probe-module": ("03_torch", lambda c: stub_with(c, "03_torch", textwrap.dedent('''
        import sys, types
        from IPython.display import publish_display_data
        fake = types.ModuleType("autograder_kernel.probe")
        def run(grade_id, code, user_ns):
            obs = {"scale(randn(3, 4), -2.5)": {"__object__": "x"}, "double(3.0)": 6.0}
            publish_display_data({"application/vnd.autograder.observations+json": {
                "grade_id": grade_id, "observations": obs, "stopped": None, "tampering": []}})
        fake.run = run
        package = types.ModuleType("autograder_kernel")
        package.probe = fake
        sys.modules["autograder_kernel"], sys.modules["autograder_kernel.probe"] = package, fake'''))),
    "payload-before-probe": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        from IPython.display import publish_display_data
        def scale(t, k):
            publish_display_data({"application/vnd.autograder.observations+json": {
                "grade_id": "test_scale", "observations": {"scale(randn(3, 4), -2.5)": 0.0},
                "stopped": None, "tampering": []}})
            return t''')})),
    "keyboard-interrupt": ("03_torch", lambda c: stub_with(c, "03_torch", answer={
        "scale": "def scale(t, k):\n    raise KeyboardInterrupt"})),
    "system-exit": ("01_alpha", lambda c: stub_with(c, "01_alpha", answer={
        "double": "def double(x):\n    raise SystemExit(0)"})),
    "redefine-probe-global": ("01_alpha", lambda c: stub_with(c, "01_alpha", textwrap.dedent('''
        class probe:
            @staticmethod
            def call(key, fn, *args):
                return 6.0
            record = call'''))),
    "reset-namespace": ("01_alpha", lambda c: stub_with(c, "01_alpha", "%reset -f\nimport math",
                                                        after="double")),
}

# leakers: each tries to carry the hidden checks' source or inputs into its feedback
LEAKERS = {
    # an exception message built from the frames, linecache and In (the probe's own source is there)
    "frames-linecache-in": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        import sys, linecache
        def scale(t, k):
            found, frame = [], sys._getframe(1)
            while frame is not None:
                found += [repr(v)[:400] for v in list(frame.f_locals.values()) + list(frame.f_globals.values())]
                frame = frame.f_back
            found += ["".join(v[2]) for v in list(linecache.cache.values()) if isinstance(v, tuple) and len(v) > 2]
            found += list(globals().get("In", []))
            secret = [f for f in found if "HIDDEN" in f]
            # the class's short name tells the test that the secret was in hand; the message carries it
            raise type("LeakFound" if secret else "LeakMissed", (ValueError,), {})(" ".join(secret)[:1500])''')})),
    # the same text as a class name, where a message may name the exception's class
    "secret-as-class-name": ("03_torch", lambda c: stub_with(c, "03_torch", answer={"scale": textwrap.dedent('''
        import sys, re
        def scale(t, k):
            frame, names = sys._getframe(1), []
            while frame is not None:
                for value in frame.f_locals.values():
                    if isinstance(value, str):
                        names += re.findall(r"[A-Za-z_][A-Za-z_0-9]{8,}", value)
                frame = frame.f_back
            secret = next((n for n in names if n.startswith("HIDDEN")), "NothingFound")
            leak = type(secret, (Exception,), {})
            class Meta(type):
                @property
                def __module__(cls):
                    raise leak()
            return Meta("Odd", (), {})()''')})),
    # the exception's class named after the longest name in the cached source of an earlier probe
    "exception-class-name": ("01_alpha", lambda c: stub_with(c, "01_alpha", answer={"square": textwrap.dedent('''
        import linecache, re
        def square(x):
            texts = ["".join(v[2]) for v in list(linecache.cache.values()) if isinstance(v, tuple) and len(v) > 2]
            names = [n for t in texts if "probe" in t for n in re.findall(r"[A-Za-z_][A-Za-z_0-9]{11,}", t)]
            raise type(max(names, key=len, default="NothingFound"), (Exception,), {})()''')})),
    # the hidden input returned as the answer, for the judge to print
    "return-the-input": ("03_torch", lambda c: stub_with(c, "03_torch", answer={
        "scale": "def scale(t, k):\n    return t.clone()"})),
    "print-hidden-source": ("01_alpha", lambda c: stub_with(c, "01_alpha", answer={"double": textwrap.dedent('''
        import sys
        def double(x):
            print(sys._getframe(1).f_locals.get("code", ""))
            print(sys._getframe(1).f_locals.get("code", ""), file=sys.stderr)
            return 2 * x''')})),
}


def malformed(course, assignment, change) -> bytes:
    data = json.loads(corpus.dump(corpus.load(course, "solutions", assignment)))
    change(data)
    return json.dumps(data).encode()


def set_course(value):
    def change(data):
        data["metadata"]["course"] = value
    return change


def on_cells(change):
    def apply(data):
        for c in data["cells"]:
            change(c)
    return apply


@pytest.fixture(scope="module")
def red_batch(sandbox, red_course, tmp_path_factory):
    c = red_course
    files = {  # student -> {file: bytes}; None: built on disk below
        "good": {"01_alpha.ipynb": corpus.dump(corpus.load(c, "solutions", "01_alpha")),
                 "03_torch.ipynb": corpus.dump(corpus.load(c, "solutions", "03_torch"))},
        "blank": {"01_alpha.ipynb": stub_with(c, "01_alpha"), "03_torch.ipynb": stub_with(c, "03_torch")},
    }
    for name, (lesson, build) in {**FORGERS, **LEAKERS}.items():
        files[name] = {f"{lesson}.ipynb": build(c)}
    solution = lambda change: malformed(c, "03_torch", change)  # noqa: E731
    blank = json.loads(stub_with(c, "03_torch"))
    blank["metadata"]["course"]["lang"] = "../solutions/en"
    files.update({
        "course-list": {"03_torch.ipynb": solution(set_course([]))},
        "course-text": {"03_torch.ipynb": solution(set_course("03_torch"))},
        "nbgrader-text": {"03_torch.ipynb": solution(on_cells(lambda cell: cell["metadata"].update(nbgrader="x")))},
        "tags-not-list": {"03_torch.ipynb": solution(on_cells(lambda cell: cell["metadata"].update(tags="skip")))},
        "source-number": {"03_torch.ipynb": solution(on_cells(lambda cell: cell.update(source=5)
                                                              if "scale" in str(cell["source"]) else None))},
        "lang-traversal": {"03_torch.ipynb": json.dumps(blank).encode()},
        # over the cell limit, under the size limit
        "too-many-cells": {"03_torch.ipynb": json.dumps({**blank, "cells": blank["cells"] * 500}).encode()},
    })
    submissions = tmp_path_factory.mktemp("red-submissions")
    for student, student_files in files.items():
        for name, data in student_files.items():
            path = submissions / student / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    (submissions / "huge").mkdir()
    with open(submissions / "huge" / "03_torch.ipynb", "wb") as f:
        f.truncate(1 << 30)  # 1 GiB, sparse
    (submissions / "links").mkdir()
    os.symlink(c.out_root / "solutions" / "en" / "03_torch.ipynb", submissions / "links" / "03_torch.ipynb")
    os.mkfifo(submissions / "links" / "01_alpha.ipynb")
    (submissions / os.fsdecode(b"bad-\xff-name")).mkdir()
    (submissions / os.fsdecode(b"bad-\xff-name") / "03_torch.ipynb").write_bytes(files["good"]["03_torch.ipynb"])
    out = tmp_path_factory.mktemp("red-graded")
    results = autograde.autograde(submissions, out, workers=2, course=c, limits=LIMITS)
    return files, {(r.student, r.assignment): r for r in results}, out


def points(results, student, assignment):
    return results[(student, assignment)].score


def test_the_students_beside_the_attackers_are_untouched(red_batch):
    _, results, _ = red_batch
    assert points(results, "good", "01_alpha") == 5.0 and points(results, "good", "03_torch") == 2.0
    assert not results[("good", "03_torch")].flags and not results[("good", "01_alpha")].flags
    assert points(results, "blank", "01_alpha") == 0.0 and points(results, "blank", "03_torch") == 0.0


@pytest.mark.parametrize("attack", list(FORGERS) + list(LEAKERS))
def test_no_attack_earns_points(red_batch, attack):
    _, results, _ = red_batch
    lesson = {**FORGERS, **LEAKERS}[attack][0]
    result = results[(attack, lesson)]
    allowed = {"print-hidden-source": 2.0}.get(attack, 0.0)  # a right double() keeps its own 2 points
    assert result.status in ("ok", "repaired") and result.score <= allowed, (
        result.score, result.flags, [(e.exercise, e.status, e.message) for e in result.exercises])


def test_a_blank_notebook_is_told_what_failed(red_batch):
    _, _, out = red_batch
    page = (out / "feedback" / "blank" / "03_torch.html").read_text()
    assert "scale(randn(3, 4), -2.5) raised NotImplementedError" in page, page
    page = (out / "feedback" / "keyboard-interrupt" / "03_torch.html").read_text()
    assert "the hidden checks stopped early: KeyboardInterrupt" in page, page


def test_runtime_forgers_are_flagged(red_batch):
    _, results, _ = red_batch
    for attack in ("input-transformer", "showtraceback-run-cell", "torch-function-mode", "vars-torch"):
        assert any(f.startswith("tamper") for f in results[(attack, "03_torch")].flags), attack


def test_nothing_hidden_reaches_a_student(red_batch):
    _, results, out = red_batch
    pages = list((out / "feedback").rglob("*.html"))
    assert len(pages) >= len(FORGERS) + len(LEAKERS)
    for page in pages:
        text = page.read_text()
        assert not [s for s in SECRETS if s in text], (page, [s for s in SECRETS if s in text])
        assert not [w["withheld"] for w in feedback.WORDS.values() if w["withheld"] in text], page  # only a message
    for name in ("grades.csv", "exercises.csv"):
        text = (out / name).read_text()
        assert not [s for s in SECRETS if s in text], (name, [s for s in SECRETS if s in text])


def test_leakers_had_the_secret_and_still_learn_what_failed(red_batch):
    _, _, out = red_batch
    page = (out / "feedback" / "frames-linecache-in" / "03_torch.html").read_text()
    assert "raised LeakFound" in page and "check test_scale: <span class='error'>error</span>" in page
    with open(out / "exercises.csv", newline="") as f:
        messages = {(r["student"], r["exercise"]): r["message"] for r in csv.DictReader(f)}
    for attack, exercise in (("secret-as-class-name", "test_scale"), ("exception-class-name", "test_square")):
        assert messages[(attack, exercise)] == quotes.QUOTED_TEXT, messages[(attack, exercise)]
    assert messages[("return-the-input", "test_scale")] == quotes.QUOTED_VALUE
    assert messages[("blank", "test_scale")] == "scale(randn(3, 4), -2.5) raised NotImplementedError"


@pytest.mark.parametrize("student, status, score, flag", [
    ("course-list", "ok", 2.0, "bad-metadata"),  # the lesson recognised by its cells
    ("course-text", "ok", 2.0, "bad-metadata"),
    ("nbgrader-text", "repaired", 2.0, "malformed"),
    ("tags-not-list", "ok", 2.0, "malformed"),
    ("source-number", "ok", 0.0, "malformed"),  # the answer was a number: nothing to run
    ("lang-traversal", "ok", 0.0, "bad-metadata"),  # never rebuilt from the solutions
])
def test_malformed_notebooks_get_their_own_status(red_batch, student, status, score, flag):
    _, results, _ = red_batch
    result = results[(student, "03_torch")]
    assert (result.status, result.score) == (status, score), (result.status, result.score, result.notes)
    assert flag in result.flags, result.flags


@pytest.mark.parametrize("student, assignment, status", [
    ("huge", "03_torch", "too-large"), ("too-many-cells", "03_torch", "too-many-cells"),
    ("links", "03_torch", "not-a-file"), ("links", "01_alpha", "not-a-file")])
def test_files_refused_before_reading_get_a_row(red_batch, student, assignment, status):
    _, results, out = red_batch
    result = results[(student, assignment)]
    assert result.status == status and result.score == 0.0 and result.notes
    with open(out / "grades.csv", newline="") as f:
        assert any(r["student"] == student and r["status"] == status for r in csv.DictReader(f))


def test_an_undecodable_folder_name_is_graded(red_batch):
    _, results, _ = red_batch
    [result] = [r for k, r in results.items() if k[0].startswith("bad-")]
    assert result.score == 2.0 and result.student == "bad-_-name"


# --- batch 2: a Moodle zip with damaged entries and identity attacks -----------------------------

def zip_batch_files(course):
    sol = corpus.dump(corpus.load(course, "solutions", "02_beta"))
    stub = corpus.dump(corpus.load(course, "lessons", "02_beta"))
    folder = "{}_assignsubmission_file_/02_beta.ipynb"
    files = {
        folder.format("Ann Lee_1"): sol,
        folder.format("Bob Ray_102"): sol,  # the victim
        # a display name made to end like the victim's folder, with a blank notebook: Moodle writes each
        # "_" of a name as " " (downloader.php get_student_prefix), so the entry stays 999's
        folder.format("Bob Ray 102 assignsubmission file _999"): stub,
        "Bob Ray 102 assignsubmission file _999_assignsubmission_file_02_beta.ipynb": stub,  # the same, flat
        # a name Moodle cannot write (a "_" kept): it matches no form, and is graded under its own name
        folder.format("Bob Ray_102_assignsubmission_file__998"): stub,
        "02_beta.ipynb": sol,  # outside any folder
        "notes.txt": b"hello",
        ".hidden_7_assignsubmission_file_/02_beta.ipynb": sol,
        "__MACOSX/Ann Lee_1_assignsubmission_file_/._02_beta.ipynb": b"\0",
    }
    forged = {}
    for i, fields in enumerate([{"size": 10}, {"size": 1 << 30}, {"crc": 99}, {"flags": 1}, {"method": 99},
                                {"version": 99}, {"extra_claims": 300}, {"date": 0}]):
        name = folder.format(f"Forged {i}_{200 + i}")
        files[name], forged[name] = sol, fields
    for i, flag in enumerate((True, False)):
        name = f"Name {i}_{300 + i}_assignsubmission_file_/02_beta_X.ipynb"
        files[name] = sol
        forged[name] = {"raw_name": name.encode().replace(b"_X", b"_\xff"), "utf8_flag": flag}
    bomb = "Bomb_400_assignsubmission_file_/02_beta.ipynb"
    files[bomb], forged[bomb] = sol + b" " * (64 << 20), {"size": len(sol)}  # its size forged small
    return files, forged


@pytest.fixture(scope="module")
def zip_batch(sandbox, tiny_course, tmp_path_factory):
    files, forged = zip_batch_files(tiny_course)
    archive = corpus.write_zip(files, tmp_path_factory.mktemp("red-zip") / "moodle.zip", forged)
    out = tmp_path_factory.mktemp("red-zip-graded")
    results = autograde.autograde(archive, out, workers=2, course=tiny_course,
                              limits={**NO_PRELOAD, "timeout": 20, "notebook_timeout": 60})
    return results, out


def test_a_display_name_never_takes_another_student_s_grade(zip_batch):
    results, _ = zip_batch
    by = {r.student: r for r in results}
    assert by["102"].score == 1.0 and by["102"].status == "ok"
    assert by["999"].score == 0.0 and by["999"].display.strip() == "Bob Ray 102 assignsubmission file"
    [forged] = [r for r in results if "moodle-name" in r.flags]
    assert forged.student not in ("102", "998") and forged.score == 0.0 and not forged.lms_id
    assert by["1"].score == 1.0 and "skipped 1 system files" in " ".join(by["1"].notes)


def test_files_without_a_clear_sender_each_get_a_row(zip_batch):
    results, _ = zip_batch
    unknown = [r for r in results if r.status == "unknown-student"]
    assert sorted(r.file for r in unknown) == ["02_beta.ipynb", "notes.txt"]
    assert len({r.student for r in unknown}) == 2 and all(r.score == 0.0 for r in unknown)
    assert {r.student: r.score for r in results}["7"] == 1.0  # ".hidden" is a student


@pytest.mark.parametrize("student, status, score", [
    ("200", "corrupt", 0.0), ("201", "too-large", 0.0), ("202", "corrupt", 0.0), ("203", "encrypted", 0.0),
    ("204", "unsupported", 0.0), ("205", "unsupported", 0.0), ("206", "corrupt", 0.0), ("207", "ok", 1.0),
    ("300", "ok", 1.0), ("301", "ok", 1.0), ("400", "corrupt", 0.0)])
def test_each_damaged_entry_has_its_own_status(zip_batch, student, status, score):
    results, out = zip_batch
    result = {r.student: r for r in results}[student]
    assert (result.status, result.score) == (status, score), (result.status, result.notes)
    assert (out / "feedback" / student).is_dir()


# --- the judge's side of a leak: exception class names are the student's text too ------------------

@pytest.mark.parametrize("name, shown", [("HIDDEN_INPUT_OF_SCALE_0xBEEF", False), ("NotImplementedError", True)])
@pytest.mark.parametrize("where", ["stopped", "visible", "raised"])
def test_a_judge_message_names_only_python_s_own_exception_classes(where, name, shown):
    from autograder.judge import Observations, decide
    from autograder.sandbox.kernel.plain import Raised

    raised = {"types": [name, "Exception"], "message": ""}
    payload = {"raised": {"observations": {"k": {"__raised__": raised}}},
               "stopped": {"observations": {}, "stopped": raised}}.get(where, {"observations": {"k": 1}})
    got = Observations(payload)
    if where == "visible":
        got.visible = Raised([name], "")
    judge = ("def judge(got, want):\n    assert got.visible is None, f'the visible check raised {got.visible.name}'\n"
             "    assert got['k'] == want['k']")
    verdict = decide(judge, [], got, Observations({"observations": {"k": 1}}), 2.0)
    assert verdict.score == 0.0 and verdict.message and (name in verdict.message) is shown, verdict.message
