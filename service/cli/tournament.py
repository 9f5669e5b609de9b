"""`safehouse tournament run|status|report`: bot-versus-bot tournaments from the command line.

    safehouse tournament run spec.yaml --out results/ --workers 2
    safehouse tournament status results/
    safehouse tournament report results/

`run` plays the spec's matches in worker processes (one per core by default), appending each
finished match to DIR/matches.jsonl; run it again on the same DIR to resume a stopped run. At the
end it writes the report (CSV standings, PNG charts) and prints the standings table. `report`
rebuilds the report files from the JSONL alone. A thin layer over `engine.tournament`.

Remote entrants: the person running `run` is the operator of its process, so remote bots on this
machine's loopback addresses are allowed by default (SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW, when set,
decides instead; with --rq the workers' own setting decides). Private and other non-public
addresses need that setting (engine/tournament/remote.py).
"""

import json
import math
import os
import sys

from ..settings import Settings

DEFAULT_OUT = "tournament-results"
LOCAL_REMOTE_ALLOW = "127.0.0.0/8,::1"  # `run`'s default allow-list for remote entrants


def register(subparsers):
    """Add `tournament` with its run/status/report subcommands."""
    parser = subparsers.add_parser(
        "tournament", help="run, follow and report bot-versus-bot tournaments",
        description="Bot-versus-bot tournaments: fair seatings, duplicate deals, openskill "
                    "ratings. See README, section Tournaments, for the spec format.")
    sub = parser.add_subparsers(dest="tournament_command", required=True, metavar="ACTION")

    run = sub.add_parser("run", help="play a tournament spec (resumes an unfinished run)",
                         description="Play every match of a spec not yet in DIR; write the report.")
    run.add_argument("spec", help="tournament spec file (YAML or JSON)")
    run.add_argument("--out", metavar="DIR", default=None,
                     help=f"results directory (default: ./{DEFAULT_OUT}/<spec name>); an "
                          "existing directory of the same spec is resumed")
    run.add_argument("--workers", type=int, default=None, metavar="N",
                     help="worker processes (default: one per core)")
    run.add_argument("--limit", type=int, default=None, metavar="N",
                     help="play at most N new matches now (the rest stay pending for a resume)")
    run.add_argument("--no-charts", action="store_true", help="skip the PNG charts")
    run.add_argument("--quiet", action="store_true", help="no progress bar or table")
    run.add_argument("--engine", choices=("pure", "compiled"), default="pure",
                     help="play on the pure-Python engine (default, the reference) or on the "
                          "compiled one that `make compiled` builds: the same rules, 1.5-1.9x "
                          "the playouts per second, so ISMCTS searches deeper in its CPU budget")
    run.add_argument("--rq", action="store_true",
                     help="fan out over RQ: batches of whole matches on <QUEUE>-bulk, played by "
                          "`python -m worker` processes on any machine sharing the Redis")
    settings = Settings.from_env()
    run.add_argument("--redis-url", default=settings.redis_url,
                     help="with --rq: the Redis the workers share (default: $SAFEHOUSE_REDIS_URL)")
    run.add_argument("--queue", default=settings.queue,
                     help="with --rq: the workers' queue name; batches go to <QUEUE>-bulk "
                          "(default: $SAFEHOUSE_QUEUE or safehouse)")
    run.add_argument("--prefix", default=settings.prefix,
                     help="with --rq: Redis key prefix of the results hash (default: "
                          "$SAFEHOUSE_PREFIX or sh:)")
    run.add_argument("--batch", type=int, default=None, metavar="N",
                     help="with --rq: whole matches per job (default: about 8 jobs per worker "
                          "listening when the run starts)")
    run.set_defaults(run=cmd_run)

    status = sub.add_parser("status", help="progress and current standings of a results directory",
                            description="Matches finished out of planned, and standings so far.")
    status.add_argument("dir", help="results directory of `tournament run`")
    status.add_argument("--json", action="store_true", help="print the standings as JSON")
    status.set_defaults(run=cmd_status)

    report = sub.add_parser("report", help="rebuild CSV standings and PNG charts from the JSONL",
                            description="Rebuild standings.csv, pairwise.csv, ratings.png and "
                                        "heatmap.png from DIR/spec.json and DIR/matches.jsonl.")
    report.add_argument("dir", help="results directory of `tournament run`")
    report.add_argument("--no-charts", action="store_true", help="skip the PNG charts")
    report.add_argument("--quiet", action="store_true", help="do not print the table")
    report.set_defaults(run=cmd_report)


def _fmt(value, digits=2):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def print_standings(table, console=None):
    """The standings (and per-role and team figures) as rich tables."""
    from rich.console import Console
    from rich.table import Table
    console = console or Console()
    main = Table(title=f"{table['game']}: {table['matches']}/{table['planned']} matches")
    for column in ("#", "entrant", "rating (mu ± 2σ)", "ordinal", "seats", "win rate [95%]",
                   "points", "CPU ms/move"):
        main.add_column(column, justify="left" if column == "entrant" else "right")
    for rank, row in enumerate(table["standings"], 1):
        name = row["entrant"] + (f" ({row['faults']} faults)" if row.get("faults") else "")
        main.add_row(str(rank), name, f"{row['mu']:.1f} ± {2 * row['sigma']:.1f}",
                     _fmt(row["ordinal"], 1), str(row["n"]),
                     f"{_fmt(row['win_rate'])} [{_fmt(row['win_low'])}, {_fmt(row['win_high'])}]",
                     _fmt(row["points"]), _fmt(row["cpu_ms_per_move"], 1))
    console.print(main)
    roles = [(row["entrant"], role, f) for row in table["standings"] for role, f in row["roles"].items()]
    if roles:
        per_role = Table(title="per role")
        for column in ("entrant", "role", "rating (mu ± 2σ)", "seats", "win rate [95%]"):
            per_role.add_column(column)
        for entrant, role, f in roles:
            per_role.add_row(entrant, role, f"{f['mu']:.1f} ± {2 * f['sigma']:.1f}", str(f["n"]),
                             f"{_fmt(f['win_rate'])} [{_fmt(f['win_low'])}, {_fmt(f['win_high'])}]")
        console.print(per_role)
    pairs = [p for p in table["pairwise"] if p["entrant"] < p["opponent"]]
    if pairs and len(table["standings"]) <= 8:
        pairwise = Table(title="head to head (same deal, same seat)")
        for column in ("entrant", "opponent", "matches", "score", "paired points gain [95%]"):
            pairwise.add_column(column)
        for p in pairs:
            pairwise.add_row(p["entrant"], p["opponent"], str(p["matches"]), _fmt(p["score"]),
                             f"{p['gain']:+.2f} [{p['gain_low']:+.2f}, {p['gain_high']:+.2f}]"
                             if p["paired"] > 1 else "-")
        console.print(pairwise)
    if table.get("teams"):
        teams = Table(title="cooperative: the team against the game")
        for column in ("team", "level", "matches", "team win rate [95%]", "rounds to win"):
            teams.add_column(column)
        for f in table["teams"]:
            teams.add_row(f["team"], str(f["level"]), str(f["n"]),
                          f"{_fmt(f['win_rate'])} [{_fmt(f['win_low'])}, {_fmt(f['win_high'])}]",
                          _fmt(f["rounds_to_win"], 1))
        console.print(teams)


def _error(message):
    print(f"safehouse tournament: {message}", file=sys.stderr)
    return 2


def cmd_run(args):
    """Play the spec into DIR with a progress bar, then write the report."""
    if args.engine == "compiled":  # before anything imports the engine
        problem = _use_compiled_engine(args)
        if problem:
            return _error(problem)
    from engine.tournament import SpecError, load_spec, validate_spec
    from engine.tournament.report import write_report
    from engine.tournament.results import prepare, read_records
    try:
        spec = validate_spec(load_spec(args.spec))
    except (SpecError, OSError) as error:
        return _error(f"invalid spec {args.spec}: {error}")
    if args.workers is not None and args.workers < 1:
        return _error("--workers must be at least 1")
    os.environ.setdefault("SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW", LOCAL_REMOTE_ALLOW)
    out = args.out or os.path.join(DEFAULT_OUT, spec["name"])
    resuming = os.path.exists(os.path.join(out, "spec.json"))
    try:
        prepare(out, spec)  # a different tournament in `out` is refused before anything starts
    except (SpecError, OSError) as error:
        return _error(str(error))
    if resuming:
        done = len(read_records(out))
        if not args.quiet:
            print(f"resuming {out}: {done}/{spec['matches']} matches already played")
    try:
        if args.quiet:
            _play(spec, out, args, None)
        else:
            _run_with_progress(spec, out, args)
    except SpecError as error:
        return _error(str(error))
    except RuntimeError as error:  # an RQ batch failed for good
        return _error(str(error))
    table = write_report(out, charts=not args.no_charts)
    if not args.quiet:
        print_standings(table)
        print(f"results and report in {out}")
    return 0


def _use_compiled_engine(args):
    """None once this process runs on the compiled engine, else why it cannot."""
    from .compiled_engine import use_compiled_engine
    if args.rq:
        return ("--engine compiled plays in this machine's worker processes; with --rq the RQ "
                "workers play on the engine they run (start them with `python -m worker --engine compiled`)")
    problem = use_compiled_engine(args.argv)
    if problem is None and not args.quiet:
        print("engine: compiled (build/compiled)")
    return problem


def _run_with_progress(spec, out, args):
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from engine.tournament.results import read_records
    already = len(read_records(out)) if os.path.exists(out) else 0
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]} matches/s"), TimeElapsedColumn(),
               TextColumn("ETA"), TimeRemainingColumn())
    with Progress(*columns) as progress:
        task = progress.add_task(spec["name"], total=spec["matches"], completed=already, rate="-")
        started = progress.get_time()

        def advance(done, total, record):
            elapsed = max(progress.get_time() - started, 1e-9)
            progress.update(task, completed=done, rate=f"{(done - already) / elapsed:.1f}")
        _play(spec, out, args, advance)


def _play(spec, out, args, progress):
    from engine.tournament import run
    if not args.rq:
        return run(spec, out, workers=args.workers, progress=progress, limit=args.limit)
    from service.tournament_rq import run_rq
    if args.batch is not None and args.batch < 1:
        raise RuntimeError("--batch must be at least 1")

    def queued(jobs, queue, batch):
        if not args.quiet:
            print(f"queued {jobs} batch job(s) of {batch} match(es) on {queue}; workers: "
                  f"python -m worker --url {args.redis_url} --queue {args.queue}", file=sys.stderr)
    return run_rq(spec, out, args.redis_url, queue_name=args.queue, prefix=args.prefix,
                  queue_redis_url=Settings.from_env().queue_redis_url or None,
                  batch=args.batch, progress=progress, on_queued=queued)


def cmd_status(args):
    """Matches done / planned and the standings so far."""
    from engine.tournament.report import build
    if not os.path.exists(os.path.join(args.dir, "spec.json")):
        return _error(f"{args.dir} is not a tournament results directory (no spec.json)")
    spec, table = build(args.dir)
    if args.json:
        print(json.dumps(table, default=str))
        return 0
    state = "finished" if table["matches"] >= table["planned"] else "unfinished (run again to resume)"
    print(f"{spec['name']}: {table['matches']}/{table['planned']} matches, {state}")
    print_standings(table)
    return 0


def cmd_report(args):
    """Rebuild the report files from the JSONL alone."""
    from engine.tournament.report import write_report
    if not os.path.exists(os.path.join(args.dir, "spec.json")):
        return _error(f"{args.dir} is not a tournament results directory (no spec.json)")
    table = write_report(args.dir, charts=not args.no_charts)
    if not args.quiet:
        print_standings(table)
        print(f"report written to {args.dir}")
    return 0
