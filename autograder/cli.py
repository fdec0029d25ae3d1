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

    autograde_cmd = commands.add_parser("autograde", help="grade <submissions>/<student>/*.ipynb")
    autograde_cmd.add_argument("submissions", type=Path)
    autograde_cmd.add_argument("out", type=Path)
    autograde_cmd.add_argument("--workers", type=int, default=os.cpu_count())

    args = parser.parse_args(argv)
    if args.command == "release":
        for path in release.release(only=args.assignments or None):
            print(path.relative_to(ROOT))
    else:
        results = grade.autograde(args.submissions, args.out, workers=args.workers)
        print(f"graded {len(results)} notebooks; see {args.out / 'grades.csv'}")


if __name__ == "__main__":
    main()
