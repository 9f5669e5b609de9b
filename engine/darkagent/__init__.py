"""Dark Agent (Space Reindeers, 2015; design Rudolf Feller), 1-6 players.

Rules: ../shared/rules/dark-agent.md (digest) and ../shared/seeds/003_54c5d07738be3f1e.txt.

Players: 1-6 national agencies; seats are listed clockwise, turn order is counter-clockwise
(first player f = seat 0, then f-1, ...; the last player f+1 holds the Double Agent token).
Hidden information: equipment hands (others see the size and cards publicly known to be in it),
the equipment deck order and the secret UN votes until revealed. Everything else is open.
A Bulletproof jacket saves a hit spy automatically (jacket_defence "auto", the seed's rule: the
hand stays secret until the jacket is discarded). With OUR variant "ask" the owner of a hit spy
is prompted only when holding one, so the prompt itself makes that card public (hand_known).
Chance: the theatre deal, neutral satellite placement, Supply draws, attack dice (4d6, +1d6 for
a spy's defence) and the solo opposition's vote die, all from the match RNG and logged publicly.
Turn structure: setup satellite placement (reverse order), then rounds: every player takes a turn
(Phase 1 move two satellites or swap one; Phase 2 spot cells and act until skip or a failed
attack; a spotted special card acts at once, within the spot action (a Support spot names the
empty cell to deploy to); Media at the end of the turn), then the UN peace phase (end check, secret simultaneous
rotation vote, rotation).
End: when the captured objectives reach the limit (2-5; optionally the Dark Agent must be taken
too) at a UN phase, or at the round limit (option max_rounds, reason "rounds"; else OUR
termination guard, option safety_round_cap, default 30, reason "safety_round_cap": the
publisher's multiplayer game has no round limit); highest VP wins, ties share. Solo: 10 + alpha rounds,
win iff you took the Dark Agent and have >= 35 + alpha VP.

PROPOSALs taken (data in darkagent_data.json, options in rules.DarkAgent.options_spec):
- data: all card values, the 35-card theatre mix, equipment deck (8 kinds x 3), 3 satellites per
  nation (unplayed nations' satellites neutral, placed at random), spy base defences 12/14/18,
  Rifle +2, Binoculars +2 markers, objective effects (Nuclear deterrence +2, Space control centre
  regains the Super Satellite, Virology lab sends one spotted enemy *player* spy home once without
  a roll and without VP, United Nations double vote, Hostage +2 VP), solo 10/35 base and
  opposition yes on 4-6, the default of the safety round cap (an engine bound, so max_length
  is real).
- options: aim_limit (default 3), need_dark_agent, max_rounds (0 = none: the publisher's),
  objective_effects, jacket_defence ("auto" = seed, default; "ask" = OUR reaction prompt),
  solo_alpha (-1 = aim_limit), vote_rule (strict majority; ties fail), safety_round_cap (OURS,
  1..100, default 30; no "none" so that every match is finite).
- structural (digest A6-A17), data entries under "ruleChoices" where a switch makes sense
  (firstPlayerSeat, objectiveFailureWoundsSpies, adrenalineCountsForLevelRule,
  doubleAgentCountsForLevelRule, neutralAgentsBlockObjectives, neutralLinesLockable,
  swapWithinSameLine, jetPackTargetMustBeSpotted, binocularsTargetMustBeSpotted, mediaMaxCards):
  first player is seat 0; Phase 1 exactly two different satellites
  when possible, else one, else skip; swaps only across lines; neutral lines are never locked;
  spotting one cell at a time, two satellites never the same cell (so a special acts at most
  once per turn); a Supply with a full hand, a Support without reserve spy or empty cell and an
  Espionage by the token's holder have no effect;
  objective failure wounds nobody; blockers are sentinels and any spy you don't own except the
  turned one; the double agent's level counts toward the level-sum rule, Adrenaline's does not;
  the turned spy is never wounded; Jet-pack swaps any own spy with a spotted enemy spy/sentinel;
  Rifle lasts the turn (+2, one unspotted sentinel attack, one failed sentinel attack that does
  not end the turn); Rocket launcher sets one die optimally after every roll this turn; the
  offensive Bulletproof jacket protects until the first failed attack; Media permutes up to 3
  occupied cells; Espionage takes the token from anyone or the discard; emptied cells stay empty;
  the Double Agent token is handed on before Media; solo neutral nations take no turns.
- Not implemented: nation powers (unknown; none in v1). Unknown further equipment cards.
"""

from . import odds
from .rules import DarkAgent

RULES = DarkAgent()

__all__ = ["RULES", "DarkAgent", "odds"]
