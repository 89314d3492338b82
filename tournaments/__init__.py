"""Tournaments: scheduling, ratings, results, runners and the ``ruckus`` command line."""
