"""The built-in games' boards for the replays: terminal views (Python) and HTML drawers (JS).

Each game's plugin names its view here (``tournaments.replay.boards.pilfer:VIEW``) and its
drawer script (``tournaments.replay.boards:pilfer.js``); see docs/games.md.
"""
