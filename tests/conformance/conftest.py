"""The conformance checks come from the ``ruckus`` pytest plugin (tournaments.conformance); here
no ``--ruckus-game`` is given, so they run over every installed game."""
