"""Shared parts of the Pilfer sample bots: board geometry, odds, the greedy policy, search."""
