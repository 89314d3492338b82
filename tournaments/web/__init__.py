"""The web pages of a tournament run or an arena: ``ruckus web DIR``, ``ruckus tournament run
--web`` and ``ruckus arena run``.

:mod:`~tournaments.web.source` is what the pages read (a read-only :class:`RunSource`, a run
folder its first implementation, an arena, :mod:`~tournaments.web.arena`, its second);
:mod:`~tournaments.web.board` keeps what they show up to date; :mod:`~tournaments.web.app`
serves them, with an arena's own parts (:mod:`~tournaments.web.arena_pages`: its entries, the
forms that change its bots), and :mod:`~tournaments.web.server` runs the server;
:mod:`~tournaments.web.doors` decides who may reach them. docs/web.md has the details.
"""
