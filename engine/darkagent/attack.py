"""Attack resolution (digest A8.1-A8.3): bonus, dice from the match RNG, success and failure.

ATK = 4d6 + levels of the participating spies (the turned double agent included) + Adrenaline
+ Rifle (+2) + Nuclear deterrence (+2, optional objective effect) + attempt markers (objectives).
DEF = printed defence, + 1d6 for spies and the Dark Agent. Success iff ATK >= DEF or four of a kind.
"""

from . import data
from .data import (
    AIM_INDEX,
    CARDS,
    EMPTY,
    RIFLE_BONUS,
    RULE,
    kind_of,
    level_of,
    spy_owner,
)
from .dice import resolve_roll
from .events import public_event
from .state import JACKET, add_sorted, evolve, remove_one, replace_at


def holds_aim(state, seat, name):
    """The seat captured the named objective (used by the optional objective effects)."""
    return any(CARDS[c].name == name for c in state.captured[seat])


def attack_bonus(state, seat, action):
    """The additive bonus of an attack: levels, Adrenaline, Rifle, Nuclear deterrence, markers."""
    grid = state.grid
    bonus = sum(level_of(grid[c]) for c in action["spies"])
    if action.get("adrenaline") is not None:
        bonus += level_of(grid[action["adrenaline"]])
    if "rifle" in state.status:
        bonus += RIFLE_BONUS
    if state.cfg.objective_effects and holds_aim(state, seat, "nuclear_submarine"):
        bonus += data.EFFECTS["nuclear_submarine"]["value"]
    code = grid[action["target"]]
    if kind_of(code) == "aim":
        bonus += state.markers[AIM_INDEX[CARDS[code].name]]
    return bonus


def discard_from_hand(state, seat, card):
    """State with one `card` moved from seat's hand to the discard pile."""
    hands = replace_at(state.hands, seat, remove_one(state.hands[seat], card))
    public = state.hands_public[seat]
    if card in public:
        public = remove_one(public, card)
    return evolve(state, hands=hands, hands_public=replace_at(state.hands_public, seat, public),
                   discard=state.discard + (card,))


def resolve_attack(state, seat, action, rng):
    """(state, events, turn_over, failed) after an attack."""
    target = action["target"]
    code = state.grid[target]
    kind = kind_of(code)
    bonus = attack_bonus(state, seat, action)
    played = [c for c in ("adrenaline", "explosives") if c in action]
    for card in played:
        state = discard_from_hand(state, seat, card)
    status = set(state.status)
    if "rifle" in status and target not in state.spotted:
        status.add("rifle_remote")
    vs_spy = kind in ("spy", "agent", "dark")
    success, rolled, used, die, defence = resolve_roll(
        rng, bonus, data.base_defence(code), vs_spy, "rocket" in status)
    state = evolve(state, status=tuple(sorted(status)),
                    last_roll=(rolled, used, die or 0, bonus, defence, success))
    public = {"attack": {"seat": seat, "target": target, "target_kind": kind,
                         "spies": list(action["spies"]), "played": played, "dice": list(rolled),
                         "dice_used": list(used), "defender_die": die, "bonus": bonus,
                         "defence": defence, "success": success}}
    events = [public_event(public)]
    if success:
        state, more = _on_success(state, seat, target, code, kind)
        return state, events + more, False
    state, turn_over, more = _on_failure(state, seat, action, code, kind)
    return state, events + more, turn_over


def _capture(state, seat, target, code):
    captured = replace_at(state.captured, seat, state.captured[seat] + (code,))
    return evolve(state, captured=captured, grid=replace_at(state.grid, target, EMPTY))


def _on_success(state, seat, target, code, kind):
    if kind == "spy":
        return _hit_player_spy(state, seat, target, code)
    state = _capture(state, seat, target, code)
    if kind != "aim":
        return state, []
    state = evolve(state, bonus_aim=code, bonus_holder=seat)
    events = [public_event({"objective": CARDS[code].name, "bonus_token_to": seat})]
    if state.cfg.objective_effects and CARDS[code].name == "space_control_centre":
        state = evolve(state, super_token=replace_at(state.super_token, seat, True))
        events.append(public_event({"effect": "space_control_centre", "seat": seat}))
    return state, events


def _hit_player_spy(state, seat, target, code):
    victim, level = spy_owner(code), level_of(code)
    if "bulletproof_jacket" in state.hands[victim]:
        if state.cfg.jacket_defence == "auto":
            state = discard_from_hand(state, victim, "bulletproof_jacket")
            return state, [public_event({"jacket": {"seat": victim, "cell": target, "used": True}})]
        public = state.hands_public[victim]
        if "bulletproof_jacket" not in public:
            public = add_sorted(public, "bulletproof_jacket")
        state = evolve(state, phase=JACKET, pending=(seat, target, victim, level),
                        hands_public=replace_at(state.hands_public, victim, public))
        return state, [public_event({"jacket_prompt": victim})]
    return eliminate_spy(state, seat, target), []


def eliminate_spy(state, attacker, target):
    """A hit player spy goes home to its owner's reserve; the attacker records the kill."""
    code = state.grid[target]
    victim, level = spy_owner(code), level_of(code)
    kills = replace_at(state.kills, attacker, state.kills[attacker] + ((victim, level),))
    reserve = replace_at(state.reserve, victim, add_sorted(state.reserve[victim], level))
    return evolve(state, kills=kills, reserve=reserve, grid=replace_at(state.grid, target, EMPTY))


def _on_failure(state, seat, action, code, kind):
    if kind == "aim":
        markers = list(state.markers)
        markers[AIM_INDEX[CARDS[code].name]] += 1
        events = [public_event({"attempt_marker": CARDS[code].name})]
        state = evolve(state, markers=tuple(markers))
        if RULE["objectiveFailureWoundsSpies"] and "invulnerable" not in state.status:
            state, wounded = wound_spies(state, seat, [c for c in action["spies"] if c != state.turned])
            events.append(public_event({"wounded": {"seat": seat, "levels": wounded}}))
        return state, True, events
    status = set(state.status)
    events = []
    if "invulnerable" in status:
        status.discard("invulnerable")
        events.append(public_event({"invulnerable_spent": seat}))
    else:
        state, wounded = wound_spies(state, seat, [c for c in action["spies"] if c != state.turned])
        events.append(public_event({"wounded": {"seat": seat, "levels": wounded}}))
    turn_over = True
    if kind == "sentinel" and "rifle" in status and "rifle_retry" not in status:
        status.add("rifle_retry")
        turn_over = False
    return evolve(state, status=tuple(sorted(status))), turn_over, events


def wound_spies(state, seat, cells):
    """Participating own spies are wounded and go back to the player board."""
    grid, reserve, wounded = list(state.grid), state.reserve[seat], state.wounded[seat]
    levels = []
    for cell in cells:
        level = level_of(grid[cell])
        grid[cell] = EMPTY
        reserve, wounded = add_sorted(reserve, level), add_sorted(wounded, level)
        levels.append(level)
    return evolve(state, grid=tuple(grid), reserve=replace_at(state.reserve, seat, reserve),
                   wounded=replace_at(state.wounded, seat, wounded)), levels
