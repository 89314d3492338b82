"""King of the hill for Ruckus: a tournament format plugin.

One bot holds the hill; every other bot challenges the holder in turn, in a series of
``games_per_pairing`` games, and the winner of a series holds the hill for the next one
(:mod:`ruckus_king_of_the_hill.hill`). ``ruckus_king_of_the_hill.plugin.FORMAT`` is the format
Ruckus finds through the ``ruckus.formats`` entry point.
"""
