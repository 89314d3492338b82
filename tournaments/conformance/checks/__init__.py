"""The checks of the conformance suite, one module per area; pytest runs them per game."""
