"""Command line: `python -m autograder.cli release|pull|autograde|formgrade|export|push|similarity ...` (the
Makefile's)."""
import argparse
import gc
import logging
import os
import sys
import time
from pathlib import Path
from typing import Callable

from autograder import BUILD, ROOT
from autograder.state import LOG
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def main(argv: list[str] | None = None) -> None:
    started = time.perf_counter()  # `autograde` says where its time went, its imports included
    from autograder.course import isolate_jupyter, tools_on_path

    tools_on_path()
    isolate_jupyter()
    parser = argparse.ArgumentParser(prog="autograder")
    parser.add_argument("--verbose", action="store_true",
                        help=f"the libraries' log records and warnings on the terminal too (always in OUT/{LOG})")
    commands = parser.add_subparsers(dest="command", required=True)

    release_cmd = commands.add_parser("release", help="regenerate lessons/ and solutions/")
    release_cmd.add_argument("assignments", nargs="*", help="only these (default: all)")

    pull_cmd = commands.add_parser("pull", help="each lesson's submissions from Moodle into OUT/pulled through its web "
                                                "services: the plan, or with --yes its execution (docs/pull.md)")
    pull_cmd.add_argument("out", type=Path, help="the folder `autograde` grades into (made if missing)")
    pull_cmd.add_argument("--lessons", nargs="+", metavar="LESSON",
                          help="only these (default: every lesson of course.toml [moodle.assignments])")

    autograde_cmd = commands.add_parser("autograde", help="grade <submissions>/<student>/*.ipynb or an LMS zip")
    autograde_cmd.add_argument("submissions", type=Path,
                               help="a folder of <student>/<files>, a zip, or OUT/pulled (what `pull` brought)")
    autograde_cmd.add_argument("out", type=Path)
    autograde_cmd.add_argument("--workers", type=int, default=os.cpu_count())
    autograde_cmd.add_argument("--scheduler", default=os.environ.get("AUTOGRADER_SCHEDULER") or None,
                               help="grade on this Dask cluster, e.g. tcp://host:8786 (default: a local one of --workers)")
    autograde_cmd.add_argument("--db", default=os.environ.get("AUTOGRADER_DB") or None,
                               help="a shared gradebook, e.g. postgresql://user@host/db (default: SQLite copies)")
    autograde_cmd.add_argument("--unsafe-no-sandbox", action="store_true",
                               help="UNSAFE: run student code without the jail; every grade is flagged 'unsandboxed'")
    autograde_cmd.add_argument("--fresh", action="store_true", help="ignore results cached by an earlier run")
    autograde_cmd.add_argument("--moodle-teams", action="store_true",
                               help="a Moodle download of a team assignment: its numbers are group ids, not students'")
    autograde_cmd.add_argument("--no-progress", action="store_true")
    for name, kind, what in (("timeout", int, "seconds per cell"), ("notebook-timeout", float, "seconds per notebook"),
                             ("memory-mb", int, "kernel address-space cap, MiB"),
                             ("cpu-seconds", int, "kernel CPU-time cap, seconds")):
        autograde_cmd.add_argument(f"--{name}", type=kind, help=what)

    formgrade_cmd = commands.add_parser("formgrade", help="grade answers by hand in nbgrader's formgrader")
    formgrade_cmd.add_argument("out", type=Path, help="a folder `autograde` wrote")
    formgrade_cmd.add_argument("--port", type=int, default=0, help="default: a free one")

    export_cmd = commands.add_parser("export", help="final grades, Moodle worksheets and feedback zips into OUT/export")
    export_cmd.add_argument("out", type=Path, help="a folder `autograde` wrote")
    export_cmd.add_argument("--db", default=os.environ.get("AUTOGRADER_DB") or None,
                            help="the gradebook (default: the one OUT/nbgrader_config.py names, or OUT/gradebook.db)")
    export_cmd.add_argument("--moodle-worksheet", type=Path, action="append", default=[], metavar="FILE",
                            help="the site's own grading worksheet of a graded assignment, to fill in (repeatable)")

    push_cmd = commands.add_parser("push", help="grades, comments and feedback pages into Moodle through its web "
                                                "services: the plan, or with --yes its execution (docs/push.md)")
    push_cmd.add_argument("out", type=Path, help="a folder `autograde` wrote")
    push_cmd.add_argument("--lessons", nargs="+", metavar="LESSON", help="only these (default: every graded one)")
    push_cmd.add_argument("--overwrite", action="store_true",
                          help="replace grades changed in Moodle after the last push, or that Moodle holds and "
                               "were never pushed from here")
    push_cmd.add_argument("--workflow-state", metavar="STATE",
                          help="with a marking workflow, the state to set (default readyforrelease; released "
                               "shows the grades to the students)")
    push_cmd.add_argument("--db", default=os.environ.get("AUTOGRADER_DB") or None, help="the gradebook (as export)")
    for moodle_cmd in (pull_cmd, push_cmd):
        moodle_cmd.add_argument("--url", default=os.environ.get("MOODLE_URL") or None,
                                help="the site's address, https://moodle.example.edu (default: $MOODLE_URL)")
        moodle_cmd.add_argument("--yes", action="store_true", help="do the plan (without: only print it)")

    similarity_cmd = commands.add_parser("similarity", help="copy detection: every pair of students, per assignment")
    similarity_cmd.add_argument("out", type=Path, help="a folder `autograde` wrote")

    commands.add_parser("check-sandbox", help="start a jail as a grading kernel's: can student code be sandboxed here?")

    benchmark_cmd = commands.add_parser("benchmark", help="time one notebook, 8 students and --students: plain "
                                                          "nbgrader and ours (and pure execution, ours serial)")
    benchmark_cmd.add_argument("--students", type=int, default=50, help="the large class (x every lesson)")
    benchmark_cmd.add_argument("--sizes", type=lambda text: [s if s == "one" else int(s) for s in text.split()],
                               help='only these sizes, e.g. "one 8" (default: "one 8 <students>")')
    benchmark_cmd.add_argument("--out", type=Path, default=Path("benchmark"))

    args = parser.parse_args(argv)
    log_to((getattr(args, "out", None) or BUILD) / LOG, args.verbose)
    # each command imports what it needs, when it needs it: `--help` and the light commands start fast
    if args.command == "release":
        from autograder import release
        for path in release.release(only=args.assignments or None):
            print(path.relative_to(ROOT))
    elif args.command == "formgrade":
        from autograder.publish import formgrade
        formgrade.serve(args.out, args.port)
    elif args.command == "export":
        export_class(parser, args)
    elif args.command == "push":
        push_class(parser, args)
    elif args.command == "pull":
        pull_class(parser, args)
    elif args.command == "similarity":
        from autograder.similarity import review_page
        try:
            print(review_page.run(args.out))
        except FileNotFoundError as error:
            parser.exit(1, f"{error}\n")
    elif args.command == "check-sandbox":
        from autograder.course import nbgrader_config
        from autograder.sandbox import jail
        try:
            print(jail.check(nbgrader_config(ROOT)))
        except jail.JailError as error:
            parser.exit(1, f"{error}\n")
    elif args.command == "benchmark":
        from autograder import benchmark
        print(benchmark.run(args.students, args.out, sizes=args.sizes))
    else:
        autograde_class(parser, args, started)


class LogFile(logging.FileHandler):
    """A log file that is made, folder and all, with its first record: a command that logs nothing makes nothing
    (`make export OUT=<a typo>`)."""

    def _open(self):
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()


def log_to(path: Path, verbose: bool) -> None:
    """The libraries' log records and warnings (Dask's, tornado's, nbgrader's) go to `path`; the terminal shows the
    grader's own warnings and every error, or with `verbose` everything. Set once, before a command imports
    distributed: distributed.config.initialize_logging leaves its loggers to the root's handlers when the root
    has some (its own stderr handler is only for a root without one)."""
    log = LogFile(path, encoding="utf-8", delay=True)
    log.setFormatter(logging.Formatter(FORMAT))
    terminal = logging.StreamHandler()
    if verbose:
        terminal.setFormatter(logging.Formatter(FORMAT))
    else:
        terminal.addFilter(lambda record: record.levelno >= logging.ERROR or (
            record.levelno >= logging.WARNING and record.name.startswith("autograder")))
    logging.basicConfig(level=logging.INFO, format="%(message)s", handlers=[log, terminal])
    logging.captureWarnings(True)


def autograde_class(parser: argparse.ArgumentParser, args: argparse.Namespace, started: float) -> None:
    from autograder.grading import config
    from autograder.sandbox import zygote

    if not args.submissions.exists():
        parser.exit(1, f"nothing was graded: {args.submissions} does not exist: give SUBMISSIONS=<a folder or "
                       f"Moodle's zip>, or bring the submissions with make pull OUT={args.out} "
                       f"MOODLE_URL=https://...\n")
    # The grader allocates many lasting objects (torch's, nbgrader's, Dask's) and little garbage: a collection
    # every 700 allocations, Python's default, costs a fifth of its start-up.
    gc.set_threshold(50_000, 20, 20)
    limits = {key: getattr(args, key) for key in ("timeout", "notebook_timeout", "memory_mb", "cpu_seconds")
              if getattr(args, key) is not None}
    if not args.scheduler and not args.unsafe_no_sandbox:  # a small class is graded in this process (engine.HERE):
        config.prestart(limits)  # its first zygote loads while the grader is imported
    try:
        grade_class(parser, args, started, limits)
    finally:
        zygote.discard()


def grade_class(parser: argparse.ArgumentParser, args: argparse.Namespace, started: float, limits: dict) -> None:
    from autograder import autograde
    from autograder.grading.cluster import ClusterError
    from autograder.gradebook import Unreachable
    from autograder.grading.results import not_graded_line
    from autograder.sandbox import jail

    clock = autograde.Clock(started)
    try:
        results = autograde.autograde(args.submissions, args.out, workers=args.workers, db_url=args.db,
                                      scheduler=args.scheduler, unsafe_no_sandbox=args.unsafe_no_sandbox,
                                      limits=limits or None, resume=not args.fresh,
                                      progress=False if args.no_progress else None,
                                      moodle_teams=args.moodle_teams, clock=clock)
    except (jail.JailError, ClusterError) as error:
        parser.exit(1, f"nothing was graded: {error}\n")
    except Unreachable as error:
        parser.exit(1, f"nothing was published: {error}; what was graded is kept in {args.out / '.autograde'} "
                       f"for the next run\n")
    except KeyboardInterrupt:
        print(f"interrupted: nothing was published; the notebooks graded so far are kept in "
              f"{args.out / '.autograde'} and the next run resumes from them", file=sys.stderr)
        raise SystemExit(130)
    statuses = {}
    for r in results:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    flagged = sum(1 for r in results if r.flags)
    waiting = sum(e.status == "manual" for r in results for e in r.exercises)
    print(f"graded {len(results)} notebooks ({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}; "
          f"{flagged} flagged); see {args.out / 'grades.csv'} and {args.out / 'report.html'}")
    if waiting:
        print(f"{waiting} answers wait for manual grading: make formgrade OUT={args.out}")
    print(clock.line())
    gc.freeze()  # the interpreter's last collections would walk torch's objects again: seconds at exit
    if not_graded_line(results):  # the grader's failures: never a grade, and the run says so
        print(not_graded_line(results))
        raise SystemExit(1)


def export_class(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from autograder.moodle import export

    try:
        done = export.export(args.out, args.db, worksheets=args.moodle_worksheet)
    except (ValueError, FileNotFoundError) as error:
        parser.exit(1, f"nothing was exported: {error}\n")
    for path in done.files:
        print(path)
    for note in done.notes:
        print(note)
    if done.missing:
        print(f"{len(done.missing)} row(s) without a Moodle participant id, in no worksheet:")
        for m in done.missing:
            print(f"  {' '.join(filter(None, (m.student, m.assignment, m.file)))}: {m.why}")
    if done.failed:
        parser.exit(1, "export: some students of a Moodle download have no participant id, so their grades would "
                       "not reach Moodle (docs/export.md)\n")


def moodle_site(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple:
    """(the course, a client of the site) for `push` and `pull`: course.toml (or AUTOGRADER_COURSE_TOML's), and
    the token."""
    from autograder.course import Course
    from autograder.moodle import push
    from autograder.moodle.client import Client

    settings = os.environ.get("AUTOGRADER_COURSE_TOML")  # another course.toml than the repository's
    course = Course(settings=Path(settings)) if settings else Course()
    if not args.url:
        parser.exit(2, f"{args.command}: give the site's address: make {args.command} "
                       f"MOODLE_URL=https://moodle.example.edu (--url)\n")
    return course, Client(args.url, push.token(course))


def push_class(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from autograder.moodle import push
    from autograder.moodle.client import MoodleError

    if args.workflow_state and args.workflow_state not in push.WORKFLOW_STATES:
        parser.exit(2, f"push: --workflow-state is one of {', '.join(push.WORKFLOW_STATES)}\n")
    try:
        course, client = moodle_site(parser, args)
        plans = push.plan(args.out, client, course, args.lessons, args.overwrite, args.db)
    except (MoodleError, FileNotFoundError) as error:
        parser.exit(1, f"nothing was pushed: {error}\n")
    done = plan_then_do(parser, args, plans, push.report, lambda: push.execute(args.out, client, plans,
                                                                                args.workflow_state),
                        "changed in Moodle", "The students listed as pushed are in Moodle; run the same command "
                                             "again to push the others (none is pushed twice).")
    if done and any(lesson.failed for lesson in plans):
        parser.exit(1, "push: Moodle did not keep some grades (FAILED above)\n")


def pull_class(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from autograder.moodle import pull, pulled
    from autograder.moodle.client import MoodleError

    try:
        course, client = moodle_site(parser, args)
        plans = pull.plan(args.out, client, course, args.lessons)
    except MoodleError as error:
        parser.exit(1, f"nothing was pulled: {error}\n")
    if plan_then_do(parser, args, plans, pull.report, lambda: pulled.execute(args.out, client, plans), "fetched",
                    f"The submissions listed as pulled are in {args.out / 'pulled'}; run the same command again to "
                    f"pull the others (no file is fetched twice)."):
        print(f"next: make autograde OUT={args.out} (grades what changed; every other grade is kept)")


def plan_then_do(parser: argparse.ArgumentParser, args: argparse.Namespace, plans: list, report: Callable,
                 execute: Callable, nothing: str, stopped: str) -> bool:
    """`push` and `pull`: print the plan, or with --yes do it and print what was done (True); a MoodleError stops it
    with what was done so far and `stopped`, which says what the same command does next."""
    from autograder.moodle.client import MoodleError

    if not args.yes:
        print("\n".join(report(plans)))
        print(f"This is the plan: nothing was {nothing}. Run the same command with YES=1 (--yes) to do it.")
        return False
    try:
        execute()
    except MoodleError as error:
        print("\n".join(report(plans, done=True)))
        parser.exit(1, f"the {args.command} stopped: {error}\n{stopped}\n")
    print("\n".join(report(plans, done=True)))
    return True


if __name__ == "__main__":
    main()
