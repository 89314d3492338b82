"""The arena: a league that never stops, whose matchmaker spends each game where the ranking is
least certain."""
