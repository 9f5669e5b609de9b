"""Code blocks of README.md (and docs/*.md) by section, so tests run the commands exactly as the
documents show them."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


def readme_text():
    return doc_text("README.md")


def doc_text(path):
    """The text of a document, by its path in the repository (e.g. "docs/development.md")."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def section(heading, text=None):
    """The text under `## <heading...>` up to the next `## ` heading."""
    text = readme_text() if text is None else text
    match = re.search(rf"^## {re.escape(heading)}.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if match is None:
        raise LookupError(f"README has no section {heading!r}")
    return match.group(1)


def code_blocks(heading, language):
    """The fenced ```<language> blocks of one README section, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```", section(heading), re.M | re.S)
