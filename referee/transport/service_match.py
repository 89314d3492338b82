"""One match the referee service runs for a RunMatch call, on a thread of its own.

Its events come out of :meth:`ServiceMatch.events` as they happen. When the call ends first
(the caller cancelled, its deadline passed, the server is stopping), :meth:`ServiceMatch.hang_up`
stops the match at once, not at its next decision: it closes every player, which cancels their
Play streams, so even a bot that would hold a decision for its whole clock lets go; the match
thread then stops the bots' processes and ends, leaving a log without a result line. A match
whose bots are still starting stops as soon as their start ends (at most the startup limit).
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ruckus.v1 import bot_pb2, referee_pb2

from referee.match import MatchHeader, MatchResult, MatchSetup
from referee.match.player import DecisionRecord
from referee.sandbox import Sandbox
from referee.transport.admission import MatchBoard
from referee.transport.bots import RemotePlayer
from referee.transport.codec import codec_for
from referee.transport.play import LogTarget, SpawnedSeats, play
from referee.transport.results import match_event_result, step_messages
from referee.transport.validation import MatchOrder


class MatchCancelled(Exception):
    """The RunMatch call ended before its match; the match stops where it is."""


class _Spectator:
    """A MatchObserver that turns match progress into MatchEvent messages on a queue.

    Once the call has gone it stops the match instead, before the log records another line.
    """

    def __init__(
        self,
        game: str,
        events: queue.SimpleQueue[referee_pb2.MatchEvent | None],
        cancelled: threading.Event,
    ) -> None:
        self.codec = codec_for(game)
        self.events = events
        self.cancelled = cancelled

    def match_started(self, header: MatchHeader) -> None:
        seats = [
            bot_pb2.BotInfo(
                name=seat.name, version=seat.version, author=seat.author, language=seat.language
            )
            for seat in header.seats
        ]
        started = referee_pb2.MatchStarted(match_id=header.match_id, seats=seats)
        self.events.put(referee_pb2.MatchEvent(started=started))

    def decision_taken(self, record: DecisionRecord, state: Any) -> None:
        if self.cancelled.is_set():
            raise MatchCancelled
        for step in step_messages(record, self.codec):
            self.events.put(referee_pb2.MatchEvent(step=step))

    def match_ended(self, result: MatchResult) -> None:
        if self.cancelled.is_set():
            raise MatchCancelled
        self.events.put(referee_pb2.MatchEvent(result=match_event_result(result)))


class ServiceMatch:
    """The match of one RunMatch call, admitted on ``board``; its log goes under ``log_dir``.

    It gives its slot on the board back once both its thread and its call are over.
    """

    def __init__(
        self, order: MatchOrder, log_dir: Path, sandbox: Sandbox | None, board: MatchBoard
    ) -> None:
        self.setup = order.setup
        self.bots = order.bots
        self.match_id = order.setup.match_id
        self.match_dir = log_dir / self.match_id
        self.sandbox = sandbox
        self.board = board
        self.failure: str | None = None
        self._events: queue.SimpleQueue[referee_pb2.MatchEvent | None] = queue.SimpleQueue()
        self._cancelled = threading.Event()
        self._spectator = _Spectator(self.setup.game.spec.name, self._events, self._cancelled)
        self._lock = threading.Lock()
        self._players: Sequence[RemotePlayer] = ()
        self._holds = 2  # the thread and the call
        self._thread = threading.Thread(
            target=self._run, name=f"match-{self.match_id[:8]}", daemon=True
        )

    def start(self) -> None:
        """Start the match on its thread."""
        self._thread.start()

    def events(self) -> Iterator[referee_pb2.MatchEvent]:
        """Yield the match's events until it ends or its call does."""
        while (event := self._events.get()) is not None:
            yield event

    def hang_up(self) -> None:
        """The call is over: stop the match if it still runs, and let go of the call's hold.

        gRPC calls this when the call ends, however it ends, on the thread that serves every
        call; so the players are closed on a thread of their own (closing a channel can take
        a moment) and this returns at once.
        """
        with self._lock:
            self._cancelled.set()
            players, self._players = self._players, ()
        if players:
            name = f"hang-up-{self.match_id[:8]}"
            threading.Thread(target=_close, args=(players,), name=name, daemon=True).start()
        self._events.put(None)
        self._let_go()

    @contextlib.contextmanager
    def seat(self, setup: MatchSetup) -> Iterator[Sequence[RemotePlayer]]:
        """Start the match's bots (a Seating), kept for :meth:`hang_up` while it plays."""
        spawned = SpawnedSeats(tuple(self.bots), self.match_dir, self.sandbox)
        with spawned.seat(setup) as players:
            self._adopt(players)
            yield players

    def _run(self) -> None:
        try:
            play(self.setup, self, [self._spectator], LogTarget(self.match_dir / "match.jsonl"))
        except MatchCancelled:
            pass
        except Exception as error:  # reported to the caller as INTERNAL
            if not self._cancelled.is_set():  # else it is the closed players' doing
                self.failure = repr(error)
        finally:
            with self._lock:
                self._players = ()
            self.board.ended(self.match_id)
            self._events.put(None)
            self._let_go()

    def _adopt(self, players: Sequence[RemotePlayer]) -> None:
        """Keep the started players for :meth:`hang_up`; stop here if the call has gone."""
        with self._lock:
            if self._cancelled.is_set():
                raise MatchCancelled
            self._players = players

    def _let_go(self) -> None:
        """Drop one hold; the last gives the match's slot back."""
        with self._lock:
            self._holds -= 1
            last = self._holds == 0
        if last:
            self.board.release()


def _close(players: Sequence[RemotePlayer]) -> None:
    """Close every player: their Play streams are cancelled and their channels closed."""
    for player in players:
        player.close()
