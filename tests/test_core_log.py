"""engine.render's log cut: `log_since` keeps exactly the entries after a version."""

import engine
from engine.core import log_after


def test_log_after_is_the_suffix_after_a_seq():
    log = tuple({"seq": s, "actor": 0, "public": {}} for s in (1, 2, 2, 3, 5, 5, 8))
    for since in range(-1, 10):
        assert log_after(log, since) == tuple(e for e in log if e["seq"] > since)


def test_render_with_log_since_matches_the_whole_log_cut():
    match = engine.start("toy", {}, seed=3)
    while engine.to_move(match) and match.version < 6:
        seat = engine.to_move(match)[0]
        match = engine.step(match, seat, engine.legal_actions(match, seat)[0])
    for viewer in (None, 0, 1):
        whole = engine.render(match, viewer)
        assert whole["log"], "the toy match must have logged something"
        for since in range(0, match.version + 1):
            cut = engine.render(match, viewer, log_since=since)
            assert cut["log"] == [e for e in whole["log"] if e["seq"] > since]
            assert {k: v for k, v in cut.items() if k != "log"} == {
                k: v for k, v in whole.items() if k != "log"}
