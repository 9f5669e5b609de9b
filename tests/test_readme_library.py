"""README's library section runs as written, and `engine.bots.choose` is the public way to call a bot."""

import contextlib
import io
import re

import pytest

import engine
from engine import bots
from engine.bots import choose_action
from tests.readme_blocks import code_blocks


def test_readme_library_blocks_run_as_written():
    blocks = code_blocks("The library", "python")
    assert len(blocks) >= 2 and any("bots.choose(" in b for b in blocks)
    printed = io.StringIO()
    for block in blocks:
        namespace = {}
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - the README's own code
    last = namespace
    assert last["final"]["finished"] and not engine.to_move(last["m"])
    assert last["outcome"]["winners"] and "winners" in printed.getvalue()


@pytest.mark.parametrize("game_id", ["classified", "insidejob", "ifthen", "darkagent"])
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_choose_is_the_registered_bot_with_a_seeded_rng(game_id, name):
    m = engine.start(game_id, {}, seed=3)
    seat = engine.to_move(m)[0]
    view = engine.render(m, seat)
    action = bots.choose(name, view, seat, {}, seed=5)
    assert action in engine.legal_actions(m, seat)
    assert action == choose_action(game_id, {"bot": name}, view, seat, engine.Rng(5))
    assert action == bots.choose(name, view, seat, None, seed=5)


def test_choose_fills_defaults_and_rejects_unknown_bots_and_parameters():
    m = engine.start("classified", {}, seed=3)
    seat = engine.to_move(m)[0]
    view = engine.render(m, seat)
    first = bots.choose("ismcts", view, seat, {"iterations": 30}, seed=1)
    assert first == bots.choose("ismcts", view, seat, {"iterations": 30}, seed=1)  # reproducible
    with pytest.raises(ValueError):
        bots.choose("nobody", view, seat, {}, seed=1)
    with pytest.raises(ValueError):
        bots.choose("ismcts", view, seat, {"depth": 3}, seed=1)


def test_the_words_example_in_docs_api_runs_as_written():
    from tests.readme_blocks import doc_text, section
    blocks = re.findall(r"^```python\n(.*?)^```", section("Words for people", doc_text("docs/api.md")), re.M | re.S)
    assert blocks and any("words=True" in b for b in blocks)
    printed = io.StringIO()
    for block in blocks:
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "docs/api.md", "exec"), {})  # noqa: S102 - the document's own code
    assert printed.getvalue().count("\n") >= 3
