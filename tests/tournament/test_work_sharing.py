"""How the in-process runner shares work: every entry handed out exactly once, in batches that
shrink as the work runs out (so no process waits while another plays a last big batch), and a
2-process run (the parent plays beside one helper) gives the same records as a 1-process run."""

from engine.tournament import validate_spec
from engine.tournament.runner import _Shares, batch_size, run_in_memory


def test_every_entry_is_handed_out_once_in_shrinking_batches():
    entries = list(range(1000))
    shares = _Shares(entries, workers=2)
    batches = []
    while (batch := shares.take()) is not None:
        batches.append(batch)
    assert [e for batch in batches for e in batch] == entries
    sizes = [len(b) for b in batches]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == batch_size(1000, 2) and sizes[-1] == 1
    fixed = _Shares(entries, workers=2, batch=64)
    assert [len(fixed.take()) for _ in range(3)] == [64, 64, 64]


def test_two_processes_play_the_same_records_as_one():
    spec = validate_spec({"game": "classified", "entrants": ["random", {"name": "r2", "bot": "random"}],
                          "total_matches": 60, "seed": 4})
    one, two = run_in_memory(spec, workers=1), run_in_memory(spec, workers=2)
    strip = lambda records: [{k: v for k, v in r.items() if k not in ("cpu_ms", "cpu_ms_per_move")}
                             for r in records]  # noqa: E731 - CPU times differ run to run
    assert [r["index"] for r in two] == list(range(60)) and strip(one) == strip(two)
