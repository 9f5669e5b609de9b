"""Hot-path shortcuts keep the engine's contracts: copy-free public events are exactly the
engine's event format, a state copy never carries the per-state caches along (their slots are
reset, and a state's field dict keeps the same keys, with no holes), and facts cached with the
satellites are handed on only while the satellites stay the same."""

import engine
from engine.core import event
from engine.darkagent import RULES
from engine.darkagent.events import public_event
from engine.darkagent.state import _CACHE_KEYS, SATS_CACHE, evolve, sats_cache


def test_public_event_is_the_core_format():
    for public in ({"spot": {"seat": 0, "cell": 3, "super": False}}, {"turn": 1}, {}):
        assert public_event(dict(public)) == event(public)
        assert list(public_event(dict(public))) == list(event(public))


def test_evolve_drops_the_per_state_caches():
    state = RULES.new_state(RULES.validate_options({"players": 2}), engine.Rng(1))
    RULES.legal_actions(state, state.place_order[0])
    state.__dict__["_outcome"] = {"stale": True}
    copy = evolve(state, round=2)
    assert all(copy.__dict__[key] is None for key in _CACHE_KEYS)
    assert all(state.__dict__[key] is not None for key in _CACHE_KEYS)
    assert list(copy.__dict__) == list(state.__dict__)
    assert RULES.legal_actions(copy, copy.place_order[0]) == RULES.legal_actions(state, state.place_order[0])


def test_states_from_json_have_the_cache_slots():
    state = RULES.new_state(RULES.validate_options({"players": 2}), engine.Rng(1))
    again = RULES.state_from_json(RULES.state_to_json(state))
    assert again == state and list(again.__dict__) == list(state.__dict__)


def test_satellite_facts_follow_the_satellites():
    state = RULES.new_state(RULES.validate_options({"players": 2}), engine.Rng(1))
    sats_cache(state)["fact"] = 1
    assert sats_cache(evolve(state, round=2)) == {"fact": 1}
    moved = evolve(state, sats=((0,),) + state.sats[1:])
    assert moved.__dict__[SATS_CACHE] is None and sats_cache(moved) == {}


def test_deal_shuffle_is_the_rng_shuffle():
    from engine.darkagent import setup
    for seed in range(300):
        fast, slow = engine.Rng(seed, seed * 3), engine.Rng(seed, seed * 3)
        for n in (0, 1, 2, 24, 35, 80):
            items = list(range(n))
            assert setup.shuffled(fast, items) == slow.shuffled(items)
            assert fast.counter == slow.counter


def test_deal_shuffle_redoes_a_rejected_draw(monkeypatch):
    from engine.darkagent import setup
    monkeypatch.setattr(setup, "_DRAW_LIMITS", (0,) * 64)  # randbelow would reject every draw
    fast, slow = engine.Rng(5, 17), engine.Rng(5, 17)
    assert setup.shuffled(fast, range(35)) == slow.shuffled(range(35))
    assert fast.counter == slow.counter


def test_make_state_is_the_dataclass_with_cache_slots():
    from engine.darkagent.state import DarkAgentState, make_state, with_cache_slots
    state = RULES.new_state(RULES.validate_options({"players": 3}), engine.Rng(2))
    values = {name: getattr(state, name) for name in state.__dataclass_fields__}
    made, built = make_state(**values), with_cache_slots(DarkAgentState(**values))
    assert made == built and list(made.__dict__.items()) == list(built.__dict__.items())


def test_written_out_copies_keep_the_field_layout_and_leave_their_input_alone():
    """The hot applies (spot, Phase 1, next turn, vote) copy the state like `evolve`: the same
    keys in the same order, fresh per-state caches, the satellite facts dropped only when the
    satellites change; the state passed in is never changed."""
    options = RULES.validate_options({"players": 2, "max_rounds": 3})
    rng, pick = engine.Rng(11), engine.Rng(12)
    state = RULES.new_state(options, rng)
    layout = list(state.__dict__)
    while RULES.to_move(state):
        seat = RULES.to_move(state)[0]
        actions = RULES.legal_actions(state, seat)
        before = RULES.state_to_json(state)
        new, _ = RULES.apply(state, seat, actions[pick.randbelow(len(actions))], rng)
        assert RULES.state_to_json(state) == before
        assert list(new.__dict__) == layout
        assert new.__dict__["_legal_cache"] is None and new.__dict__["_outcome"] is None
        if new.sats != state.sats:
            assert new.__dict__[SATS_CACHE] is None
        state = new


def test_configs_are_shared_per_option_values():
    """setup.make_config hands out one frozen config per set of option values (and types): equal
    to a freshly built dataclass, shared by equal options, never by options that differ only in
    a value's type (True == 1)."""
    from engine.darkagent.setup import make_config
    from engine.darkagent.state import DarkAgentConfig
    options = RULES.validate_options({"players": 3, "max_rounds": 4})
    cfg = make_config(options)
    assert cfg == DarkAgentConfig(**{name: options[name] for name in cfg.to_json()})
    assert make_config(dict(options)) is cfg
    assert make_config({**options, "max_rounds": 5}).max_rounds == 5
    as_int = make_config({**options, "objective_effects": 0})
    assert as_int.objective_effects == 0 and as_int.objective_effects is not False
    assert make_config({**options, "objective_effects": False}).objective_effects is False
