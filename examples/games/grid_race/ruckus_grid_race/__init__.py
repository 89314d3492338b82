"""Grid Race: snakes on a grid that all move at once (a simultaneous-move Ruckus game)."""
