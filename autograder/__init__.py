"""Instructor-side tooling over nbgrader: release the lessons, grade submissions, report."""
import os
import sys
from pathlib import Path

# jsonschema (under nbformat) imports rfc3987_syntax when it is installed (jupyter-events pulls it in), and
# rfc3987_syntax compiles Lark grammars as it is imported: about a second in every process of the grader.
# It only checks the "iri" string formats, which no notebook schema uses; jsonschema goes on without it.
sys.modules.setdefault("rfc3987_syntax", None)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "autograder" / "source"
# Build artifacts, the gradebook with the hidden tests among them; never shipped to students.
BUILD = Path(os.environ.get("AUTOGRADER_BUILD", ROOT / "build")).resolve()
NBGRADER_CONFIG = ROOT / "autograder" / "nbgrader_config.py"
