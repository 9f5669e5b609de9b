"""Words for people: log sentences, the viewer's prompt, labelled choices and outcome texts.

`engine.render(match, viewer, words=True)` calls `describe` on the rendered view; bots render
without words and pay nothing for them. Everything here is generic (no game id): a game says its
words through the `Game` hooks (`entry_text`, `prompt`, `choice`, `outcome_text`, `reference`,
`option_words`), which by default delegate to the game package's `words` module when it has one
and otherwise fall back to the plain phrasing below.

Redaction: `describe` hands `entry_text` the log entry exactly as the viewer's view holds it
(after `render_log`), so a sentence can never say more than the entry; prompts and choices see
only the viewer's own state view and legal actions.

Shapes (documented in openapi.yaml):
- log entry: `text` (one sentence);
- view: `prompt` (a sentence, or null when the viewer has nothing to decide) and `choices`
  (one per legal action, same order): `{"label": str, "refs": [ref, ...]}`;
- a ref is `{"kind": "card", "id": int|str}`, `{"kind": "cell", "line": int, "depth": int}`
  (1-based, as printed), `{"kind": "seat", "seat": int}`, `{"kind": "slot", "seat": int,
  "slot": int}` (a seat's guard spot, 0-based like the state), `{"kind": "market", "slot": int}`
  (0-based), `{"kind": "mission", "id": str}`, `{"kind": "event", "id": int}` or
  `{"kind": "line", "line": int}` (1-based);
- finished view: `outcome.text`.
"""

import re

# what a game's words may raise on an entry or action shape they do not know yet (after a merge
# adds one): the generic phrasing answers instead, so a view is never refused for its words
WORD_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)
HEADLINE_KEYS = ("event", "type", "action", "kind")  # the keys games name an entry's kind by
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def seat_name(seat, viewer=None):
    """'You' for the viewer's own seat, else 'Seat N' (1-based); None -> 'Nobody'."""
    if seat is None or not isinstance(seat, int) or seat < 0:
        return "Nobody"
    return "You" if seat == viewer else f"Seat {seat + 1}"


def seat_object(seat, viewer=None):
    """A seat as a sentence object: 'you' / 'Seat N'."""
    name = seat_name(seat, viewer)
    return "you" if name == "You" else name


def possessive(seat, viewer=None, capital=False):
    """'your' / 'Seat N's' (capitalised on request)."""
    name = seat_name(seat, viewer)
    word = "your" if name == "You" else f"{name}'s"
    return word[:1].upper() + word[1:] if capital else word


def join(items):
    """'a', 'a and b', 'a, b and c' ('nothing' for none)."""
    items = [str(i) for i in items]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def humanize(key):
    """A developer key in words: 'with_line' -> 'with line', 'allKnowing' -> 'all knowing'."""
    text = _CAMEL.sub(" ", str(key)).replace("_", " ").replace("=", " ")
    return " ".join(text.replace("{", "").replace("}", "").split()).lower()


def sentence(text):
    """Capitalised, ending with one full stop."""
    text = " ".join(str(text).split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def plain_value(value, viewer=None, key=""):
    """Any JSON value in words, for the generic fallbacks (seats 1-based, keys humanized)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and key in ("seat", "owner", "winner", "target_seat", "asker",
                                          "answerer", "lead", "actor"):
        return seat_object(value, viewer)
    if isinstance(value, (int, float)):
        return str(value)
    if value is None:
        return "none"
    if isinstance(value, str):
        return humanize(value)
    if isinstance(value, (list, tuple)):
        return join(plain_value(v, viewer, key) for v in value)
    if isinstance(value, dict):
        if "name" in value:
            return str(value["name"])
        return join(f"{humanize(k)} {plain_value(v, viewer, k)}" for k, v in value.items())
    return humanize(value)


def plain_fields(fields, viewer=None, skip=()):
    """'key value, key value' of a dict's fields in words."""
    return ", ".join(f"{humanize(k)} {plain_value(v, viewer, k)}"
                     for k, v in fields.items() if k not in skip)


def generic_entry_text(entry, viewer=None):
    """A plain sentence for a log entry no game phrased: who, what (its event kind), then its
    other fields in words: 'You: cypher note (wheel 1 and 2; only you saw note 3).'"""
    public = dict(entry.get("public") or {})
    actor = entry.get("actor")
    what = next((public.pop(k) for k in HEADLINE_KEYS if isinstance(public.get(k), str)), "")
    if "seat" in public and public["seat"] == actor:
        del public["seat"]
    who = seat_name(actor, viewer) if actor is not None else "The game"
    parts = plain_fields(public, viewer)
    private = entry.get("private")
    if isinstance(private, dict) and private:
        parts += ("; " if parts else "") + "only you saw " + plain_fields(private, viewer)
    head = f"{who}: {humanize(what)}" if what else f"{who}:"
    return sentence(f"{head} ({parts})" if what and parts else f"{head} {parts}" if parts else
                    (head if what else f"{who} acted"))


def generic_label(action, viewer=None):
    """A plain label for an action no game phrased: its type, then its fields in words."""
    kind = humanize(action.get("type", "act"))
    rest = plain_fields(action, viewer, skip=("type",))
    label = f"{kind}: {rest}" if rest else kind
    return label[:1].upper() + label[1:]


def generic_prompt(legal):
    """'Choose: deploy, guard or pass.' from the distinct action types."""
    kinds = []
    for action in legal:
        word = humanize(action.get("type", "act"))
        if word not in kinds:
            kinds.append(word)
    return sentence("Choose one: " + join(kinds).replace(" and ", " or ")) if kinds else None


def seats_phrase(seats, viewer=None):
    """'You', 'Seat 2', 'Seats 2 and 3', 'You and Seat 3' (the viewer first)."""
    names = [seat_name(s, viewer) for s in seats]
    if not names:
        return "Nobody"
    if "You" in names:
        names.remove("You")
        return join(["You", *names])
    return names[0] if len(names) == 1 else "Seats " + join(n.replace("Seat ", "") for n in names)


def generic_outcome_text(outcome, viewer=None):
    """'Seat 1 won with 16 points.' / 'You won.' / 'Seats 2 and 3 won.' / 'Nobody won.'"""
    winners = list(outcome.get("winners") or [])
    scores = {s["seat"]: s.get("score") for s in outcome.get("seats", [])}
    if not winners:
        return "Nobody won."
    who = seats_phrase(winners, viewer)
    score = scores.get(winners[0])
    same = all(scores.get(w) == score for w in winners)
    if same and isinstance(score, (int, float)) and not isinstance(score, bool):
        shown = int(score) if float(score).is_integer() else score
        each = " each" if len(winners) > 1 else ""
        return f"{who} won with {shown} point{'' if shown == 1 else 's'}{each}."
    return f"{who} won."


def unique_labels(labels):
    """The labels, each made unique by a trailing '(option n)' where several are alike."""
    counts = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    seen = {}
    out = []
    for label in labels:
        if counts[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label} (option {seen[label]})"
        out.append(label)
    return out


def describe(rules, viewer, view, log_worded=False):
    """Add the words to a rendered view (in place, copying the shared log entries); returns it.

    The game's hooks see only the render: each entry as the viewer holds it, the redacted state
    view and the viewer's legal actions (never the full state), so words cannot leak more than
    the view they come with. With `log_worded` the log already carries its texts (worded_log)."""
    seen = view["state"]  # the viewer's redacted view: all the words may draw on
    if "log" in view and not log_worded:
        view["log"] = [worded_entry(rules, entry, viewer, seen) for entry in view["log"]]
    legal = view.get("legal_actions") or []
    choices = []
    for action in legal:
        try:
            choice = rules.choice(seen, viewer, action) or {}
        except WORD_ERRORS:  # a new action shape a game's words do not know yet
            choice = {}
        choices.append({"label": choice.get("label") or generic_label(action, viewer),
                        "refs": list(choice.get("refs") or [])})
    for choice, label in zip(choices, unique_labels([c["label"] for c in choices])):
        choice["label"] = label
    view["choices"] = choices
    view["prompt"] = _prompt(rules, seen, viewer, legal) if legal else None
    if view.get("outcome") is not None:
        view["outcome"] = dict(view["outcome"], text=rules.outcome_text(view["outcome"], viewer))
    return view


def worded_entry(rules, entry, viewer, seen):
    """A rendered log entry (as the viewer holds it) with its sentence, as a new dict."""
    return dict(entry, text=_text(rules, entry, viewer, seen))


_CORE = []  # engine.core, imported on first use (a module-level import would be circular)


def _core():
    if not _CORE:
        from . import core
        _CORE.append(core)
    return _CORE[0]


def worded_log(rules, stored_log, start, viewer, seen, memo):
    """The viewer's worded entries of `stored_log[start:]` (a match's whole stored log), from
    `memo` where it has them. An entry's sentence depends only on the entry as the viewer holds
    it and on parts of the view that never change during a match (e.g. the deck's designs), so
    each stored entry is rendered and phrased once per viewer."""
    key = None if viewer is None else str(viewer)
    render_entry = _core().render_entry
    return memo.entries(viewer, stored_log, start,
                        lambda stored: worded_entry(rules, render_entry(stored, key), viewer, seen))


class TextMemo:
    """One match's log as each viewer was shown it with words: per viewer, the stored entries
    (held here) and their worded renders, in log order.

    A lookup checks that the stored entries it knows are the very objects of the log it is asked
    about (a process that parses the log anew gets new objects): only the identical prefix is
    reused, anything after it is rendered again, so nothing is ever served for an entry other
    than the one it was made from. The worded entries are shared, read-only, like the stored
    entries a render shares."""

    __slots__ = ("_viewers",)

    def __init__(self):
        self._viewers = {}  # viewer -> (stored entries, worded entries)

    def entries(self, viewer, stored_log, start, word):
        """The worded entries of stored_log[start:] for `viewer`; `word(stored)` makes one."""
        stored, worded = self._viewers.setdefault(viewer, ([], []))
        known = len(stored)
        if known <= len(stored_log) and (not known or (stored[0] is stored_log[0]
                                                       and stored[-1] is stored_log[known - 1])):
            same = known  # the same parsed log, grown: a log is only ever appended to, and a
            # log parsed anew holds new objects from its first entry on
        else:
            same = 0
            for known_entry, entry in zip(stored, stored_log):
                if known_entry is not entry:
                    break
                same += 1
        if same < len(stored):
            del stored[same:], worded[same:]
        if start > same:  # a cut log this viewer has not been shown up to `start`: no memo
            return [word(entry) for entry in stored_log[start:]]
        for entry in stored_log[same:]:
            stored.append(entry)
            worded.append(word(entry))
        return worded[start:len(stored_log)]

    def __len__(self):
        return max((len(stored) for stored, _ in self._viewers.values()), default=0)


def _prompt(rules, seen, viewer, legal):
    try:
        text = rules.prompt(seen, viewer, legal)
    except WORD_ERRORS:  # a decision a game's words do not know yet
        text = None
    return text or generic_prompt(legal)


def _text(rules, entry, viewer, seen):
    try:
        text = rules.entry_text(entry, viewer, seen)
    except WORD_ERRORS:  # a new event a game's words do not know yet: still a readable sentence
        text = None
    return text or generic_entry_text(entry, viewer)
