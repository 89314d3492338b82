"""What a pool worker does: play matches against the fleet's bots and write their logs.

Everything here runs in a worker process started with the ``spawn`` method, so the gRPC
channels it opens are its own. A task is pickled to the worker: its match setup whole, the
seats' addresses and where to log.
A worker plays up to ``slots`` matches at once, one thread each: a match mostly waits on its
bots, so a few processes carry many matches.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections import defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from pathlib import Path

from referee.games import get_game
from referee.games.base import Outcome
from referee.match import (
    BotIdentity,
    DecisionPrompt,
    FaultCode,
    MatchInfo,
    MatchSetup,
    Player,
    PlayerFault,
)
from referee.transport.codec import codec_for
from referee.transport.play import LogTarget, play
from referee.transport.player import GrpcPlayer
from referee.transport.security import ClientSecurity
from referee.transport.watch import ProcessWatch
from tournaments.processes import die_with_parent

READY = "ready"
"""What a worker sends first, once it has started and imported the referee."""


@dataclass(frozen=True)
class SeatEndpoint:
    """Where a seat's bot answers: an ``address``, or none when the bot is quarantined."""

    source: str
    address: str | None
    quarantine_reason: str = ""
    quarantine_fault: str = "CRASHED"
    """The class of the failure that quarantined the bot (its matches are forfeits of it)."""
    status_path: str = ""
    """Where the sandbox writes the limit it stopped the bot for (empty: not sandboxed)."""
    security: ClientSecurity | None = None
    """How to reach a remote bot: TLS, the token's variable name (None: plaintext)."""
    pid: int = 0
    """The process the runner started for the bot (0: a remote bot)."""
    output_path: str = ""
    """The file the bot's output is captured to (empty: a remote bot)."""

    def watch(self) -> ProcessWatch | None:
        """Return a view of the bot's process, for a bot the runner started."""
        if not self.pid:
            return None
        return ProcessWatch(self.pid, Path(self.output_path), Path(self.status_path))


@dataclass(frozen=True)
class MatchTask:
    """One match for a worker: how it is played (its setup, whole), where its seats' bots
    answer and where it is logged, sealed with the run's key."""

    setup: MatchSetup
    seats: tuple[SeatEndpoint, ...]
    log: LogTarget
    bots: tuple[str, ...] = ()
    """The seats' bot names, for a backend whose machines find the bots themselves."""

    @property
    def key(self) -> str:
        """The match's key (its match id)."""
        return self.setup.match_id


@dataclass(frozen=True)
class TaskDone:
    """A worker's answer: when the match ran (ISO 8601, UTC); the log holds the rest."""

    key: str
    started_at: str
    finished_at: str


class QuarantinedPlayer:
    """A seat whose bot kept crashing: it fails at the start, so the match is a forfeit."""

    def __init__(self, endpoint: SeatEndpoint) -> None:
        self.endpoint = endpoint

    def identity(self) -> BotIdentity:
        """Return the seat's source as its identity."""
        return BotIdentity(name=self.endpoint.source, source=self.endpoint.source)

    def start(self, info: MatchInfo) -> None:
        """Refuse to start: the bot is quarantined."""
        raise self.fault()

    def decide(self, prompt: DecisionPrompt, timeout: float) -> int:
        """Never reached: a quarantined seat forfeits at the start."""
        raise self.fault()

    def fault(self) -> PlayerFault:
        """Return the fault every match of the quarantined bot records."""
        code = FaultCode(self.endpoint.quarantine_fault)
        return PlayerFault(code, self.endpoint.quarantine_reason)

    def finish(self, outcome: Outcome) -> None:
        """Nothing to tell a quarantined bot."""


def iso_utc(moment: datetime) -> str:
    """Return ``moment`` in ISO 8601 UTC with milliseconds, as the store keeps times."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now_iso() -> str:
    """Return the current UTC time in ISO 8601 with milliseconds."""
    return iso_utc(datetime.now(UTC))


class ConnectedBots:
    """The worker's connected bots, kept from match to match so a match does not pay for
    connecting and for the bot's Describe; safe to share between the worker's match threads.

    :meth:`player` takes a connected player out (connecting a new one when none is free) and
    :meth:`release` puts it back once its match is over. A bot whose last match ended with a
    broken stream (it crashed or disconnected) is dropped and connected afresh next time; a
    restarted bot listens on a new address anyway.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._free: defaultdict[tuple[str, str, str], list[GrpcPlayer]] = defaultdict(list)
        self._keys: dict[int, tuple[str, str, str]] = {}

    def player(self, endpoint: SeatEndpoint, game: str, startup_ms: int) -> GrpcPlayer:
        """Take a connected player for ``endpoint`` (its connect fault kept if it failed)."""
        assert endpoint.address is not None
        key = (endpoint.address, endpoint.source, game)
        with self._lock:
            free = self._free[key]
            while free:
                player = free.pop()
                if player.reusable():
                    return player
                player.close()
        player = GrpcPlayer(
            endpoint.address,
            codec_for(game),
            endpoint.source,
            None,
            endpoint.watch(),
            security=endpoint.security,
        )
        player.connect(game, startup_ms / 1000.0)
        with self._lock:
            self._keys[id(player)] = key
        return player

    def release(self, player: GrpcPlayer) -> None:
        """Put back a player whose match is over, for the next match with its bot."""
        with self._lock:
            self._free[self._keys[id(player)]].append(player)

    def discard(self, player: GrpcPlayer) -> None:
        """Close a player that must not serve another match (its match broke off)."""
        with self._lock:
            self._keys.pop(id(player), None)
        player.close()

    def close(self) -> None:
        """Close every free channel."""
        with self._lock:
            players = [player for free in self._free.values() for player in free]
            self._free.clear()
            self._keys.clear()
        for player in players:
            player.close()


class PooledSeats:
    """The seats of one task as a Seating: players taken from the worker's connected bots
    (a quarantined bot's seat forfeits at the start), put back when the match is over, or
    dropped when it broke off (their streams may be left open)."""

    def __init__(self, seats: Sequence[SeatEndpoint], bots: ConnectedBots) -> None:
        self.seats = seats
        self.bots = bots

    @contextlib.contextmanager
    def seat(self, setup: MatchSetup) -> Iterator[Sequence[Player]]:
        """Yield the players of the task's seats, connected within the start-up limit."""
        connected: list[GrpcPlayer] = []
        players: list[Player] = []
        try:
            for endpoint in self.seats:
                if endpoint.address is None:
                    players.append(QuarantinedPlayer(endpoint))
                    continue
                player = self.bots.player(endpoint, setup.game_name, setup.clocks.startup_ms)
                connected.append(player)
                players.append(player)
            yield players
        except BaseException:
            for player in connected:
                self.bots.discard(player)  # its stream may be left open: connect afresh
            raise
        for player in connected:
            self.bots.release(player)


def play_task(task: MatchTask, bots: ConnectedBots) -> TaskDone:
    """Play ``task``'s match to its end against ``bots``, logging it where the task says."""
    started_at = now_iso()
    play(task.setup, PooledSeats(task.seats, bots), log=task.log)
    return TaskDone(key=task.key, started_at=started_at, finished_at=now_iso())


def preload(game: str) -> None:
    """Import ``game``'s engine and codec now rather than in the first match.

    A failure is ignored here: the first match that needs them fails as it always did.
    """
    with contextlib.suppress(Exception):
        get_game(game)
        codec_for(game)


def worker_main(
    connection: Connection, parent: int, game: str | None = None, slots: int = 1
) -> None:
    """Serve tasks from ``connection`` until it closes, up to ``slots`` at once; answer each
    with ``(key, TaskDone)`` or ``(key, error text)``.

    With ``game``, its engine and codec are loaded before the worker says it is ready.
    Ctrl-C is left to the runner, which stops the bots and the workers itself.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
    if game is not None:
        preload(game)
    connection.send(READY)
    bots = ConnectedBots()
    try:
        serve_tasks(connection, bots, slots)
    finally:
        bots.close()


def serve_tasks(connection: Connection, bots: ConnectedBots, slots: int) -> None:
    """Play the tasks that arrive on ``connection`` on ``slots`` threads until it closes."""
    answers = _Answers(connection)
    matches = ThreadPoolExecutor(max_workers=slots, thread_name_prefix="match")
    try:
        while True:
            try:
                task = connection.recv()
            except (EOFError, OSError):
                return
            matches.submit(answers.play, task, bots)
    finally:
        matches.shutdown(wait=False, cancel_futures=True)


class _Answers:
    """Plays one task on a match thread and sends its answer, one answer at a time."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._lock = threading.Lock()

    def play(self, task: MatchTask, bots: ConnectedBots) -> None:
        """Play ``task`` and answer with its TaskDone, or with the error that stopped it."""
        try:
            answer: TaskDone | str = play_task(task, bots)
        except Exception as error:  # a harness bug, reported to the runner as text
            answer = f"{type(error).__name__}: {error}"
        with self._lock, contextlib.suppress(BrokenPipeError, OSError):  # the runner is gone
            self._connection.send((task.key, answer))
