"""Issue 25: every game has a rules-notes page (docs/rules/<game>.md), linked from its catalog
entry, with a summary, the readings the engine makes and the content that is ours."""

import os

import pytest

import engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("classified", "darkagent", "ifthen", "insidejob")


@pytest.mark.parametrize("game_id", GAMES)
def test_catalog_links_the_rules_page(game_id):
    entry = next(e for e in engine.catalog() if e["game"] == game_id)
    assert entry["rules"] == f"docs/rules/{game_id}.md"
    with open(os.path.join(ROOT, entry["rules"]), encoding="utf-8") as handle:
        text = handle.read()
    for heading in ("## Rules summary", "## Readings", "## Content that is ours"):
        assert heading in text
    readings = [line for line in text.split("## Readings")[1].split("## Content")[0].splitlines()
                if line[:1].isdigit()]
    assert len(readings) >= 10
    assert "Our reading" in text and "OURS" in text
