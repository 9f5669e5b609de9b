"""The conformance suite every registered game must pass (DESIGN.md house style item 5).

`check_playout(game_id, options, seed)` plays one seeded random match to the end and checks, at
every step: legal actions are non-empty for every seat to move until the end; a sample of legal
actions applies; malformed, out-of-turn and illegal actions are rejected with the input unchanged;
the match round-trips through JSON; views are JSON-able and never contain the seed; and the
information-set invariance holds (a state re-dealt by `sample_state` from seat p's view renders
identically for p). Determinism is checked by replaying the same seed and actions.
"""

import json

import engine
from engine import Rng
from engine.errors import EngineError, IllegalAction, InvalidAction, NotYourTurn

SEED_BASE = 7_340_000_000_123  # seeds large enough that finding one in a view is no accident


def conformance_cases(seeds=(1, 2, 3)):
    """(game_id, options, seed) for every registered game, its conformance options and seeds."""
    cases = []
    for game_id in sorted(engine.GAMES):
        for options in engine.GAMES[game_id].conformance_options:
            for seed in seeds:
                cases.append((game_id, dict(options), SEED_BASE + seed))
    return cases


def case_id(case):
    """A readable pytest id with the seed in it."""
    game_id, options, seed = case
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    return f"{game_id}[{opts}]-seed{seed - SEED_BASE}"


def dumps(value):
    """Canonical JSON text (fails on anything not JSON-able)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def check_playout(game_id, options, seed, invariance=True, sample_limit=6):
    """Play a seeded random match to the end, checking every conformance property."""
    rules = engine.get_game(game_id)
    match = engine.start(game_id, options, seed)
    n_seats = rules.seat_count(match.options)
    pick = Rng(seed ^ 0x5EED)
    history = []
    for _ in range(rules.max_length + 1):
        check_round_trip(match)
        check_views(match, n_seats, seed)
        if invariance:
            check_information_sets(match, n_seats, pick)
        moving = engine.to_move(match)
        if not moving:
            break
        check_rejections(match, n_seats, moving)
        seat = moving[pick.randbelow(len(moving))]
        actions = engine.legal_actions(match, seat)
        assert actions, f"seat {seat} must have a legal action at version {match.version}"
        as_listed = dumps(actions)
        state_before = dumps(rules.state_to_json(match.state))
        for action in pick.sample(actions, min(sample_limit, len(actions))):
            engine.step(match, seat, action)  # every sampled legal action applies
            # states are immutable: stepping from one never changes it (siblings share its parts)
            assert dumps(rules.state_to_json(match.state)) == state_before, "a step mutated its state"
        action = pick.choice(actions)
        history.append((seat, action))
        match = engine.step(match, seat, action)
        # legal-action dicts may be shared read-only tables: applying one must never change it
        assert dumps(actions) == as_listed, "applying an action mutated the legal-action list"
    else:
        raise AssertionError(f"{game_id} did not finish within max_length={rules.max_length}")
    check_outcome(match, n_seats)
    check_log_privacy(match)
    again = engine.replay(game_id, options, seed, history)
    assert dumps(engine.match_to_json(again)) == dumps(engine.match_to_json(match)), "not deterministic"
    return match


def check_round_trip(match):
    """match_to_json / match_from_json and state_to_json / state_from_json are lossless."""
    data = engine.match_to_json(match)
    text = dumps(data)
    back = engine.match_from_json(json.loads(text))
    assert dumps(engine.match_to_json(back)) == text
    rules = match.rules
    assert dumps(rules.state_to_json(rules.state_from_json(json.loads(dumps(rules.state_to_json(match.state)))))) == dumps(rules.state_to_json(match.state))
    for seat in [None] + list(range(rules.seat_count(match.options))):
        assert dumps(engine.render(back, seat)) == dumps(engine.render(match, seat))


def check_views(match, n_seats, seed):
    """Every view is JSON-able and contains neither the seed nor the raw RNG state."""
    for seat in [None] + list(range(n_seats)):
        text = dumps(engine.render(match, seat))
        assert str(seed) not in text, f"seed leaked into the view of seat {seat}"
        assert str(match.seed) not in text


def check_rejections(match, n_seats, moving):
    """Malformed, out-of-turn and illegal actions raise and leave the match unchanged."""
    before = dumps(engine.match_to_json(match))
    seat = moving[0]
    bad = [None, [], "draw", {}, {"type": 17}, {"type": "no-such-action-type"}]
    for payload in bad:
        _expect(match, seat, payload, InvalidAction)
    types = list(match.rules.action_schemas)
    _expect(match, seat, {"type": types[0], "unexpected_field_x": 1}, InvalidAction)
    idle = [s for s in range(n_seats) if s not in moving]
    if idle:
        action = engine.legal_actions(match, seat)[0]
        _expect(match, idle[0], action, NotYourTurn)
    legal = engine.legal_actions(match, seat)
    for kind, schema in match.rules.action_schemas.items():
        candidate = {"type": kind, **{k: _junk(t) for k, t in schema.items() if not t.endswith("?")}}
        if candidate not in legal:
            _expect(match, seat, candidate, (IllegalAction, InvalidAction))
    assert dumps(engine.match_to_json(match)) == before, "a rejected action changed the match"


def _junk(type_name):
    return {"int": 987654, "str": "no-such-thing", "bool": True, "object": {"junk": 1},
            "list": [987654], "int[]": [987654], "str[]": ["no-such-thing"]}[type_name]


def _expect(match, seat, payload, errors):
    try:
        engine.step(match, seat, payload)
    except errors as exc:
        assert isinstance(exc, EngineError) and exc.code and exc.message
        return
    raise AssertionError(f"{payload!r} from seat {seat} was accepted")


def check_information_sets(match, n_seats, rng):
    """Re-deal what seat p cannot see from p's view: p's view and legal actions are unchanged."""
    rules = match.rules
    for seat in range(n_seats):
        view = rules.view(match.state, seat)
        sampled = rules.sample_state(json.loads(dumps(view)), seat, rng)
        assert dumps(rules.view(sampled, seat)) == dumps(view), f"seat {seat}: view changed"
        assert list(rules.to_move(sampled)) == list(rules.to_move(match.state))
        if seat in rules.to_move(match.state) and rules.outcome(match.state) is None:
            assert dumps(rules.legal_actions(sampled, seat)) == dumps(rules.legal_actions(match.state, seat))


def check_log_privacy(match):
    """No private fact is repeated in the public part of the same log entry (same key, same value),
    and the spectator's log carries no private part at all."""
    for entry in match.log:
        public = entry["public"]
        for seat, private in entry.get("private", {}).items():
            for key, value in private.items():
                assert not (key in public and public[key] == value), (
                    f"log entry {entry['seq']}: private {key!r} of seat {seat} is also public")
    assert all("private" not in item for item in engine.render_log(match.log, None))


def check_outcome(match, n_seats):
    """A finished match has the standard outcome shape and no seat to move."""
    outcome = match.rules.outcome(match.state)
    assert outcome is not None and engine.to_move(match) == []
    assert set(outcome["winners"]) <= set(range(n_seats))
    assert [s["seat"] for s in outcome["seats"]] == list(range(n_seats))
    for s in outcome["seats"]:
        assert s["won"] == (s["seat"] in outcome["winners"]) and isinstance(s["reason"], str)
    dumps(outcome)
