"""The docs by role: a short README that links a page per task in docs/, and no link that leads nowhere."""
import re

import pytest

from autograder import ROOT
from tests.docs_commands import PAGES

LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_stays_short():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(page):
    broken = [target for target in LINK.findall(page.read_text(encoding="utf-8"))
              if not re.match(r"[a-z]+:", target) and not target.startswith("#")
              and not (page.parent / target.split("#")[0]).exists()]
    assert not broken, f"{page.relative_to(ROOT)} links to missing files: {broken}"


def test_every_docs_page_is_linked_from_the_readme_or_another_page():
    pages = sorted((ROOT / "docs").glob("*.md"))
    linked = {(page.parent / target.split("#")[0]).resolve() for page in PAGES
              for target in LINK.findall(page.read_text(encoding="utf-8")) if not re.match(r"[a-z]+:", target)}
    assert [page.name for page in pages if page.resolve() not in linked] == []


def test_the_architecture_page_names_every_module():
    page = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    modules = [path for path in sorted((ROOT / "autograder").rglob("*.py"))
               if path.name != "__init__.py" and "source" not in path.relative_to(ROOT / "autograder").parts]
    unnamed = [str(path.relative_to(ROOT)) for path in modules
               if path.name not in page and str(path.relative_to(ROOT / "autograder")) not in page]
    assert not unnamed, f"docs/ARCHITECTURE.md does not name: {unnamed}"
