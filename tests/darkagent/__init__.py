"""Dark Agent tests: odds, scenarios, views, golden playthroughs, heuristic bot."""
