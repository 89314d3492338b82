"""Liar's Dice for Ruckus: a game plugin with chance, hidden dice and 2-6 players.

The rules are in the package README (LD1-LD16); ``ruckus_liars_dice.engine.GAME`` is the
engine and ``ruckus_liars_dice.plugin.PLUGIN`` the record Ruckus finds through the
``ruckus.games`` entry point.
"""
