"""Spec validation: every error names the offending field; YAML and JSON both load."""

import json

import pytest

from engine.tournament import SpecError, load_spec, validate_spec

GOOD = {"game": "classified", "entrants": ["random", "heuristic",
                                           {"name": "mcts", "bot": "ismcts",
                                            "params": {"iterations": 50}}]}


@pytest.mark.parametrize("change,field", [
    ({"game": "chess"}, "game"),
    ({"game": None}, "game"),
    ({"options": {"nope": 1}}, "options.nope"),
    ({"options": []}, "options"),
    ({"entrants": []}, "entrants"),
    ({"entrants": ["random", "heuristic", {"bot": "nobot"}]}, "entrants[2].bot"),
    ({"entrants": ["random", {"bot": "ismcts", "params": {"iterations": -3}}]},
     "entrants[1].params.iterations"),
    ({"entrants": ["random", {"bot": "ismcts", "params": {"depth": 3}}]},
     "entrants[1].params.depth"),
    ({"entrants": ["random", {"bot": "random", "colour": "red"}]}, "entrants[1].colour"),
    ({"entrants": ["random", "random"]}, "entrants[1].name"),
    ({"entrants": ["random", 7]}, "entrants[1]"),
    ({"format": "knockout"}, "format"),
    ({"format": "gauntlet"}, "challenger"),
    ({"format": "gauntlet", "challenger": "nobody"}, "challenger"),
    ({"challenger": "random"}, "challenger"),
    ({"seatings": "some"}, "seatings"),
    ({"deals": 0}, "deals"),
    ({"deals": "many"}, "deals"),
    ({"deals": 2, "total_matches": 10}, "total_matches"),
    ({"matches_per_pairing": 1.5}, "matches_per_pairing"),
    ({"seed": -1}, "seed"),
    ({"budget": {"iterations": 0}}, "budget.iterations"),
    ({"budget": {"cpu_ms": "fast"}}, "budget.cpu_ms"),
    ({"budget": {"wall_ms": 5}}, "budget.wall_ms"),
    ({"rounds": 3}, "rounds"),
    ({"format": "swiss", "rounds": 0}, "rounds"),
])
def test_errors_name_the_field(change, field):
    with pytest.raises(SpecError) as caught:
        validate_spec({**GOOD, **change})
    assert caught.value.field == field
    assert str(caught.value).startswith(field + ":")


def test_bad_player_count_names_the_option():
    with pytest.raises(SpecError) as caught:
        validate_spec({"game": "insidejob", "options": {"players": 9}, "entrants": ["random"]})
    assert caught.value.field == "options.players"


def test_defaults_and_budget_are_filled_in():
    spec = validate_spec({**GOOD, "budget": {"iterations": 77}})
    assert spec["format"] == "round_robin" and spec["deals"] == 1 and spec["seed"] == 0
    assert spec["options"]["first_player"] == "random"  # the game's defaults
    by_name = {e["name"]: e for e in spec["entrants"]}
    assert by_name["mcts"]["params"]["iterations"] == 50  # the entrant's own value wins
    spec = validate_spec({**GOOD, "entrants": ["random", "ismcts"], "budget": {"iterations": 77}})
    assert spec["entrants"][1]["params"]["iterations"] == 77
    assert validate_spec(spec) == spec  # a normalised spec validates to itself


def test_yaml_and_json_text_and_files(tmp_path):
    yaml_text = "game: classified\nentrants:\n  - random\n  - {name: h, bot: heuristic}\ndeals: 2\n"
    assert validate_spec(load_spec(yaml_text))["matches"] == 4
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({**GOOD, "deals": 2}))
    assert validate_spec(load_spec(str(path)))["matches"] == 12
    with pytest.raises(SpecError) as caught:
        load_spec("game: [unclosed\n")
    assert caught.value.field == "spec"


def test_option_set_errors_name_the_set():
    base = {"game": "ifthen", "entrants": ["heuristic"]}
    with pytest.raises(SpecError) as caught:
        validate_spec({**base, "options": [{}, {"level": 7}]})
    assert caught.value.field == "options[1].level"
    with pytest.raises(SpecError) as caught:
        validate_spec({**base, "options": [{}, {"players": 4}]})
    assert caught.value.field == "options[1]"
    with pytest.raises(SpecError) as caught:
        validate_spec({**base, "options": [{}, 3]})
    assert caught.value.field == "options[1]"
