"""Dark Agent odds over the API: exact single attacks at once, planned turns via a real worker."""

import time
from fractions import Fraction

import pytest

from engine.darkagent import planning


@pytest.mark.parametrize("attack, fraction", [
    ({"spies": [2], "defence": 16}, "181/324"),
    ({"spies": [3, 5], "defence": 16}, "631/648"),
    ({"spies": [2, 5], "spy_base": 18}, "217/432"),
    ({"spies": [2, 5], "equipment": ["rifle"], "spy_base": 18}, "301/432"),
    ({"spies": [3], "spy_base": 12}, "301/432"),
    ({"spies": [5], "defence": 20, "equipment": ["binoculars"]}, "2/3"),
    ({"bonus": 0, "defence": 30}, "1/216"),
    ({"bonus": 0, "defence": 14, "equipment": ["rocket_launcher"]}, "26/27"),
])
def test_attack_odds_reproduce_the_digest(client, attack, fraction):
    answer = client.post("/darkagent/odds/attack", json={"attack": attack})
    assert answer.status_code == 200, answer.json
    assert answer.json["fraction"] == fraction
    assert answer.json["probability"] == pytest.approx(float(Fraction(fraction)))


@pytest.mark.parametrize("attack, field", [
    ({"spies": [2]}, "attack.defence"),
    ({"spies": [2], "defence": 16, "spy_base": 3}, "attack.defence"),
    ({"spies": "2", "defence": 16}, "attack.spies"),
    ({"spies": [2], "defence": 16, "equipment": ["laser"]}, "attack.equipment.0"),
    ({"spies": [2], "defence": 16, "colour": 1}, "attack.colour"),
    ({"spies": [2, 4], "defence": 16}, "attack.spies.1"),  # no level-4 spy in the game
    ({"spies": [2], "defence": 61}, "attack.defence"),
    ({"spies": [2], "spy_base": -1}, "attack.spy_base"),
    ({"spies": [2], "defence": 16, "bonus": 31}, "attack.bonus"),
    ({"spies": [2], "defence": 16, "vp": "3"}, "attack.vp"),
    ({"spies": [2] * 7, "defence": 16}, "attack.spies"),
])
def test_bad_attack_questions_name_the_field(client, attack, field):
    answer = client.post("/darkagent/odds/attack", json={"attack": attack})
    assert answer.status_code == 400 and answer.json["error"]["field"] == field


def test_planned_turn_is_computed_by_a_worker_and_cached(client, worker):
    plan = {"attacks": [{"spies": [2], "defence": 16, "vp": 2},
                        {"spies": [2, 5], "spy_base": 18, "vp": 5}], "trials": 20000}
    first = client.post("/darkagent/odds/turn", json=plan)
    assert first.status_code == 202 and first.json["status"] == "queued"
    job_id = first.json["job_id"]
    deadline = time.time() + 30
    while time.time() < deadline:
        state = client.get(f"/jobs/{job_id}").json
        if state["status"] == "finished":
            break
        time.sleep(0.1)
    result = state["result"]
    p1, p2 = Fraction(181, 324), Fraction(217, 432)
    assert result["exact"]["p_all_fraction"] == str(p1 * p2)
    assert Fraction(result["exact"]["expected_vp_fraction"]) == p1 * 2 + p1 * p2 * 5
    low, high = result["monte_carlo"]["p_all_interval"]
    assert low - 0.01 <= float(p1 * p2) <= high + 0.01
    again = client.post("/darkagent/odds/turn", json=plan)
    assert again.status_code == 200 and again.json["result"] == result
    assert client.get("/jobs/odds-nope").status_code == 404


def test_monte_carlo_interval_contains_the_exact_value():
    attacks = [{"spies": [3], "defence": 16, "vp": 3}, {"spies": [5], "spy_base": 14, "vp": 4}]
    exact = planning.turn_odds_exact(attacks)
    estimate = planning.turn_odds_monte_carlo(attacks, trials=40000, seed=3, z=3.3)
    low, high = estimate["p_all_interval"]
    assert low <= exact["p_all"] <= high
    low, high = estimate["expected_vp_interval"]
    assert low <= exact["expected_vp"] <= high


def test_turn_plan_errors_name_the_attack_and_field(client):
    plan = {"attacks": [{"spies": [2], "defence": 16}, {"spies": [9], "spy_base": 12}]}
    answer = client.post("/darkagent/odds/turn", json=plan)
    assert answer.status_code == 400 and answer.json["error"]["field"] == "attacks.1.spies.0"
    empty = client.post("/darkagent/odds/turn", json={"attacks": []})
    assert empty.status_code == 400 and empty.json["error"]["field"] == "attacks"


def test_the_odds_schema_follows_the_game_data_and_is_in_the_contract():
    import yaml

    from engine.darkagent.data import SPY_LEVELS
    from engine.darkagent.planning import ROLL_EQUIPMENT
    from service.api import schemas
    from service.api.openapi import build_spec
    assert set(schemas.DARK_AGENT_SPY_LEVELS) == set(SPY_LEVELS)
    assert set(schemas.DARK_AGENT_ROLL_EQUIPMENT) == set(ROLL_EQUIPMENT)
    attack = yaml.safe_load(yaml.safe_dump(build_spec()))["components"]["schemas"]["OddsAttack"]
    assert attack["properties"]["spies"]["items"]["enum"] == list(schemas.DARK_AGENT_SPY_LEVELS)
    assert attack["properties"]["bonus"]["maximum"] == 30 and attack["properties"]["defence"]["maximum"] == 60
