"""Bot-versus-bot tournaments as a library: specs, fair schedules, deterministic play, ratings.

    from engine import tournament
    spec = tournament.validate_spec({"game": "classified", "entrants": ["random", "heuristic"],
                                     "deals": 5, "seed": 1})
    records = tournament.run_in_memory(spec, workers=2)     # no files, no Redis
    table = tournament.standings(spec, records)             # ratings, win rates, pairwise
    tournament.run(spec, "out/dir", workers=2)               # JSONL results; resumes if stopped

Formats: round robin (all seatings), gauntlet, Swiss; duplicate deals with the entrants rotated
through the seats; option sets (e.g. If Then levels); built-in bots or remote HTTP bots.

Pure modules: spec, schedule, roles, ratings (and play, which reads the CPU clock for timings).
The thin I/O layer: results (the results directory), runner (worker processes), report (CSV and
PNG charts), remote (HTTP calls to remote bots). RQ fan-out lives in service/tournament_rq.py and
worker/tournament.py; the command line in service/cli/tournament.py.
"""

from .play import play_entry, play_scheduled, replay_record, without_timings
from .ratings import standings, wilson
from .runner import default_workers, run, run_in_memory
from .schedule import derive_seed, schedule, schedule_entry
from .spec import SpecError, load_spec, validate_spec

__all__ = ["SpecError", "default_workers", "derive_seed", "load_spec", "play_entry",
           "play_scheduled", "replay_record", "run", "run_in_memory", "schedule",
           "schedule_entry", "standings", "validate_spec", "wilson", "without_timings"]
