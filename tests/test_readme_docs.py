"""README.md stays a short guide for users: at most 350 lines, every document under docs/ linked
from it, and every relative link of README.md and docs/*.md (file and #anchor) leads somewhere."""

import glob
import os
import re

import pytest

from tests.readme_blocks import ROOT, doc_text, readme_text

MAX_README_LINES = 350
DOCS = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading):
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", doc_text(path), re.M)}


def test_readme_is_short():
    lines = readme_text().count("\n")
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines; move details to docs/"


def test_every_document_is_linked_from_the_readme():
    linked = {target.split("#")[0] for target in LINK.findall(readme_text())}
    assert DOCS and not sorted(set(DOCS) - linked), "README.md does not link every docs/*.md"
    for rules in ("classified", "insidejob", "ifthen", "darkagent"):
        assert f"docs/rules/{rules}.md" in linked
    assert "docs/security.md" in linked


@pytest.mark.parametrize("path", ["README.md", *DOCS])
def test_relative_links_lead_to_a_file_and_heading(path):
    broken = []
    for target in LINK.findall(doc_text(path)):
        if re.match(r"[a-z]+:", target):
            continue  # http(s):, mailto:
        name, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), name)) if name else path
        if not os.path.exists(os.path.join(ROOT, resolved)):
            broken.append(target)
        elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            broken.append(target)
    assert not broken, f"{path}: broken links {broken}"
