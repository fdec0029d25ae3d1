"""Command line: `python -m autograder.cli release|autograde ...` (the Makefile calls these)."""
import argparse
import os
from pathlib import Path

from autograder import ROOT, grade, release


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="autograder")
    commands = parser.add_subparsers(dest="command", required=True)

    release_cmd = commands.add_parser("release", help="regenerate lessons/ and solutions/")
    release_cmd.add_argument("assignments", nargs="*", help="only these (default: all)")

    autograde_cmd = commands.add_parser("autograde", help="grade <submissions>/<student>/*.ipynb or an LMS zip")
    autograde_cmd.add_argument("submissions", type=Path, help="a folder of <student>/<files>, or a zip")
    autograde_cmd.add_argument("out", type=Path)
    autograde_cmd.add_argument("--workers", type=int, default=os.cpu_count())
    autograde_cmd.add_argument("--db", default=os.environ.get("AUTOGRADER_DB") or None,
                               help="a shared gradebook, e.g. postgresql://user@host/db (default: SQLite copies)")
    autograde_cmd.add_argument("--fresh", action="store_true", help="ignore results cached by an earlier run")
    autograde_cmd.add_argument("--no-progress", action="store_true")
    for name, kind, what in (("timeout", int, "seconds per cell"), ("notebook-timeout", float, "seconds per notebook"),
                             ("memory-mb", int, "kernel address-space cap, MiB"),
                             ("cpu-seconds", int, "kernel CPU-time cap, seconds")):
        autograde_cmd.add_argument(f"--{name}", type=kind, help=what)

    commands.add_parser("check-sandbox", help="start a jail as a grading kernel's: can student code be sandboxed here?")

    benchmark_cmd = commands.add_parser("benchmark", help="time a class graded serially, with 2 workers, by plain nbgrader")
    benchmark_cmd.add_argument("--students", type=int, default=50)
    benchmark_cmd.add_argument("--out", type=Path, default=Path("benchmark"))

    args = parser.parse_args(argv)
    if args.command == "release":
        for path in release.release(only=args.assignments or None):
            print(path.relative_to(ROOT))
    elif args.command == "check-sandbox":
        from autograder import jail
        try:
            print(jail.check(release.nbgrader_config(ROOT)))
        except jail.JailError as error:
            parser.exit(1, f"{error}\n")
    elif args.command == "benchmark":
        from autograder import benchmark
        print(benchmark.run(args.students, args.out))
    else:
        limits = {key: getattr(args, key) for key in ("timeout", "notebook_timeout", "memory_mb", "cpu_seconds")
                  if getattr(args, key) is not None}
        results = grade.autograde(args.submissions, args.out, workers=args.workers, db_url=args.db,
                                  limits=limits or None, resume=not args.fresh,
                                  progress=False if args.no_progress else None)
        statuses = {}
        for r in results:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        flagged = sum(1 for r in results if r.flags)
        print(f"graded {len(results)} notebooks ({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}; "
              f"{flagged} flagged); see {args.out / 'grades.csv'} and {args.out / 'report.html'}")


if __name__ == "__main__":
    main()
