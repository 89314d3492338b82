"""Shared parts of the Wabbit sample bots: the farm's geometry and the greedy policy."""
