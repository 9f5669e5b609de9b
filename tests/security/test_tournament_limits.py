"""Finding 1: a ~1.8 KB POST /tournaments with 52 entrants in a 6-seat game made the validator
build every line-up (2.4 GB, 16 s) before refusing. Now line-ups are counted, never enumerated,
before any limit is checked: the request is refused with the field named, and neither the
validator nor the API calls the line-up enumerator (patched here to explode if it is called)."""

import importlib
import json
import tracemalloc

import pytest

from engine.tournament import SpecError, validate_spec
from service import create_app

schedule = importlib.import_module("engine.tournament.schedule")  # the module, not the function

ENTRANTS = [{"name": f"bot{i:02d}", "bot": "random"} for i in range(52)]
SIX_SEATS = {"game": "darkagent", "options": {"players": 6}, "entrants": ENTRANTS, "deals": 1}


@pytest.fixture
def no_enumeration(monkeypatch):
    """Line-ups and seat orders may not be built while a spec is validated."""
    def explode(*args, **kwargs):
        raise AssertionError("the validator enumerated line-ups")
    monkeypatch.setattr(schedule, "groups_for", explode)
    monkeypatch.setattr(schedule, "seatings_for", explode)


def test_the_audits_request_is_refused_naming_the_entrants(client, no_enumeration):
    body = json.dumps({"spec": SIX_SEATS})
    assert 1500 < len(body) < 2200  # the audit's ~1.8 KB
    tracemalloc.start()
    try:
        answer = client.post("/tournaments", data=body, content_type="application/json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert answer.status_code == 400, answer.json
    assert answer.json["error"]["code"] == "invalid_request"
    assert answer.json["error"]["field"] == "spec.entrants"
    assert peak < 20 * 2 ** 20  # no large allocation (the audit saw 2.4 GB)


def test_a_permissive_server_refuses_by_the_counted_matches(config, no_enumeration):
    """With the entrant cap lifted, the planned matches (C(52, 6) line-ups x 6 seatings) are
    counted arithmetically and refused on the match limit, naming the field."""
    permissive = create_app(dict(config, TOURNAMENT_MAX_ENTRANTS=1000,
                                 TOURNAMENT_MAX_MATCHES=100_000)).test_client()
    answer = permissive.post("/tournaments", json={"spec": SIX_SEATS})
    assert answer.status_code == 400, answer.json
    assert answer.json["error"]["field"] == "spec.deals"


def test_the_library_counts_lineups_without_building_them(no_enumeration):
    with pytest.raises(SpecError) as caught:
        validate_spec(SIX_SEATS)  # 20,358,520 line-ups x 6 seatings: over MAX_MATCHES
    assert caught.value.field == "deals"
    small = validate_spec(dict(SIX_SEATS, entrants=ENTRANTS[:8]))
    assert small["matches"] == 28 * 6  # C(8, 6) line-ups x 6 rotations, counted


def test_the_library_caps_entrants():
    many = [{"name": f"e{i}", "bot": "random"} for i in range(1001)]
    with pytest.raises(SpecError) as caught:
        validate_spec({"game": "classified", "entrants": many})
    assert caught.value.field == "entrants"
