"""Classified Information (Justin Gunnell, IncrediQuest 2024): the 2-player deduction microgame.

Players: exactly 2 (seats 0 and 1).

Hidden information: hands, Suitcases, face-down Guards, the Encrypted pile, the Draw Deck, a
Telepathy Vision guess; what a card showed a seat once (a peek, a revealed hand, a random hand
card) goes to that seat's private knowledge log instead of staying visible. Every question a
card asks is answered by the engine, truthfully; where the answerer may choose (Picking Petals,
Interrogation, Decoy Guard, Loyalty Test's tie) the answering seat gets a decision that offers
only truthful options. Public answers are logged with the Suitcase Numbers they allow. A seat's
view also carries its deck memory (the deck positions it still knows from PEEKs) and the cards it
knows are in the opponent's hand now (shown or seen entering it, forgotten after a hidden play).
Legal-action lists are built only from what the acting seat can see. A Deploy announces its card
and only the parameters that are public facts (actions.PUBLIC_PARAMS: slots, modes, numbers asked
about, discards); a hand card it gives or reveals stays the deployer's (private log part, frame
secret) until the effect resolves and shows what it shows, so a Pull the Plug block keeps it
hidden and No-Return Mail hands it over privately. The random card a failed assassination shows
is told privately to both players and enters both knowledge logs. The first player's opening
draw is logged at version 0 (setup_events), privately, like every later draw. `sample_state` deals the
unseen cards at random, keeping the opponent's Suitcase consistent with every answer and never a
card the seat has seen elsewhere, and keeping remembered deck and hand cards in place.

Chance: the shuffle (and the card designs in the random card-set modes), the first player, the
random hand card shown after a failed attempt, the Unstable Grenade reveals, the Tough Choice
reshuffle.

Turn: (Short Circuit check), draw 1 if the deck has cards and the final round has not begun,
then one action: Deploy (ability), Encrypt (face down onto the Encrypted pile), or Enlist (Guard
face down into a free spot of 3; Assassin attacks; a Sentinel either). A seat that played a
REACT card on the other's turn draws, skips its action and PEEKs 1. A Cyber Trap may be cancelled
as a free action. Out-of-turn windows are explicit pending decisions of the other seat with
"pass": Pull the Plug before a Deploy resolves, Return to Sender after a Guard is played from
hand, Bullet Proof Vest / Resilience after a successful assassination.

End: once the deck is empty the turn in progress finishes, then each player takes one more turn
without drawing; then everything is revealed. A seat hits when its Final Card's number is in
the Code of the other's Suitcase and no Guard of the other has that number. One hit wins; else
more Guards win (Extra Protection 1/2, a correct Telepathy Vision 2, a CCT's tucked card 1);
equal is a shared victory. Short Circuit, Cyber Trap and High Stakes Gamble end the match at once.

Options: card_set (citrine | emerald | ruby | recommended_1..3 | random_pairs | random_full |
selection), selection (9 entries), promos, difficulty (normal 2 / hard 4 / insane 6 encrypted
cards; draw deck 10/8/6), suitcase_pick (the advanced "pick your Suitcase from 3" variant),
first_player (random | seat0 | seat1).

PROPOSALs taken (digest A3/A9; the values live in data.PROPOSALS and data.RECOMMENDED):
- A3 Recommended decks 1-3 alias Citrine (data.RECOMMENDED).
- A3 random_full draws each copy independently, keeping the Guard/Assassin/Sentinel split;
  promo designs join the pools when promos is on; fixed sets ignore promos.
- C4 first player random (option first_player).
- C5 final round: a phase counter (final_turns_left); a REACT-cost turn can be a final turn.
- C6 hand size: the engine only offers actions that keep the hand at 2 after a turn and 1 at
  the end (the card flows are hand-neutral).
- C7 impossible plays are not offered (Wheel of Fate without Guards, Mind Control without a free
  spot, Infiltration without an empty opponent spot, Split Personality / High Stakes Gamble with
  <4 cards in the deck, Suitcase Handoff without 3 Guards, Tough Choice / Sandwich with <2 cards,
  Shine Spotlights with <2 Guards in play, Grenade with no opponent Guard, Neutralize flip only
  face-down Guards). REACT / Resilience cards cannot be Deployed (only Enlisted or Encrypted).
- C8 a face-up target needs a shared Code number.
- C9 REACT windows open whenever the design is in the match and the reactor holds 2+ cards.
- C10 Bullet Proof Vest is offered after the secret compare says "success"; a revealed Guard
  stays face up after a block.
- C11 Resilience / Decoy Guard / Armored Fedora triggers work from any Guard spot; a Deployed
  Decoy Guard / Armored Fedora is placed face up (it was revealed).
- C12 Rooftop Sniper may target an Extra Protection, not the Guard under it.
- C13 Grenade: Extra Protection first, its Guard only if it died, then the rest; kills after
  blocks are counted, 4 count as 3; failed Grenade attempts show no hand card.
- C14 Switch Places (b) keeps the spot's orientation. C15 Scavenge may discard the taken card.
- C16 answer decisions offer only truthful options (always opened, even with one option).
- C17 Split Personality: the revealed Guard becomes the (publicly known) Suitcase.
- C18 cards that change sides enter Guard spots face up; a card from your own hand face down.
- C19 Tough Choice: normal rules for the played card (no chained Tough Choice Deploy); the
  shuffle uses the match RNG; an empty Discard Pile shuffles back only the other card.
- C20 Cyber Trap: checked after every step; cancel by revealing 3 hand cards of one printed Guild.
- C21 Hiding Spot: offered after your final-turn action while holding 1 card; only uncovered
  Guards may be tucked.
- C22 Sands of Time once per player (sands_used). C23 encrypted cards go on top.
- C24 Return to Sender after a Guard placed from hand (Enlist, Deployed Decoy/Fedora, Precision
  Procedure's Enlist).
- C25 the Telepathy guess is private until the end.
- Mind Control on a CCT pair: the target changes sides, the other card is discarded.
- The match's 18 designs are public (view "designs").
- Neutralize's rearrange: the legal list offers "move one card to the top" and "reverse"; any
  permutation of the Discard Pile is accepted.
"""

from .rules import ClassifiedGame

RULES = ClassifiedGame()

__all__ = ["RULES", "ClassifiedGame"]
