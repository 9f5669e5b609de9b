"""The conformance suite over every registered game, option set and seed."""

import pytest

from tests.conformance import case_id, check_playout, conformance_cases

CASES = conformance_cases()


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_conformance(case):
    game_id, options, seed = case
    check_playout(game_id, options, seed)
