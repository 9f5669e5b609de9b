"""A heuristic Inside Job bot that reads only its seat's rendered view.

`choose(view, seat, rules, rng, params)` returns one of view["legal_actions"]:
- play: each legal card (and wager) is scored by a small Monte Carlo over completions of the
  trick drawn from the cards this seat has not seen (common samples for every option). Agents
  play to make the revealed mission succeed and to take tricks (above all ones carrying wagered
  tokens) so the Insider collects less Intel, without wasting tokens (the Nervous Agent avoids
  winning at all); the Decoy plays suspiciously to draw votes; the Insider (and a revealed Sleeper, or an Accomplice backing the Insider)
  plays to make it fail and wagers to steal tricks for Intel; Professor NO cooperates but
  keeps his Intel low.
- choose_mission: the mission with the best (Agents) or worst (Insider side) estimated chance.
- vote: the eligible player whose play looked least cooperative: off-suit plays, wagers and
  wins in failed missions, and a large Intel pile raise suspicion; a player who later played
  a suit they had not followed is proven to be the Insider.
- designate: a random other player. Ties are broken with `rng`, so the bot is deterministic.
Inside a search bot's playouts (`params["playout"]`) it plays lighter: PLAYOUT_SAMPLES completions.
"""

from .data import DECK, MISSIONS
from .missions import judge_trick

SAMPLES = 8
PLAYOUT_SAMPLES = 3
SABOTEURS = frozenset(("insider",))


def unseen_cards(state):
    """Cards this seat has not seen: not in its hand, not played."""
    seen = set(state["hand"] or ())
    seen.update(c for t in state["tricks"] for _, c, _ in t["plays"])
    seen.update(c for _, c, _ in state["trick"])
    return [c for c in DECK if c not in seen]


def plays_sabotage(state, seat):
    """True when this seat wants the missions to fail (Insider side)."""
    target = state["accomplice_target"]
    return sabotages(state["roles"], state["revealed"], seat, -1 if target is None else target)


def sabotages(roles, revealed, seat, accomplice_target):
    """plays_sabotage over plain fields (-1: no designated player); search rollouts use it too."""
    role = roles[seat]
    if role in SABOTEURS or (role == "sleeper_agent" and revealed[seat]):
        return True
    if role == "accomplice" and accomplice_target >= 0:
        return roles[accomplice_target] in ("insider", "professor_no")
    return role == "decoy"


def completions(state, seat, rng, count):
    """Random completions of the current trick: [(seat, card), ...] for the seats after us."""
    n = state["players"]
    after = n - len(state["trick"]) - 1
    seats = [(seat + k) % n for k in range(1, after + 1)]
    pool = unseen_cards(state)
    size = len(pool)
    take = min(after, size)
    out = []
    for _ in range(count):
        for i in range(take):  # a partial Fisher-Yates shuffle: only the cards dealt are drawn
            j = i + rng.randbelow(size - i)
            pool[i], pool[j] = pool[j], pool[i]
        out.append([(s, c, False) for s, c in zip(seats, pool[:take])])
    return out


def estimate(state, seat, mission, card, wager, samples):
    """(P(mission succeeds), P(this card wins)) over the sampled completions."""
    base = [tuple(p) for p in state["trick"]] + [(seat, card, wager)]
    mine = len(base) - 1
    ok = won = 0
    for tail in samples:
        position, success = judge_trick(tuple(base + tail), mission)
        ok += success
        won += position == mine
    total = len(samples)
    return ok / total, won / total


def play_score(state, seat, action, samples):
    """Higher is better for this seat's side (module docstring)."""
    mission = state["mission"]["id"]
    p_ok, p_win = estimate(state, seat, mission, action["card"], action["wager"], samples)
    on_table = sum(1 for _, _, w in state["trick"] if w)
    return score_play(state["roles"][seat], plays_sabotage(state, seat), p_ok, p_win,
                      action["wager"], on_table, action["card"] % 13 + 1)


def score_play(role, saboteur, p_ok, p_win, wager, on_table, value):
    """The play score from the mission's success and the trick-win chances (module docstring)."""
    if saboteur:
        gain = p_win * (1 + on_table + wager) - wager
        intel_weight = 0 if role in ("accomplice", "decoy") else 3
        return (1 - p_ok) * 5 + gain * intel_weight - value * 0.01
    if role == "nervous_agent":
        return p_ok * 5 - p_win * 40
    if role == "professor_no":
        return p_ok * 3 - p_win * 4 - wager
    return p_ok * 10 + p_win * (2 + 2 * on_table) - wager * 1.5 - value * 0.01


def choose_play(view, seat, rng, count=SAMPLES):
    """The best-scoring legal play (scored over `count` sampled completions of the trick)."""
    state = view["state"]
    samples = completions(state, seat, rng, count)
    best, best_score = None, None
    for action in view["legal_actions"]:
        if action["type"] != "play":
            continue
        score = play_score(state, seat, action, samples) + rng.random() * 1e-6
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


def mission_chance(state, seat, mission, rng):
    """Estimated success chance of a mission if this seat leads its best card for it."""
    lead_state = dict(state, trick=[])
    samples = completions(lead_state, seat, rng, SAMPLES)
    return max(estimate(lead_state, seat, mission, card, False, samples)[0]
               for card in state["hand"])


def choose_mission(view, seat, rng):
    """Agents take the likelier mission, saboteurs the less likely one."""
    state = view["state"]
    sign = -1 if plays_sabotage(state, seat) else 1
    scored = [(sign * mission_chance(state, seat, a["mission"], rng) + rng.random() * 1e-6, i)
              for i, a in enumerate(view["legal_actions"])]
    return view["legal_actions"][max(scored)[1]]


def suspicion(state):
    """Suspicion per seat from public play (module docstring). A seat that once did not follow
    a suit and later played that suit could have followed: only the Insider may do that."""
    scores = [0.3 * k for k in state["intel"]]
    voids = {}
    tricks = state["tricks"] + ([{"plays": state["trick"], "mission": None, "success": True}]
                                if state["trick"] else [])
    for trick in tricks:
        plays = trick["plays"]
        led = plays[0][1] // 13
        trump = MISSIONS[trick["mission"]]["trump"] if trick["mission"] else -1
        for seat, card, _ in plays:
            if card // 13 in voids.get(seat, ()):
                scores[seat] += 100.0
        for seat, card, _ in plays[1:]:
            if card // 13 != led:
                voids.setdefault(seat, set()).add(led)
                scores[seat] += 0.7 if card // 13 != trump else 0.0
        if not trick["success"]:
            scores[trick["winner"]] += 0.5
            for seat, _, wagered in plays:
                scores[seat] += 1.0 if wagered else 0
    return scores


def choose_vote(view, seat, rng):
    """Vote for the most suspicious eligible players."""
    scores = suspicion(view["state"])
    jitter = {t: rng.random() * 1e-6 for t in range(len(scores))}

    def weight(action):
        return sum(scores[t] + jitter[t] for t in action["targets"])
    return max(view["legal_actions"], key=weight)


def choose(view, seat, rules, rng, params):
    """One of view["legal_actions"], chosen from the view only (module docstring)."""
    legal = view["legal_actions"]
    kind = legal[0]["type"]
    if kind == "play":
        count = PLAYOUT_SAMPLES if params.get("playout") else SAMPLES
        return choose_play(view, seat, rng, count) or legal[0]
    if kind == "choose_mission":
        return choose_mission(view, seat, rng)
    if kind == "vote":
        return choose_vote(view, seat, rng)
    return rng.choice(legal)
