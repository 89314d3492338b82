"""Where a seat's bot comes from: a sample bot name, ``cmd:<command line>``, ``grpc://host:port``
or ``grpcs://host:port`` (TLS).

A ``cmd:`` program named by a bare name that resolves to a pyenv shim (``python`` from a
pyenv install outside an activated virtualenv) is replaced by the interpreter ``pyenv which``
names: the shim is a shell script that runs pyenv itself, which a sandboxed bot cannot reach.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from referee.match.clocks import STARTUP_MS
from referee.match.faults import FaultCode, PlayerFault
from referee.sandbox import Sandbox
from referee.transport.codec import codec_for
from referee.transport.player import GrpcPlayer, UnstartedPlayer
from referee.transport.process import BotProcess
from referee.transport.security import ClientSecurity

SampleResolver = Callable[[str, str], tuple[str, ...]]
"""(name, game) -> the command line of a sample bot; raises KeyError naming the known ones.

The harness hands its resolver in (``sample_bots.registry.sample_command``); the transport
knows no sample bot of its own."""


def no_samples(name: str, game: str) -> tuple[str, ...]:
    """The resolver of a caller that offers no sample bots: every name is unknown."""
    raise KeyError(f"unknown bot {name!r}; expected cmd:<command>, grpc://host:port or grpcs://")


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot description: either a command to spawn or an address to call (with the
    ``security`` to call it with: None for plaintext)."""

    source: str
    argv: tuple[str, ...] = ()
    address: str = ""
    security: ClientSecurity | None = None

    @property
    def spawns(self) -> bool:
        """Whether the harness starts this bot as a local process."""
        return bool(self.argv)


def parse_bot(
    text: str,
    game: str,
    samples: SampleResolver = no_samples,
    allow_commands: bool = True,
    grpcs: ClientSecurity | None = None,
) -> BotSpec:
    """Parse one ``--bot`` value; raise ValueError for anything malformed or unknown.

    Any other text is a sample bot's name, looked up by ``samples``. A ``grpcs://`` bot is
    called with ``grpcs`` (default: TLS trusting the system's roots).
    """
    if text.startswith(("grpc://", "grpcs://")):
        scheme, _, address = text.partition("://")
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"bad bot address {text!r}; expected {scheme}://host:port")
        security = (grpcs or ClientSecurity(tls=True)) if scheme == "grpcs" else None
        if security is not None:
            security.check(address)
        return BotSpec(source=text, address=address, security=security)
    if text.startswith("cmd:"):
        if not allow_commands:
            raise ValueError("cmd: bots are not allowed here")
        argv = tuple(shlex.split(text.removeprefix("cmd:")))
        if not argv:
            raise ValueError("cmd: needs a command line")
        return BotSpec(source=text, argv=(real_program(argv[0]), *argv[1:]))
    try:
        return BotSpec(source=text, argv=samples(text, game))
    except KeyError as error:
        raise ValueError(str(error.args[0])) from None


PYENV_SHIM_MARK = 'libexec/pyenv" exec'
"""What the last line of a pyenv shim runs: ``exec "$PYENV_ROOT/libexec/pyenv" exec ...``."""


def real_program(program: str) -> str:
    """Return ``program``, or the interpreter a pyenv shim of that name stands for; raise
    ValueError saying what to write instead when ``pyenv which`` cannot name one."""
    found = shutil.which(program) if os.sep not in program else None
    if found is None or not _is_pyenv_shim(Path(found)):
        return program
    pyenv = Path(found).resolve().parent.parent / "libexec" / "pyenv"
    command = [str(pyenv) if pyenv.is_file() else "pyenv", "which", program]
    try:
        ran = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        ran = subprocess.CompletedProcess(command, 1, "", str(error))
    real = ran.stdout.strip()
    if ran.returncode != 0 or not Path(real).is_file():
        said = (ran.stderr.strip() or ran.stdout.strip() or "no output").splitlines()[-1]
        raise ValueError(
            f"cmd: {program} is a pyenv shim ({found}), which cannot run inside the sandbox, "
            f"and `pyenv which {program}` names no interpreter ({said}); "
            f"write the interpreter's full path (cmd:/path/to/{program} ...) or a venv's "
            f"(cmd:.venv/bin/{program} ...)"
        )
    return real


def _is_pyenv_shim(path: Path) -> bool:
    """Return whether ``path`` is a pyenv shim script."""
    try:
        with path.open("rb") as file:
            head = file.read(2048)
    except OSError:
        return False
    return head.startswith(b"#!") and PYENV_SHIM_MARK.encode() in head


RemotePlayer = GrpcPlayer | UnstartedPlayer


def seat_output(output_dir: Path, seat: int) -> Path:
    """Return the file that captures the output of the bot spawned for ``seat``."""
    return output_dir / f"seat{seat}.log"


@contextlib.contextmanager
def open_players(
    specs: Sequence[BotSpec],
    game: str,
    output_dir: Path,
    sandbox: Sandbox | None = None,
    startup_ms: int = STARTUP_MS,
    keep_output: bool = True,
) -> Iterator[list[RemotePlayer]]:
    """Start the spawned bots in ``sandbox``, connect to every seat, and clean up on exit.

    ``sandbox`` defaults to the strongest level that works here. Each spawned bot's output goes
    to ``output_dir/seat<N>.log``; ``keep_output`` says whether those files outlive the call
    (faults then name them).

    Bots that fail to start (a command that cannot run, a bot that never listens) are still
    returned: their ``start`` raises STARTUP_FAILED, so the match records the fault. On exit
    every channel is closed and every process this call started is stopped with its whole
    process group.
    """
    codec = codec_for(game)
    processes: list[BotProcess] = []
    players: list[RemotePlayer] = []
    try:
        for seat, spec in enumerate(specs):
            if not spec.spawns:
                remote = GrpcPlayer(spec.address, codec, spec.source, security=spec.security)
                players.append(remote)
                continue
            try:
                process = BotProcess(
                    spec.argv, seat_output(output_dir, seat), sandbox, keep_output=keep_output
                )
            except OSError as error:
                fault = PlayerFault(FaultCode.STARTUP_FAILED, f"cannot run the bot: {error}")
                players.append(UnstartedPlayer(spec.source, fault))
                continue
            processes.append(process)
            process.jail.matches = 1
            players.append(GrpcPlayer(process.address, codec, spec.source, process))
        for player in players:
            if isinstance(player, GrpcPlayer):
                player.connect(game, startup_ms / 1000.0)
        yield players
    finally:
        for player in players:
            player.close()
        for process in processes:
            process.stop()
