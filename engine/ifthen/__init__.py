"""If Then (Arcane Wonders, 2025): cooperative deduction with the engine as the All Knowing referee.

Players: option `players` = everyone at the table, 2-6 (one All Knowing + 1-5 codebreakers). By
default the engine is the All Knowing and is not a seat (seats 0..players-2 are codebreakers);
with `allKnowing=seat` seat 0 is a human All Knowing who makes the choices the rules give it
(start-card orientation; Mastermind: challenge pick, allegiance, its round turns). Judging is
always automatic, truthful and never explained.

Hidden information: the challenge rule, the unrevealed hint cards, the Mastermind allegiance and
the All Knowing's hand/deck, the draw deck and event deck orders, boxed and burned cards, and
other codebreakers' hands (except cards marked revealed: shown on a failed discard, an
Inspection, Second Chance, Recount, or drawn from the face-up market).

Chance: the number-card shuffle, the challenge draw, the event drawn at each reveal (the event
deck is kept unordered), the random choice of which hint is revealed, and the engine All
Knowing's start-card orientation.

Guesses: legal_actions lists one concrete guess per curated challenge of the level still
consistent with every public fact (derived from the view only); check_action also accepts any
other well-formed rule while guessing is allowed.

Turn structure: codebreakers in seat order (inactive ones skipped); on a turn: play a card either
way up (valid -> code line; invalid -> beside the last valid card + penalty) or discard one
(truly invalid -> gone; actually valid -> back to hand, marked revealed, + penalty). Penalties
draw 2/3/4 (by 0-2 / 3-5 / 6+ invalid cards) card by card from the deck or a market slot.
Free team actions on a turn: guess, propose a hint (others vote), play held events. After each
round (every 2 turns with one codebreaker) an event is revealed; in Mastermind the All Knowing
then takes its turn.

End: win when every codebreaker has emptied their hand or on a correct guess (judged by
extensional equality over all 120 x 120 half pairs); loss when a penalty, an event or a wrong
guess cannot be paid from the market + deck (a wrong guess: from the deck), or after the turn cap.
Mastermind: a TRUE All Knowing wins with the codebreakers, a FALSE one when they lose.

PROPOSALs taken (rules digest), each a named option or a data entry:
- B3 deck: data cards.json (120 balanced halves paired by a fixed-seed shuffle).
- B4.2 grammar (rulelang, extended with "NONE" and {"sameParity": true}); curated challenges
  challenges.json (exactly 4 at Level 0 as in the component list: the two seed examples,
  same number colour, parity alternation, one per Level-0 relation of the digest; the seven
  other former Level-0 shapes were dropped, as Level 1 excludes Level-0 shapes; 40 at each of
  Levels 1-3, ours, with a measured difficulty band per level) and a seeded generator per level
  (option `challenges`: curated | generated);
  otherwise-clause default ANY.
- B4.3 hint symbols x/square/circle/triangle = value/size/number colour/background (data).
- B4.4 auto judging only (the brief: judging is always automatic; no humanJudge option).
- B5 #7 / B12 #9 start card = top of the draw deck; engine All Knowing orients it at random.
- B7 penalty level state-based, recomputed after placing; the penalty is drawn as market cards one
  by one (the market refills to 3 at once, taken cards are public) and/or the rest from the deck
  in one action; hints need every other seated codebreaker's consent (a pending vote); a hint
  cannot be bought when the deck cannot pay; revealed hints stay revealed. Any codebreaker may
  propose a hint while penalty 2/3 is active, also off turn (team.py: hint timing); a hint is
  true by semantics (semantics.py). Rules notes: docs/rules/ifthen.md.
- B8 the 20 events (data.EVENTS); event draws from the deck then the market; Recount/Amnesty take
  the most recent invalid card(s); keep events are held by the team and played by the codebreaker
  on turn (Second Chance in a window right after an invalid play).
- B9 guess: by the codebreaker on turn for the team, once per turn, when one codebreaker holds
  cards; cost = base penalty (x2 solo); short deck -> loss. Wrong guesses are public.
- B6/B12 #10 rounds: one seat cycle from the round's first codebreaker, so every codebreaker
  holding cards gets one turn (a hand emptied mid-round does not end it early; 2 turns solo);
  no event before round 1.
- B11/B12 #14 the Mastermind All Knowing acts at the end of each round, after the event.
- B12 #15 a card shown on a failed discard is marked revealed; #16 the All Knowing does not see
  hands. House rule (data.HOUSE_RULES): the team loses after 300 codebreaker turns (length bound).
"""

from .rules import IfThen

RULES = IfThen()

__all__ = ["RULES", "IfThen"]
