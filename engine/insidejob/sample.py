"""Inside Job determinization: a full state consistent with what one seat has seen.

`sample_state(view, seat, rng)` keeps everything in the view and deals the rest at random:
unknown roles from the remaining role cards (a hidden seat holding at least its role's reveal
threshold cannot have that role), the other hands and the set-aside cards (a seat that did not
follow the led printed suit is void in it, unless its sampled role is the Insider / Professor
NO), the unseen missions (deck, other leads' discards, another lead's drawn pair) and the
content of other seats' secret votes. Deals respect the void constraints exactly: a card goes
to a slot only if the rest can still be dealt (Hall's condition over the 4 suits).
"""

import itertools

from .data import DECK, FREE_FOLLOW, INTEL_TOKENS, mission_ids, role_deck
from .setup import fast_shuffle
from .flow import threshold_for, vote_options
from .state import MISSION, InsideJobSetup, InsideJobState, evolve, plays_from_json

_SUBSETS = tuple(range(1, 16))


def void_suits(view):
    """{seat: set of printed suits it showed void in} from every trick seen."""
    voids = {}
    tricks = [t["plays"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
    for plays in tricks:
        led = plays[0][1] // 13
        for seat, card, _ in plays[1:]:
            if card // 13 != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def is_feasible(counts, caps, masks):
    """Hall's condition: every set of suits fits in the slots accepting one of them."""
    for subset in _SUBSETS:
        need = sum(counts[s] for s in range(4) if subset >> s & 1)
        if need and need > sum(c for c, m in zip(caps, masks) if m & subset):
            return False
    return True


def deal_cards(cards, sizes, masks, rng):
    """Random hands (one per slot, sorted) of the given sizes where slot i only takes suits in
    masks[i]; None if impossible. Tries a fast greedy deal first (constrained slots draw from
    the cards they accept), then falls back to an exact card-by-card deal."""
    counts = [0, 0, 0, 0]
    for card in cards:
        counts[card // 13] += 1
    if not is_feasible(counts, list(sizes), masks):
        return None
    for _ in range(4):
        dealt = deal_greedy(cards, sizes, masks, rng)
        if dealt is not None:
            return dealt
    return deal_exact(cards, counts, sizes, masks, rng)


def deal_greedy(cards, sizes, masks, rng):
    """Constrained slots first (most constrained first) take random accepted cards, the rest
    share what is left; None when a constrained slot runs short."""
    pool = fast_shuffle(rng, cards)
    slots = [None] * len(sizes)
    order = sorted((i for i, m in enumerate(masks) if m != 15),
                   key=lambda i: bin(masks[i]).count("1"))
    for i in order:
        mask = masks[i]
        taken = [c for c in pool if mask >> (c // 13) & 1][:sizes[i]]
        if len(taken) < sizes[i]:
            return None
        chosen = set(taken)
        pool = [c for c in pool if c not in chosen]
        slots[i] = tuple(sorted(taken))
    start = 0
    for i, size in enumerate(sizes):
        if slots[i] is None:
            slots[i] = tuple(sorted(pool[start:start + size]))
            start += size
    return slots


def deal_exact(cards, counts, sizes, masks, rng):
    """Card by card: a card goes to a random accepting slot only if the rest stays dealable."""
    caps = list(sizes)
    slots = [[] for _ in sizes]
    for card in fast_shuffle(rng, cards):
        suit = card // 13
        counts[suit] -= 1
        options = [i for i in range(len(sizes)) if caps[i] and masks[i] >> suit & 1]
        for i in fast_shuffle(rng, options):
            caps[i] -= 1
            if is_feasible(counts, caps, masks):
                slots[i].append(card)
                break
            caps[i] += 1
        else:
            return None
    return [tuple(sorted(s)) for s in slots]


def role_candidates(view, seat, rng, insider_weights=None):
    """Random role assignments for the unknown seats, consistent with the intel thresholds
    (random permutations first, then every permutation, so the truth is always reached).
    With `insider_weights` ({seat: weight}), the first tries put the Insider (or Professor NO)
    on an unknown seat drawn by those weights (a search bot's beliefs); without, every
    consistent assignment is equally likely."""
    known = view["roles"]
    pool = list(role_deck(view["players"], tuple(view["options"]["special_roles"])))
    for role in known:
        if role is not None:
            pool.remove(role)
    unknown = [s for s, r in enumerate(known) if r is None]
    if insider_weights:
        yield from _weighted_candidates(pool, unknown, rng, insider_weights)
    for _ in range(24):
        yield dict(zip(unknown, fast_shuffle(rng, pool)))
    perms = sorted(set(itertools.permutations(pool)))
    for perm in fast_shuffle(rng, perms):
        yield dict(zip(unknown, perm))


def _weighted_candidates(pool, unknown, rng, weights):
    """24 assignments with the Insider-side lead role on a seat drawn by `weights`."""
    lead = next((r for r in ("insider", "professor_no") if r in pool), None)
    total = sum(weights.get(s, 0.0) for s in unknown)
    if lead is None or total <= 0:
        return
    for _ in range(24):
        perm = fast_shuffle(rng, pool)
        pick = rng.random() * total
        target = unknown[-1]
        for s in unknown:
            pick -= weights.get(s, 0.0)
            if pick < 0:
                target = s
                break
        i, j = perm.index(lead), unknown.index(target)
        perm[i], perm[j] = perm[j], perm[i]
        yield dict(zip(unknown, perm))


def hand_slots(view, seat, roles):
    """(seats, sizes, suit masks) of the slots to deal: other hands, then the set-aside pile."""
    voids = void_suits(view)
    seats = [s for s in range(view["players"]) if s != seat]
    sizes = [view["hand_sizes"][s] for s in seats] + [view["set_aside_count"]]
    masks = []
    for s in seats:
        mask = 15
        if roles[s] not in FREE_FOLLOW:
            for suit in voids.get(s, ()):
                mask &= ~(1 << suit)
        masks.append(mask)
    return seats, sizes, masks + [15]


def sample_roles_and_hands(view, seat, rng, setup_of, insider_weights=None):
    """(roles, hands per seat, set-aside) consistent with the view (`insider_weights`: see
    role_candidates)."""
    played = {c for t in view["tricks"] for _, c, _ in t["plays"]}
    played.update(c for _, c, _ in view["trick"])
    own = set(view["hand"] or ())
    unseen = [c for c in DECK if c not in played and c not in own]
    for assignment in role_candidates(view, seat, rng, insider_weights):
        roles = tuple(assignment.get(s, r) for s, r in enumerate(view["roles"]))
        setup = setup_of(roles)
        if any(view["intel"][s] >= threshold_for(setup, s) for s in assignment):
            continue
        seats, sizes, masks = hand_slots(view, seat, roles)
        dealt = deal_cards(unseen, sizes, masks, rng)
        if dealt is None:
            continue
        hands = [None] * view["players"]
        for s, hand in zip(seats, dealt):
            hands[s] = hand
        if seat is not None:
            hands[seat] = tuple(view["hand"])
        return setup, tuple(hands), dealt[-1]
    raise AssertionError("no role assignment is consistent with the view")


def sample_missions(view, seat, rng):
    """(deck, discarded, drawn) with the unseen missions dealt at random."""
    known = set(view["completed"]) | set(view["failed"])
    if view["mission"]:
        known.add(view["mission"]["id"])
    mine = {k["trick"] - 1: k["mission"] for k in view["knowledge"]
            if k["kind"] == "discarded_mission"}
    known.update(mine.values())
    own_drawn = [m["id"] for m in view["drawn"]] if view["drawn"] else []
    known.update(own_drawn)
    pool = fast_shuffle(rng, [m for m in mission_ids(view["options"]["risk_mode"])
                              if m not in known])
    discarded = []
    for i, by in enumerate(view["discarded_by"]):
        discarded.append((by, mine[i] if i in mine else pool.pop()))
    drawn = tuple(own_drawn)
    if view["phase"] == MISSION and not drawn:
        drawn = (pool.pop(), pool.pop())
    assert len(pool) == view["deck_size"], "mission count mismatch"
    return tuple(pool), tuple(discarded), drawn


def sample_votes(state, view, seat, rng):
    """Votes: revealed ones as shown, own vote as shown, others' secret votes at random."""
    if view["voted"] is None:
        return ()
    if view["votes"] is not None:
        return tuple(None if v is None else tuple(v) for v in view["votes"])
    votes = []
    for s, voted in enumerate(view["voted"]):
        if not voted:
            votes.append(None)
        elif s == seat:
            votes.append(tuple(view["my_vote"]))
        else:
            votes.append(tuple(rng.choice(vote_options(state, s))))
    return tuple(votes)


def sample_state(view, seat, rng, insider_weights=None):
    """A full state consistent with `view` as seen by `seat` (module docstring); see
    role_candidates for `insider_weights`."""
    opts = view["options"]

    def setup_of(roles, set_aside=()):
        return InsideJobSetup(view["players"], opts["wagers"], opts["risk_mode"],
                              tuple(opts["special_roles"]), opts["voluntary_special_reveal"],
                              view["dealer"], roles, tuple(set_aside))

    setup, hands, set_aside = sample_roles_and_hands(view, seat, rng, setup_of, insider_weights)
    setup = setup_of(setup.roles, sorted(set_aside))
    deck, discarded, drawn = sample_missions(view, seat, rng)
    result = view["result"]
    state = InsideJobState(
        setup=setup, phase=view["phase"], lead=view["lead"],
        turn=view["turn"] if view["turn"] is not None else view["lead"], hands=hands,
        intel=tuple(view["intel"]), supply=view["supply"], revealed=tuple(view["revealed"]),
        deck=deck, drawn=drawn, discarded=discarded,
        mission=view["mission"]["id"] if view["mission"] else "",
        trick=plays_from_json(view["trick"]),
        tricks=tuple((t["lead"], t["mission"], plays_from_json(t["plays"]), t["winner"],
                      t["success"]) for t in view["tricks"]),
        completed=tuple(view["completed"]), failed=tuple(view["failed"]),
        accomplice_target=(view["accomplice_target"]
                           if view["accomplice_target"] is not None else -1),
        votes=(), result=(result["side"], result["reason"], result["seat"]) if result else ())
    assert sum(view["intel"]) + view["supply"] + _wagered(view) == INTEL_TOKENS
    return evolve(state, votes=sample_votes(state, view, seat, rng))


def _wagered(view):
    return sum(1 for _, _, w in view["trick"] if w)
