"""Replays of logged matches: timelines re-run from a log, a terminal viewer and an HTML export."""
