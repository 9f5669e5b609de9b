"""A heuristic bot for Classified Information that reads only its seat's rendered view.

Good sense, in order: track which Suitcase Numbers of the opponent remain possible (public
answers, every card it can see, what it saw in the opponent's hand or the piles); keep the hand
card most likely to hit the opponent's Code (and not blocked by a known opposing Guard); Enlist
Guards that block its own Code; ask questions while the opponent's number is uncertain; attack
Guards that block its best numbers; block assassinations and Deploys against it when it can;
gamble (High Stakes Gamble / Telepathy Vision) only when sure enough.

    choose(view, seat, rules, rng, params) -> one of view["legal_actions"]
"""

from .data import CODE, CODES, DESIGNS, NUMBER

QUESTION_DESIGNS = {
    "citrine_1", "citrine_2", "citrine_3", "citrine_7", "emerald_1", "emerald_3", "emerald_7",
    "ruby_1", "ruby_7", "ruby_8", "promo_1b", "promo_7a",
}
KEEP_WEIGHT = 1.0


def suitcase_weights(state, seat):
    """{number: count of cards that may still be the opponent's Suitcase}."""
    other = 1 - seat
    numbers = set(range(1, 10))
    epoch = state["players"][other]["suitcase_epoch"]
    for entry in state["answers"]:
        if entry["answerer"] == other and entry["epoch"] == epoch:
            numbers &= set(entry["possible"])
    seen = _seen_cards(state, seat, epoch == 0)
    weights = {}
    for card in range(18):
        if card not in seen and NUMBER[card] in numbers:
            weights[NUMBER[card]] = weights.get(NUMBER[card], 0) + 1
    return weights or {n: 1 for n in numbers or range(1, 10)}


def _seen_cards(state, seat, use_knowledge):
    seen = set(state["discard"]) | set(state["limbo"])
    for p in state["players"]:
        seen |= set(p["hand"] or ())
        if p["suitcase"] is not None and p is state["players"][seat]:
            seen.add(p["suitcase"])
        for g in p["guards"]:
            if g is not None:
                seen |= {c for c in (g["card"], g["cover"]) if c is not None}
        for item in p["play_area"]:
            seen |= {c for c in (item["card"], item.get("tucked")) if c is not None}
    seen |= {e["card"] for e in state["encrypted"] if e["card"] is not None}
    if use_knowledge:
        for entry in state["knowledge"]:
            seen |= set(entry.get("cards", ()))
    return seen


def hit_chance(number, weights, blocked):
    """Probability that a Final Card of `number` hits, given suitcase weights."""
    if number in blocked:
        return 0.0
    total = sum(weights.values())
    return sum(w for s, w in weights.items() if number in CODES[s]) / total


def opponent_blocks(state, seat):
    """Numbers blocked by the opponent's visible Guards."""
    return {NUMBER[g["card"]] for g in state["players"][1 - seat]["guards"] if g and g["card"] is not None}


def choose(view, seat, rules, rng, params):
    """The best-scoring legal action (ties broken by rng)."""
    actions = view["legal_actions"]
    state = view["state"]
    weights = suitcase_weights(state, seat)
    blocked = opponent_blocks(state, seat)
    chances = _Chances(weights, blocked)
    context = (state, seat, weights, blocked, chances)
    random = rng.random
    if state["stack"] and state["stack"][-1]["seat"] == seat:
        scored = [(score_decision(action, context) + random() * 1e-3, i) for i, action in enumerate(actions)]
    else:  # score_action, with what stays in hand worked out once per played card
        hand = state["players"][seat]["hand"] or []
        urgency = 2.0 if state["final_turns_left"] is not None else 1.0
        kept = {}
        scored = []
        for i, action in enumerate(actions):
            card = action.get("card")
            keep = kept.get(card)
            if keep is None:
                rest = [c for c in hand if c != card]
                keep = kept[card] = (KEEP_WEIGHT * urgency * max((chances[NUMBER[c]] for c in rest), default=0.0), rest)
            scored.append((keep[0] + play_value(action, context, keep[1]) + random() * 1e-3, i))
    return actions[max(scored)[1]]


class _Chances(dict):
    """hit_chance per number for one decision, each computed once on first use."""

    def __init__(self, weights, blocked):
        super().__init__()
        self.weights, self.blocked = weights, blocked
        self.certainty = max(weights.values()) / sum(weights.values())

    def __missing__(self, number):
        value = self[number] = hit_chance(number, self.weights, self.blocked)
        return value


def score_action(action, context):
    """Heuristic value of one action."""
    state, seat, weights, blocked, chances = context
    if state["stack"] and state["stack"][-1]["seat"] == seat:
        return score_decision(action, context)
    hand = state["players"][seat]["hand"] or []
    card = action.get("card")
    rest = [c for c in hand if c != card]
    keep = max((chances[NUMBER[c]] for c in rest), default=0.0)
    urgency = 2.0 if state["final_turns_left"] is not None else 1.0
    return KEEP_WEIGHT * urgency * keep + play_value(action, context, rest)


def play_value(action, context, rest):
    """Value of the played card itself (apart from what stays in hand)."""
    state, seat, weights, blocked, chances = context
    kind, card = action["type"], action.get("card")
    certainty = chances.certainty
    if kind == "encrypt":
        return 0.05
    if kind == "guard":
        own = state["players"][seat]["suitcase"]
        protects = own is not None and NUMBER[card] in CODE[own]
        return 0.3 + (0.4 if protects else 0.0)
    if kind == "assassinate":
        target = state["players"][seat if action.get("mine") else 1 - seat]["guards"][action["slot"]]
        if target["card"] is not None and NUMBER[target["card"]] in _wanted(weights):
            return 0.5
        return 0.2 if target["face_up"] else 0.12
    if kind == "cancel_trap":
        return 5.0
    if kind == "deploy":
        return deploy_value(action, state, seat, certainty, rest)
    return 0.0


def _wanted(weights):
    return {n for s in weights for n in CODES[s]}


def deploy_value(action, state, seat, certainty, rest):
    """Value of a Deploy: questions while uncertain, gambles only when sure."""
    key = state["designs"][action["card"]]
    if key == "promo_4a":
        return 10.0 if certainty >= 0.999 else -10.0
    if key == "promo_4b":
        return 0.6 * certainty
    if key == "promo_3c":
        numbers = [NUMBER[c] for c in rest]
        return 10.0 if len(numbers) != len(set(numbers)) else 0.1
    if key == "promo_3a":
        return 0.8 if sum(g is not None for g in state["players"][seat]["guards"]) == 3 else -0.5
    if key in QUESTION_DESIGNS:
        return 0.45 * (1.0 - certainty) + 0.05
    if key in ("citrine_6", "ruby_2", "promo_5b"):
        return 0.3
    if DESIGNS[key][3] == "effect":
        return 0.1
    return 0.05


def score_decision(action, context):
    """Pending decisions: block when possible, answer truthfully (any option), pick likely numbers."""
    state, seat, weights, blocked, chances = context
    kind = action["type"]
    frame = state["stack"][-1]
    if kind in ("react", "resilience"):
        if frame["kind"] == "window_ptp":
            return 1.0 if state["designs"][frame["args"][0]] in QUESTION_DESIGNS else -1.0
        if frame["kind"] == "window_rts":
            return -1.0
        return 1.0
    if kind == "pick" and "number" in action:
        number2 = action.get("number2")
        if number2 is not None:
            inside = sum(w for s, w in weights.items() if action["number"] <= s <= number2)
            return -abs(inside / sum(weights.values()) - 0.5)
        return weights.get(action["number"], 0)
    if kind == "swap" and "take" in action:
        return chances[NUMBER[action["take"]]] - chances[NUMBER[action["give"]]]
    if kind == "swap" and "card" in action:
        tucked = [i["tucked"] for i in state["players"][seat]["play_area"] if i["card"] == action["card"]][0]
        held = state["players"][seat]["hand"][0]
        return chances[NUMBER[tucked]] - chances[NUMBER[held]]
    if kind == "discard":
        return -chances[NUMBER[action["card"]]]
    return 0.0
