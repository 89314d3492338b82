"""The web pages of a tournament run: ``ruckus web RUN`` and ``ruckus tournament run --web``.

:mod:`~tournaments.web.source` is what the pages read (a read-only :class:`RunSource`, a run
folder its first implementation); :mod:`~tournaments.web.board` keeps what they show up to
date; :mod:`~tournaments.web.app` serves them and :mod:`~tournaments.web.server` runs the
server; :mod:`~tournaments.web.doors` decides who may reach them. docs/web.md has the details.
"""
