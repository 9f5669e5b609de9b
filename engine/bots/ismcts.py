"""Information-set Monte Carlo tree search (single-observer ISMCTS), generic over the Game protocol.

Each iteration deals a determinization with `rules.sample_state(view, seat, rng)` (so the bot
knows only what its seat's view shows), walks the shared tree by UCB1 with availability counts,
expands one node, plays the rest out at random, and backs the result up: each node holds the
reward of the seat that chose the action leading to it (1 for a win alone, `shared_win`% of that
for a win shared with others — team games keep 100 —, 0 for a loss).

Budget: `iterations` always; `budget_ms` only when the caller injects a clock (the engine itself
reads no clock). With `budget_ms` = 0 the bot is reproducible for a given rng.

Where the game has a heuristic bot, its choice at the root starts with `prior` virtual visits
won at half rate (progressive bias): the search leaves the heuristic's move only on evidence.
`guided` lets the heuristic pick a share of playout moves too (slower, better playouts).
A game may also ship engine/<game>/rollout.py for search: `choose(rules, state, seat, actions,
rng)`, a fast playout policy that reads the sampled deal directly (`rollout` percent of the
non-guided moves), and `belief_sampler(rules, view_state, seat)`, a dealer of determinizations
weighted by what the public record suggests (`beliefs`); both see only what the bot's own view
allows, as the deal they work on comes from that view. Its `root_actions(view_state, legal,
favourite)` may shortlist the root moves the `paired` search compares (None: all of them).

Long games may cut playouts short: a rules object with `playout_depth` (actions) and
`evaluate(state) -> {seat: value in [0, 1]}` has its playouts stopped after that many actions
and scored by the evaluation instead of played to the end; `playout_done(state) -> bool`, when
the game has it, stops a playout earlier (If Then: a number of turns after the decision).
"""

import math

from ..rng import Rng
from .game_modules import game_module, heuristic_module
from .paired import choose_paired

PARAMS = {
    "iterations": {"default": 300, "type": "int", "min": 1, "max": 200000},
    "budget_ms": {"default": 0, "type": "int", "min": 0, "max": 60000},
    "guided": {"default": 0, "type": "int", "min": 0, "max": 100,
               "description": "percent of playout moves chosen by the game's heuristic (if any)"},
    "rollout": {"default": 100, "type": "int", "min": 0, "max": 100,
                "description": "percent of the other playout moves chosen by the game's fast "
                               "rollout policy over the sampled deal (if any); the rest at random"},
    "beliefs": {"default": 1, "type": "int", "min": 0, "max": 1,
                "description": "1: deal what the bot cannot see the way the public record "
                               "suggests, where the game can (Inside Job: the Insider's seat by "
                               "public suspicion; If Then: a generated rule's answers from the "
                               "judgments so far); 0: every consistent deal alike"},
    "shared_win": {"default": 100, "type": "int", "min": 0, "max": 100,
                   "description": "what a shared victory is worth to the search, in percent of a win alone"},
    "prior": {"default": 60, "type": "int", "min": 0, "max": 1000,
              "description": "virtual visits (won at half rate) given to the heuristic's move at the root"},
    "exploration": {"default": 70, "type": "int", "min": 0, "max": 1000,
                    "description": "UCB1's exploration constant, in hundredths (70: 0.7)"},
    "paired": {"default": 0, "type": "int", "min": 0, "max": 1,
               "description": "1: judge every root move on the same sampled deals (fewer deals, "
                              "much less luck in the comparison); 0: one move per deal, the tree"},
}
# Per-game defaults are declared by each game as data: `rules.bot_defaults["ismcts"]` (with the
# measurements behind them next to it); engine.bots.bot_params applies them.
PLAYOUT_PARAMS = {"playout": True}  # tells a game's heuristic it may play lighter inside playouts


def _frozen(value):
    """A hashable, order-independent stand-in for a JSON value (dicts by sorted items)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("[",) + tuple(_frozen(v) for v in value)
    return (type(value).__name__, value) if isinstance(value, bool) else value


def _key(seat, action):
    """The tree key of `seat` playing `action` (equal actions give equal keys). Most actions are
    flat dicts: their sorted items are the key (a field keeps one type in a game's action schema,
    so True and 1 never meet in one field); the rest are frozen whole."""
    try:
        flat = tuple(sorted(action.items()))
        hash(flat)
    except (AttributeError, TypeError):
        return seat, _frozen(action)
    return seat, flat


class _Node:
    __slots__ = ("children", "visits", "available", "reward", "action", "seat")

    def __init__(self, action=None, seat=None):
        self.children = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.action = action
        self.seat = seat

    def ucb_child(self, legal_keys, exploration):
        """The child (among the legal ones) with the best UCB1 score."""
        best, best_score = None, -1.0
        for key in legal_keys:
            child = self.children[key]
            child.available += 1
        for key in legal_keys:
            child = self.children[key]
            score = child.reward / child.visits + exploration * math.sqrt(
                math.log(max(child.available, 1)) / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best


def _rewards(outcome, shared_win=1.0):
    """Reward per seat: 1 for a win alone, `shared_win` for a win shared with other seats, 0 for a
    loss (below 1, the search also tries to deny the opponents a shared victory)."""
    winners = sum(1 for s in outcome["seats"] if s["won"])
    value = 1.0 if winners == 1 else shared_win
    return {s["seat"]: value if s["won"] else 0.0 for s in outcome["seats"]}


def _mover(rules, state, rng):
    moving = rules.to_move(state)
    return moving[0] if len(moving) == 1 else moving[rng.randbelow(len(moving))]


def _iterate(rules, root, state, rng, max_depth, root_seat, policy=None, shared_win=1.0,
             exploration=0.7):
    """One select-expand-simulate-backpropagate pass from a determinized state."""
    node, path, depth = root, [root], 0
    while rules.outcome(state) is None and depth < max_depth:
        seat = root_seat if node is root else _mover(rules, state, rng)
        actions = rules.legal_actions(state, seat)
        keys = [_key(seat, a) for a in actions]
        untried = [i for i, k in enumerate(keys) if k not in node.children]
        if untried:
            index = untried[rng.randbelow(len(untried))]
            child = _Node(actions[index], seat)
            node.children[keys[index]] = child
            for k in keys:
                if k in node.children:
                    node.children[k].available += 1
            state, _ = rules.apply(state, seat, actions[index], rng)
            path.append(child)
            break
        node = node.ucb_child(keys, exploration)
        state, _ = rules.apply(state, seat, node.action, rng)
        path.append(node)
        depth += 1
    depth_left = getattr(rules, "playout_depth", None) or max_depth
    state = _playout(rules, state, rng, depth_left, policy)
    outcome = rules.outcome(state)
    if outcome is not None:
        rewards = _rewards(outcome, shared_win)
    else:
        evaluate = getattr(rules, "evaluate", None)
        rewards = evaluate(state) if evaluate else {}
    for visited in path:
        visited.visits += 1
        if visited.seat is not None:
            visited.reward += rewards.get(visited.seat, 0.0)


def _playout(rules, state, rng, max_depth, policy=None):
    done = getattr(rules, "playout_done", None)
    for _ in range(max_depth):
        if rules.outcome(state) is not None or (done is not None and done(state)):
            break
        seat = _mover(rules, state, rng)
        actions = rules.legal_actions(state, seat)
        action = policy(state, seat, actions, rng) if policy else None
        state, _ = rules.apply(state, seat, action or actions[rng.randbelow(len(actions))], rng)
    return state


def guided_policy(rules, heuristic, percent, rollout=None, rollout_percent=0):
    """A playout policy: the game's heuristic picks `percent`% of the moves (through a rendered
    view); of the others, the game's fast `rollout` module (engine/<game>/rollout.py, which
    reads the sampled deal directly) picks `rollout_percent`%; the rest are random (None)."""
    if heuristic is None:
        percent = 0
    if rollout is None:
        rollout_percent = 0
    if percent <= 0 and rollout_percent <= 0:
        return None

    def policy(state, seat, actions, rng):
        if len(actions) == 1:
            return None
        if percent and rng.randbelow(100) < percent:
            view = {"state": rules.view(state, seat), "legal_actions": actions, "log": [],
                    "to_move": list(rules.to_move(state)), "finished": False}
            return heuristic.choose(view, seat, rules, rng, PLAYOUT_PARAMS)
        if rollout_percent and (rollout_percent == 100 or rng.randbelow(100) < rollout_percent):
            return rollout.choose(rules, state, seat, actions, rng)
        return None

    return policy


def choose_ismcts(view, seat, rules, rng, params, clock=None):
    """The most visited root action after the budget is spent (only legal actions of the view)."""
    legal = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    budget = params.get("budget_ms", 0)
    stop_at = clock() + budget / 1000.0 if clock and budget else None
    root = _Node()
    heuristic = _heuristic(rules)
    policy = guided_policy(rules, heuristic, params.get("guided", 0), _rollout(rules),
                           params.get("rollout", 0))
    shared_win = params.get("shared_win", 100) / 100.0
    exploration = params.get("exploration", PARAMS["exploration"]["default"]) / 100.0
    sample = _sampler(rules, view["state"], seat, params.get("beliefs", 0))
    if params.get("paired", 0):
        return _choose_paired(rules, view, seat, rng, params, clock, stop_at, heuristic, sample,
                              policy, shared_win)
    if heuristic is not None and params.get("prior", 0):
        _seed_prior(root, seat, heuristic.choose(view, seat, rules, rng, {}), params["prior"])
    for done in range(params.get("iterations", PARAMS["iterations"]["default"])):
        if stop_at is not None and done and clock() >= stop_at:
            break
        # a fresh stream per iteration, seeded from the bot's rng: reproducible, and its draws
        # stay in the RNG's cheap first-4,096 range
        draws = Rng(rng.next64())
        state = sample(view["state"], seat, draws)
        _iterate(rules, root, state, draws, rules.max_length, seat, policy, shared_win, exploration)
    legal_keys = {_key(seat, a): a for a in legal}
    ranked = sorted(((c.visits, k) for k, c in root.children.items() if k in legal_keys),
                    reverse=True)
    return legal_keys[ranked[0][1]] if ranked else legal[rng.randbelow(len(legal))]


def _choose_paired(rules, view, seat, rng, params, clock, stop_at, heuristic, sample, policy,
                   shared_win):
    """ISMCTS's `paired` mode (engine/bots/paired.py): the root moves compared on shared deals."""
    legal = view["legal_actions"]
    favourite_action = heuristic.choose(view, seat, rules, rng, {}) if heuristic else None
    narrow = getattr(_rollout(rules), "root_actions", None)
    if narrow is not None:  # the game's shortlist of moves worth comparing (its rollout module)
        legal = narrow(view["state"], legal, favourite_action) or legal
        if len(legal) == 1:
            return legal[0]
    keys = [_key(seat, a) for a in legal]
    favourite = _key(seat, favourite_action) if favourite_action is not None else None
    depth = getattr(rules, "playout_depth", None) or rules.max_length
    evaluate = getattr(rules, "evaluate", None)

    def playout(state, draws):
        return _playout(rules, state, draws, depth, policy)

    def reward_of(state):
        outcome = rules.outcome(state)
        if outcome is not None:
            return _rewards(outcome, shared_win).get(seat, 0.0)
        return evaluate(state).get(seat, 0.0) if evaluate else 0.0

    iterations = params.get("iterations", PARAMS["iterations"]["default"])
    return choose_paired(rules, view, seat, legal, keys, favourite, rng, iterations, stop_at,
                         clock, sample, playout, reward_of)


def _sampler(rules, view_state, seat, beliefs):
    """rules.sample_state, or the game's belief-weighted dealer when asked and available."""
    rollout = _rollout(rules) if beliefs else None
    make = getattr(rollout, "belief_sampler", None)
    return (make(rules, view_state, seat) if make else None) or rules.sample_state


def _seed_prior(root, seat, action, visits):
    """Give the heuristic's root move `visits` virtual visits won at half rate."""
    child = _Node(action, seat)
    child.visits, child.available, child.reward = visits, visits, visits / 2
    root.children[_key(seat, action)] = child


def _rollout(rules):
    """The game's fast playout module (engine/<game>/rollout.py), or None."""
    return game_module(rules.id, "rollout")


def _heuristic(rules):
    """The game's heuristic module (engine/<game>/heuristic.py), or None."""
    return heuristic_module(rules.id)
