"""Sample bots of Grid Race."""
