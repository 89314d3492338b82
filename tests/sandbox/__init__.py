"""Sandbox tests: attacker bots against real sandboxes."""
