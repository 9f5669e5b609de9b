"""Odds questions about Dark Agent attacks, for embedders and the odds endpoints (pure).

An *attack* is described as `{"spies": [levels], "bonus": n, "equipment": [names],
"defence": D}` (fixed defence: sentinel, objective) or `{..., "spy_base": B}` (an enemy spy or
the Dark Agent: defence B + 1d6), optionally with `"vp"` for what success is worth. Equipment
that changes the roll: `rifle` (+RIFLE_BONUS), `binoculars` (+BINOCULARS_MARKERS markers),
`rocket_launcher` (one die set after the roll). A *turn plan* is a list of attacks made in order
that stops at the first failure (a failed attack ends the turn).
"""

import math
from fractions import Fraction

from engine.rng import Rng

from .data import BINOCULARS_MARKERS, RIFLE_BONUS
from .dice import resolve_roll
from .odds import p_success

ROLL_EQUIPMENT = {"rifle": RIFLE_BONUS, "binoculars": BINOCULARS_MARKERS, "rocket_launcher": 0}
MAX_PLAN = 20


class QuestionError(ValueError):
    """A malformed odds question; `field` names the culprit."""

    def __init__(self, message, field):
        super().__init__(message)
        self.field = field


def _int(value, field, low, high):
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise QuestionError(f"{field} must be an integer in [{low}, {high}]", field)
    return value


def normalise_attack(attack, field="attack"):
    """The attack with defaults filled in and checked: raises QuestionError naming the field."""
    if not isinstance(attack, dict):
        raise QuestionError(f"{field} must be an object", field)
    known = {"spies", "bonus", "equipment", "defence", "spy_base", "vp"}
    for key in attack:
        if key not in known:
            raise QuestionError(f"unknown field {key!r}", f"{field}.{key}")
    spies = attack.get("spies", [])
    if not isinstance(spies, list) or len(spies) > 6:
        raise QuestionError("spies must be a list of at most 6 levels", f"{field}.spies")
    equipment = attack.get("equipment", [])
    if not isinstance(equipment, list) or any(e not in ROLL_EQUIPMENT for e in equipment):
        raise QuestionError(f"equipment must list names from {sorted(ROLL_EQUIPMENT)}", f"{field}.equipment")
    if ("defence" in attack) == ("spy_base" in attack):
        raise QuestionError("give exactly one of defence or spy_base", f"{field}.defence")
    target = "defence" if "defence" in attack else "spy_base"
    return {
        "spies": sorted(_int(s, f"{field}.spies", 0, 10) for s in spies),
        "bonus": _int(attack.get("bonus", 0), f"{field}.bonus", -30, 30),
        "equipment": sorted(set(equipment)),
        target: _int(attack[target], f"{field}.{target}", 0, 60),
        "vp": _int(attack.get("vp", 0), f"{field}.vp", 0, 100),
    }


def _terms(attack):
    bonus = sum(attack["spies"]) + attack["bonus"] + sum(ROLL_EQUIPMENT[e] for e in attack["equipment"])
    vs_spy = "spy_base" in attack
    defence = attack["spy_base"] if vs_spy else attack["defence"]
    return bonus, defence, vs_spy, "rocket_launcher" in attack["equipment"]


def attack_odds(attack):
    """Exact success probability of one attack: {"fraction", "probability", "bonus"}."""
    attack = normalise_attack(attack)
    bonus, defence, vs_spy, rocket = _terms(attack)
    p = p_success(bonus, defence, vs_spy, rocket)
    return {"fraction": f"{p.numerator}/{p.denominator}", "probability": float(p), "bonus": bonus}


def normalise_plan(attacks):
    """A checked turn plan (1..MAX_PLAN attacks)."""
    if not isinstance(attacks, list) or not 1 <= len(attacks) <= MAX_PLAN:
        raise QuestionError(f"attacks must be a list of 1..{MAX_PLAN} attacks", "attacks")
    return [normalise_attack(a, f"attacks[{i}]") for i, a in enumerate(attacks)]


def turn_odds_exact(attacks):
    """Exact odds of a plan: P(reach and win each step), P(all), expected VP (Fractions as text)."""
    reach, expected, steps = Fraction(1), Fraction(0), []
    for attack in normalise_plan(attacks):
        bonus, defence, vs_spy, rocket = _terms(attack)
        reach *= p_success(bonus, defence, vs_spy, rocket)
        expected += reach * attack["vp"]
        steps.append({"p_through": f"{reach.numerator}/{reach.denominator}", "probability": float(reach)})
    return {"method": "exact", "steps": steps, "p_all": steps[-1]["probability"],
            "p_all_fraction": steps[-1]["p_through"], "expected_vp": float(expected),
            "expected_vp_fraction": f"{expected.numerator}/{expected.denominator}"}


def turn_odds_monte_carlo(attacks, trials=20000, seed=0, z=1.96):
    """Monte Carlo over the engine's dice code: P(all) and expected VP with 95% intervals."""
    plan = normalise_plan(attacks)
    rng, wins_all, vp_sum, vp_sq = Rng(seed), 0, 0.0, 0.0
    for _ in range(trials):
        vp = 0
        for attack in plan:
            bonus, defence, vs_spy, rocket = _terms(attack)
            if not resolve_roll(rng, bonus, defence, vs_spy, rocket)[0]:
                break
            vp += attack["vp"]
        else:
            wins_all += 1
        vp_sum += vp
        vp_sq += vp * vp
    p = wins_all / trials
    mean = vp_sum / trials
    var = max(vp_sq / trials - mean * mean, 0.0)
    half_p = z * math.sqrt(p * (1 - p) / trials)
    half_vp = z * math.sqrt(var / trials)
    return {"method": "monte_carlo", "trials": trials, "p_all": p,
            "p_all_interval": [p - half_p, p + half_p], "expected_vp": mean,
            "expected_vp_interval": [mean - half_vp, mean + half_vp]}
