"""Standings from results records alone: openskill ratings, win rates with 95% Wilson intervals,
per-role figures, paired points gain, pairwise scores and cooperative team figures. Pure.

Ratings (openskill's Plackett-Luce model, mu and sigma; "ordinal" = mu - 3 sigma is the
conservative figure standings sort by):
- each match is one rating event; seats of the same side (Inside Job: Insider side vs Agents)
  form one team, otherwise every seat is its own team; a team ranks first when one of its seats
  won, ties share a rank;
- in a game with one side only (If Then's codebreakers, solo Dark Agent) the team plays against
  the game itself, rated as a pseudo-entrant named "<game> (level L)" or "<game>";
- in games without sides, seats with scores (Dark Agent's VP) rank winners first, then by score;
- a team enters the model as one player of its members' mean strength (a side's strength does
  not grow with its seat count), and every member moves by the team's change; an entrant holding
  several seats of one match (fewer entrants than seats) takes the mean of those seats' changes;
- where roles differ, each (entrant, role) pair also gets its own rating, from the same events;
- online ratings depend on the order of events (late results weigh more). Bots do not learn, so
  the final ratings are the mean over the chronological pass and seeded shuffles of the matches
  (`order_free`); the chart's history is the chronological pass.
Win rate: seats won / seats played, with a 95% Wilson interval. Points: 1/k per seat for each of k
winners. Paired points gain of A over B: A's points minus B's in the same seat on the same deal
in the same line-up (duplicate deals make this pairing exact), mean with a 95% normal interval.
"""

import math
from collections import Counter, defaultdict

from openskill.models import PlackettLuce

from ..rng import Rng
from .roles import cooperative_side

Z95 = 1.96
HISTORY_POINTS = 100
ORDER_PASSES = 8          # rating passes over the records (chronological + seeded shuffles)
ORDER_BUDGET = 400_000    # at most this many match updates in those passes


def wilson(wins, n, z=Z95):
    """(rate, low, high): a 95% Wilson score interval; NaNs when n == 0."""
    if n == 0:
        return (math.nan,) * 3
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values, z=Z95):
    """(mean, low, high) with a normal 95% interval; NaNs with fewer than 2 values."""
    n = len(values)
    if n < 2:
        return (values[0] if values else math.nan, math.nan, math.nan)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)


class RatingTable:
    """openskill ratings keyed by any hashable name, updated one match at a time."""

    def __init__(self):
        self.model = PlackettLuce()
        self.ratings = {}

    def get(self, key):
        """The current rating of `key` (a fresh default one the first time)."""
        if key not in self.ratings:
            self.ratings[key] = self.model.rating()
        return self.ratings[key]

    def update(self, teams, ranks):
        """Rate one match: teams = [[key per seat], ...], ranks = [rank per team] (0 best).

        A team enters as one player with its members' mean mu (and root-mean-square sigma), so
        a side's strength does not grow with its number of seats (Inside Job's one Insider
        against three Agents); each member then moves by its team's change (its sigma scaled
        by the team's), and a key holding several seats takes the mean of its seats' changes."""
        if len(teams) < 2:
            return
        virtual = []
        for team in teams:
            members = [self.get(k) for k in team]
            mu = sum(r.mu for r in members) / len(members)
            sigma = math.sqrt(sum(r.sigma ** 2 for r in members) / len(members))
            virtual.append(self.model.rating(mu=mu, sigma=sigma))
        rated = self.model.rate([[v] for v in virtual], ranks=list(ranks))
        changes = defaultdict(list)
        for team, before, (after,) in zip(teams, virtual, rated):
            for key in team:
                changes[key].append((after.mu - before.mu, after.sigma / before.sigma))
        for key, moves in changes.items():
            old = self.ratings[key]
            mu = old.mu + sum(d for d, _ in moves) / len(moves)
            sigma = old.sigma * sum(f for _, f in moves) / len(moves)
            self.ratings[key] = self.model.rating(mu=mu, sigma=sigma)

    def summary(self, key):
        """{"mu", "sigma", "ordinal", "low", "high"} (low/high = mu -/+ 2 sigma)."""
        r = self.get(key)
        return {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma,
                "low": r.mu - 2 * r.sigma, "high": r.mu + 2 * r.sigma}


def pseudo_entrant(game_id, record):
    """The name the game itself is rated under in a cooperative match."""
    level = (record.get("measures") or {}).get("level")
    return f"{game_id} (level {level})" if level is not None else game_id


def teams_of(game_id, record, key_of):
    """(teams, ranks) of one record: seats grouped by side (or one team per seat)."""
    sides, won = record["sides"], record["won"]
    groups = {}
    for seat, side in enumerate(sides):
        groups.setdefault(side if side is not None else f"seat {seat}", []).append(seat)
    teams = [[key_of(seat) for seat in seats] for seats in groups.values()]
    ranks = [0 if any(won[s] for s in seats) else 1 for seats in groups.values()]
    scores = record.get("scores") or []
    if all(side is None for side in sides) and len(scores) == len(sides) > 1 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores):
        ranks = [(0 if won[seat] else 1, -scores[seat]) for seat in range(len(sides))]
        order = sorted(set(ranks))
        ranks = [order.index(r) for r in ranks]  # winners first, then by score; ties share
    if len(teams) == 1:
        teams.append([pseudo_entrant(game_id, record)])
        ranks.append(1 - ranks[0])
    return teams, ranks


def _rates(wins, n):
    rate, low, high = wilson(wins, n)
    return {"n": n, "wins": wins, "win_rate": rate, "win_low": low, "win_high": high}


def _history_step(total):
    return max(1, math.ceil(total / HISTORY_POINTS))


def standings(spec, records):
    """Everything a report shows, from the spec and the records (any order; sorted by index)."""
    records = sorted(records, key=lambda r: r["index"])
    game_id = spec["game"]
    names = [e["name"] for e in spec["entrants"]]
    overall, by_role = RatingTable(), RatingTable()
    seats_played, seats_won, points = defaultdict(int), defaultdict(int), defaultdict(float)
    role_played, role_won = defaultdict(int), defaultdict(int)
    cpu, faults = defaultdict(list), defaultdict(Counter)
    pair_score = defaultdict(lambda: [0.0, 0])
    paired = defaultdict(lambda: defaultdict(list))
    history, step = [], _history_step(len(records))
    for number, record in enumerate(records, 1):
        _count(record, seats_played, seats_won, points, role_played, role_won, cpu)
        for fault in record.get("faults", ()):
            faults[record["seats"][fault["seat"]]][fault["fault"].split(":")[0]] += 1
        _rate_one(game_id, record, overall, by_role)
        _pairwise(record, pair_score, paired)
        if number % step == 0 or number == len(records):
            history.append({"matches": number, "ratings": {
                n: [overall.get(n).mu, overall.get(n).sigma] for n in names}})
    overall, by_role = order_free(game_id, records, overall, by_role)
    rows = []
    for name in names:
        row = {"entrant": name, **overall.summary(name),
               **_rates(seats_won[name], seats_played[name]),
               "points": points[name] / seats_played[name] if seats_played[name] else math.nan,
               "cpu_ms_per_move": (sum(cpu[name]) / len(cpu[name])) if cpu[name] else math.nan,
               "faults": sum(faults[name].values()), "fault_kinds": dict(faults[name]),
               "roles": {}}
        for (entrant, role), n in sorted(role_played.items(), key=lambda kv: str(kv[0])):
            if entrant == name and role is not None:
                row["roles"][role] = {**_rates(role_won[(entrant, role)], n),
                                      **by_role.summary((entrant, role))}
        rows.append(row)
    rows.sort(key=lambda r: -r["ordinal"])
    result = {"game": game_id, "matches": len(records), "planned": spec["matches"],
              "standings": rows, "history": history,
              "pairwise": _pair_table(names, pair_score, paired)}
    others = sorted({k for k in overall.ratings if k not in names}, key=str)
    if others:
        result["opponents"] = [{"entrant": k, **overall.summary(k)} for k in others]
    if cooperative_side(game_id):
        result["teams"] = team_figures(records, cooperative_side(game_id))
    return result


def _rate_one(game_id, record, overall, by_role):
    teams, ranks = teams_of(game_id, record, lambda seat: record["seats"][seat])
    overall.update(teams, ranks)
    if any(role is not None for role in record["roles"]):
        role_teams, _ = teams_of(game_id, record, lambda seat: (record["seats"][seat],
                                                                 record["roles"][seat]))
        by_role.update(role_teams, ranks)


class _Summary:
    """A fixed rating summary with the RatingTable.summary shape."""

    def __init__(self, ratings):
        self.ratings = ratings

    def get(self, key):
        return self.ratings[key]

    def summary(self, key):
        mu, sigma = self.ratings[key]
        return {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma,
                "low": mu - 2 * sigma, "high": mu + 2 * sigma}


def order_free(game_id, records, overall, by_role):
    """Final ratings that do not hang on the order the matches happened to finish in: the mean
    of the chronological pass and of passes over seeded shuffles of the records (ORDER_PASSES
    in all, fewer for huge tournaments); sigma = sqrt(mean sigma^2 + variance of mu across
    passes), so the order noise shows as uncertainty."""
    passes = max(1, min(ORDER_PASSES, ORDER_BUDGET // max(1, len(records))))
    tables = [(overall, by_role)]
    for number in range(1, passes):
        shuffled = Rng(number).shuffled(records)
        one, roles = RatingTable(), RatingTable()
        for record in shuffled:
            _rate_one(game_id, record, one, roles)
        tables.append((one, roles))
    return tuple(_Summary(_combine([t[k] for t in tables])) for k in (0, 1))


def _combine(tables):
    combined = {}
    for key in tables[0].ratings:
        mus = [t.get(key).mu for t in tables]
        mean = sum(mus) / len(mus)
        spread = sum((m - mean) ** 2 for m in mus) / len(mus)
        sigma2 = sum(t.get(key).sigma ** 2 for t in tables) / len(tables)
        combined[key] = (mean, math.sqrt(sigma2 + spread))
    return combined


def _count(record, played, won, points, role_played, role_won, cpu):
    for seat, name in enumerate(record["seats"]):
        played[name] += 1
        won[name] += bool(record["won"][seat])
        points[name] += record["points"][seat]
        role = record["roles"][seat]
        role_played[(name, role)] += 1
        role_won[(name, role)] += bool(record["won"][seat])
        if record["cpu_ms_per_move"][seat] is not None:
            cpu[name].append(record["cpu_ms_per_move"][seat])


def _pairwise(record, pair_score, paired):
    by_entrant = defaultdict(list)
    for seat, name in enumerate(record["seats"]):
        by_entrant[name].append(record["points"][seat])
    mean = {n: sum(p) / len(p) for n, p in by_entrant.items()}
    for a in mean:
        for b in mean:
            if a != b:
                cell = pair_score[(a, b)]
                cell[0] += 1.0 if mean[a] > mean[b] else 0.5 if mean[a] == mean[b] else 0.0
                cell[1] += 1
    for seat, name in enumerate(record["seats"]):
        paired[(record["deal"], record["group"], seat)][name].append(record["points"][seat])


def _pair_table(names, pair_score, paired):
    gains = defaultdict(list)
    for cell in paired.values():
        means = {n: sum(p) / len(p) for n, p in cell.items()}
        for a in means:
            for b in means:
                if a != b:
                    gains[(a, b)].append(means[a] - means[b])
    table = []
    for a in names:
        for b in names:
            if a == b or (a, b) not in pair_score:
                continue
            score, n = pair_score[(a, b)]
            gain = mean_interval(gains.get((a, b), []))
            table.append({"entrant": a, "opponent": b, "matches": n, "score": score / n,
                          "gain": gain[0], "gain_low": gain[1], "gain_high": gain[2],
                          "paired": len(gains.get((a, b), []))})
    return table


def team_figures(records, side):
    """Cooperative games: per line-up of the seats of `side` (the game's `cooperative_side`) and
    level, the team's win rate with its 95% interval and the mean rounds to win in won matches."""
    groups = defaultdict(list)
    for record in records:
        lineup = " + ".join(sorted(n for n, seat_side in zip(record["seats"], record["sides"])
                                   if seat_side == side))
        level = (record.get("measures") or {}).get("level")
        groups[(lineup, level)].append(record)
    rows = []
    for (lineup, level), items in sorted(groups.items(), key=lambda kv: str(kv[0])):
        won = [r for r in items if any(w for w, s in zip(r["won"], r["sides"]) if s == side)]
        rounds = [r["measures"].get("rounds") for r in won if r["measures"].get("rounds") is not None]
        rows.append({"team": lineup, "level": level, **_rates(len(won), len(items)),
                     "rounds_to_win": sum(rounds) / len(rounds) if rounds else math.nan,
                     "moves_to_win": (sum(r["moves"] for r in won) / len(won)) if won else math.nan})
    return rows
