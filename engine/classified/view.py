"""Per-seat views (an allow-list, digest A10) and `sample_state` (determinization for bots).

A seat sees: its own hand, Suitcase and Guards; every face-up card (face-up Guards, covers,
tucked cards, play-area cards except a Telepathy guess), the Discard Pile, cards in resolution,
counts of every hidden zone, who put each Encrypted card where (and its own encrypted cards),
the pending stack (public args; private data, such as a pending Deploy's hand-card parameters,
only for the deciding seat), its private knowledge
log, its deck memory and what it knows of the opponent's hand now, and the public answers. When the match is over, Suitcases, Guards and hands are
revealed. The draw deck and the encrypted pile are never shown.
"""

from .common import RESECRET
from .data import NUMBER
from .state import ClassifiedState, Frame, _tuplify, replace


def view_state(state, seat):
    """The JSON-able view of `state` for seat (None = spectator)."""
    over = state.stage == "over"
    return {
        "you": seat, "designs": list(state.designs), "turn": state.turn, "turn_no": state.turn_no,
        "stage": state.stage, "first_player": state.first, "deck_size": len(state.deck),
        "final_turns_left": state.final_left if state.final_left >= 0 else None,
        "encrypted": [{"by": b if b >= 0 else None, "card": c if (seat is not None and b == seat) else None}
                      for c, b in zip(state.encrypted, state.encrypted_by)],
        "deck_memory": [c if c >= 0 else None for c in state.deck_memory[seat]] if seat is not None else None,
        "opponent_hand_known": list(state.hand_memory[seat]) if seat is not None else None,
        "discard": list(state.discard), "limbo": list(state.limbo),
        "players": [_player_view(state, p, seat, over) for p in (0, 1)],
        "stack": [_frame_view(f, seat) for f in state.stack],
        "knowledge": list(state.knowledge[seat]) if seat is not None else [],
        "answers": list(state.qa),
        "result": {"winners": list(state.result[0]), "reason": state.result[1]} if state.result else None,
    }


def _player_view(state, p, seat, over):
    mine = seat == p
    hand = state.hands[p]
    suitcase = state.suitcases[p]
    guards = []
    for slot in state.guards[p]:
        if slot is None:
            guards.append(None)
            continue
        card, up, cover = slot
        guards.append({"card": card if (up or mine or over) else None, "face_up": up,
                       "cover": cover if cover >= 0 else None})
    play = []
    for card, kind, extra in state.play[p]:
        item = {"card": card, "kind": kind}
        if kind == "hiding_spot":
            item["tucked"] = extra if extra >= 0 else None
        elif kind == "telepathy":
            item["guess"] = extra if (mine or over) else None
        play.append(item)
    visible = suitcase >= 0 and (mine or over or state.suitcase_up[p])
    return {
        "hand": list(hand) if (mine or over) else None, "hand_size": len(hand),
        "suitcase": suitcase if visible else None, "suitcase_chosen": suitcase >= 0,
        "suitcase_revealed": state.suitcase_up[p], "suitcase_epoch": state.epochs[p],
        "guards": guards, "play_area": play, "skip_next_action": state.skip[p],
        "sands_used": state.sands_used[p],
    }


def _frame_view(frame, seat):
    out = {"kind": frame.kind, "seat": frame.seat, "args": _listify(frame.args)}
    if frame.secret and seat == frame.seat:
        out["secret"] = _listify(frame.secret)
    return out


def _listify(value):
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def allowed_suitcase(view, owner):
    """Suitcase Numbers of `owner` consistent with every public answer since its last change,
    and the card ids allowed by Guild answers."""
    numbers, cards = set(range(1, 10)), set(range(18))
    epoch = view["players"][owner]["suitcase_epoch"]
    for entry in view["answers"]:
        if entry["answerer"] == owner and entry["epoch"] == epoch:
            numbers &= set(entry["possible"])
            if "possible_cards" in entry:
                cards &= set(entry["possible_cards"])
    return numbers, cards


def sample_state(view, seat, rng):
    """A full state consistent with seat's view: the unseen cards are dealt at random, the
    opponent's Suitcase respecting every public answer about it and never a card the seat saw
    elsewhere (while that Suitcase is unchanged); Tough Choice / Sands of Time cards the seat is
    choosing from stay where they are, and so does every deck card the seat still knows the
    position of (its deck memory); cards it knows are in the opponent's hand stay there."""
    other = 1 - seat
    me, them = view["players"][seat], view["players"][other]
    memory = view["deck_memory"]
    in_their_hand = view["opponent_hand_known"]
    known = _known_cards(view, seat) | {c for c in memory if c is not None} | set(in_their_hand)
    pool = rng.shuffled([c for c in range(18) if c not in known])
    suitcase = _deal_suitcase(view, other, pool)
    if them["hand"] is not None:
        hand_them = tuple(them["hand"])
    else:
        missing = them["hand_size"] - len(in_their_hand)
        hand_them = tuple(sorted(list(in_their_hand) + pool[:missing]))
        pool = pool[missing:]
    guards_them, pool = _fill_guards(them["guards"], pool)
    encrypted, pool = _fill_encrypted(view["encrypted"], pool)
    pool = iter(pool)
    deck = tuple(c if c is not None else next(pool) for c in memory)
    hands = [None, None]
    hands[seat], hands[other] = tuple(me["hand"]), hand_them
    guards = [None, None]
    guards[seat], guards[other] = _fill_guards(me["guards"], [])[0], guards_them
    suitcases = [None, None]
    suitcases[seat] = me["suitcase"] if me["suitcase"] is not None else -1
    suitcases[other] = suitcase if suitcase is not None else -1
    state = _assemble(view, seat, deck, encrypted, hands, suitcases, guards, rng)
    mem = [None, None]
    mem[seat], mem[other] = tuple(-1 if c is None else c for c in memory), (-1,) * len(deck)
    hand_memory = [(), ()]
    hand_memory[seat] = tuple(in_their_hand)
    state = replace(state, deck_memory=tuple(mem), hand_memory=tuple(hand_memory))
    return _resecret(state, seat)


def _deal_suitcase(view, other, pool):
    """The opponent's Suitcase: the visible one, or an unseen card every answer allows (taken
    out of `pool`); None while it is still to be chosen."""
    them = view["players"][other]
    if them["suitcase"] is not None or not them["suitcase_chosen"]:
        return them["suitcase"]
    numbers, cards = allowed_suitcase(view, other)
    if them["suitcase_epoch"] == 0:  # a card seen anywhere since set-up is not the Suitcase
        cards = cards - {c for entry in view["knowledge"] for c in entry.get("cards", ())}
    fits = [c for c in pool if NUMBER[c] in numbers and c in cards] or pool
    pool.remove(fits[0])
    return fits[0]


def _known_cards(view, seat):
    known = set(view["discard"]) | set(view["limbo"])
    for p in view["players"]:
        known |= set(p["hand"] or ())
        if p["suitcase"] is not None:
            known.add(p["suitcase"])
        for g in p["guards"]:
            if g is not None:
                known |= {c for c in (g["card"], g["cover"]) if c is not None}
        for item in p["play_area"]:
            known |= {c for c in (item["card"], item.get("tucked")) if c is not None}
    known |= {e["card"] for e in view["encrypted"] if e["card"] is not None}
    return known


def _fill_guards(rows, pool):
    pool = list(pool)
    out = []
    for g in rows:
        if g is None:
            out.append(None)
            continue
        card = g["card"] if g["card"] is not None else pool.pop(0)
        out.append((card, g["face_up"], g["cover"] if g["cover"] is not None else -1))
    return tuple(out), pool


def _fill_encrypted(entries, pool):
    pool = list(pool)
    cards, owners = [], []
    for e in entries:
        cards.append(e["card"] if e["card"] is not None else pool.pop(0))
        owners.append(e["by"] if e["by"] is not None else -1)
    return (tuple(cards), tuple(owners)), pool


def _play_area(items, rng):
    out = []
    for item in items:
        extra = -1
        if item["kind"] == "hiding_spot":
            extra = item["tucked"] if item["tucked"] is not None else -1
        elif item["kind"] == "telepathy":
            extra = item["guess"] if item["guess"] is not None else 1 + rng.randbelow(9)
        out.append((item["card"], item["kind"], extra))
    return tuple(out)


def _assemble(view, seat, deck, encrypted, hands, suitcases, guards, rng):
    players = view["players"]
    knowledge = [(), ()]
    knowledge[seat] = tuple(view["knowledge"])
    result = view["result"]
    return ClassifiedState(
        designs=tuple(view["designs"]), deck=deck, encrypted=encrypted[0], encrypted_by=encrypted[1],
        discard=tuple(view["discard"]), hands=tuple(hands), suitcases=tuple(suitcases),
        suitcase_up=tuple(p["suitcase_revealed"] for p in players),
        epochs=tuple(p["suitcase_epoch"] for p in players), guards=tuple(guards),
        play=tuple(_play_area(p["play_area"], rng) for p in players), turn=view["turn"],
        turn_no=view["turn_no"], stage=view["stage"],
        stack=tuple(Frame(f["kind"], f["seat"], _tuplify(f["args"]), _tuplify(f.get("secret", [])))
                    for f in view["stack"]),
        limbo=tuple(view["limbo"]), skip=tuple(p["skip_next_action"] for p in players),
        final_left=view["final_turns_left"] if view["final_turns_left"] is not None else -1,
        sands_used=tuple(p["sands_used"] for p in players), knowledge=tuple(knowledge),
        qa=tuple(view["answers"]),
        result=(tuple(result["winners"]), result["reason"]) if result else (),
        first=view["first_player"])


def _resecret(state, seat):
    """Recompute the private data of frames the sampling seat cannot see."""
    frames = []
    for f in state.stack:
        if f.seat != seat and f.kind in RESECRET:
            f = Frame(f.kind, f.seat, f.args, tuple(RESECRET[f.kind](state, f)))
        elif f.seat != seat and f.kind == "resolve_deploy" and len(f.args) > 2:
            f = Frame(f.kind, f.seat, f.args, (_guessed_params(state, f),))
        frames.append(f)
    return replace(state, stack=tuple(frames))


def _guessed_params(state, frame):
    """A pending Deploy's parameters with its private ones (names in args[2]) made up from the
    sampled state: a hand card of the deployer to give, 1 for a guess."""
    params = dict(frame.args[1])
    hand = state.hands[frame.seat]
    for name in frame.args[2]:
        params[name] = hand[0] if name == "give" and hand else 1
    return tuple(sorted(params.items()))
