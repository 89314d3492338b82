"""Sample bots of Liar's Dice, each run as ``python -m ruckus_liars_dice.bots.<name>``."""
