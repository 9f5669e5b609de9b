"""RQ entry points: thin adapters that load a match, call a pure function and save it."""
