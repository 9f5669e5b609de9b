"""Inside Job (Tanner Simmons, KOSMOS 2022; BGA `insidejob`): a near-cooperative trick-taking
game with a hidden Insider. Rules digest: ../shared/rules/inside-job.md (part B).

Players: 3-5 (seats 0..n-1, clockwise = increasing seat; the right-hand neighbour of seat s is
s-1). Roles: Agents and one Insider; with 4-5 players up to 2 of 8 special roles.

Hidden information: roles (own only; Nervous Agent and Accomplice public from the start; a role
turns public on a threshold reveal; all public at the end); hands (counts only); the set-aside
cards; the mission deck; the unchosen mission of each draw (only its drawer knows it); the
Accomplice's peeked role (the Accomplice only; the designated seat is public); votes (secret
until all have voted). Nothing tells another seat whether a player could have followed suit.

Chance: the shuffles at set-up only (roles, number cards, missions, random dealer); `apply`
draws no randomness. Turn structure per trick: the lead draws 2 missions and reveals 1 (the
other leaves unseen), then everyone plays one card clockwise from the lead (must follow the led
printed suit except the Insider / Professor NO; optional 1-token wager making the card trump).
The highest effective trump wins (equal values: the later card), else the highest led-suit
card; the winner takes 1 supply token plus the wagered ones; the mission succeeds or fails.

End, checked after each trick in this order: the Nervous Agent received Intel (Insider wins);
threshold reveals (Insider wins at once; Risky Agent: Agents win; Professor NO at 4/3: Agents
win; all others revealed: Professor NO wins); completed missions reach 9/7/6 (Agents win); the
last trick leads to a simultaneous secret vote, revealed together (the Insider is caught only
with strictly the most votes). Every seat gets a won/lost result with a reason (outcome.py).

PROPOSALS taken (each a named option or an entry of data.PROPOSALS / missions.json):
- suits S0..S3 with display names blue/red/yellow/green (B1);
- the dealer is random (option `dealer` = -1; a seat number fixes it) (B3.5);
- special roles replace an Agent, Professor NO replaces the Insider; >= 1 plain Agent (T15);
- the Nervous Agent starts with no Intel; any later gain ends the game (T9);
- option `wagers` (default on); exactly 1 token per card, optional, once per trick, allowed on
  the lead card and on printed trumps; follow-suit judged by printed suits (T6);
- vote ties at the top: the Insider escapes (T4); the Decoy tied for most only with the Insider:
  both win;
- voters: everyone but a revealed Tim Shady / Sleeper Agent (T5);
- the Accomplice's trick: the supply token stays, wagered tokens return to the supply (T8);
- reveals: threshold only, unless option `voluntary_special_reveal` lets a hidden Tim Shady or
  Sleeper Agent reveal on their turn to play (T10); after Tim Shady's steal check 8a re-runs
  (T11); threshold reveals are checked clockwise from the trick winner;
- Professor NO: may-follow, reveals and loses at 4/3 Intel, wins when all other roles are
  revealed, is the vote's suspect; "Insider wins" events mean Professor NO wins (T12;
  EXPERIMENTAL);
- every other role must follow suit (T13); the Risky Agent needs Risk mode (T14);
- missions as data with a predicate language; the 24 + 4 Risky placeholder missions of B8,
  flagged official=false (B8, T19); "middle card" with an even count means both central cards;
  mission suits are effective suits (a wagered card counts as the trump suit);
- Tim Shady / Accomplice result cycles: Tim's unresolved neighbour counts as a winner (T16).
"""

from .rules import InsideJob

RULES = InsideJob()

__all__ = ["InsideJob", "RULES"]
