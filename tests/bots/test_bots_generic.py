"""Every bot, in every registered game: legal actions only, blind to hidden facts, reproducible."""

import json
from dataclasses import replace

import pytest

import engine
from engine.bots import BOTS, bot_catalog, choose_action, validate_bot

FAST = {"random": {}, "heuristic": {}, "ismcts": {"iterations": 8},
        "ismcts-paired": {"iterations": 16, "paired": 1}}


def bot_cases():
    """(game, bot) for every bot of every game, and ISMCTS's paired root search in each game."""
    cases = []
    for game_id in sorted(engine.GAMES):
        for entry in bot_catalog(game_id):
            cases.append((game_id, entry["bot"]))
            if entry["bot"] == "ismcts":
                cases.append((game_id, "ismcts-paired"))
    return cases


def spec_of(game_id, bot):
    return validate_bot(game_id, {"bot": bot.split("-")[0], **FAST[bot]})


def play(game_id, seats, seed, max_steps=None):
    """Play a whole match with the given bot specs per seat; returns the final match."""
    match = engine.start(game_id, {}, seed)
    rng = engine.Rng(seed + 1)
    limit = max_steps or match.rules.max_length
    for _ in range(limit):
        moving = engine.to_move(match)
        if not moving:
            break
        seat = moving[0]
        view = engine.render(match, seat)
        action = choose_action(game_id, seats[seat % len(seats)], view, seat, rng)
        assert action in view["legal_actions"], (seat, action)
        match = engine.step(match, seat, action)
    return match


@pytest.mark.parametrize("game_id, bot", bot_cases())
def test_bot_plays_only_legal_actions(game_id, bot):
    spec = spec_of(game_id, bot)
    steps = None if not bot.startswith("ismcts") else 60
    match = play(game_id, [spec, {"bot": "random"}], seed=1234, max_steps=steps)
    assert match.version > 0


@pytest.mark.parametrize("game_id, bot", bot_cases())
def test_bot_is_blind_to_hidden_facts_and_reproducible(game_id, bot):
    spec = spec_of(game_id, bot)
    match = engine.start(game_id, {}, 99)
    rules = match.rules
    for step in range(12):
        moving = engine.to_move(match)
        if not moving:
            break
        seat = moving[0]
        view = engine.render(match, seat)
        other_state = rules.sample_state(json.loads(json.dumps(view["state"])), seat, engine.Rng(step + 500))
        other = replace(match, state=other_state)
        assert engine.render(other, seat)["state"] == view["state"]
        first = choose_action(game_id, spec, view, seat, engine.Rng(7))
        again = choose_action(game_id, spec, engine.render(other, seat), seat, engine.Rng(7))
        assert first == again, "the bot's choice depended on something its seat cannot see"
        match = engine.step(match, seat, first)


def test_bot_specs_are_validated():
    with pytest.raises(ValueError):
        validate_bot("toy", {"bot": "ismcts", "iterations": 0})
    with pytest.raises(ValueError):
        validate_bot("toy", {"bot": "ismcts", "depth": 3})
    with pytest.raises(ValueError):
        validate_bot("toy", {"bot": "nobody"})
    assert validate_bot("toy", {"bot": "ismcts", "budget_ms": 200}) == {
        "bot": "ismcts", "iterations": BOTS["ismcts"]["params"]["iterations"]["default"], "budget_ms": 200,
        "guided": 0, "rollout": 100, "beliefs": 1, "shared_win": 100, "prior": 60,
        "exploration": 70, "paired": 0}


def test_ismcts_beats_random_on_the_toy_game():
    wins = 0
    for seed in range(30):
        ism = seed % 2
        seats = [{"bot": "random"}, {"bot": "random"}]
        seats[ism] = {"bot": "ismcts", "iterations": 60, "budget_ms": 0}
        outcome = engine.render(play("toy", seats, seed), None)["outcome"]
        wins += ism in outcome["winners"]
    assert wins >= 18, wins


def test_ismcts_defaults_can_differ_per_game_and_the_catalog_shows_them():
    from engine.bots import bot_catalog
    from engine.bots.ismcts import PARAMS
    tuned = engine.get_game("classified").bot_defaults["ismcts"]
    assert validate_bot("classified", {"bot": "ismcts"})["guided"] == tuned["guided"]
    assert validate_bot("toy", {"bot": "ismcts"})["guided"] == PARAMS["guided"]["default"]
    assert validate_bot("classified", {"bot": "ismcts", "guided": 7})["guided"] == 7
    entry = next(b for b in bot_catalog("classified") if b["bot"] == "ismcts")
    assert entry["params"]["guided"]["default"] == tuned["guided"]
    assert PARAMS["guided"]["default"] != tuned["guided"]  # the generic spec is left as it was


def test_ismcts_rewards_value_a_shared_win_by_shared_win():
    from engine.bots.ismcts import _rewards
    alone = {"seats": [{"seat": 0, "won": True}, {"seat": 1, "won": False}]}
    shared = {"seats": [{"seat": 0, "won": True}, {"seat": 1, "won": True}]}
    assert _rewards(alone, 0.5) == {0: 1.0, 1: 0.0}
    assert _rewards(shared, 0.5) == {0: 0.5, 1: 0.5}
    assert _rewards(shared) == {0: 1.0, 1: 1.0}  # team games: a win together is a full win


def test_ismcts_uses_a_games_search_helpers_only_where_it_has_them():
    """Inside Job ships engine/insidejob/rollout.py: `beliefs` 1 deals by its belief sampler and
    `rollout` picks playout moves with its policy; the toy game has none and keeps the defaults."""
    from engine.bots import ismcts
    rules = engine.get_game("insidejob")
    match = engine.start("insidejob", {}, 3)
    while engine.to_move(match) and not engine.render(match, engine.to_move(match)[0])["state"]["tricks"]:
        seat = engine.to_move(match)[0]
        match = engine.step(match, seat, engine.legal_actions(match, seat)[0])
    seat = match.state.setup.roles.index("agent")
    view = engine.render(match, seat)["state"]
    assert ismcts._sampler(rules, view, seat, 0) == rules.sample_state
    believing = ismcts._sampler(rules, view, seat, 1)
    assert believing != rules.sample_state
    assert rules.view(believing(view, seat, engine.Rng(1)), seat) == view
    insider = match.state.setup.roles.index("insider")  # knows every role: nothing to believe
    insider_view = engine.render(match, insider)["state"]
    assert ismcts._sampler(rules, insider_view, insider, 1) == rules.sample_state
    assert ismcts.guided_policy(rules, None, 0, ismcts._rollout(rules), 0) is None
    assert ismcts.guided_policy(rules, None, 0, ismcts._rollout(rules), 100) is not None
    toy = engine.get_game("toy")
    assert ismcts._rollout(toy) is None
    assert ismcts._sampler(toy, {}, 0, 1) == toy.sample_state


def test_generic_bot_code_names_no_game():
    """Per-game tuning is data each game declares (rules.bot_defaults), not game ids in the
    generic bots: no registered game id appears as a string literal in engine/bots."""
    import ast
    import pathlib
    import engine.bots
    from engine.registry import GAMES
    folder = pathlib.Path(engine.bots.__file__).parent
    for path in sorted(folder.glob("*.py")):
        literals = {node.value for node in ast.walk(ast.parse(path.read_text()))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        assert not literals & set(GAMES), (path.name, sorted(literals & set(GAMES)))
