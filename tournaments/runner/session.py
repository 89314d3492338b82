"""Starting and resuming runs: validate first, then open the store, then play.

A run whose bots fail preflight stops before any match with
:class:`~tournaments.runner.preflight.PreflightError` and leaves its folder for
:func:`resume_run`; ``keep_going`` plays it anyway, the failing bots' matches as forfeits.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from referee.games import get_game
from referee.sandbox import resolve as resolve_level
from tournaments.definition import TournamentDefinition, check_against_spec, parse_definition
from tournaments.runner.backends.placement import Placement
from tournaments.runner.backends.registry import get_backend
from tournaments.runner.fleet import resolve_address, resolve_command, resolve_security
from tournaments.runner.layout import RunFolder
from tournaments.runner.run import RunObserver, RunSummary, run_tournament
from tournaments.store import ResultStore


def resolve_concurrency(text: str, requested: int | None, backend: str = "local") -> int:
    """Return how many matches run at once: ``requested``, else the definition's
    ``concurrency``, else the backend's default (the cores for ``local``; 0, every CPU of the
    cluster, for ``ray``)."""
    if requested is not None:
        return requested
    if "concurrency" in tomllib.loads(text):
        return parse_definition(text).concurrency
    return get_backend(backend).default_concurrency()


def check_runnable(definition: TournamentDefinition, placement: Placement) -> None:
    """Raise DefinitionError, FleetError, SandboxError or BackendError if the definition
    cannot be run as it stands where ``placement`` puts it (its sandbox level, and the TLS
    files and token variables of its address bots, included)."""
    placement.check(definition)
    check_against_spec(definition, get_game(definition.game).spec)
    resolve_level(definition.sandbox)
    for entry in definition.bots:
        if resolve_command(entry, definition.game) is None:
            resolve_address(entry)
            resolve_security(entry)


def start_run(
    definition_file: Path,
    run_dir: Path,
    concurrency: int | None,
    observer: RunObserver,
    placement: Placement | None = None,
    keep_going: bool = False,
) -> RunSummary:
    """Create a run folder for ``definition_file`` in ``run_dir`` and play the tournament
    (with ``keep_going``, even when bots fail preflight)."""
    placement = placement or Placement()
    text = definition_file.read_text(encoding="utf-8")
    definition = parse_definition(text)
    check_runnable(definition, placement)
    store = ResultStore.create(run_dir, text)
    try:
        folder = RunFolder(run_dir)
        folder.create()
        folder.write_source(definition_file)
        size = resolve_concurrency(text, concurrency, placement.resolve(definition))
        return run_tournament(folder, store, size, observer, placement, keep_going)
    finally:
        store.close()


def resume_run(
    run_dir: Path,
    definition_file: Path | None,
    concurrency: int | None,
    observer: RunObserver,
    placement: Placement | None = None,
    keep_going: bool = False,
) -> RunSummary:
    """Finish the run in ``run_dir`` (with ``keep_going``, even when bots fail preflight);
    refuse if its definition file has changed since.

    The definition is ``definition_file`` if given, else the file the run started from if it
    still exists, else the copy kept in the store.
    """
    folder = RunFolder(run_dir)
    source = definition_file or folder.source()
    if definition_file is not None or (source is not None and source.is_file()):
        assert source is not None
        text = source.read_text(encoding="utf-8")
        store = ResultStore.resume(run_dir, text)
    else:
        store = ResultStore.open(run_dir)
        text = store.definition_text()
    placement = placement or Placement()
    try:
        definition = store.definition()
        check_runnable(definition, placement)
        folder.reopen()
        size = resolve_concurrency(text, concurrency, placement.resolve(definition))
        return run_tournament(folder, store, size, observer, placement, keep_going)
    finally:
        store.close()
